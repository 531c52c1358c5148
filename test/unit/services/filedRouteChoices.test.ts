/**
 * "Use a route filed by others" (issue 22, item 1): the place a chosen route replaces, the code
 * action, and each choice's differences from the route written.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { COMMANDS } from '../../../common/commands';
import { parseRouteDocument } from '../../../server/src/route';
import { filedRouteAction, filedRouteChoices, filedRoutePlace } from '../../../server/src/services/filedRouteChoices';
import { groupFiledRoutes } from '../../../server/src/remote/filedRoutes';

function place(text: string, line: number, character = 0) {
  const texts = text.split('\n');
  const lines = { lineCount: texts.length, lineText: (n: number) => texts[n] ?? '' };
  return filedRoutePlace(parseRouteDocument(text), lines, { line, character });
}

const DOC = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR L9 KONAN\nUL607 SPI\n';

test('the route written is what a chosen route replaces, over its lines', () => {
  const p = place(DOC, 0, 3);
  assert.ok(p);
  assert.equal(`${p.origin} → ${p.destination}`, 'EGLL → EDDF');
  assert.deepEqual(p.range, { start: { line: 2, character: 0 }, end: { line: 3, character: 9 } });
  assert.equal(p.currentRoute, 'N0450F350 DVR L9 KONAN UL607 SPI');
});

test('an empty route line is replaced whole; no place without destination or in an FPL message', () => {
  const p = place('origin: EGLL\ndestination: EDDF\n   ', 2, 1);
  assert.deepEqual(p?.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 3 } });
  assert.equal(p?.currentRoute, '');
  assert.equal(place('origin: EGLL\nN0450F350 DVR\n', 1), undefined);
  assert.equal(place('(FPL-DLH4AB-IS\n-A320/M-SDFGIRWY/S\n-EGLL0930\n-N0450F350 DVR\n-EDDF0100\n-0)\n', 3), undefined);
});

test('the code action names the pair and runs the command with the document and position', () => {
  const action = filedRouteAction(place(DOC, 2, 4)!, 'file:///a.route', { line: 2, character: 4 });
  assert.equal(action.title, 'Use a route filed by others (EGLL → EDDF)');
  assert.equal(action.command?.command, COMMANDS.useFiledRoute);
  assert.deepEqual(action.command?.arguments, [{ uri: 'file:///a.route', position: { line: 2, character: 4 } }]);
});

test('each choice says its count and its differences from the route written', () => {
  const groups = groupFiledRoutes([
    { callsign: 'BAW1', routeText: 'N0450F350 DVR L9 KONAN UL607 SPI' },
    { callsign: 'BAW2', routeText: 'N0450F330 DVR L9 KONAN UL607 SPI' },
    { callsign: 'EZY1', routeText: 'N0440F310 DVR UL9 KONAN UL607 SPI' },
  ]);
  const choices = filedRouteChoices(groups, 'N0460F370 DVR L9 KONAN UL607 SPI');
  assert.deepEqual(
    choices.map((c) => [c.text, c.differences]),
    [
      ['N0450F350 DVR L9 KONAN UL607 SPI', 'same route'],
      ['N0440F310 DVR UL9 KONAN UL607 SPI', '−L9 +UL9'],
    ],
  );
  assert.match(choices[0]!.detail, /^filed by 2 flights; latest BAW1, F350$/);
  assert.equal(filedRouteChoices(groups, '  ')[0]!.differences, 'no route written yet');
});

test('a block without route: the chosen route goes on a new line after its last', () => {
  const p = place('origin: EGLL\ndestination: EDDF\n', 0, 2);
  assert.deepEqual(p?.range, { start: { line: 1, character: 17 }, end: { line: 1, character: 17 } });
  assert.equal(p?.prefix, '\n');
  assert.equal(p?.currentRoute, '');
});
