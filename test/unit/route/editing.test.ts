/** The editor-driven document: after any series of LSP range edits it equals a full parse of the text. */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseRouteDocument, RouteDocumentEditor, type Range, type RouteDocument } from '../../../server/src/route';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ParsedDocuments } from '../../../server/src/lsp/parsedDocuments';
import { generateRouteFile } from './generate';

function plain(doc: RouteDocument): unknown {
  return JSON.parse(JSON.stringify(doc));
}

const BASE = generateRouteFile(30, 7);
const PIECES = [
  '\n',
  '\n\n',
  ' DCT ',
  'UL9',
  '#',
  '# c\n',
  '(FPL-',
  ')',
  ':',
  'x',
  '',
  '\u0000',
  '\n\n\n',
  'N0450F350 DVR',
];

test('random range edits, applied as an editor does, always match the full parse of the text', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 3 }), fc.nat({ max: 40 }), fc.nat({ max: PIECES.length - 1 })),
        { minLength: 1, maxLength: 25 },
      ),
      (edits) => {
        let doc = TextDocument.create('file:///t.route', 'icao-route', 1, BASE);
        const editor = new RouteDocumentEditor(BASE);
        for (const [line, character, lines, chars, piece] of edits) {
          const start = { line: line % (doc.lineCount + 1), character: character % 90 };
          const range: Range = {
            start,
            end: { line: start.line + lines, character: lines ? chars : start.character + chars },
          };
          doc = TextDocument.update(doc, [{ range, text: PIECES[piece] }], doc.version + 1);
          assert.ok(editor.edit(range, PIECES[piece]));
          assert.equal(editor.text(), doc.getText());
        }
        assert.deepEqual(plain(editor.document()), plain(parseRouteDocument(doc.getText())));
      },
    ),
    { numRuns: 40 },
  );
});

test('an edit inside one line re-reads one block and moves none; a new line moves the blocks below, lazily', () => {
  const editor = new RouteDocumentEditor(BASE);
  const before = editor.document();
  const line = before.blocks[10].range.start.line;
  editor.edit({ start: { line, character: 0 }, end: { line, character: 0 } }, 'x');
  assert.deepEqual(editor.lastStats, { parsed: 1, moved: 0 });
  const after = editor.document();
  after.blocks.forEach((b, i) => (i === 10 ? assert.notEqual(b, before.blocks[i]) : assert.equal(b, before.blocks[i])));
  editor.edit({ start: { line, character: 0 }, end: { line, character: 1 } }, '# new\n');
  assert.equal(editor.lastStats.parsed, 1);
  assert.equal(editor.lastStats.moved, after.blocks.length - 11);
  const moved = editor.document();
  assert.equal(moved.blocks[20].range.start.line, before.blocks[20].range.start.line + 1);
  assert.equal(
    before.blocks[20].range.start.line,
    after.blocks[20].range.start.line,
    'the earlier document is left as it was',
  );
  assert.deepEqual(plain(moved), plain(parseRouteDocument(editor.text())));
});

test('a carriage return is refused (the caller parses the whole text)', () => {
  const editor = new RouteDocumentEditor('N0450F350 DVR\n');
  assert.equal(editor.edit({ start: { line: 0, character: 3 }, end: { line: 0, character: 3 } }, '\r\n'), false);
  assert.equal(RouteDocumentEditor.canEdit('a\r\nb'), false);
});

test('ParsedDocuments applies the recorded changes (no full parse) and falls back to the whole text when they do not lead to the version', () => {
  const parsed = new ParsedDocuments();
  let doc = TextDocument.create('file:///p.route', 'icao-route', 1, BASE);
  parsed.get(doc);
  const step = (range: Range, text: string, record = true) => {
    const changes = [{ range, text }];
    if (record) parsed.recordChanges(doc.uri, doc.version, changes, doc.version + 1);
    doc = TextDocument.update(doc, changes, doc.version + 1);
  };
  step({ start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, 'N0450F350 DVR\n\n');
  step({ start: { line: 40, character: 2 }, end: { line: 41, character: 1 } }, 'UL9 ');
  assert.deepEqual(plain(parsed.get(doc).document), plain(parseRouteDocument(doc.getText())));
  assert.equal(parsed.lastParse.edited, true);
  step({ start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, 'x', false);
  assert.deepEqual(plain(parsed.get(doc).document), plain(parseRouteDocument(doc.getText())));
  assert.equal(parsed.lastParse.edited, false, 'a missed change: the whole text is parsed');
});
