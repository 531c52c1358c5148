/**
 * Diagnostics through the VS Code API: the exact codes, severities and ranges on the broken
 * sample, none on the good samples, and diagnostics that follow edits.
 */
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { activateExtension, codeOf, describeDiagnostic, describeRange, openCopyOfSample, openSample, rangeOf, waitForDiagnostics } from './helpers';

interface Expected {
  /** The route line exactly as in samples/broken.route. */
  line: string;
  /** The diagnostic's range as a [bracketed] part of some text of that line. */
  mark: string;
  code: string;
  severity: 'Error' | 'Warning';
}

// Local findings only; the unknown KONAM and the L6/DET mismatch come from route expansion.
const BROKEN: Expected[] = [
  { line: 'N0450F350 DVR KONAN UL607 AMASI', mark: 'DVR [KONAN]', code: 'R206', severity: 'Warning' },
  { line: 'N0450F350 DVR UL9 DCT KONAN', mark: 'UL9 [DCT]', code: 'R205', severity: 'Error' },
  { line: 'N0450F350 DVR UL9 UL607 AMASI', mark: '[UL607]', code: 'R203', severity: 'Error' },
  { line: 'N0450F355 DVR UL9 KONAN', mark: 'N0450[F355]', code: 'R210', severity: 'Warning' },
  { line: 'N0480F350 GOMUP DCT 95N020W 58N030W', mark: '[95]N020W', code: 'R105', severity: 'Error' },
  { line: 'n0450f350 dvr ul9 konan', mark: '[n0450f350]', code: 'R102', severity: 'Warning' },
  { line: 'n0450f350 dvr ul9 konan', mark: '[dvr]', code: 'R102', severity: 'Warning' },
  { line: 'n0450f350 dvr ul9 konan', mark: '[ul9]', code: 'R102', severity: 'Warning' },
  { line: 'n0450f350 dvr ul9 konan', mark: '[konan]', code: 'R102', severity: 'Warning' },
  { line: 'DVR N0450F350 UL9 KONAN', mark: '[DVR] N0450F350', code: 'R201', severity: 'Error' },
  { line: 'DVR N0450F350 UL9 KONAN', mark: '[N0450F350]', code: 'R209', severity: 'Error' },
  { line: 'N0450F350 DVR UL9 T KONAN', mark: '[T] KONAN', code: 'R202', severity: 'Error' },
  { line: 'N0450F350 DVR UL9 T KONAN', mark: '[T] KONAN', code: 'R211', severity: 'Error' },
];

/** One order for both lists, so that deepEqual compares sets. */
const canonical = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

suite('diagnostics', () => {
  suiteSetup(activateExtension);

  test('the broken sample gets exactly the expected codes on the exact ranges', async () => {
    const document = await openSample('broken.route');
    const actual = await waitForDiagnostics(document.uri, (ds) => ds.length > 0, 'diagnostics on broken.route');
    const expected = BROKEN.map((e) => `${e.code} ${e.severity} ${describeRange(rangeOf(document, e.line, e.mark))}`);
    assert.deepEqual(actual.map(describeDiagnostic).sort(canonical), expected.sort(canonical));
    for (const d of actual) {
      const marked = document.getText(d.range);
      assert.ok(
        d.message.toLowerCase().includes(marked.toLowerCase()),
        `${codeOf(d)} message should name '${marked}': ${d.message}`,
      );
    }
  });

  for (const name of ['europe.route', 'north-atlantic.route', 'asia.route', 'ambiguous-first-fix.route', 'fpl-message.route']) {
    test(`${name} has no local diagnostics, and they follow edits`, async () => {
      // An empty result publishes no change event, so first make the pipeline prove itself live:
      // break the route, see the finding, repair it, see it go.
      const document = await openCopyOfSample(name);
      const routeLine = firstRouteLine(document);
      const end = document.lineAt(routeLine).range.end;
      await edit(document, (b) => b.insert(end, ' DCT'));
      await waitForDiagnostics(document.uri, (ds) => ds.length > 0, `a diagnostic after appending DCT to line ${routeLine}`);
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
