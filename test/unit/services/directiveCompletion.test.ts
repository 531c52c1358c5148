/**
 * Completion of the directives' names: a word typed at the start of a line above the route text
 * offers the directives the block lacks that begin with it (`departure:` among them), with or
 * without navigation data; in route text, in an FPL message's block or after the route, none.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { parseRouteDocument } from '../../../server/src/route';
import { completions } from '../../../server/src/services/completion';
import { LineIndex } from '../../../server/src/route/ranges';

const live = { isCancellationRequested: false };

/** Completion at the `|` in `text`, without navigation data. */
function complete(textWithCursor: string): CompletionItem[] {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const lines = new LineIndex(text);
  return completions(parseRouteDocument(text), lines, lines.positionAt(offset), {}, live);
}

const labels = (items: CompletionItem[]) => items.map((i) => String(i.label));

test('a word at the top of a block: the directives that begin with it, departure: among them', () => {
  assert.deepEqual(labels(complete('de|\nN0450F350 DVR')), ['destination:', 'departure:']);
  assert.deepEqual(labels(complete('origin: EGLL\nDep|\nN0450F350 DVR')), ['departure:']);
  const [item] = complete('origin: EGLL\n  dep|  # when\nN0450F350 DVR');
  assert.equal(item!.label, 'departure:');
  assert.match(String(item!.detail), /UTC: 261201 1430 \(YYMMDD HHMM\)/);
  // The edit replaces the word typed, and leaves the value to write.
  assert.deepEqual(item!.textEdit as TextEdit, {
    range: { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } },
    newText: 'departure: ',
  });
});

test('the directives the block has are not offered again', () => {
  assert.deepEqual(labels(complete('departure: 1430\nd|\nN0450F350 DVR')), ['destination:']);
  assert.deepEqual(labels(complete('o|\norigin: EGLL\nN0450F350 DVR')), []);
});

test('none in route text, after the route, or in an FPL message', () => {
  assert.deepEqual(complete('N0450F350 DVR\nd|'), []);
  assert.deepEqual(complete('N0450F350 D|'), []);
  assert.deepEqual(complete('de|p\nN0450F350 DVR'), []);
  assert.deepEqual(
    complete('d|\n(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1WY/LB1\n-EGLL1200\n-N0450F350 DVR\n-EDDF0105\n-0)'),
    [],
  );
});
