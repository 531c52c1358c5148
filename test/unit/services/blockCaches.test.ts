/**
 * The outline, folding and colours of an edited document, with their per-block caches kept
 * from one version to the next, equal what the whole-document passes gave on a fresh parse of
 * the text; and an edit rebuilds only the blocks it changed.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as Route from '../../../server/src/route';
import type { Range } from '../../../server/src/route';
import type * as Folding from '../../../server/src/services/folding';
import type * as SemanticTokens from '../../../server/src/services/semanticTokens';
import type * as Symbols from '../../../server/src/services/symbols';
import type * as PreviousFeatures from './previousFeatures';
import { bundled } from '../../shared/bundled';
import { generateRouteFile } from '../route/generate';
import { assertSameJson } from '../route/sameJson';
import { nth } from '../route/helpers';

// The code under test as it ships (test/shared/bundled.ts): most of this file's time is in it.
// The reference passes are in the same bundle, so that they read the same copy of the modules.
const modules = bundled<{
  route: typeof Route;
  folding: typeof Folding;
  tokens: typeof SemanticTokens;
  symbols: typeof Symbols;
  previous: typeof PreviousFeatures;
}>({
  route: 'server/src/route',
  folding: 'server/src/services/folding',
  tokens: 'server/src/services/semanticTokens',
  symbols: 'server/src/services/symbols',
  previous: 'test/unit/services/previousFeatures',
});
const { parseRouteDocument, RouteDocumentEditor } = modules.route;
const { foldingRanges } = modules.folding;
const { createTokenCache, semanticTokens } = modules.tokens;
const { createSymbolCache, documentSymbols } = modules.symbols;
const { previousDocumentSymbols, previousFoldingRanges, previousSemanticTokens } = modules.previous;

const live = { isCancellationRequested: false };

/** Blocks, comment headers and comment-only blocks, FPL messages, a comment after a route. */
const BASE = [
  generateRouteFile(12, 3),
  '# only comments\n#   in this block\n  # indented',
  '(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL1200\n-N0450F350 DVR UL9 KONAN\n-EDDF0105 EDDK\n-DOF/261121)',
  'origin: EGLL\nN0450F350 DVR UL9 KONAN # cruise\n#\n#',
  generateRouteFile(8, 5),
].join('\n\n');

const PIECES = [
  '\n',
  '# c\n',
  '\n\n',
  'N0450F350 DVR ',
  'UL9',
  '#',
  ' ',
  '(FPL-',
  '-',
  '\n# a\n# b\n',
  'origin: LFPG\n',
];

test('after any edits, the cached outline, folding and colours equal the whole-document passes on a fresh parse', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.nat(),
          fc.nat({ max: 40 }),
          fc.nat({ max: 2 }),
          fc.nat({ max: 20 }),
          fc.nat({ max: PIECES.length - 1 }),
        ),
        { minLength: 1, maxLength: 12 },
      ),
      fc.integer({ min: 3, max: 60 }),
      (edits, maxSymbols) => {
        let doc = TextDocument.create('file:///c.route', 'icao-route', 1, BASE);
        const editor = new RouteDocumentEditor(BASE, [], { run: 3, slack: 2 });
        const symbols = createSymbolCache();
        const tokens = createTokenCache();
        const check = () => {
          const text = doc.getText();
          const edited = editor.document();
          const fresh = parseRouteDocument(text);
          assertSameJson(
            documentSymbols(edited, live, maxSymbols, undefined, symbols),
            previousDocumentSymbols(fresh, live, maxSymbols),
          );
          assertSameJson(
            documentSymbols(edited, live, undefined, undefined, symbols),
            previousDocumentSymbols(fresh, live),
          );
          assert.deepEqual(foldingRanges(edited, text, live), previousFoldingRanges(fresh, text, live));
          assert.deepEqual(semanticTokens(edited, text, live, tokens), previousSemanticTokens(fresh, text, live));
          // The same from the edited document's own lines, as the server asks (no whole text).
          assert.deepEqual(foldingRanges(edited, editor, live), previousFoldingRanges(fresh, text, live));
          assert.deepEqual(semanticTokens(edited, editor, live, tokens), previousSemanticTokens(fresh, text, live));
          const limit = 1 + (edits.length % 4);
          assert.deepEqual(
            foldingRanges(edited, editor, live, limit),
            previousFoldingRanges(fresh, text, live).slice(0, limit),
          );
        };
        check();
        for (const [line, character, lines, chars, piece] of edits) {
          const start = { line: line % doc.lineCount, character };
          const range: Range = {
            start,
            end: { line: start.line + lines, character: lines ? chars : start.character + chars },
          };
          const inserted = nth(PIECES, piece);
          doc = TextDocument.update(doc, [{ range, text: inserted }], doc.version + 1);
          editor.edit(range, inserted);
          check();
        }
      },
    ),
    { numRuns: 40 },
  );
});

test('any mix of line ends (LF, CRLF, lone CR): folding and colours as the line-by-line passes gave them', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.constantFrom(
            '# c',
            '  # indented',
            'N0450F350 DVR UL9 KONAN # cruise',
            'origin: EGLL',
            '',
            ' ',
            'a#b',
            '#',
          ),
          fc.constantFrom('\n', '\r\n', '\r'),
        ),
        { maxLength: 30 },
      ),
      (lines) => {
        const text = lines.map(([line, end]) => line + end).join('');
        const document = parseRouteDocument(text);
        assert.deepEqual(foldingRanges(document, text, live), previousFoldingRanges(document, text, live));
        assert.deepEqual(semanticTokens(document, text, live), previousSemanticTokens(document, text, live));
      },
    ),
    { numRuns: 500 },
  );
  const windows = BASE.replace(/\n/g, '\r\n');
  const document = parseRouteDocument(windows);
  assert.deepEqual(foldingRanges(document, windows, live), previousFoldingRanges(document, windows, live));
  assert.deepEqual(semanticTokens(document, windows, live), previousSemanticTokens(document, windows, live));
});

test('an edit rebuilds the symbols and colours of the blocks it changed, and no others', () => {
  const text = generateRouteFile(200, 9);
  const editor = new RouteDocumentEditor(text);
  const symbols = createSymbolCache();
  const tokens = createTokenCache();
  const ask = () => {
    documentSymbols(editor.document(), live, undefined, undefined, symbols);
    semanticTokens(editor.document(), editor.text(), live, tokens);
  };
  ask();
  const blocks = editor.document().blocks.length;
  assert.equal(symbols.builds, blocks);
  assert.equal(tokens.builds, blocks);

  // A new line at the top: every block moves, none is read again.
  editor.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '\n');
  ask();
  assert.equal(symbols.builds, blocks);
  assert.equal(tokens.builds, blocks);

  // A point typed in the middle block: that block only.
  const middle = nth(editor.document().blocks, 100).range.end;
  editor.edit({ start: middle, end: middle }, ' DVR');
  ask();
  assert.equal(symbols.builds, blocks + 1);
  assert.equal(tokens.builds, blocks + 1);
  assertSameJson(
    documentSymbols(editor.document(), live, undefined, undefined, symbols),
    previousDocumentSymbols(parseRouteDocument(editor.text()), live),
  );
});

test('the cache forgets blocks that are gone', () => {
  const symbols = createSymbolCache();
  for (let seed = 1; seed <= 6; seed++) {
    documentSymbols(parseRouteDocument(generateRouteFile(200, seed)), live, undefined, undefined, symbols);
  }
  assert.ok(symbols.size <= 2 * 200 + 256, `${symbols.size} entries kept`);
});
