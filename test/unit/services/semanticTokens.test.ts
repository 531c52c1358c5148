/** Semantic tokens for editors without the TextMate grammar: types on the exact ranges, in order. */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import { LineIndex } from '../../../server/src/route/ranges';
import { semanticTokens, semanticTokensEdits, TOKEN_TYPES } from '../../../server/src/services/semanticTokens';
import fc from 'fast-check';
import { nth } from '../route/helpers';

const live = { isCancellationRequested: false };

/** Decodes the relative encoding into `line:start text=type`. */
function decode(text: string): string[] {
  const data = semanticTokens(parseRouteDocument(text), new LineIndex(text), live);
  const lines = text.split('\n');
  const out: string[] = [];
  let line = 0;
  let start = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type] = [nth(data, i), nth(data, i + 1), nth(data, i + 2), nth(data, i + 3)];
    line += deltaLine;
    start = deltaLine === 0 ? start + deltaStart : deltaStart;
    out.push(`${line}:${start} ${nth(lines, line).slice(start, start + length)}=${TOKEN_TYPES[type]}`);
  }
  return out;
}

test('a route: comment, directives, speed/level, points, airways, DCT, aerodrome', () => {
  assert.deepEqual(decode('# Heathrow to Frankfurt\norigin: EGLL\nN0450F350 DVR UL9 KONAN DCT 5130N00200E EDDF'), [
    '0:0 # Heathrow to Frankfurt=comment',
    '1:0 origin=property',
    '1:8 EGLL=string',
    '2:0 N0450F350=number',
    '2:10 DVR=variable',
    '2:14 UL9=type',
    '2:18 KONAN=variable',
    '2:24 DCT=keyword',
    '2:28 5130N00200E=number',
    '2:40 EDDF=namespace',
  ]);
});

test('an FPL message: the call sign, the fields, field 18 indicators and the route', () => {
  const tokens = decode('(FPL-DLH4AB-IS\n-A320/M-S/C\n-EGLL1200\n-N0450F350 DVR\n-EDDF0105\n-DOF/261121)');
  assert.deepEqual(tokens, [
    '0:5 DLH4AB=enumMember',
    '0:12 IS=string',
    '1:1 A320/M=string',
    '1:8 S/C=string',
    '2:1 EGLL1200=string',
    '3:1 N0450F350=number',
    '3:11 DVR=variable',
    '4:1 EDDF0105=string',
    '5:1 DOF=property',
  ]);
});

test('unreadable words get no token; a cancelled request none at all', () => {
  assert.deepEqual(decode('N0450F350 DVR d!!'), ['0:0 N0450F350=number', '0:10 DVR=variable']);
  const text = 'N0450F350 DVR';
  assert.deepEqual(
    semanticTokens(parseRouteDocument(text), new LineIndex(text), { isCancellationRequested: true }),
    [],
  );
});

test('a delta: the edits applied to the tokens sent before give the new tokens, and only what differs is sent', () => {
  fc.assert(
    fc.property(fc.array(fc.nat({ max: 3 })), fc.array(fc.nat({ max: 3 })), (previous, next) => {
      const edits = semanticTokensEdits(previous, next);
      const applied = [...previous];
      for (const edit of [...edits].reverse()) applied.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
      assert.deepEqual(applied, next);
      if (previous.join() === next.join()) assert.deepEqual(edits, []);
    }),
    { numRuns: 500 },
  );
  // A word added at the end of a route: one token (five numbers) is sent, nothing is deleted.
  const tokensOf = (text: string) => semanticTokens(parseRouteDocument(text), text, live);
  const before = tokensOf('N0450F350 DVR\n\nN0450F350 DVR UL9 KONAN');
  const after = tokensOf('N0450F350 DVR\n\nN0450F350 DVR UL9 KONAN DCT');
  assert.deepEqual(semanticTokensEdits(before, after), [
    { start: before.length, deleteCount: 0, data: [0, 6, 3, TOKEN_TYPES.indexOf('keyword'), 0] },
  ]);
});
