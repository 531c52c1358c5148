/**
 * The editor built in idle time after an open (issue 27.2): a slice at a time, the same editor as
 * one built at once, and built at once when used before it is done.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseRouteDocument, RouteDocumentEditor } from '../../../server/src/route';
import { ParsedDocuments } from '../../../server/src/lsp/parsedDocuments';
import { generateRouteFile } from './generate';
import { assertSameJson } from './sameJson';

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
    assertSameJson(sliced.document(), whole.document());
    assertSameJson(sliced.document(), parseRouteDocument(sliced.text()));
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
