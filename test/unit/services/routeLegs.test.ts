/**
 * Leg distances and tracks against known values (WGS84 geodesics), the speed/level hover's
 * route distance and still-air time, the outline's total, the expansion table and inlay hints,
 * all from real offline expansions of the navdata excerpt.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { inverse } from '../../../server/src/geo/geodesy';
import { model as wmm } from 'geomagnetism';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import type { RouteBlock } from '../../../server/src/route/model';
import { expansionTable } from '../../../server/src/services/expansionTable';
import { hover } from '../../../server/src/services/hover';
import { inlayHints } from '../../../server/src/services/inlayHints';
import { formatNm, routeLegs, trueAirspeedKt } from '../../../server/src/services/routeLegs';
import { documentSymbols } from '../../../server/src/services/symbols';
import { first, lastOf, nth } from '../route/helpers';

const live = { isCancellationRequested: false };
let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

const ROUTE = 'origin: EGLL\ndestination: EDDF\nN0450F350 DET L6 DVR UL9 KONAN UL607 AMASI';

test('geodesic legs: one degree on the equator, EGLL–EDDF great circle and track', () => {
  // WGS84: 1° of longitude on the equator is 111,319.5 m, 1° of latitude there 110,574.4 m.
  assert.ok(Math.abs(inverse({ lat: 0, lon: 0 }, { lat: 0, lon: 1 }).distanceNm - 111_319.49 / 1852) < 0.001);
  assert.ok(Math.abs(inverse({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }).distanceNm - 110_574.39 / 1852) < 0.001);
  assert.equal(inverse({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }).trackDeg, 0);
  assert.equal(inverse({ lat: 0, lon: 0 }, { lat: 0, lon: -1 }).trackDeg, 270);
  // Heathrow to Frankfurt, reference points from the AIPs: 354 NM, initial true track 101°.
  const leg = inverse(
    { lat: 51 + 28 / 60 + 39 / 3600, lon: -(27 / 60 + 41 / 3600) },
    { lat: 50 + 2 / 60, lon: 8 + 34 / 60 + 14 / 3600 },
  );
  assert.ok(Math.abs(leg.distanceNm - 354) < 1.5, String(leg.distanceNm));
  assert.ok(Math.abs(leg.trackDeg - 100.6) < 0.5, String(leg.trackDeg));
});

test('flown and to go add up to the total at every point; the first point has no leg', () => {
  const result = expandRoute(first(parseRouteDocument(ROUTE).blocks), db);
  const { legs, totalNm } = routeLegs(result);
  assert.equal(first(legs).legNm, 0);
  assert.equal(first(legs).trackDeg, undefined);
  for (const leg of legs) assert.ok(Math.abs(leg.cumulativeNm + leg.remainingNm - totalNm) < 1e-9);
  const direct = inverse(first(legs).point, lastOf(legs).point).distanceNm;
  // Along airways the route is longer than the great circle, but not absurdly.
  assert.ok(totalNm > direct && totalNm < direct * 1.3, `${totalNm} vs ${direct}`);
});

test('true airspeed: knots as written, km/h converted, Mach at the ISA speed of sound', () => {
  const level = (value: number) => ({ unit: 'flightLevel' as const, value, text: `F${value}` });
  assert.equal(trueAirspeedKt({ unit: 'knots', value: 450, text: 'N0450' }, level(350)).knots, 450);
  assert.ok(Math.abs(trueAirspeedKt({ unit: 'kmh', value: 900, text: 'K0900' }, level(350)).knots - 485.96) < 0.01);
  // 661.5 kt at sea level, 573.6 kt at and above the tropopause (36,089 ft).
  assert.ok(Math.abs(trueAirspeedKt({ unit: 'mach', value: 100, text: 'M100' }, level(0)).knots - 661.47) < 0.05);
  assert.ok(
    Math.abs(trueAirspeedKt({ unit: 'mach', value: 82, text: 'M082' }, level(370)).knots - 0.82 * 573.57) < 0.1,
  );
});

function hoverAt(text: string, line: number, character: number): string {
  const document = parseRouteDocument(text);
  const result = hover(document, { line, character }, live, {
    sourceName: 'navigation data',
    resultFor: (block) => expandRoute(block, db),
  });
  return (result!.contents as MarkupContent).value;
}

test('hover on a point: leg from the previous point with its true track, flown and to go', () => {
  const value = hoverAt(ROUTE, 2, 27); // KONAN
  const legs = routeLegs(expandRoute(first(parseRouteDocument(ROUTE).blocks), db)).legs;
  const konan = legs.find((l) => l.point.designator === 'KONAN')!;
  assert.match(
    value,
    new RegExp(
      `\\*\\*Leg\\*\\* from \`DVR\`: ${formatNm(konan.legNm).replace('.', '\\.')}, magnetic track (\\d{3})°, ` +
        `true track (\\d{3})° \\(geodesic; variation \\d+°[EW]?, World Magnetic Model WMM-\\d{4} on \\d+ \\w{3} \\d{4}\\)`,
    ),
  );
  // The magnetic track is the true track less the variation at DVR (the model asked directly).
  const dvr = legs[legs.indexOf(konan) - 1]!.point;
  const magnetic = konan.trackDeg! - wmm(new Date()).point([dvr.lat, dvr.lon]).decl;
  const shown = /magnetic track (\d{3})°/.exec(value)![1]!;
  assert.equal(Number(shown), Math.round(((magnetic % 360) + 360) % 360) % 360);
  assert.match(
    value,
    new RegExp(`\\*\\*Flown\\*\\* ${formatNm(konan.cumulativeNm)}, \\*\\*to go\\*\\* ${formatNm(konan.remainingNm)}`),
  );
});

test('hover on the speed/level group: route distance and time en route in still air', () => {
  const value = hoverAt(ROUTE, 2, 3);
  const total = routeLegs(expandRoute(first(parseRouteDocument(ROUTE).blocks), db)).totalNm;
  assert.match(value, new RegExp(`\\*\\*Route distance:\\*\\* ${formatNm(total)} over \\d+ points`));
  const minutes = Math.round((total / 450) * 60);
  assert.equal(minutes, 47);
  assert.match(value, /\*\*Time en route in still air:\*\* 47 min at 450 kt TAS\./);
  assert.match(hoverAt('N0120F050 DVR UL9 KONAN UL607 AMASI', 0, 3), /still air:\*\* 2 h 03 min at 120 kt TAS/);
  assert.match(
    hoverAt('M082F370 DVR UL9 KONAN', 0, 3),
    /TAS \(Mach 0\.82 taken as \d{3} kt TAS in the standard atmosphere/,
  );
});

test('the outline shows each route total; the expansion table lists every point with its leg', () => {
  const document = parseRouteDocument(`${ROUTE}\n\nN0450F350 UNKNOWNWORD`);
  const resultFor = (block: RouteBlock) => expandRoute(block, db);
  const route = first(documentSymbols(document, live, undefined, (block) => routeLegs(resultFor(block)).totalNm));
  const total = routeLegs(resultFor(first(document.blocks))).totalNm;
  assert.match(route.detail!, new RegExp(`, ${formatNm(total)}$`));

  const table = expansionTable(document, resultFor, live, 'navdata');
  const lines = table.split('\n');
  assert.match(first(lines), /^# route expansion \(navdata\)$/);
  const header = lines.findIndex((l) => /^\s*#\s+point/.test(l));
  assert.match(
    nth(lines, header, 'header line'),
    /^ #\s+point\s+type\s+coordinates\s+airway\s+leg\s+track \(M\)\s+track \(T\)\s+var\s+cumulative$/,
  );
  assert.match(
    nth(lines, header + 2, 'first point line'),
    /^ 1\s+EGLL\s+aerodrome\s+51°28\.2'N 000°27\.5'W\s+0\.0 NM$/,
  );
  assert.ok(
    lines.some((l) =>
      /^\s*\d+\s+KOK\s+VOR\s+.+\s+UL607\s+\d+\.\d NM\s+\d{3}°\s+\d{3}°\s+(\d+°[EW]|0°)\s+\d+ NM$/.test(l),
    ),
    table,
  );
  assert.ok(table.includes(`Total ${formatNm(total)} over`));
  assert.match(
    table,
    /magnetic \(M\) is true \(T\) less the variation \(var\) of the World Magnetic Model WMM-\d{4} on /,
  );
  // Exit points name the airway they are reached along, as interior points do.
  for (const [point, airway] of [
    ['KONAN', 'UL9'],
    ['AMASI', 'UL607'],
  ])
    assert.ok(
      lines.some((l) => new RegExp(`^\\s*\\d+\\s+${point}\\s+\\S+\\s+.+\\s+${airway}\\s+\\d+\\.\\d NM`).test(l)),
      `${point} via ${airway}:\n${table}`,
    );
});

test('inlay hints: distance since the point written before, the total at the end; none outside the range', () => {
  const document = parseRouteDocument(ROUTE);
  const resultFor = (block: RouteBlock) => expandRoute(block, db);
  const all = inlayHints(
    document,
    { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
    resultFor,
    live,
  );
  const labels = all.map((h) => `${h.position.line}:${h.position.character} ${h.label}`);
  const { legs, totalNm } = routeLegs(resultFor(first(document.blocks)));
  const amasi = legs.find((l) => l.point.designator === 'AMASI')!;
  const konan = legs.find((l) => l.point.designator === 'KONAN')!;
  // AMASI's hint is the distance along UL607 from KONAN, interior points included.
  assert.ok(labels.includes(`2:42 ${formatNm(amasi.cumulativeNm - konan.cumulativeNm)}`), labels.join('\n'));
  assert.equal(labels.at(-1), `2:42 total ${formatNm(totalNm)}`);
  assert.equal(all.filter((h) => !String(h.label).startsWith('total')).length, 4, 'DET, DVR, KONAN, AMASI');
  assert.deepEqual(
    inlayHints(document, { start: { line: 0, character: 0 }, end: { line: 1, character: 5 } }, resultFor, live),
    [],
  );
});
