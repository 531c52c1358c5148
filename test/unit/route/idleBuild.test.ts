/**
 * The editor built in idle time after an open (issue 27.2): a slice at a time, the same editor as
 * one built at once, and built at once when used before it is done; then the code of a keystroke
 * warmed up once on a text of its own.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as Route from '../../../server/src/route';
import type * as Lsp from '../../../server/src/lsp/parsedDocuments';
import type * as WarmUp from '../../../server/src/lsp/editWarmUp';
import type * as Diagnostics from '../../../server/src/services/documentDiagnostics';
import { bundled } from '../../shared/bundled';
import { generateRouteFile } from './generate';
import { assertSameJson, jsonText } from './sameJson';

// The code under test as it ships (test/shared/bundled.ts): most of this file's time is in it.
const modules = bundled<{
  route: typeof Route;
  lsp: typeof Lsp;
  warmUp: typeof WarmUp;
  diagnostics: typeof Diagnostics;
}>({
  route: 'server/src/route',
  lsp: 'server/src/lsp/parsedDocuments',
  warmUp: 'server/src/lsp/editWarmUp',
  diagnostics: 'server/src/services/documentDiagnostics',
});
const { parseRouteDocument, RouteDocumentEditor } = modules.route;
const { ParsedDocuments } = modules.lsp;
const { WARM_UP_TEXT, warmUpEditPath } = modules.warmUp;
const { documentDiagnostics } = modules.diagnostics;

/** 3,000 routes, half with a mistake: more lines and blocks than one slice of the build reads. */
const TEXT = generateRouteFile(3000, 11, 0.5);
const CR_TEXT = TEXT.replace(/\n/g, '\r\n');

for (const [what, text] of [
  ['line feeds', TEXT],
  ['carriage returns', CR_TEXT],
] as const) {
  test(`an editor built a slice at a time is the editor built at once (${what})`, () => {
    const reuse = parseRouteDocument(text).blocks;
    const sliced = new RouteDocumentEditor(text, reuse, {}, true);
    let slices = 0;
    while (!sliced.buildFor(0)) slices++;
    assert.ok(slices > 3, `${slices} slices`);
    assert.equal(sliced.built, true);
    const whole = new RouteDocumentEditor(text, reuse);
    assert.equal(sliced.text(), text);
    assertSameJson(sliced.document(), whole.document());
    // And they follow an edit alike.
    const at = { line: 400, character: 0 };
    for (const editor of [sliced, whole]) editor.edit({ start: at, end: at }, 'N0450F350 DVR UL9 UL9\n\n');
    // The edited document is serialized once for both comparisons (a whole document is 23 MB of JSON).
    const edited = jsonText(sliced.document());
    assertSameJson(edited, whole.document());
    assertSameJson(edited, parseRouteDocument(sliced.text()));
  });
}

test('an editor used before its build in idle time is done builds the rest at once', () => {
  const editor = new RouteDocumentEditor(TEXT, [], {}, true);
  assert.equal(editor.built, false);
  editor.buildFor(0);
  const at = { line: 10, character: 0 };
  editor.edit({ start: at, end: at }, '# note\n');
  assert.equal(editor.built, true);
  const lines = TEXT.split('\n');
  assert.equal(editor.text(), [...lines.slice(0, 10), '# note', ...lines.slice(10)].join('\n'));
  assertSameJson(editor.document(), parseRouteDocument(editor.text()));
});

test('after an open the server builds the editor in idle time, and the first edit then patches it', async () => {
  const documents = new ParsedDocuments();
  let doc = TextDocument.create('file:///idle.route', 'icao-route', 1, TEXT);
  documents.get(doc);
  assert.equal(documents.editorBuilt(doc.uri), false, 'not while the open is worked on');
  while (!documents.editorBuilt(doc.uri)) await new Promise((resolve) => setImmediate(resolve));
  const changes = [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: 'x' }];
  documents.recordChanges(doc.uri, 1, changes, 2);
  doc = TextDocument.update(doc, changes, 2);
  const parsed = documents.get(doc);
  assert.equal(documents.lastParse.edited, true);
  assertSameJson(parsed.document, parseRouteDocument(doc.getText()));
});

test('after the build in idle time the server runs the code of a keystroke once, and leaves the document as it was', async () => {
  const documents = new ParsedDocuments();
  let doc = TextDocument.create('file:///warm.route', 'icao-route', 1, TEXT);
  const opened = documents.get(doc);
  const before = jsonText(opened.document);
  assert.equal(documents.idleWork.warmUpEdits, 0, 'not while the open is worked on');
  while (!documents.editorBuilt(doc.uri)) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(documents.idleWork.warmUpEdits, 50, 'once, in a turn of its own after the build');
  assert.equal(documents.get(doc), opened, 'the same version');
  assertSameJson(opened.document, before);
  // The editor it read the findings of follows the next edit as it would have.
  const changes = [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: 'x' }];
  documents.recordChanges(doc.uri, 1, changes, 2);
  doc = TextDocument.update(doc, changes, 2);
  const parsed = documents.get(doc);
  assert.equal(documents.lastParse.edited, true);
  assertSameJson(parsed.document, parseRouteDocument(doc.getText()));
  // No second warm-up without a new build.
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(documents.idleWork.warmUpEdits, 50);
});

test("the warm-up's text has a finding, so the edits go through the findings of a moved block", () => {
  const editor = new RouteDocumentEditor(WARM_UP_TEXT);
  const live = { isCancellationRequested: false };
  assert.equal(documentDiagnostics(editor.document(), live).length, 1);
  const built = new RouteDocumentEditor(TEXT);
  const findings = documentDiagnostics(built.document(), live);
  assert.equal(warmUpEditPath(built), 50);
  assert.equal(built.text(), TEXT, 'the editor read is not edited');
  assert.deepEqual(documentDiagnostics(built.document(), live), findings);
});

/** The first line at or after `from` that holds route text starting with a speed (N0450F350…). */
function routeLineFrom(doc: TextDocument, from: number): number {
  let line = from;
  while (!/^[NKM]0\d/.test(doc.getText({ start: { line, character: 0 }, end: { line, character: 3 } }))) line++;
  return line;
}

test('a keystroke before the build in idle time is done goes without the editor, which replays it once built', async () => {
  const documents = new ParsedDocuments();
  let doc = TextDocument.create('file:///early.route', 'icao-route', 1, TEXT);
  documents.get(doc);
  const live = { isCancellationRequested: false };
  const edit = (changes: { range: Route.Range; text: string }[]) => {
    documents.recordChanges(doc.uri, doc.version, changes, doc.version + 1);
    doc = TextDocument.update(doc, changes, doc.version + 1);
    const parsed = documents.get(doc);
    const whole = parseRouteDocument(doc.getText());
    assertSameJson(parsed.document, whole);
    assert.deepEqual(documentDiagnostics(parsed.document, live), documentDiagnostics(whole, live));
    return parsed;
  };
  // The first open ran the way of such a keystroke on a text of its own (once in the process).
  assert.equal(documents.idleWork.warmUpEditsWithoutEditor, 30);
  const middle = routeLineFrom(doc, doc.lineCount >> 1);
  // A speed changed, a mistake typed (a repeated airway), in two blocks, one change each.
  edit([{ range: { start: { line: middle, character: 0 }, end: { line: middle, character: 1 } }, text: 'K' }]);
  assert.equal(documents.lastParse.withoutEditor, true);
  assert.equal(documents.editorBuilt(doc.uri), false, 'the build goes on in idle time');
  const later = routeLineFrom(doc, middle + 40);
  const end = doc
    .getText({ start: { line: later, character: 0 }, end: { line: later + 1, character: 0 } })
    .trimEnd().length;
  edit([{ range: { start: { line: later, character: end }, end: { line: later, character: end } }, text: ' UL9 UL9' }]);
  assert.equal(documents.lastParse.withoutEditor, true);
  assert.equal(documents.editorBuilt(doc.uri), false);
  while (!documents.editorBuilt(doc.uri)) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  // The editor follows from the last version handed out: it made both edits once built.
  const at = { line: 3, character: 0 };
  edit([{ range: { start: at, end: at }, text: '# note\n' }]);
  assert.equal(documents.lastParse.withoutEditor, false);
  edit([{ range: { start: { line: later + 1, character: 0 }, end: { line: later + 1, character: 1 } }, text: 'N' }]);
  assert.equal(documents.lastParse.withoutEditor, false);
});

test('an edit before the build in idle time is done that adds a line builds the editor at once, with the edits before it', () => {
  const documents = new ParsedDocuments();
  let doc = TextDocument.create('file:///early-line.route', 'icao-route', 1, TEXT);
  documents.get(doc);
  const edit = (changes: { range: Route.Range; text: string }[]) => {
    documents.recordChanges(doc.uri, doc.version, changes, doc.version + 1);
    doc = TextDocument.update(doc, changes, doc.version + 1);
    const parsed = documents.get(doc);
    assertSameJson(parsed.document, parseRouteDocument(doc.getText()));
  };
  const line = routeLineFrom(doc, 200);
  edit([{ range: { start: { line, character: 1 }, end: { line, character: 1 } }, text: '9' }]);
  assert.equal(documents.lastParse.withoutEditor, true);
  // A blank line splits the block: not an edit within a line.
  edit([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' }]);
  assert.equal(documents.lastParse.withoutEditor, false);
  assert.equal(documents.editorBuilt(doc.uri), true, 'built at once');
  assert.equal(documents.lastParse.edited, true);
});

test('the build in idle time waits while an edit waits for its diagnostics, and goes on after them', async () => {
  const documents = new ParsedDocuments();
  let doc = TextDocument.create('file:///yield.route', 'icao-route', 1, TEXT);
  documents.get(doc);
  await new Promise((resolve) => setImmediate(resolve));
  const line = routeLineFrom(doc, 100);
  const changes = [{ range: { start: { line, character: 1 }, end: { line, character: 1 } }, text: '9' }];
  documents.recordChanges(doc.uri, 1, changes, 2);
  doc = TextDocument.update(doc, changes, 2);
  const slices = documents.idleWork.buildSlices;
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(documents.idleWork.buildSlices, slices, 'no slice while the edit waits');
  assert.equal(documents.editorBuilt(doc.uri), false);
  assertSameJson(documents.get(doc).document, parseRouteDocument(doc.getText()));
  assert.equal(documents.lastParse.withoutEditor, true);
  while (!documents.editorBuilt(doc.uri)) await new Promise((resolve) => setImmediate(resolve));
  assert.ok(documents.idleWork.buildSlices > slices);
});

test('the build in idle time waits for a pause in typing: keystrokes typed on go without the editor', async () => {
  // A pause far longer than the 10 ms between keystrokes, even on a loaded machine.
  const documents = new ParsedDocuments({ quietMs: 1000 });
  let doc = TextDocument.create('file:///typing.route', 'icao-route', 1, TEXT);
  documents.get(doc);
  const line = routeLineFrom(doc, 100);
  // A keystroke every 10 ms.
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const changes = [{ range: { start: { line, character: 1 }, end: { line, character: 2 } }, text: String(i % 10) }];
    documents.recordChanges(doc.uri, doc.version, changes, doc.version + 1);
    doc = TextDocument.update(doc, changes, doc.version + 1);
    documents.get(doc);
    assert.equal(documents.lastParse.withoutEditor, true, `keystroke ${i}`);
  }
  assert.equal(documents.idleWork.buildSlices, 0, 'no slice while typing');
  assert.equal(documents.editorBuilt(doc.uri), false);
  while (!documents.editorBuilt(doc.uri)) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(documents.idleWork.buildSlices > 0);
  assertSameJson(documents.get(doc).document, parseRouteDocument(doc.getText()));
});
