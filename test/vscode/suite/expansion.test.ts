/**
 * Route expansion offline, configured the way a user does it: `icaoRoute.navdata.folder` set
 * to the project's navdata excerpt. Its findings join the local ones, the ambiguous first fix
 * is resolved by the referenceFix quick fix, and hovers show where points resolved.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import {
  activateExtension,
  codeOf,
  describeDiagnostic,
  describeRange,
  eventually,
  hoverText,
  openCopyOfSample,
  openSample,
  ownDiagnostics,
  rangeOf,
  ROOT,
  waitForDiagnostics,
} from './helpers';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
const expansionFindings = (uri: vscode.Uri) => ownDiagnostics(uri).filter((d) => /^X\d{3}$/.test(codeOf(d)));

suite('route expansion (offline navdata)', () => {
  suiteSetup(async () => {
    await activateExtension();
    await vscode.workspace
      .getConfiguration('icaoRoute')
      .update('navdata.folder', NAVDATA, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.workspace
      .getConfiguration('icaoRoute')
      .update('navdata.folder', undefined, vscode.ConfigurationTarget.Global);
  });

  test('broken.route: unknown point and airway mismatches on their exact ranges', async () => {
    const document = await openSample('broken.route');
    const found = await waitForDiagnostics(
      document.uri,
      (ds) => ds.some((d) => codeOf(d) === 'X001'),
      'expansion findings',
      expansionFindings,
    );
    const expected = [
      ['X001', rangeOf(document, 'N0450F350 DVR DCT KNOAN DCT KOK', 'DCT [KNOAN] DCT')],
      // Issue 10: an exit point the airway does not pass is underlined itself.
      ['X002', rangeOf(document, 'N0450F350 DVR UL9 KONAM', 'UL9 [KONAM]')],
      ['X002', rangeOf(document, 'N0450F350 DET L6 DVR', 'DET [L6] DVR')],
      ['X002', rangeOf(document, 'N0450F350 DET L6 DVR', 'L6 [DVR]')],
    ] as const;
    assert.deepEqual(
      found.map((d) => `${codeOf(d)} ${describeRange(d.range)}`).sort(),
      expected.map(([code, range]) => `${code} ${describeRange(range)}`).sort(),
    );
    const knoan = found.find((d) => codeOf(d) === 'X001')!;
    assert.match(knoan.message, /KNOAN is not in the navigation data/);
    assert.equal(knoan.severity, vscode.DiagnosticSeverity.Warning);
  });

  test('ambiguous first fix: the referenceFix quick fix selects Southampton', async () => {
    const document = await openCopyOfSample('ambiguous-first-fix.route');
    const route = 'N0240F080 SAM DCT ORTAC DCT JSY';
    // From EGHI Southampton is taken (X011); the last route has no origin and stays ambiguous.
    const taken = rangeOf(document, route, 'N0240F080 [SAM] DCT', 0);
    const sam = rangeOf(document, route, 'N0240F080 [SAM] DCT', 3);
    const ambiguous = await waitForDiagnostics(
      document.uri,
      (ds) => ds.some((d) => codeOf(d) === 'X005'),
      'X005 on SAM',
      expansionFindings,
    );
    assert.deepEqual(ambiguous.map(describeDiagnostic).sort(), [
      `X005 Warning ${describeRange(sam)}`,
      `X011 Information ${describeRange(taken)}`,
    ]);

    const actions = (
      (await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        sam,
      )) ?? []
    ).filter((a) => /\(referenceFix\)$/.test(a.title));
    assert.ok(actions.length >= 2, `candidates offered: ${actions.map((a) => a.title).join(' | ') || 'none'}`);
    for (const action of actions) assert.match(action.title, /^Use SAM .*\(referenceFix\)$/);
    const southampton = actions.find((a) => /SOUTHAMPTON/i.test(a.title));
    assert.ok(southampton?.edit, `no Southampton candidate: ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(southampton.edit));

    // The directive lands in its block (the lines above its route line, up to a blank one).
    const samAfter = rangeOf(document, route, 'N0240F080 [SAM] DCT', 3);
    const block: string[] = [];
    for (let line = samAfter.start.line - 1; line >= 0 && document.lineAt(line).text.trim() !== ''; line--)
      block.push(document.lineAt(line).text);
    assert.ok(
      block.some((l) => /^referenceFix: \d{4}[NS]\d{5}[EW]$/.test(l)),
      `its block: ${block.reverse().join(' / ')}`,
    );
    await eventually(
      async () => /\*\*Resolved:\*\*/.test((await hoverText(document.uri, samAfter.start.translate(0, 1))).text),
      'SAM to resolve',
    );
    const { text } = await hoverText(document.uri, samAfter.start.translate(0, 1));
    assert.match(text, /50°5\d\.\d'N 001°2\d\.\d'W/, text);
    await waitForDiagnostics(
      document.uri,
      (ds) => ds.length === 1 && codeOf(ds[0]!) === 'X011',
      'only the X011 information left',
      expansionFindings,
    );
  });

  test('hover on a navaid shows where it resolved', async () => {
    const document = await openSample('europe.route');
    const dvr = rangeOf(document, 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A', 'DVR6J [DVR] UL9');
    let text = '';
    await eventually(async () => {
      text = (await hoverText(document.uri, dvr.start.translate(0, 1))).text;
      return text.includes('**Resolved:**');
    }, 'DVR to resolve');
    assert.match(text, /\*\*Resolved:\*\* VOR at 51°09\.\d'N 001°21\.\d'E/, text);
  });
});
