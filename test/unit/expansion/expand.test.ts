import test from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Geodesic } from 'geographiclib-geodesic';
import { parseRouteDocument, type RouteBlock } from '../../../server/src/route';
import type { NavDatabase } from '../../../server/src/navdata/loader';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { codesOf, DIAGNOSTIC_CODES } from '../../../server/src/route/codes';
import { EXCERPT, SAMPLES, XPLANE11, load } from '../navdata/paths';
import { defined } from '../../shared/defined';

function block(text: string, index = 0): RouteBlock {
  return defined(parseRouteDocument(text).blocks[index], `block ${index} of ${JSON.stringify(text)}`);
}

function sample(file: string): RouteBlock[] {
  return parseRouteDocument(fs.readFileSync(path.join(SAMPLES, file), 'utf8')).blocks;
}

/** The block at `index` of a sample file. */
const sampleBlock = (file: string, index: number): RouteBlock =>
  defined(sample(file)[index], `block ${index} of ${file}`);

const designators = (db: NavDatabase, b: RouteBlock) => expandRoute(b, db).points.map((p) => p.designator);
const codes = (db: NavDatabase, b: RouteBlock) => expandRoute(b, db).findings.map((f) => f.code);

/**
 * The samples' only expansion findings: airways flown outside their segments' level bands in the
 * 2013.10 data (X012, see docs/testing.md), as `code airway`, per file and route name.
 */
const LEVEL_FINDINGS: Record<string, string[]> = {
  'europe.route EGLL → EDDF': ['X012 L607', 'X012 T150'],
  'fpl-message.route DLH4AB EGLL → EDDF': ['X012 L607', 'X012 T150'],
  'north-atlantic.route EIDW → CYYT': ['X012 UN536'],
};
const levelFindings = (findings: { code: string; message: string }[]) =>
  findings.map((f) => `${f.code} ${f.message.split(' ')[0]}`);

test('London Heathrow to Frankfurt: airways expanded between entry and exit, aerodromes at the ends, procedures kept', async () => {
  const db = await load(EXCERPT);
  const route = sampleBlock('europe.route', 0);
  const result = expandRoute(route, db);
  // L607 (top FL195/FL240) and T150 (top FL240) at F350: the level bands of the data, nothing else.
  assert.deepEqual(levelFindings(result.findings), ['X012 L607', 'X012 T150']);
  assert.deepEqual(
    result.points.map((p) => p.designator),
    [
      'EGLL',
      'DVR',
      'KONAN',
      'KOK',
      'MAK',
      'GOLEX',
      'DENOX',
      'GILOM',
      'LNO',
      'ARCKY',
      'GELPA',
      'NEKIR',
      'ULMEN',
      'NANOK',
      'PINEM',
      'LAGES',
      'UBIDU',
      'RUDUS',
      'ROLIS',
      'EDDF',
    ],
  );
  const byName = new Map(result.points.map((p) => [p.designator, p]));
  const point = (designator: string) => defined(byName.get(designator), designator);
  assert.equal(point('EGLL').elementIndex, -1);
  assert.equal(point('EGLL').type, 'aerodrome');
  assert.equal(point('EGLL').elevationFt, 83);
  assert.equal(point('DVR').type, 'vor');
  assert.match(point('DVR').resolvedFix, /^DVR VOR 51\.16N 001\.36E \(DOVER VOR-DME\)$/);
  assert.equal(route.elements[point('DVR').elementIndex]?.text, 'DVR');
  assert.equal(point('LNO').via, 'L607');
  assert.equal(route.elements[point('LNO').elementIndex]?.text, 'L607');
  assert.equal(point('KONAN').via, undefined, 'the exit point is the route element itself');
  assert.deepEqual(
    result.procedures.map((p) => [p.kind, p.designator]),
    [
      ['sid', 'DVR6J'],
      ['star', 'ROLIS1A'],
    ],
  );
  assert.equal(result.ambiguousFirstFix, undefined);
});

test('an airway flown backwards gives its points in reverse order', async () => {
  const db = await load(EXCERPT);
  const forward = designators(db, block('N0450F350 KONAN UL607 AMASI'));
  const backward = designators(db, block('N0450F350 AMASI UL607 KONAN'));
  assert.deepEqual(forward, ['KONAN', 'KOK', 'FERDI', 'BUPAL', 'REMBA', 'SPI', 'PELIX', 'MATUG', 'AMASI']);
  assert.deepEqual(backward, [...forward].reverse());
});

test('every sample route except the broken ones expands without findings but the level bands of its airways', async () => {
  const db = await load(EXCERPT);
  for (const file of ['europe.route', 'north-atlantic.route', 'asia.route', 'fpl-message.route']) {
    for (const b of sample(file)) {
      const result = expandRoute(b, db);
      assert.deepEqual(levelFindings(result.findings), LEVEL_FINDINGS[`${file} ${b.name}`] ?? [], `${file} ${b.name}`);
      assert.ok(result.points.length >= 5, `${file} ${b.name}`);
      assert.equal(result.points[0]?.designator, b.origin!.value);
      assert.equal(result.points.at(-1)!.designator, b.destination!.value);
    }
  }
});

test('North Atlantic: 7- and 11-character lat/lon points, namesakes chosen near the previous point', async () => {
  const db = await load(EXCERPT);
  const [whole, half] = [sampleBlock('north-atlantic.route', 0), sampleBlock('north-atlantic.route', 1)];
  const points = expandRoute(whole, db).points;
  const at = (d: string) => points.find((p) => p.designator === d)!;
  assert.deepEqual([at('57N020W').lat, at('57N020W').lon, at('57N020W').type], [57, -20, 'latLon']);
  assert.deepEqual([at('58N040W').lat, at('58N040W').lon], [58, -40]);
  // PRAWN is also near Sydney and Hong Kong; after 57N050W it is the one in Labrador.
  assert.ok(Math.abs(at('PRAWN').lat - 57.2) < 0.01 && Math.abs(at('PRAWN').lon + 59.18) < 0.01);
  assert.equal(at('GOMUP').designator, 'GOMUP', 'a point with a speed/level change is a point');
  const halfPoints = expandRoute(half, db).points;
  const p = halfPoints.find((x) => x.designator === '5230N04000W')!;
  assert.deepEqual([p.lat, p.lon], [52.5, -40]);
  assert.match(p.resolvedFix, /52\.50N 040\.00W/);
});

test('Asia: Hong Kong to Tokyo along A1 and Y21, Singapore to Bangkok', async () => {
  const db = await load(EXCERPT);
  const [hongKong, singapore] = [sampleBlock('asia.route', 0), sampleBlock('asia.route', 1)];
  const points = designators(db, hongKong);
  assert.deepEqual(points.slice(0, 3), ['VHHH', 'ELATO', 'KADLO']);
  assert.ok(points.includes('APU') && points.includes('KEC') && points.includes('VIOLA'));
  assert.equal(points.at(-1), 'RJTT');
  assert.deepEqual(designators(db, singapore), [
    'WSSS',
    'VJR',
    'DAMAL',
    'LATUK',
    'ANSOM',
    'VIH',
    'KARMI',
    'HTY',
    'RELIP',
    'UPNEP',
    'DIRAX',
    'REGOS',
    'POLAK',
    'BKK',
    'VTBS',
  ]);
  // VIH and BKK have namesakes in the USA; the airway keeps them in Asia.
  const bkk = expandRoute(singapore, db).points.find((p) => p.designator === 'BKK')!;
  assert.ok(Math.abs(bkk.lat - 13.89) < 0.01);
});

test('ambiguous first fix without referenceFix: no point selected, candidates with distance to origin', async () => {
  const db = await load(EXCERPT);
  const route = sampleBlock('ambiguous-first-fix.route', 0);
  const result = expandRoute(route, db);
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['EGHI', 'ORTAC', 'JSY', 'EGJJ'],
  );
  const ambiguous = result.ambiguousFirstFix!;
  assert.equal(ambiguous.ident, 'SAM');
  const sam = route.elements.find((e) => e.text === 'SAM')!;
  assert.deepEqual(ambiguous.range, sam.range);
  assert.deepEqual(
    ambiguous.candidates.map((c) => c.name),
    ['SOUTHAMPTON VOR-DME', 'SAMOS VOR-DME', 'SAMSVILLE VOR-DME', 'SAMPLA VOR-DME'],
  );
  // The old formats have no regions: the nationality letters of the nearest aerodrome stand in.
  assert.deepEqual(
    ambiguous.candidates.map((c) => c.region),
    ['EG', 'LG', 'K', 'VI'],
  );
  assert.ok(defined(ambiguous.candidates[0]).distanceToOriginNm! < 2);
  assert.ok(defined(ambiguous.candidates[1]).distanceToOriginNm! > 1000);
  const finding = defined(result.findings[0], 'a finding');
  assert.equal(finding.code, 'X005');
  assert.deepEqual(finding.range, sam.range);
  assert.match(finding.message, /SAM names 4 places/);
  assert.match(finding.message, /referenceFix/);
  const data = finding.data as { candidates: { referenceFix: string }[] };
  assert.equal(data.candidates[0]?.referenceFix, '5057N00121W');
});

test('referenceFix as a fix, a radial or a coordinate selects the closest candidate', async () => {
  const db = await load(EXCERPT);
  const [literal, radial, coordinate] = [
    sampleBlock('ambiguous-first-fix.route', 1),
    sampleBlock('ambiguous-first-fix.route', 2),
    sampleBlock('ambiguous-first-fix.route', 3),
  ];
  for (const b of [literal, radial]) {
    const result = expandRoute(b, db);
    assert.deepEqual(result.findings, [], b.referenceFix!.value);
    assert.equal(result.ambiguousFirstFix, undefined);
    const sam = result.points.find((p) => p.designator === 'SAM')!;
    assert.match(sam.resolvedFix, /SOUTHAMPTON/, b.referenceFix!.value);
  }
  const greek = expandRoute(coordinate, db);
  assert.deepEqual(greek.findings, []);
  assert.match(greek.points.find((p) => p.designator === 'SAM')!.resolvedFix, /SAMOS/);
  // KOR also names navaids in Finland and Denmark: the last point stays in Greece.
  assert.ok(Math.abs(greek.points.find((p) => p.designator === 'KOR')!.lat - 37.93) < 0.01);

  // A coordinate near Samos on a route from Southampton: chosen, and flagged as far away.
  const misplaced = expandRoute(block('origin: EGHI\nreferenceFix: 3741N02654E\nN0240F080 SAM DCT ORTAC'), db);
  assert.match(defined(misplaced.points[1]).resolvedFix, /SAMOS/);
  assert.deepEqual(
    misplaced.findings.map((f) => f.code),
    ['X004', 'X004'],
  );
});

test('a referenceFix that cannot be used is an X009 on the directive, and the first fix stays unselected', async () => {
  const db = await load(EXCERPT);
  for (const value of ['12345', 'QQQQQ', '95N001W']) {
    const b = block(`origin: EGHI\nreferenceFix: ${value}\nN0240F080 SAM DCT ORTAC`);
    const result = expandRoute(b, db);
    assert.deepEqual(
      result.findings.map((f) => f.code),
      ['X009', 'X005'],
      value,
    );
    assert.deepEqual(defined(result.findings[0]).range, b.referenceFix!.range);
    assert.ok(result.ambiguousFirstFix);
  }
});

test('unknown point: X001 on its exact range; the route goes on', async () => {
  const db = await load(EXCERPT);
  const b = block('N0450F350 DVR DCT KNOAN DCT KOK');
  const result = expandRoute(b, db);
  assert.deepEqual(
    result.findings.map((f) => f.code),
    ['X001'],
  );
  assert.deepEqual(defined(result.findings[0]).range, {
    start: { line: 0, character: 18 },
    end: { line: 0, character: 23 },
  });
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['DVR', 'KOK'],
  );
  assert.equal(DIAGNOSTIC_CODES.X001.severity, defined(result.findings[0]).severity);
});

test('airway that does not contain the entry or exit point: X002 on the airway', async () => {
  const db = await load(EXCERPT);
  const entry = block('N0450F350 DET L6 DVR');
  const found = expandRoute(entry, db).findings;
  assert.deepEqual(
    found.map((f) => f.code),
    ['X002', 'X002'],
  );
  assert.deepEqual(defined(found[0]).range, entry.elements[2]?.range);
  assert.match(defined(found[0]).message, /L6 does not pass DET/);
  const exit = expandRoute(block('N0450F350 DVR UL9 KONAM'), db).findings;
  assert.deepEqual(
    exit.map((f) => f.code),
    ['X002'],
  );
  assert.match(defined(exit[0]).message, /UL9 does not pass KONAM; from DVR its nearest points are KONAN/);
  const latLonExit = expandRoute(block('N0450F350 DVR UL9 51N002E'), db).findings;
  assert.deepEqual(
    latLonExit.map((f) => f.code),
    ['X002'],
  );
});

test('airways that do not meet: X003; airways that meet without their joining point: the junction is found', async () => {
  const db = await load(EXCERPT);
  const apart = block('N0450F350 DVR UL9 UN857 MITUM');
  const result = expandRoute(apart, db);
  assert.ok(result.findings.some((f) => f.code === 'X003' && f.range === apart.elements[3]?.range));
  assert.match(result.findings.find((f) => f.code === 'X003')!.message, /UL9 and UN857 do not meet/);
  const joined = designators(db, block('N0450F350 DVR UL9 UL607 AMASI'));
  assert.deepEqual(joined, ['DVR', 'KONAN', 'KOK', 'FERDI', 'BUPAL', 'REMBA', 'SPI', 'PELIX', 'MATUG', 'AMASI']);
});

test('unknown airway X006, far point X004, oceanic track X010', async () => {
  const db = await load(EXCERPT);
  assert.deepEqual(codes(db, block('N0450F350 DVR UQ999 KONAN')), ['X006']);
  // Westbound at an even level: the cruising level check (X014) has nothing to say.
  const far = expandRoute(block('N0450F340 DVR DCT 57N050W'), db).findings;
  assert.deepEqual(
    far.map((f) => f.code),
    ['X004'],
  );
  assert.match(defined(far[0]).message, /57N050W is 1,\d{3} NM from DVR/);
  assert.deepEqual(codes(db, block('N0450F350 GOMUP NATD 57N050W')), ['X010']);
  assert.deepEqual(codes(db, block('origin: QQQQ\ndestination: EDDF\nN0450F350 DVR UL9 KONAN')), ['X008']);
  // ZZZZ is Doc 4444's "no location indicator", not an aerodrome the data lacks (zzzzAerodromes.test.ts).
  assert.deepEqual(codes(db, block('origin: ZZZZ\ndestination: EDDF\nN0450F350 DVR UL9 KONAN')), []);
});

test('one-way airway segments (awy 1100): no way against the direction is X013, not the general X007', async () => {
  const db = await load(XPLANE11);
  assert.deepEqual(designators(db, block('N0450F350 RUDUS T150 COL')), ['RUDUS', 'ROLIS', 'COL']);
  const against = block('N0450F350 COL T150 RUDUS');
  const result = expandRoute(against, db);
  assert.deepEqual(
    result.findings.map((f) => f.code),
    ['X013'],
  );
  assert.deepEqual(defined(result.findings[0]).range, against.elements[2]?.range);
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['COL', 'RUDUS'],
  );
});

test("bearing/distance points are computed on WGS84 with the VOR's variation; other bases are taken as true", async () => {
  const db = await load(EXCERPT);
  // Westbound at an even level: the cruising level check (X014) has nothing to say.
  const result = expandRoute(block('N0450F340 DVR DCT DVR270020 DCT BIG'), db);
  assert.deepEqual(result.findings, []);
  const [dvr, computed] = [defined(result.points[0], 'DVR'), defined(result.points[1], 'the computed point')];
  assert.equal(computed.type, 'computed');
  const inverse = Geodesic.WGS84.Inverse(dvr.lat, dvr.lon, computed.lat, computed.lon);
  assert.ok(Math.abs(inverse.s12! / 1852 - 20) < 1e-6);
  assert.ok(
    Math.abs(inverse.azi1! - -93) < 1e-6 || Math.abs(inverse.azi1! - 267) < 1e-6,
    `true bearing 267 (270 magnetic, 3°W), got ${inverse.azi1}`,
  );
  assert.match(computed.resolvedFix, /magnetic 270° \(true 267°, variation 3°W at DVR\)/);
  const fromFix = defined(expandRoute(block('N0450F350 KONAN DCT KONAN090010'), db).points[1], 'the computed point');
  const check = Geodesic.WGS84.Inverse(51.130833, 2, fromFix.lat, fromFix.lon);
  assert.ok(Math.abs(check.azi1! - 90) < 1e-6);
  assert.match(fromFix.resolvedFix, /taken as true/);
});

test('a cancelled expansion stops between elements and says so', async () => {
  const db = await load(EXCERPT);
  const route = sampleBlock('europe.route', 0);
  let checks = 0;
  const token = {
    get isCancellationRequested() {
      return ++checks > 4;
    },
  };
  const result = expandRoute(route, db, token);
  assert.equal(result.cancelled, true);
  assert.ok(result.points.length < expandRoute(route, db).points.length);
  assert.ok(!result.points.some((p) => p.designator === 'EDDF'));
  assert.equal(expandRoute(route, db, { isCancellationRequested: false }).cancelled, undefined);
});

test('the same route expands to the same points from the current formats as from the old ones', async () => {
  const [old, current] = await Promise.all([load(EXCERPT), load(XPLANE11)]);
  const b = block('N0450F350 DVR UL9 KONAN L607 RUDUS T150 ROLIS');
  const a = expandRoute(b, old).points.map((p) => [p.designator, p.lat, p.lon]);
  const c = expandRoute(b, current).points.map((p) => [p.designator, p.lat, p.lon]);
  assert.deepEqual(c, a);
});

test('every block of every sample file expands without throwing, broken ones included', async () => {
  const db = await load(EXCERPT);
  for (const file of fs.readdirSync(SAMPLES).filter((f) => f.endsWith('.route'))) {
    for (const b of sample(file)) {
      const result = expandRoute(b, db);
      for (const f of result.findings)
        assert.ok((codesOf('X') as string[]).includes(f.code) && f.message.length > 20, `${file}: ${f.code}`);
    }
  }
});

test('an aerodrome written first in the route text is the origin, not a first fix', async () => {
  const db = await load(EXCERPT);
  const result = expandRoute(block('EGHI N0240F080 SAM DCT ORTAC DCT JSY EGJJ'), db);
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['EGHI', 'ORTAC', 'JSY', 'EGJJ'],
  );
  assert.ok(defined(result.ambiguousFirstFix?.candidates[0]).distanceToOriginNm! < 2);
  assert.deepEqual(
    result.points.map((p) => p.elementIndex),
    [0, 4, 6, 7],
  );
});

test('data without an aerodrome table expands routes without their ends and without X008', async () => {
  const db = await load(XPLANE11);
  const result = expandRoute(block('origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN'), db);
  assert.deepEqual(result.findings, []);
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['DVR', 'KONAN'],
  );
});

test('an unknown point before an airway is one finding, not also a wrong entry', async () => {
  const db = await load(EXCERPT);
  const result = expandRoute(block('origin: EGLL\nN0450F350 KNOAN UL9 KONAN'), db);
  assert.deepEqual(
    result.findings.map((f) => f.code),
    ['X001'],
  );
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['EGLL', 'KONAN'],
  );
});

test('after an unselected first fix, a namesake is chosen near the next unambiguous point or the destination', async () => {
  const db = await load(EXCERPT);
  const prawn = (text: string) => expandRoute(block(text), db).points.find((p) => p.designator === 'PRAWN')!;
  assert.ok(Math.abs(prawn('N0450F350 SAM DCT PRAWN DCT 57N050W').lat - 57.2) < 0.01, 'Labrador, near 57N050W');
  assert.ok(Math.abs(prawn('destination: VHHH\nN0450F350 SAM DCT PRAWN').lat - 22.27) < 0.01, 'Hong Kong, near VHHH');
});

test('a misspelt exit point is underlined, not the airway; a far point names the dropped first fix', async () => {
  const db = await load(EXCERPT);
  const text = 'N0450F350 DVR UL9 KONAM';
  const x002 = expandRoute(block(text), db).findings.filter((f) => f.code === 'X002');
  assert.equal(x002.length, 1);
  const { range } = defined(x002[0], 'an X002');
  assert.deepEqual([range.start.character, range.end.character], [text.indexOf('KONAM'), text.length]);
  // DUB names Dublin and Dubai: with no referenceFix the first fix is dropped (hub contract), and a
  // far point says what was placed before it.
  const onAirway = expandRoute(block('N0470F330 DUB UN536 BURAK'), db);
  assert.ok(
    onAirway.findings.some((f) => f.code === 'X005' && /the one on UN536/.test(f.message)),
    JSON.stringify(onAirway.findings.map((f) => f.message)),
  );
  const far = expandRoute(block('origin: EIDW\nN0470F330 DUB DCT 25N055E'), db);
  assert.ok(
    far.findings.some((f) => f.code === 'X005' && /the one near the origin EIDW/.test(f.message)),
    JSON.stringify(far.findings.map((f) => f.message)),
  );
  const x004 = far.findings.find((f) => f.code === 'X004');
  assert.ok(x004);
  assert.match(x004.message, /from EIDW, the last point placed \(DUB, written before it, was not placed\)/);
});
