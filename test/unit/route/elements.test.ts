/** Every element form of Item 15: kind, values, decoded meaning and exact range. */
import test from 'node:test';
import assert from 'node:assert/strict';
import type { RouteElement } from '../../../server/src/route';
import { first, lastOf, nth, onlyBlock, r } from './helpers';

/** The elements of one route line. */
function elements(route: string): RouteElement[] {
  return onlyBlock(route).elements;
}

/** The element at `index` of `route`, checked to sit exactly where `token` is written. */
function element(route: string, index: number): RouteElement {
  const e = elements(route)[index];
  assert.ok(e, `no element ${index} in ${route}`);
  const at = route.split(' ').slice(0, index).join(' ').length + (index > 0 ? 1 : 0);
  assert.deepEqual(e.range, r(0, at, at + e.text.length), `range of ${e.text}`);
  return e;
}

test('speed/level groups: knots, km/h, Mach; F, S, A, M levels and VFR', () => {
  const cases: [string, string, object, object][] = [
    ['N0450F350', '450 kt TAS at FL350', { unit: 'knots', value: 450 }, { unit: 'flightLevel', value: 350 }],
    [
      'K0830S1130',
      '830 km/h TAS at metric level 11,300 m',
      { unit: 'kmh', value: 830 },
      { unit: 'metricLevel', value: 1130 },
    ],
    ['M082F370', 'Mach 0.82 at FL370', { unit: 'mach', value: 82 }, { unit: 'flightLevel', value: 370 }],
    [
      'N0120A045',
      '120 kt TAS at altitude 4,500 ft',
      { unit: 'knots', value: 120 },
      { unit: 'altitudeFeet', value: 45 },
    ],
    [
      'K0300M0840',
      '300 km/h TAS at altitude 8,400 m',
      { unit: 'kmh', value: 300 },
      { unit: 'altitudeMetres', value: 840 },
    ],
    ['N0120VFR', '120 kt TAS, VFR (no cruising level)', { unit: 'knots', value: 120 }, { unit: 'vfr', value: 0 }],
    ['M101F450', 'Mach 1.01 at FL450', { unit: 'mach', value: 101 }, { unit: 'flightLevel', value: 450 }],
  ];
  for (const [text, description, speed, level] of cases) {
    const e = element(`${text} DVR`, 0);
    assert.equal(e.kind, 'speedLevel', text);
    if (e.kind !== 'speedLevel') continue;
    assert.equal(e.description, description);
    assert.deepEqual({ unit: e.speed.unit, value: e.speed.value }, speed);
    assert.deepEqual({ unit: e.level.unit, value: e.level.value }, level);
  }
});

test('M is a speed with 3 digits and a level with 4: position decides', () => {
  const e = element('M082M0840 DVR', 0);
  assert.equal(e.kind, 'speedLevel');
  if (e.kind === 'speedLevel') {
    assert.equal(e.speed.unit, 'mach');
    assert.equal(e.level.unit, 'altitudeMetres');
    assert.equal(e.level.value, 840);
  }
});

test('DCT, airways and tracks', () => {
  const route = 'N0450F350 DVR DCT KONAN UL607 AMASI L9 LN A1 BUB W615A KOK NATD 52N020W PTS3 KOK';
  const got = elements(route).map((e) => [e.kind, e.text, e.description]);
  assert.deepEqual(got.slice(2, 3), [['direct', 'DCT', 'direct: a straight line to the next point']]);
  assert.deepEqual(got[4], ['airway', 'UL607', 'ATS route UL607']);
  assert.deepEqual(got[6], ['airway', 'L9', 'ATS route L9']);
  assert.deepEqual(got[8], ['airway', 'A1', 'ATS route A1']);
  assert.deepEqual(got[10], ['airway', 'W615A', 'ATS route W615A']);
  assert.deepEqual(got[12], ['track', 'NATD', 'North Atlantic track D']);
  assert.deepEqual(got[14], ['track', 'PTS3', 'Pacific organised track (PACOTS) 3']);
  const airway = element(route, 4);
  assert.equal(airway.kind === 'airway' && airway.designator, 'UL607');
});

test('SID only right after the first group, STAR only last; the words SID and STAR', () => {
  const sid = element('N0450F350 ANEKI1L DVR DCT KONAN KERAX2B', 1);
  assert.equal(sid.kind, 'sid');
  assert.equal(sid.description, 'standard instrument departure ANEKI1L');
  const star = element('N0450F350 ANEKI1L DVR DCT KONAN KERAX2B', 5);
  assert.equal(star.kind, 'star');
  assert.equal(star.description, 'standard arrival route KERAX2B');
  const words = elements('N0450F350 SID DVR DCT KONAN STAR');
  const sidWord = nth(words, 1);
  assert.equal(sidWord.kind, 'sid');
  assert.equal(sidWord.kind === 'sid' && sidWord.designator, null);
  assert.equal(nth(words, 5).kind, 'star');
  // An ATS route right after the first group (departure on the route) stays an airway.
  assert.equal(element('N0450F350 UL9 KONAN', 1).kind, 'airway');
  // The STAR slot moves before a destination aerodrome written last.
  const withAd = elements('EGLL N0450F350 DET1J DVR DCT KONAN KERAX2B EDDF');
  assert.deepEqual(
    withAd.map((e) => e.kind),
    ['aerodrome', 'speedLevel', 'sid', 'point', 'direct', 'point', 'star', 'aerodrome'],
  );
});

test('coded points: navaids of 2–3 letters, named points of 5', () => {
  const es = elements('N0450F350 LN DCT DVR DCT KONAN');
  assert.deepEqual(
    es
      .slice(1)
      .filter((e) => e.kind === 'point')
      .map((e) => [e.text, e.description]),
    [
      ['LN', 'navaid LN'],
      ['DVR', 'navaid DVR'],
      ['KONAN', 'named point KONAN'],
    ],
  );
  const konan = element('N0450F350 LN DCT DVR DCT KONAN', 5);
  assert.equal(konan.kind === 'point' && konan.ident, 'KONAN');
});

test('lat/lon points of 7 and 11 characters, decoded with signs', () => {
  const deg = element('N0450F350 46N078W DCT 4620N07805W DCT 0530S00812E', 1);
  assert.equal(deg.kind, 'latLon');
  if (deg.kind === 'latLon') {
    assert.equal(deg.lat, 46);
    assert.equal(deg.lon, -78);
    assert.equal(deg.precision, 'degrees');
    assert.equal(deg.description, '46°N 078°W');
  }
  const min = element('N0450F350 46N078W DCT 4620N07805W DCT 0530S00812E', 3);
  if (min.kind !== 'latLon') assert.fail('latLon expected');
  assert.equal(min.precision, 'minutes');
  assert.ok(Math.abs(min.lat - (46 + 20 / 60)) < 1e-9);
  assert.ok(Math.abs(min.lon + (78 + 5 / 60)) < 1e-9);
  assert.equal(min.description, "46°20'N 078°05'W");
  const south = element('N0450F350 46N078W DCT 4620N07805W DCT 0530S00812E', 5);
  if (south.kind !== 'latLon') assert.fail('latLon expected');
  assert.ok(south.lat < 0 && south.lon > 0);
  assert.equal(south.description, "05°30'S 008°12'E");
});

test('bearing/distance points', () => {
  const e = element('N0450F350 DUB180040 DCT KONAN', 1);
  assert.equal(e.kind, 'bearingDistance');
  if (e.kind === 'bearingDistance') {
    assert.deepEqual([e.ident, e.bearing, e.distanceNm], ['DUB', 180, 40]);
    assert.equal(e.description, '180° magnetic, 40 NM from DUB');
  }
});

test('point/speed level changes keep both parts with their own ranges', () => {
  const route = 'N0450F350 DVR DCT LN/N0284A045 DCT 46N078W/M082F330 DCT DUB180040/N0350M0840';
  const ln = element(route, 3);
  assert.equal(ln.kind, 'pointChange');
  if (ln.kind !== 'pointChange') return;
  assert.equal(ln.point.kind, 'point');
  assert.deepEqual(ln.point.range, r(0, 18, 20));
  assert.deepEqual(ln.speedLevel.range, r(0, 21, 30));
  assert.equal(ln.speedLevel.description, '284 kt TAS at altitude 4,500 ft');
  assert.equal(ln.description, 'at navaid LN: 284 kt TAS at altitude 4,500 ft');
  const ll = element(route, 5);
  assert.equal(ll.kind === 'pointChange' && ll.point.kind, 'latLon');
  const bd = element(route, 7);
  assert.equal(bd.kind === 'pointChange' && bd.point.kind, 'bearingDistance');
  assert.equal(bd.kind === 'pointChange' && bd.speedLevel.level.unit, 'altitudeMetres');
});

test('cruise climb with two levels or PLUS', () => {
  const two = element('N0450F350 DVR DCT C/48N050W/M082F290F350', 3);
  assert.equal(two.kind, 'cruiseClimb');
  if (two.kind !== 'cruiseClimb') return;
  assert.equal(two.point.kind, 'latLon');
  assert.deepEqual(two.point.range, r(0, 20, 27));
  assert.equal(two.speed.value, 82);
  assert.equal(two.fromLevel.value, 290);
  assert.equal(two.toLevel?.value, 350);
  assert.equal(two.description, 'cruise climb from 48°N 050°W at Mach 0.82 between FL290 and FL350');
  const plus = element('N0450F350 DVR DCT C/48N050W/M082F290PLUS', 3);
  assert.equal(plus.kind === 'cruiseClimb' && plus.toLevel, null);
  assert.equal(plus.description, 'cruise climb from 48°N 050°W at Mach 0.82 from FL290 and above');
});

test('flight rules changes, truncation, OAT/GAT, IFPSTOP/IFPSTART, STAY', () => {
  const es = elements(
    'N0450F350 DVR DCT ROM/N0180A090 VFR DCT KONAN/N0450F350 IFR DCT LN OAT DCT BUB GAT DCT KOK IFPSTOP DCT AMASI IFPSTART DCT SAM STAY1/0130 DCT TNT T',
  );
  const pick = (text: string): RouteElement => {
    const e = es.find((x) => x.text === text);
    assert.ok(e, text);
    return e;
  };
  assert.deepEqual(
    [pick('VFR').kind, pick('VFR').kind === 'flightRules' && pick('VFR').description],
    ['flightRules', 'change of flight rules to VFR at the preceding point'],
  );
  assert.equal(pick('IFR').kind === 'flightRules' && (pick('IFR') as { rules: string }).rules, 'IFR');
  assert.equal(pick('OAT').kind, 'trafficType');
  assert.equal(pick('GAT').kind === 'trafficType' && (pick('GAT') as { traffic: string }).traffic, 'GAT');
  assert.equal(pick('IFPSTOP').kind, 'ifps');
  assert.equal((pick('IFPSTART') as { mode: string }).mode, 'IFPSTART');
  const stay = pick('STAY1/0130');
  assert.equal(stay.kind, 'stay');
  if (stay.kind === 'stay') {
    assert.deepEqual([stay.index, stay.minutes], [1, 90]);
    assert.equal(stay.description, 'stay 1: 1 h 30 min at the preceding point');
    assert.equal(
      nth(onlyBlock('N0450F350 DVR STAY2/0045').elements, 2).description,
      'stay 2: 45 min at the preceding point',
    );
  }
  assert.equal(pick('T').kind, 'truncation');
  assert.deepEqual(
    onlyBlock(
      'N0450F350 DVR DCT ROM/N0180A090 VFR DCT KONAN/N0450F350 IFR DCT LN OAT DCT BUB GAT DCT KOK IFPSTOP DCT AMASI IFPSTART DCT SAM STAY1/0130 DCT TNT T',
    ).diagnostics,
    [],
  );
});

test('aerodromes as the first and last word; a 4-letter word inside is a warned point', () => {
  const es = elements('EGLL N0450F350 DVR DCT KONAN EDDF');
  const departure = first(es);
  assert.equal(departure.kind, 'aerodrome');
  assert.equal(departure.description, 'aerodrome EGLL (first word: the departure aerodrome)');
  assert.deepEqual(departure.range, r(0, 0, 4));
  const destination = nth(es, 5);
  assert.equal(destination.kind, 'aerodrome');
  assert.equal(destination.kind === 'aerodrome' && destination.icao, 'EDDF');
  const block = onlyBlock('EGLL N0450F350 DVR DCT KONAN EDDF');
  assert.deepEqual(block.origin, { value: 'EGLL', range: r(0, 0, 4) });
  assert.deepEqual(block.destination, { value: 'EDDF', range: r(0, 29, 33) });
  const inside = onlyBlock('N0450F350 DVR DCT ABCD DCT KONAN');
  assert.equal(nth(inside.elements, 3).kind, 'point');
  assert.deepEqual(
    inside.diagnostics.map((d) => [d.code, d.range]),
    [['R115', r(0, 18, 22)]],
  );
});

test('route text spread over lines keeps absolute positions; routeText is one upper-case line', () => {
  const text = 'origin: EGLL\nN0450F350 DVR\n\tul9   KONAN # comment\r\n  UL607 AMASI\n';
  const block = onlyBlock(text);
  assert.equal(block.routeText, 'N0450F350 DVR UL9 KONAN UL607 AMASI');
  assert.deepEqual(
    block.elements.map((e) => [e.text, e.range.start.line, e.range.start.character]),
    [
      ['N0450F350', 1, 0],
      ['DVR', 1, 10],
      ['ul9', 2, 1],
      ['KONAN', 2, 7],
      ['UL607', 3, 2],
      ['AMASI', 3, 8],
    ],
  );
  assert.deepEqual(block.routeRange, { start: { line: 1, character: 0 }, end: { line: 3, character: 13 } });
});

test('elements serialise to JSON with their descriptions', () => {
  const block = onlyBlock('N0450F350 DVR DCT 4620N07805W');
  const json = JSON.parse(JSON.stringify(block));
  assert.equal(json.elements.length, 4);
  assert.equal(json.elements[3].description, "46°20'N 078°05'W");
  assert.deepEqual(json.elements[3].range, r(0, 18, 29));
});

test('near misses read as what they nearly are', () => {
  const cases: [string, string][] = [
    ['N0450F350 DVR STAY1', 'R113'],
    ['N0450F350 DVR DCT /N0450F350', 'R111'],
    ['N0450F350 DVR DCT C/', 'R112'],
    ['N0450F350 DVR DCT 4600N', 'R109'],
    ['N0450F350 DVR DCT DUB18004', 'R101'],
    ['N0450F350 DVR/N0450', 'R104'],
    ['N0450F350 DVR DCT KONAN/X0450F350', 'R103'],
    ['N0450F350 DVR DCT ABCDEFGH', 'R101'],
    ['N0450F350 DVR DCT UL6070000', 'R101'],
    ['N0450F350 DVR DCT UL607ABC', 'R110'],
  ];
  for (const [route, code] of cases) {
    const block = onlyBlock(route);
    assert.ok(
      block.diagnostics.some((d) => d.code === code),
      `${route}: expected ${code}, got ${block.diagnostics.map((d) => d.code).join(' ')}`,
    );
    assert.equal(lastOf(block.elements).kind, 'unknown', route);
  }
});
