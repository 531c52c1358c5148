/** Comment folding found by a scan of the text equals the line-by-line reading, for any mix of lines. */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { foldingRanges } from '../../../server/src/services/folding';
import { parseRouteDocument, splitLines } from '../../../server/src/route';

function byLines(text: string): { startLine: number; endLine: number }[] {
  const runs: { startLine: number; endLine: number }[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*#/.test(lines[i]!)) continue;
    let j = i;
    while (j + 1 < lines.length && /^\s*#/.test(lines[j + 1]!)) j++;
    if (j > i) runs.push({ startLine: i, endLine: j });
    i = j;
  }
  return runs;
}

test('comment runs: the scan of the text equals the line-by-line reading', () => {
  const live = { isCancellationRequested: false };
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom('#', ' #', '\t# x', 'N0450F350 DVR', '', ' ', '\u00a0#', 'a#', '#\u2028#', '\u2028#'), {
        maxLength: 30,
      }),
      fc.constantFrom('\n', '\r\n'),
      (lines, eol) => {
        const text = lines.join(eol);
        const comments = foldingRanges(parseRouteDocument(text), text, live)
          .filter((r) => r.kind === 'comment')
          .map(({ startLine, endLine }) => ({ startLine, endLine }));
        assert.deepEqual(comments, byLines(text));
      },
    ),
    { numRuns: 1000 },
  );
});
