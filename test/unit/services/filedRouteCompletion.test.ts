/**
 * Filed routes are offered on an empty route line of a block with origin and destination only
 * (issue 22, item 1): nowhere else is the hub asked.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import { filedRouteItems, filedRouteTarget } from '../../../server/src/services/filedRouteCompletion';
import { groupFiledRoutes } from '../../../server/src/remote/filedRoutes';

function at(text: string, line: number, character = 0) {
  const texts = text.split('\n');
  const lines = { lineCount: texts.length, lineText: (n: number) => texts[n] ?? '' };
  return filedRouteTarget(parseRouteDocument(text), lines, { line, character });
}

test('the empty line after origin and destination is a target', () => {
  const target = at('origin: egll\ndestination: EDDF\n', 2);
  assert.equal(target?.origin, 'EGLL');
  assert.equal(target?.destination, 'EDDF');
});

test('not on a route already written, a non-blank line, a block without destination, far away', () => {
  assert.equal(at('origin: EGLL\ndestination: EDDF\nN0450F350 DVR\n', 3), undefined);
  assert.equal(at('origin: EGLL\ndestination: EDDF\nN0450F350 DVR\n', 2, 3), undefined);
  assert.equal(at('origin: EGLL\n', 1), undefined);
  assert.equal(at('origin: EGLL\ndestination: EDDF\n\n\n', 3), undefined);
});

test('items replace the line with the latest filing, most filed first, the 403 note attached', () => {
  const groups = groupFiledRoutes([
    { callsign: 'EZY1', routeText: 'N0440F310 DVR UL9 KONAN' },
    { callsign: 'BAW1', routeText: 'N0450F350 DVR L9 KONAN' },
    { callsign: 'BAW2', routeText: 'N0450F330 DVR L9 KONAN' },
  ]);
  const items = filedRouteItems(groups, { line: 2, character: 2 }, 'need access');
  assert.deepEqual(
    items.map((i) => i.label),
    ['N0450F350 DVR L9 KONAN', 'N0440F310 DVR UL9 KONAN'],
  );
  assert.match(items[0]!.detail!, /filed by 2 flights/);
  assert.equal(items[0]!.documentation, 'need access');
  assert.deepEqual(items[0]!.textEdit, {
    range: { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } },
    newText: 'N0450F350 DVR L9 KONAN',
  });
});
