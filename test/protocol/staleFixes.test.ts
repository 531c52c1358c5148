/**
 * Quick fixes of diagnostics published for an older version (issue 35, item 5): the editor sends
 * the diagnostics it has, and after typing earlier on their line they lie over other text. The
 * edits stated with a finding (the duplicated DOF/, PBN/, an invisible character) and those built
 * from the expansion's names (X001) are offered only where the current version still has the
 * finding; once it is published where it now is, its fix is offered there and works.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { CodeAction, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { ROOT } from './support/build';
import { applyEdits, editsOf, ServerUnderTest } from './support/server';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: NAVDATA } } },
  });
});
after(async () => {
  await server?.stop();
});

const FIELD18_LINE = 5;
const MESSAGE = (f18: string) =>
  `(FPL-SWR12-IS\n-A320/M-SDGRWY/S\n-LSZH1200\n-N0450F350 GERSA UN851 DJL\n-LFPG0045 LFPO\n-${f18})`;

/** Every edit of every quick fix applied to `text` on its own: what each would make of it. */
function outcomes(text: string, uri: string, actions: CodeAction[]): string[] {
  return actions.filter((a) => a.edit?.changes?.[uri]).map((a) => applyEdits(text, a.edit!.changes![uri]!));
}

test('the duplicated DOF/: after typing earlier on its line, the old diagnostic gets no fix; the new one removes the duplicate', async () => {
  const uri = 'file:///stale/dof.route';
  const text = MESSAGE('PBN/A1B1 DOF/261201 RMK/ABC DOF/261201');
  const opened = await server.open(uri, text);
  const old = opened.find((d) => d.code === 'R323');
  assert.ok(old, JSON.stringify(opened.map((d) => d.code)));
  const before = await server.codeActions(uri, old.range, [old]);
  assert.ok(
    before.some((a) => a.title === 'Remove the duplicated DOF/261201'),
    'offered on the version it was made for',
  );

  // Typed earlier on the line, before the editor has the diagnostics of the new version.
  const typed = 'STS/HOSP ';
  const at = { line: FIELD18_LINE, character: 1 };
  const version = await server.sendChange(uri, [{ range: { start: at, end: at }, text: typed }]);
  const now = text.replace('-PBN/', `-${typed}PBN/`);
  const stale = await server.codeActions(uri, old.range, [old]);
  for (const result of outcomes(now, uri, stale)) {
    assert.match(result, /RMK\/ABC/, `a fix of the stale diagnostic deletes RMK/ABC: ${result}`);
    assert.doesNotMatch(result, /DOF\/\d*OF/, `a fix of the stale diagnostic damages DOF/: ${result}`);
  }
  assert.ok(!stale.some((a) => a.title.startsWith('Remove the duplicated')), JSON.stringify(stale.map((a) => a.title)));

  const fresh = (await server.diagnosticsFor(uri, version)).diagnostics.find((d) => d.code === 'R323')!;
  const [remove] = (await server.codeActions(uri, fresh.range, [fresh])).filter((a) =>
    a.title.startsWith('Remove the duplicated'),
  );
  assert.ok(remove, 'offered again for the finding where it now is');
  assert.match(applyEdits(now, editsOf(remove, uri)), /\n-STS\/HOSP PBN\/A1B1 DOF\/261201 RMK\/ABC\)$/);
});

test('Insert PBN/: a stale diagnostic gets no insertion; the current one inserts at the start of field 18', async () => {
  const uri = 'file:///stale/pbn.route';
  const text = MESSAGE('DOF/261201 RMK/ABC');
  const old = (await server.open(uri, text)).find((d) => d.code === 'R317')!;
  assert.ok(old);
  // Field 10a moved on by typing before it: the diagnostic (on its R) is now over another letter.
  const at = { line: 1, character: 9 };
  const version = await server.sendChange(uri, [{ range: { start: at, end: at }, text: 'E' }]);
  const stale = await server.codeActions(uri, old.range, [old]);
  assert.deepEqual(
    stale.map((a) => a.title),
    [],
  );
  const fresh = (await server.diagnosticsFor(uri, version)).diagnostics.find((d) => d.code === 'R317')!;
  const [insert] = await server.codeActions(uri, fresh.range, [fresh]);
  assert.equal(insert?.title, 'Insert PBN/ in field 18 (then list the PBN codes)');
});

test('X001: a stale misspelt-point diagnostic does not replace the text now under its range', async () => {
  const uri = 'file:///stale/spelling.route';
  const text = 'N0450F350 DVR UL9 KONAN UL607 AMASO';
  await server.open(uri, text);
  const published = await server.diagnosticsWhere(uri, (p: PublishDiagnosticsParams) =>
    p.diagnostics.some((d) => d.code === 'X001'),
  );
  const x001: Diagnostic = published.diagnostics.find((d) => d.code === 'X001')!;
  const [fix] = await server.codeActions(uri, x001.range, [x001]);
  assert.equal(fix?.title, 'Replace AMASO by AMASI (on the airway)');
  // `DCT ` typed before UL607: the range of X001 now covers `7 AMA`.
  const at = { line: 0, character: 24 };
  await server.sendChange(uri, [{ range: { start: at, end: at }, text: 'DCT ' }]);
  const stale = await server.codeActions(uri, x001.range, [x001]);
  assert.deepEqual(
    stale.map((a) => a.title),
    [],
  );
});
