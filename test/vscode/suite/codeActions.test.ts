/**
 * Quick fixes through `vscode.executeCodeActionProvider`, applied with `workspace.applyEdit`
 * on an untitled copy of the broken sample; the diagnostic must then go away.
 */
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { activateExtension, codeOf, lineNumberOf, openCopyOfSample, rangeOf, waitForDiagnostics } from './helpers';

async function quickFixes(document: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  const actions =
    (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      range,
    )) ?? [];
  // A bare Command has a string `command`; a CodeAction's `command`, if any, is an object.
  const codeActions = actions.filter((a): a is vscode.CodeAction => typeof a.command !== 'string');
  return codeActions.filter((a) => a.kind !== undefined && vscode.CodeActionKind.QuickFix.contains(a.kind));
}

async function fixOnce(
  document: vscode.TextDocument,
  line: string,
  mark: string,
  code: string,
  title: RegExp,
): Promise<vscode.CodeAction> {
  const range = rangeOf(document, line, mark);
  await waitForDiagnostics(
    document.uri,
    (ds) => ds.some((d) => codeOf(d) === code && d.range.isEqual(range)),
    `${code} on '${mark}'`,
  );
  const fixes = await quickFixes(document, range);
  const fix = fixes.find((a) => title.test(a.title));
  assert.ok(
    fix,
    `no quick fix matching ${title} for ${code}; offered: ${fixes.map((a) => a.title).join(' | ') || 'none'}`,
  );
  assert.ok(fix.edit, `quick fix '${fix.title}' has no edit`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit), `quick fix '${fix.title}' was not applied`);
  return fix;
}

suite('quick fixes', () => {
  suiteSetup(activateExtension);

  test('R206: insert DCT between two points', async () => {
    const document = await openCopyOfSample('broken.route');
    await fixOnce(document, 'N0450F350 DVR KONAN UL607 AMASI', 'DVR [KONAN]', 'R206', /DCT/);
    const fixed = lineNumberOf(document, 'N0450F350 DVR DCT KONAN UL607 AMASI');
    await waitForDiagnostics(
      document.uri,
      (ds) => !ds.some((d) => codeOf(d) === 'R206' && d.range.start.line === fixed),
      'R206 to go',
    );
  });

  test('R102: write a lower-case element in upper case', async () => {
    const document = await openCopyOfSample('broken.route');
    await fixOnce(document, 'n0450f350 dvr ul9 konan', '[dvr]', 'R102', /DVR/);
    const fixed = lineNumberOf(document, 'n0450f350 DVR ul9 konan');
    const left = await waitForDiagnostics(
      document.uri,
      (ds) => ds.filter((d) => codeOf(d) === 'R102' && d.range.start.line === fixed).length === 3,
      'three R102 left on the lower-case line',
    );
    assert.ok(!left.some((d) => d.range.start.line === fixed && document.getText(d.range) === 'DVR'));
  });

  test('R210: round a suspicious flight level, both neighbours offered', async () => {
    const document = await openCopyOfSample('broken.route');
    const line = 'N0450F355 DVR UL9 KONAN';
    const range = rangeOf(document, line, 'N0450[F355]');
    await waitForDiagnostics(document.uri, (ds) => ds.some((d) => codeOf(d) === 'R210'), 'R210 on F355');
    const titles = (await quickFixes(document, range)).map((a) => a.title);
    assert.ok(
      titles.some((t) => t.includes('F350')) && titles.some((t) => t.includes('F360')),
      `offered: ${titles.join(' | ')}`,
    );
    await fixOnce(document, line, 'N0450[F355]', 'R210', /F350/);
    const fixed = lineNumberOf(document, 'N0450F350 DVR UL9 KONAN');
    await waitForDiagnostics(document.uri, (ds) => !ds.some((d) => d.range.start.line === fixed), 'R210 to go');
  });
});
