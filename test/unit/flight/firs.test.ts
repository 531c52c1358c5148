/**
 * Which FIRs a route crosses, with the real FIR boundaries of ../shared/firs (used in place):
 * a European route through several, a North Atlantic crossing through the oceanic ones, a
 * Pacific route across the antimeridian. Boxes alone (no outline known) give a superset.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { boxOf, RouteCorridor } from '../../../server/src/flight/corridor';
import { firsCrossed, type FirEntry } from '../../../server/src/flight/firs';
import type { LonLat, MapPolygons } from '../../../common/protocol/mapMessages';

const FILE = path.resolve(__dirname, '../../../../shared/firs/boundaries.geojson.gz');
const present = existsSync(FILE);

function realFirs(): FirEntry[] {
  const fc = JSON.parse(gunzipSync(readFileSync(FILE)).toString('utf8')) as {
    features: { properties: { id: string }; geometry: { coordinates: LonLat[][][] } }[];
  };
  const byId = new Map<string, MapPolygons>();
  for (const f of fc.features) {
    const id = f.properties.id;
    if (!/^[A-Z]{4}$/.test(id)) continue;
    byId.set(id, [...(byId.get(id) ?? []), ...f.geometry.coordinates]);
  }
  return [...byId].map(([designator, polygons]) => {
    const [w, s, e, n] = boxOf(polygons.flatMap((p) => p[0]!));
    return { prefix: designator[0]!, designator, name: designator, bbox: [w, s, e, n], polygons };
  });
}

const firs = present ? realFirs() : [];
const names = (route: { lat: number; lon: number }[], list = firs) =>
  firsCrossed(new RouteCorridor(route), list).map((f) => f.designator);

test(
  'London to Frankfurt direct from Dover crosses London, a corner of Paris near Dunkirk, Brussels and Langen, in that order',
  { skip: !present && 'no ../shared/firs' },
  () => {
    const crossed = names([
      { lat: 51.4775, lon: -0.4614 },
      { lat: 51.1614, lon: 1.3614 },
      { lat: 50.0379, lon: 8.5622 },
    ]);
    // The data also hold the London TMA and military regions (EGTL, EGVV) over the same ground.
    const main = crossed.filter((f) => ['EGTT', 'EBBU', 'EDGG', 'LFFF', 'EHAA'].includes(f));
    assert.deepEqual(main, ['EGTT', 'LFFF', 'EBBU', 'EDGG']);
    assert.ok(!crossed.includes('LFMM') && !crossed.includes('EKDK'), 'nothing far away');
  },
);

test(
  'a North Atlantic crossing goes through Shanwick and Gander Oceanic between the domestic FIRs',
  { skip: !present && 'no ../shared/firs' },
  () => {
    const crossed = names([
      { lat: 51.4775, lon: -0.4614 },
      { lat: 55, lon: -15 },
      { lat: 55, lon: -30 },
      { lat: 54, lon: -50 },
      { lat: 40.6397, lon: -73.7789 },
    ]);
    for (const fir of ['EGTT', 'EGGX', 'CZQX', 'KZNY']) assert.ok(crossed.includes(fir), `${fir} in ${crossed}`);
    assert.ok(crossed.indexOf('EGGX') < crossed.indexOf('CZQX'), 'in the order flown');
    const crossings = firsCrossed(
      new RouteCorridor([
        { lat: 55, lon: -15 },
        { lat: 55, lon: -30 },
      ]),
      firs,
    ).find((f) => f.designator === 'EGGX')!.crossings;
    assert.equal(crossings[0]!.entryNm, 0, 'the route starts inside Shanwick');
    assert.ok(crossings[0]!.exitNm > 100);
  },
);

test('a route across the antimeridian finds the FIRs on both sides', { skip: !present && 'no ../shared/firs' }, () => {
  // Tokyo Narita to Anchorage.
  const crossed = names([
    { lat: 35.765, lon: 140.386 },
    { lat: 61.174, lon: -149.996 },
  ]);
  assert.ok(crossed.includes('RJJJ') && crossed.includes('PAZA'), `${crossed}`);
});

test(
  'with boxes only, the FIRs are a superset of the exact ones, marked approximate',
  { skip: !present && 'no ../shared/firs' },
  () => {
    const route = [
      { lat: 51.4775, lon: -0.4614 },
      { lat: 50.0379, lon: 8.5622 },
    ];
    const exact = names(route);
    const boxes = firsCrossed(
      new RouteCorridor(route),
      firs.map(({ polygons: _, ...f }) => f),
    );
    assert.ok(boxes.every((f) => f.approximate));
    for (const fir of exact)
      assert.ok(
        boxes.some((b) => b.designator === fir),
        fir,
      );
    assert.ok(boxes.length > exact.length);
  },
);
