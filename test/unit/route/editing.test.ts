/** The editor-driven document: after any series of LSP range edits it equals a full parse of the text. */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type * as Route from '../../../server/src/route';
import type { Range } from '../../../server/src/route';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as Lsp from '../../../server/src/lsp/parsedDocuments';
import type * as Diagnostics from '../../../server/src/services/documentDiagnostics';
import { bundled } from '../../shared/bundled';
import { generateRouteFile } from './generate';
import { assertSameJson } from './sameJson';
import { nth } from './helpers';

// The code under test as it ships (test/shared/bundled.ts): most of this file's time is in it.
const { route, lsp, diagnostics } = bundled<{ route: typeof Route; lsp: typeof Lsp; diagnostics: typeof Diagnostics }>({
  route: 'server/src/route',
  lsp: 'server/src/lsp/parsedDocuments',
  diagnostics: 'server/src/services/documentDiagnostics',
});
const { parseRouteDocument, RouteDocumentEditor } = route;
const { ParsedDocuments } = lsp;
const { documentDiagnostics, MAX_DIAGNOSTICS } = diagnostics;

const live = { isCancellationRequested: false };

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

/**
 * The reference for a random edit: the text spliced at the offsets a fresh TextDocument gives
 * (positions past a line or past the document clamped; a range written end first is the same
 * range). Not TextDocument.update: its incremental line offsets go wrong after a range past the
 * last line, and the next edit then copies text.
 */
function spliced(doc: TextDocument, range: Range, piece: string): TextDocument {
  const text = doc.getText();
  const [from, to] = [doc.offsetAt(range.start), doc.offsetAt(range.end)].sort((x, y) => x - y);
  return TextDocument.create(doc.uri, doc.languageId, doc.version + 1, text.slice(0, from) + piece + text.slice(to));
}

/** Small anchor runs, laid out again often: the moves cross runs and the re-layout runs too. */
const SMALL_RUNS = { run: 3, slack: 2, chunk: 2 };

test('random range edits, applied as an editor does, always match the full parse of the text', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 3 }), fc.nat({ max: 40 }), fc.nat({ max: PIECES.length - 1 })),
        { minLength: 1, maxLength: 25 },
      ),
      fc.boolean(),
      (edits, smallRuns) => {
        let doc = TextDocument.create('file:///t.route', 'icao-route', 1, BASE);
        const editor = new RouteDocumentEditor(BASE, [], smallRuns ? SMALL_RUNS : {});
        for (const [line, character, lines, chars, piece] of edits) {
          const start = { line: line % (doc.lineCount + 1), character: character % 90 };
          const range: Range = {
            start,
            end: { line: start.line + lines, character: lines ? chars : start.character + chars },
          };
          const inserted = nth(PIECES, piece);
          doc = spliced(doc, range, inserted);
          assert.ok(editor.edit(range, inserted));
          assert.equal(editor.text(), doc.getText());
        }
        assertSameJson(editor.document(), parseRouteDocument(doc.getText()));
      },
    ),
    { numRuns: 40 },
  );
});

/** Whole lines typed or pasted (one or more, at the start of a line) and whole lines deleted. */
const LINE_EDIT = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    line: fc.nat(),
    text: fc.constantFrom('\n', '# note\n', 'N0450F350 DVR UL9 KONAN\n', '\n\n', 'origin: EGLL\n\nDCT\n', '(FPL-\n'),
  }),
  fc.record({ kind: fc.constant('delete' as const), line: fc.nat(), count: fc.integer({ min: 1, max: 9 }) }),
);

test('lines inserted and deleted: after every edit the document equals the full parse, also when it was read in between', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(LINE_EDIT, fc.boolean()), { minLength: 1, maxLength: 30 }),
      fc.boolean(),
      (edits, smallRuns) => {
        let doc = TextDocument.create('file:///l.route', 'icao-route', 1, BASE);
        const editor = new RouteDocumentEditor(BASE, [], smallRuns ? SMALL_RUNS : {});
        for (const [edit, look] of edits) {
          const line = edit.line % doc.lineCount;
          const range: Range =
            edit.kind === 'insert'
              ? { start: { line, character: 0 }, end: { line, character: 0 } }
              : { start: { line, character: 0 }, end: { line: line + edit.count, character: 0 } };
          const text = edit.kind === 'insert' ? edit.text : '';
          doc = spliced(doc, range, text);
          assert.ok(editor.edit(range, text));
          // Reading a document fills the blocks' caches of their places: the next move must leave none stale.
          if (look) assertSameJson(editor.document(), parseRouteDocument(doc.getText()));
        }
        assert.equal(editor.text(), doc.getText());
        assertSameJson(editor.document(), parseRouteDocument(doc.getText()));
      },
    ),
    { numRuns: 30 },
  );
});

test('an edit inside one line re-reads one block and moves none; a new line moves the blocks below in place', () => {
  const editor = new RouteDocumentEditor(BASE, [], { run: 4 });
  const before = editor.document();
  const line = nth(before.blocks, 10).range.start.line;
  editor.edit({ start: { line, character: 0 }, end: { line, character: 0 } }, 'x');
  assert.equal(editor.lastStats.parsed, 1);
  assert.equal(editor.lastStats.moved, 0);
  const after = editor.document();
  after.blocks.forEach((b, i) => (i === 10 ? assert.notEqual(b, before.blocks[i]) : assert.equal(b, before.blocks[i])));
  const line20 = nth(after.blocks, 20).range.start.line;
  const elements = nth(after.blocks, 20).elements;
  editor.edit({ start: { line, character: 0 }, end: { line, character: 1 } }, '# new\n');
  assert.equal(editor.lastStats.parsed, 1);
  assert.equal(editor.lastStats.moved, after.blocks.length - 11);
  // The blocks below are not touched one by one: a few anchors move them (at most one run is re-anchored).
  assert.ok(editor.lastStats.touched <= 4, `touched ${editor.lastStats.touched}`);
  const moved = editor.document();
  moved.blocks.forEach((b, i) => i !== 10 && assert.equal(b, after.blocks[i], 'the same block object'));
  assert.equal(nth(moved.blocks, 20).range.start.line, line20 + 1);
  assert.deepEqual(
    nth(moved.blocks, 20).elements.map((e) => e.range.start.line),
    elements.map((e) => e.range.start.line + 1),
    'elements read before the move are moved too',
  );
  assertSameJson(moved, parseRouteDocument(editor.text()));
});

/** Windows line ends, lone carriage returns, and pieces that join or split them. */
const CR_BASE = generateRouteFile(12, 4).replace(/\n/g, '\r\n').replace('\r\n\r\n# route 5', '\r\r# route 5');
const CR_PIECES = ['\r\n', '\r', '\n', '\r\n\r\n', 'x\r', '\ny', '# c\r\n', 'N0450F350 DVR', '', '\r\r\n\n'];

test('carriage returns: random edits, line feeds typed after lone carriage returns and carriage returns before line feeds included, match the full parse and the text', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.nat(),
          fc.nat({ max: 40 }),
          fc.nat({ max: 2 }),
          fc.nat({ max: 40 }),
          fc.nat({ max: CR_PIECES.length - 1 }),
        ),
        { minLength: 1, maxLength: 25 },
      ),
      fc.boolean(),
      (edits, smallRuns) => {
        let doc = TextDocument.create('file:///r.route', 'icao-route', 1, CR_BASE);
        const editor = new RouteDocumentEditor(CR_BASE, [], smallRuns ? SMALL_RUNS : {});
        for (const [line, character, lines, chars, piece] of edits) {
          const start = { line: line % (doc.lineCount + 1), character };
          const range: Range = {
            start,
            end: { line: start.line + lines, character: lines ? chars : start.character + chars },
          };
          const inserted = nth(CR_PIECES, piece);
          doc = spliced(doc, range, inserted);
          assert.ok(editor.edit(range, inserted));
          assert.equal(editor.text(), doc.getText());
        }
        assertSameJson(editor.document(), parseRouteDocument(doc.getText()));
      },
    ),
    { numRuns: 60 },
  );
});

test('a line feed typed after a lone carriage return, and a carriage return typed before a line feed: line ends as LSP counts them', () => {
  const text = 'N0450F350 DVR\rUL9 KONAN\r\nDCT';
  const editor = new RouteDocumentEditor(text);
  let doc = TextDocument.create('file:///w.route', 'icao-route', 1, text);
  const step = (range: Range, piece: string) => {
    doc = TextDocument.update(doc, [{ range, text: piece }], doc.version + 1);
    editor.edit(range, piece);
    assert.equal(editor.text(), doc.getText());
    assertSameJson(editor.document(), parseRouteDocument(doc.getText()));
  };
  // `\n` at the start of the line after a lone `\r`: one line end, not two.
  step({ start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, '\n');
  assert.equal(doc.lineCount, 3);
  // `\r` typed at the end of a line that ends in `\r\n`: two line ends.
  step({ start: { line: 1, character: 9 }, end: { line: 1, character: 9 } }, '\r');
  assert.equal(doc.lineCount, 4);
  assert.equal(RouteDocumentEditor.canEdit(), true);
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
  assertSameJson(parsed.get(doc).document, parseRouteDocument(doc.getText()));
  assert.equal(parsed.lastParse.edited, true);
  step({ start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, 'x', false);
  assertSameJson(parsed.get(doc).document, parseRouteDocument(doc.getText()));
  assert.equal(parsed.lastParse.edited, false, 'a missed change: the whole text is parsed');
});

test('ParsedDocuments follows the changes of a Windows file too (no full parse)', () => {
  const parsed = new ParsedDocuments();
  let doc = TextDocument.create('file:///w.route', 'icao-route', 1, CR_BASE);
  parsed.get(doc);
  for (const [range, text] of [
    [{ start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, 'N0450F350 DVR\r\n\r\n'],
    [{ start: { line: 9, character: 3 }, end: { line: 11, character: 1 } }, 'UL9\r\n'],
  ] as const) {
    const changes = [{ range, text }];
    parsed.recordChanges(doc.uri, doc.version, changes, doc.version + 1);
    doc = TextDocument.update(doc, changes, doc.version + 1);
    assertSameJson(parsed.get(doc).document, parseRouteDocument(doc.getText()));
    assert.equal(parsed.lastParse.edited, true);
  }
});

test('a range written end first edits the same text as the range written start first (as TextDocument reads it)', () => {
  const text = 'N0450F350 DVR UL9 KONAN\n\nN0450F350 DVR DCT KONAN';
  const forward = new RouteDocumentEditor(text);
  const backward = new RouteDocumentEditor(text);
  forward.edit({ start: { line: 0, character: 14 }, end: { line: 2, character: 14 } }, 'L6');
  backward.edit({ start: { line: 2, character: 14 }, end: { line: 0, character: 14 } }, 'L6');
  assert.equal(forward.text(), 'N0450F350 DVR L6DCT KONAN');
  assert.equal(backward.text(), forward.text());
  assertSameJson(backward.document(), parseRouteDocument(forward.text()));
});

test('a document handed out keeps its list of blocks when later edits add and remove blocks', () => {
  const editor = new RouteDocumentEditor('N0450F350 DVR\n\nN0450F350 KONAN\n\nN0450F350 RUDUS');
  const before = editor.document();
  const listed = [...before.blocks];
  // A block added between the first two, then the last removed.
  editor.edit({ start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, '\nN0450F350 GINGA\n');
  editor.edit({ start: { line: 5, character: 15 }, end: { line: 7, character: 15 } }, '');
  assert.deepEqual(before.blocks, listed);
  const after = editor.document();
  assert.equal(after.blocks.length, 3);
  assert.equal(after.blocks[0], listed[0], 'a block not edited is the same object');
  assert.deepEqual(
    after.blocks.map((b) => b.routeText),
    parseRouteDocument(editor.text()).blocks.map((b) => b.routeText),
  );
});

test('the blocks with findings and their count follow every edit (the diagnostics read only those)', () => {
  fc.assert(
    fc.property(fc.array(LINE_EDIT, { minLength: 1, maxLength: 30 }), fc.boolean(), (edits, smallRuns) => {
      let doc = TextDocument.create('file:///f.route', 'icao-route', 1, BASE);
      const editor = new RouteDocumentEditor(BASE, [], smallRuns ? SMALL_RUNS : {});
      for (const edit of edits) {
        const line = edit.line % doc.lineCount;
        const range: Range =
          edit.kind === 'insert'
            ? { start: { line, character: 0 }, end: { line, character: 0 } }
            : { start: { line, character: 0 }, end: { line: line + edit.count, character: 0 } };
        const text = edit.kind === 'insert' ? edit.text : '';
        doc = spliced(doc, range, text);
        editor.edit(range, text);
        const document = editor.document();
        const faulty = document.blocks.filter((block) => block.diagnostics.length > 0);
        assert.deepEqual([...(document.withFindings?.blocks ?? [])], faulty);
        assert.equal(
          document.withFindings?.total,
          faulty.reduce((n, block) => n + block.diagnostics.length, 0),
        );
        // And so the diagnostics are those of the full parse.
        assert.deepEqual(
          documentDiagnostics(document, live),
          documentDiagnostics(parseRouteDocument(doc.getText()), live),
        );
      }
    }),
    { numRuns: 30 },
  );
});

test('past MAX_DIAGNOSTICS findings, the diagnostics of an edited document are those of the full parse', () => {
  const faulty = Array.from({ length: 1_200 }, (_, i) => `# r${i}\nN0450F350 DVR UL9 UL9 KONAN`).join('\n\n');
  const editor = new RouteDocumentEditor(faulty);
  const at = { line: 3000, character: 0 };
  editor.edit({ start: at, end: at }, 'N0450F350 DVR DCT DCT\n\n');
  const full = documentDiagnostics(parseRouteDocument(editor.text()), live);
  assert.ok(full.length === MAX_DIAGNOSTICS + 1, `${full.length} diagnostics`);
  assert.deepEqual(documentDiagnostics(editor.document(), live), full);
});
