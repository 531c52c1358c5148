import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { RouteTextDocument } from '../../../server/src/lsp/routeTextDocument';
import { ParsedDocuments } from '../../../server/src/lsp/parsedDocuments';
import { IncrementalRouteParser, type RouteDocument } from '../../../server/src/route';

const pieces = ['', 'A', 'N0450F350', '\n', '\r\n', '\r', '# c\n', 'DCT ', 'é'];

/** A change inside the document, or past its last line or a line's end (clamped, as TextDocument.offsetAt does). */
const change = fc.record({
  startLine: fc.nat(6),
  startCharacter: fc.nat(12),
  lines: fc.nat(2),
  endCharacter: fc.nat(12),
  text: fc.array(fc.constantFrom(...pieces), { maxLength: 4 }).map((p) => p.join('')),
});

test('the text after a series of changes is the text spliced at each change, line ends included, past the end too', () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...pieces, 'KONAN UL9', 'origin: EGLL'), { maxLength: 12 }).map((p) => p.join('')),
      fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
      (text, batches) => {
        let reference = TextDocument.create('file:///a.route', 'icao-route', 1, text);
        const ours = RouteTextDocument.create('file:///a.route', 'icao-route', 1, text);
        let version = 1;
        for (const batch of batches) {
          const changes: TextDocumentContentChangeEvent[] = batch.map((c) => ({
            range: {
              start: { line: c.startLine, character: c.startCharacter },
              end: { line: c.startLine + c.lines, character: c.endCharacter },
            },
            text: c.text,
          }));
          version++;
          // The reference splices each change at the offsets a fresh document gives (positions
          // past a line or past the text clamped), not with TextDocument.update, whose line
          // offsets go wrong after a range past the last line.
          for (const c of changes) {
            if (!('range' in c)) continue;
            const before = reference.getText();
            // A range written end first is the same range.
            const [from, to] = [reference.offsetAt(c.range.start), reference.offsetAt(c.range.end)].sort(
              (x, y) => x - y,
            );
            reference = TextDocument.create(
              reference.uri,
              'icao-route',
              version,
              before.slice(0, from) + c.text + before.slice(to),
            );
          }
          RouteTextDocument.update(ours, changes, version);
        }
        assert.equal(ours.version, reference.version);
        assert.equal(ours.getText(), reference.getText());
        assert.equal(ours.lineCount, reference.lineCount);
        const end = reference.positionAt(reference.getText().length);
        assert.deepEqual(ours.positionAt(1e9), end);
        assert.equal(ours.offsetAt({ line: 1, character: 2 }), reference.offsetAt({ line: 1, character: 2 }));
      },
    ),
  );
});

test('an edit applies nothing to the text until the text is read', () => {
  const document = RouteTextDocument.create('file:///a.route', 'icao-route', 1, 'EGLL DCT LFPG\n'.repeat(1000));
  for (let version = 2; version < 50; version++) {
    RouteTextDocument.update(
      document,
      [
        {
          range: { start: { line: 10, character: 0 }, end: { line: 10, character: 4 } },
          text: version % 2 ? 'EGKK' : 'EGLL',
        },
      ],
      version,
    );
  }
  assert.equal(document.version, 49);
  assert.equal(document.settles, 0);
  assert.equal(document.getText().split('\n')[10], 'EGKK DCT LFPG');
  assert.equal(document.settles, 1);
});

test('a full-text change replaces the changes recorded before it', () => {
  const document = RouteTextDocument.create('file:///a.route', 'icao-route', 1, 'EGLL\n');
  RouteTextDocument.update(
    document,
    [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }, text: 'X' }],
    2,
  );
  RouteTextDocument.update(document, [{ text: 'LFPG\nEDDF' }], 3);
  RouteTextDocument.update(
    document,
    [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'A' }],
    4,
  );
  assert.equal(document.getText(), 'LFPG\nAEDDF');
  assert.equal(document.version, 4);
});

test('a change without a usable range is dropped alone: the changes after it still apply', () => {
  const document = RouteTextDocument.create('file:///a.route', 'icao-route', 1, 'EGLL DCT LFPG\n');
  const malformed = {
    range: { end: { line: 0, character: 4 } },
    text: 'X',
  } as unknown as TextDocumentContentChangeEvent;
  RouteTextDocument.update(
    document,
    [malformed, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }, text: 'EGKK' }],
    2,
  );
  assert.equal(document.getText(), 'EGKK DCT LFPG\n');
  assert.equal(document.version, 2);
});

/** A document as TextDocuments keeps it, with the parse that follows its changes line by line. */
function followed(text: string) {
  const parsed = new ParsedDocuments();
  const document = RouteTextDocument.create('file:///a.route', 'icao-route', 1, text);
  parsed.get(document);
  let version = 1;
  const apply = (changes: TextDocumentContentChangeEvent[]) => {
    parsed.recordChanges(document.uri, document.version, changes, ++version);
    RouteTextDocument.update(document, changes, version);
  };
  const blocks = (doc: RouteDocument) =>
    doc.blocks.map((b) => [b.range, b.routeText, b.diagnostics.map((d) => [d.code, d.range])]);
  return {
    document,
    apply,
    /** The followed parse and a fresh parse of the document's text. */
    both: () => [blocks(parsed.get(document).document), blocks(new IncrementalRouteParser().parse(document.getText()))],
  };
}

test('a change without a usable range is dropped by the text and by the parse alike, which goes on following edits', () => {
  const doc = followed('EGLL DCT LFPG\n');
  const noStart = { range: { end: { line: 0, character: 4 } }, text: 'X' } as unknown as TextDocumentContentChangeEvent;
  const noRange = { range: null, text: 'X' } as unknown as TextDocumentContentChangeEvent;
  doc.apply([noStart, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }, text: 'EGKK' }]);
  let [followedBlocks, fresh] = doc.both();
  assert.deepEqual(followedBlocks, fresh);
  doc.apply([noRange]);
  doc.apply([{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 13 } }, text: 'EHAM' }]);
  [followedBlocks, fresh] = doc.both();
  assert.equal(doc.document.getText(), 'EGKK DCT EHAM\n');
  assert.deepEqual(followedBlocks, fresh);
});

test('a position before the first line is the start of the text, for the text and the parse alike', () => {
  const doc = followed('EGLL DCT LFPG\n\nEGKK DCT EHAM\n');
  doc.apply([{ range: { start: { line: -1, character: 5 }, end: { line: 0, character: 8 } }, text: 'X' }]);
  assert.equal(doc.document.getText(), 'X LFPG\n\nEGKK DCT EHAM\n');
  const [followedBlocks, fresh] = doc.both();
  assert.deepEqual(followedBlocks, fresh);
});
