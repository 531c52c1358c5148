/**
 * The alternates of an FPL on the map (issue 40 §3): field 16's alternates placed from the
 * navigation data, in order, measured from the destination; ALTN/ for ZZZZ where it gives a
 * location indicator or coordinates; the others listed as not placed, with why.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { distanceNm } from '../../../server/src/geo/geodesy';
import { buildMapView, NO_MAP_DATA } from '../../../server/src/map/mapView';
import type { AerodromeLookup } from '../../../server/src/map/alternates';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';

let db: NavDatabase;
let lookup: AerodromeLookup;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
  lookup = (icao) => {
    const i = db.aerodrome(icao);
    return i === undefined ? undefined : db.point(i);
  };
});

function fpl(f16: string, f18 = '0'): string {
  return [
    '(FPL-DLH4AB-IS',
    '-A320/M-SDE2E3FGIJ1RWY/LB1',
    '-EGLL1200',
    '-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    `-${f16}`,
    `-${f18})`,
    '',
  ].join('\n');
}

function viewOf(text: string, withLookup = true) {
  const block = parseRouteDocument(text).blocks.find((b) => b.elements.length > 0)!;
  return buildMapView({
    uri: 'file:///a.route',
    version: 1,
    blockIndex: 0,
    referenceMs: Date.UTC(2026, 10, 23, 10, 0),
    block,
    expansion: expandRoute(block, db),
    data: NO_MAP_DATA,
    filters: DEFAULT_MAP_FILTERS,
    ...(withLookup ? { aerodromeAt: lookup } : {}),
  }).view;
}

test("field 16's alternates are placed from the navigation data, in order, measured from the destination", () => {
  const view = viewOf(fpl('EDDF0105 EDDK EDDS'));
  const eddf = view.points.at(-1)!;
  assert.equal(eddf.name, 'EDDF');
  const alternates = view.alternates!;
  assert.deepEqual(
    alternates.placed.map((a) => a.name),
    ['EDDK', 'EDDS'],
  );
  assert.deepEqual(alternates.notPlaced, []);
  const [eddk, edds] = alternates.placed;
  assert.deepEqual(eddk!.position, [7.138903, 50.865801]);
  assert.deepEqual(edds!.position, [9.215203, 48.688383]);
  const from = { lon: eddf.position![0], lat: eddf.position![1] };
  for (const alternate of alternates.placed) {
    const expected = distanceNm(from, { lon: alternate.position[0], lat: alternate.position[1] });
    assert.ok(Math.abs(alternate.distanceFromDestinationNm! - expected) <= 0.05, alternate.name);
    assert.equal(alternate.destination, 'EDDF');
    // The dashed line runs from the destination to the alternate.
    const line = alternate.paths!.flat();
    const near = (a: readonly number[] | undefined, b: readonly number[]) =>
      !!a && Math.abs(a[0]! - b[0]!) < 1e-9 && Math.abs(a[1]! - b[1]!) < 1e-9;
    assert.ok(near(line[0], eddf.position!) && near(line.at(-1), alternate.position), alternate.name);
    assert.ok(
      alternate.facts.some((f) => f.includes(`NM from EDDF`)),
      alternate.facts.join(' | '),
    );
  }
  // Köln/Bonn is some 70 NM north-west of Frankfurt, Stuttgart some 84 NM south.
  assert.ok(eddk!.distanceFromDestinationNm! > 60 && eddk!.distanceFromDestinationNm! < 80);
  assert.ok(edds!.distanceFromDestinationNm! > 75 && edds!.distanceFromDestinationNm! < 95);
  assert.match(eddk!.facts[0]!, /^Alternate aerodrome \(field 16\): Koln Bonn$/);
  // Fit to the route shows the alternates: Stuttgart lies south of the route's box.
  assert.ok(view.bbox![1] <= 48.688383 && view.bbox![3] >= 51.4, `${view.bbox}`);
});

test('an alternate the data does not know is listed as not placed; the known one is still drawn', () => {
  const alternates = viewOf(fpl('EDDF0105 EDXX EDDK')).alternates!;
  assert.deepEqual(
    alternates.placed.map((a) => a.name),
    ['EDDK'],
  );
  assert.deepEqual(alternates.notPlaced, [{ name: 'EDXX', why: 'not in the navigation data' }]);
});

test('without navigation data loaded the alternates are not placed, and the map says why', () => {
  const alternates = viewOf(fpl('EDDF0105 EDDK'), false).alternates!;
  assert.deepEqual(alternates.placed, []);
  assert.equal(alternates.notPlaced[0]!.name, 'EDDK');
  assert.match(alternates.notPlaced[0]!.why, /no navigation data/);
});

test('ZZZZ: ALTN/ coordinates and location indicators are placed; a name alone is not', () => {
  const placed = viewOf(fpl('EDDF0105 ZZZZ', 'DOF/261123 ALTN/5000N00800E')).alternates!;
  assert.deepEqual(
    placed.placed.map((a) => [a.name, a.position]),
    [['5000N00800E', [8, 50]]],
  );
  assert.match(placed.placed[0]!.facts[0]!, /\(ALTN\/\)/);
  const named = viewOf(fpl('EDDF0105 ZZZZ', 'DOF/261123 ALTN/EDDK')).alternates!;
  assert.deepEqual(
    named.placed.map((a) => a.name),
    ['EDDK'],
  );
  const words = viewOf(fpl('EDDF0105 ZZZZ', 'DOF/261123 ALTN/SOME FARM STRIP')).alternates!;
  assert.deepEqual(words.placed, []);
  assert.equal(words.notPlaced[0]!.name, 'ALTN/SOME FARM STRIP');
  assert.match(words.notPlaced[0]!.why, /neither a location indicator nor coordinates/);
});

test('a block without an FPL, or an FPL without alternates, has none', () => {
  assert.equal(viewOf(fpl('EDDF0105')).alternates, undefined);
  assert.equal(
    viewOf('origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n').alternates,
    undefined,
  );
});
