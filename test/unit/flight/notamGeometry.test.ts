/** NOTAM geometry: the area in the text, a circle in the text, the item Q circle, "whole FIR"; subjects from the Q-code. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { distanceNm } from '../../../server/src/geo/geodesy';
import { notamArea, notamSubject } from '../../../server/src/flight/notamGeometry';

test('an area written in the text becomes a closed polygon, and it wins over the item Q circle', () => {
  const area = notamArea({
    text: 'TEMPO RESTRICTED AREA ACTIVATED WI AREA 5130N00012W - 5140N00020E - 5120N00030E - 5110N00010W. SFC-FL120.',
    lat: 51.3,
    lon: 0.1,
    radiusNm: 15,
  });
  assert.equal(area.source, 'text area');
  assert.equal(area.circle, undefined);
  const ring = area.polygons![0]![0]!;
  assert.equal(ring.length, 5, 'four corners, closed');
  assert.deepEqual(ring[0], [-0.2, 51.5]);
  assert.deepEqual(ring[1], [20 / 60, 51 + 40 / 60]);
  assert.deepEqual(ring[4], ring[0]);
});

test('seconds and decimal minutes are read; a run broken by other words is two positions, not an area', () => {
  const area = notamArea({ text: 'AREA 513000N0001200W 514000N0002000E 512000N0003000E' });
  assert.equal(area.source, 'text area');
  assert.deepEqual(area.polygons![0]![0]![0], [-0.2, 51.5]);
  const broken = notamArea({
    text: 'CRANE PSN 5130N00012W HGT 300FT, SECOND CRANE PSN 5131N00013W',
    lat: 51.5,
    lon: -0.2,
    radiusNm: 1,
  });
  assert.equal(broken.source, 'item Q');
});

test('"WI 2NM RADIUS <position>" in the text is a circle about that position', () => {
  const area = notamArea({
    text: 'PJE WILL TAKE PLACE WI 2NM RADIUS 4830N00215E (ETAMPES AD).',
    lat: 48,
    lon: 2,
    radiusNm: 5,
  });
  assert.equal(area.source, 'text circle');
  assert.equal(area.circle!.radiusNm, 2);
  assert.deepEqual(area.circle!.center, { lat: 48.5, lon: 2.25 });
  const [lon, lat] = area.circle!.ring![0]!;
  assert.ok(Math.abs(distanceNm({ lat, lon }, area.circle!.center) - 2) < 1e-6);
  assert.deepEqual(area.circle!.ring![0], area.circle!.ring![area.circle!.ring!.length - 1]);
});

test('otherwise the item Q circle; radius 999 is the whole FIR; nothing at all is no geometry', () => {
  const q = notamArea({ text: 'DVR VOR U/S.', lat: 51.16, lon: 1.36, radiusNm: 25 });
  assert.equal(q.source, 'item Q');
  assert.equal(q.circle!.radiusNm, 25);
  assert.equal(q.circle!.ring!.length, 21);
  assert.equal(notamArea({ text: 'FIR WIDE', lat: 50, lon: 8, radiusNm: 999 }).source, 'whole FIR');
  assert.equal(notamArea({ text: 'RWY 09L CLSD' }).source, 'none');
});

test('subjects from the Q-code', () => {
  assert.equal(notamSubject('QRTCA'), 'airspace');
  assert.equal(notamSubject('QWPLW'), 'airspace');
  assert.equal(notamSubject('QNMAS'), 'navaid');
  assert.equal(notamSubject('QICAS'), 'navaid');
  assert.equal(notamSubject('QMRLC'), 'aerodrome');
  assert.equal(notamSubject('QFAAH'), 'aerodrome');
  assert.equal(notamSubject('QOBCE'), 'obstacle');
  assert.equal(notamSubject('QPICH'), 'procedure');
  assert.equal(notamSubject('QXXXX'), 'other');
  assert.equal(notamSubject(undefined), 'other');
  assert.equal(notamSubject('garbage'), 'other');
});
