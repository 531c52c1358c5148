/**
 * Diagnostics through the VS Code API: the exact codes, severities and ranges on the broken
 * sample, none on the good samples, and diagnostics that follow edits.
 */
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { BROKEN_ROUTE_LOCAL, type ExpectedDiagnostic } from '../../shared/brokenRoute';
import {
  activateExtension,
  codeOf,
  describeDiagnostic,
  describeRange,
  openCopyOfSample,
  openSample,
  waitForDiagnostics,
} from './helpers';

const SEVERITY: Record<ExpectedDiagnostic['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
  hint: 'Hint',
};

/** The shared expectation as `describeDiagnostic` writes it (VS Code positions are zero-based). */
function describeExpected(e: ExpectedDiagnostic): string {
  return `${e.code} ${SEVERITY[e.severity]} ${describeRange(new vscode.Range(e.line - 1, e.from - 1, e.line - 1, e.to - 1))}`;
}

/** One order for both lists, so that deepEqual compares sets. */
const canonical = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

suite('diagnostics', () => {
  suiteSetup(activateExtension);

  test('the broken sample gets exactly the expected codes on the exact ranges', async () => {
    const document = await openSample('broken.route');
    const actual = await waitForDiagnostics(document.uri, (ds) => ds.length > 0, 'diagnostics on broken.route');
    // Local findings only (test/shared/brokenRoute.ts); expansion's come from expansion.test.ts.
    const local = actual.filter((d) => codeOf(d).startsWith('R'));
    const expected = BROKEN_ROUTE_LOCAL.map(describeExpected);
    assert.deepEqual(local.map(describeDiagnostic).sort(canonical), expected.sort(canonical));
    for (const e of BROKEN_ROUTE_LOCAL) {
      const d = local.find(
        (candidate) => describeDiagnostic(candidate) === describeExpected(e) && candidate.message.includes(e.message),
      );
      assert.ok(d, `${describeExpected(e)} should say '${e.message}'`);
    }
    for (const d of actual) {
      const marked = document.getText(d.range);
      assert.ok(
        d.message.toLowerCase().includes(marked.toLowerCase()),
        `${codeOf(d)} message should name '${marked}': ${d.message}`,
      );
    }
  });

  for (const name of [
    'europe.route',
    'north-atlantic.route',
    'asia.route',
    'ambiguous-first-fix.route',
    'fpl-message.route',
  ]) {
    test(`${name} has no local diagnostics, and they follow edits`, async () => {
      // An empty result publishes no change event, so first make the pipeline prove itself live:
      // break the route, see the finding, repair it, see it go.
      const document = await openCopyOfSample(name);
      const routeLine = firstRouteLine(document);
      const end = document.lineAt(routeLine).range.end;
      await edit(document, (b) => b.insert(end, ' DCT'));
      await waitForDiagnostics(
        document.uri,
        (ds) => ds.length > 0,
        `a diagnostic after appending DCT to line ${routeLine}`,
      );
      const appended = new vscode.Range(end, end.translate(0, ' DCT'.length));
      await edit(document, (b) => b.delete(appended));
      const left = await waitForDiagnostics(document.uri, (ds) => ds.length === 0, `no diagnostics in ${name}`);
      assert.deepEqual(left.map(describeDiagnostic), []);
    });
  }
});

/** The first line that starts with a speed/level group (or `-` and one, in an FPL message). */
function firstRouteLine(document: vscode.TextDocument): number {
  for (let i = 0; i < document.lineCount; i++) {
    if (/^-?[NKM]\d{3,4}[FSAM]\d{3,4}\b/.test(document.lineAt(i).text)) return i;
  }
  assert.fail(`no route line in ${document.uri.toString()}`);
}

async function edit(document: vscode.TextDocument, change: (builder: vscode.TextEditorEdit) => void): Promise<void> {
  const editor = await vscode.window.showTextDocument(document);
  assert.ok(await editor.edit(change), `edit of ${document.uri.toString()} was refused`);
}
