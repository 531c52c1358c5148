/**
 * Routes filed for a city pair (issue 22, item 1): filings group by route whatever their blanks,
 * case and speed/level groups; each group keeps its count and latest filing; the differences
 * from the current route are shown element by element.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  describeFiledRoute,
  groupFiledRoutes,
  levelOfRoute,
  normaliseRoute,
  routeDifferences,
} from '../../../server/src/remote/filedRoutes';

test('normalising drops blanks, case and every speed/level group', () => {
  assert.equal(normaliseRoute('  N0450F350   dvr  L9 KONAN/N0440F370 UL607  '), 'DVR L9 KONAN UL607');
  assert.equal(normaliseRoute('K0830S1130 DVR DCT KONAN'), 'DVR DCT KONAN');
  assert.equal(normaliseRoute('M082F350 DVR'), 'DVR');
  assert.equal(normaliseRoute('N0450F350'), '');
  // A point named like a group's prefix is kept.
  assert.equal(normaliseRoute('N0450F350 N0450 DVR'), 'N0450 DVR');
});

test('the level of the first group', () => {
  assert.equal(levelOfRoute('N0450F350 DVR'), 'F350');
  assert.equal(levelOfRoute('K0830S1130 DVR'), 'S1130');
  assert.equal(levelOfRoute('N0120VFR DVR'), 'VFR');
  assert.equal(levelOfRoute('DVR L9 KONAN'), undefined);
});

test('flights group by identical route, most filed first, latest filing kept', () => {
  const groups = groupFiledRoutes([
    { callsign: 'BAW902', eobt: '2026-11-26T08:00:00Z', routeText: 'N0450F350 DVR L9 KONAN UL607 SPI' },
    { callsign: 'DLH911', eobt: '2026-11-26T10:15:00Z', routeText: 'n0460f370  DVR L9 KONAN  UL607 SPI' },
    { callsign: 'BAW904', eobt: '2026-11-26T09:00:00Z', routeText: 'N0450F330 DVR L9 KONAN UL607 SPI' },
    { callsign: 'EZY1', eobt: '2026-11-26T11:00:00Z', routeText: 'N0440F310 DVR UL9 KONAN UL607 SPI' },
    { callsign: 'NOROUTE', eobt: '2026-11-26T12:00:00Z' },
    { callsign: 'LEVELSONLY', routeText: 'N0440F310' },
  ]);
  assert.equal(groups.length, 2);
  assert.deepEqual(groups[0], {
    route: 'DVR L9 KONAN UL607 SPI',
    count: 3,
    latestText: 'n0460f370 DVR L9 KONAN UL607 SPI',
    latestCallsign: 'DLH911',
    latestEobt: '2026-11-26T10:15:00Z',
    latestLevel: 'F370',
  });
  assert.equal(groups[1]!.route, 'DVR UL9 KONAN UL607 SPI');
  assert.equal(groups[1]!.count, 1);
  assert.equal(groups[1]!.latestCallsign, 'EZY1');
});

test('a filing with a known EOBT is later than one without', () => {
  const groups = groupFiledRoutes([
    { callsign: 'A1', routeText: 'N0450F350 DVR' },
    { callsign: 'B2', eobt: '0900', routeText: 'N0450F330 DVR' },
    { callsign: 'C3', routeText: 'N0450F310 DVR' },
  ]);
  assert.equal(groups[0]!.latestCallsign, 'B2');
  assert.equal(groups[0]!.latestLevel, 'F330');
});

test('differences from the current route, element by element', () => {
  assert.equal(routeDifferences('N0450F350 DVR L9 KONAN UL607 SPI', 'N0440F310 DVR UL9 KONAN UL607 SPI'), '−L9 +UL9');
  assert.equal(routeDifferences('DVR L9 KONAN', 'N0450F350 dvr l9 konan'), '');
  assert.equal(routeDifferences('', 'DVR L9 KONAN'), '+DVR L9 KONAN');
  assert.equal(routeDifferences('DVR L9 KONAN UL607 SPI', 'DVR L9 KONAN'), '−UL607 SPI');
  assert.equal(routeDifferences('A B C D', 'A X C Y'), '−B +X −D +Y');
});

test('the description says count, call sign, EOBT and level', () => {
  const [group] = groupFiledRoutes([{ callsign: 'DLH4AB', eobt: '0930', routeText: 'N0450F350 DVR' }]);
  assert.equal(describeFiledRoute(group!), 'filed by 1 flight; latest DLH4AB, EOBT 0930, F350');
});
