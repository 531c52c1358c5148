/**
 * Completion from the navdata excerpt: airways through a point (those leading ahead first),
 * points along an airway in the direction of flight with distances, nearest fixes ahead after
 * DCT, referenceFix candidates; airline designators in field 7. Each item's edit replaces only
 * the word being typed.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { distanceNm, inverse } from '../../../server/src/geo/geodesy';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { AirlineDirectory } from '../../../server/src/remote/airlineDirectory';
import { completions } from '../../../server/src/services/completion';
import { LineIndex } from '../../../server/src/route/ranges';
import { fullNavdataMissing, load, SHARED_NAVDATA } from '../navdata/paths';
import { first } from '../route/helpers';

const live = { isCancellationRequested: false };
let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

/** Completion at the `|` in `text`. */
function complete(textWithCursor: string, data: Parameters<typeof completions>[3] = { db }): CompletionItem[] {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const lines = new LineIndex(text);
  return completions(parseRouteDocument(text), lines, lines.positionAt(offset), data, live);
}

test('after a point: the airways through it, those leading towards the destination first', () => {
  const items = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR |');
  const names = items.map((i) => i.label);
  for (const name of ['UL9', 'L9', 'L10', 'M189']) assert.ok(names.includes(name), names.join(' '));
  const ul9 = items.find((i) => i.label === 'UL9')!;
  assert.equal(ul9.detail, 'ATS route through DVR · next KONAN 24.3 NM');
  // M189 leads away from Frankfurt (JACKO lies west): listed after every airway leading east.
  assert.ok(names.indexOf('UL9') < names.indexOf('M189'));
  assert.deepEqual((ul9.textEdit as TextEdit).range, {
    start: { line: 2, character: 14 },
    end: { line: 2, character: 14 },
  });
});

test('after an airway: its points in the direction of flight, nearest first, each with its distance along it', () => {
  const items = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN UL607 K|');
  const labels = items.map((i) => i.label);
  assert.deepEqual(labels.slice(0, 4), ['KOK', 'FERDI', 'BUPAL', 'REMBA']);
  assert.match(first(items).detail!, /^VOR( \w+)? · 24\.7 NM along UL607 from KONAN$/);
  const along = items.map((i) => Number(/· ([\d.,]+) NM along/.exec(i.detail!)![1]!.replace(',', '')));
  assert.deepEqual(
    along,
    [...along].sort((a, b) => a - b),
  );
  // The word being typed is replaced, nothing else.
  assert.deepEqual((first(items).textEdit as TextEdit).range, {
    start: { line: 2, character: 30 },
    end: { line: 2, character: 31 },
  });
});

test('after DCT: fixes near the point before it, those on the way to the destination first, then those still nearer, each nearest first', () => {
  const items = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR DCT |');
  assert.ok(items.length > 5);
  const dvr = db.at(first(db.lookup('DVR'), 'DVR'));
  const eddf = db.at(db.aerodrome('EDDF')!);
  const toDestination = inverse(dvr, eddf).trackDeg;
  let last = 0;
  let group = 0;
  for (const item of items) {
    const [, nm, track] = /· ([\d.,]+) NM from DVR, track (\d{3})°$/.exec(item.detail ?? '') ?? [];
    assert.ok(nm && track, `${item.label}: ${item.detail}`);
    // The namesake at the distance shown (a name like N has several within 400 NM).
    const shown = Number(nm.replace(',', ''));
    const point = db.at(db.lookup(String(item.label)).find((i) => Math.abs(distanceNm(dvr, db.at(i)) - shown) < 0.6)!);
    // Progress towards EDDF per NM flown: on the way (within about 45°) from cos 45°.
    const progress = distanceNm(dvr, eddf) - distanceNm(point, eddf);
    assert.ok(progress > 0, `${item.label} brings the flight nearer EDDF`);
    const itemGroup = progress / distanceNm(dvr, point) >= Math.SQRT1_2 ? 0 : 1;
    if (itemGroup === 0) {
      const turn = Math.abs(((Number(track) - toDestination + 540) % 360) - 180);
      assert.ok(turn <= 50, `${item.label} ${item.detail}: on the way to EDDF (${toDestination.toFixed(0)}°)`);
    }
    assert.ok(itemGroup >= group, `${item.label} ${item.detail} after the off-track ones`);
    if (itemGroup > group) [group, last] = [itemGroup, 0];
    assert.ok(Number(nm.replace(',', '')) >= last, `${item.label} nearest first`);
    last = Number(nm.replace(',', ''));
  }
  assert.ok(/track 0[6-9]\d|track 1[0-2]\d/.test(first(items).detail!), first(items).detail);
});

test('in referenceFix: one coordinate per namesake of the first point, nearest the origin first', () => {
  const items = complete('origin: EGLL\nreferenceFix: |\nN0450F350 SAM DCT OCK');
  assert.deepEqual(
    items.map((i) => i.label),
    ['5057N00121W', '3741N02654E', '3829N08805W', '2849N07649E'],
  );
  assert.equal(first(items).detail, 'SAM VOR EG · 45.5 NM from EGLL');
  assert.deepEqual(complete('origin: EGLL\nreferenceFix: |\nN0450F350 DVR DCT OCK'), [], 'DVR is not ambiguous');
});

test('field 7: airline designators starting with what is typed, active ones first; nothing without data', () => {
  const directory = new AirlineDirectory(
    [
      { fs: 'LH', iata: 'LH', icao: 'DLH', name: 'Lufthansa', active: true },
      { fs: 'DL', iata: 'DL', icao: 'DAL', name: 'Delta Air Lines', active: true },
      { fs: 'XX*', iata: 'XX', icao: 'DLA', name: 'Old Airline', active: false, dateTo: '2001-01-01' },
    ],
    Date.UTC(2026, 10, 20),
  );
  const items = complete('(FPL-DL|4AB-IS', { airlines: directory });
  assert.deepEqual(
    items.map((i) => `${i.label} ${i.detail}`),
    ['DLH Lufthansa · IATA LH · active', 'DLA Old Airline · IATA XX · inactive'],
  );
  assert.deepEqual(complete('(FPL-DL|', {}), []);
  assert.deepEqual(
    complete('(FPL-DLH4AB-IS\n-A320/M-S/C\n-EGLL1200\n-N0450F350 DVR |', { airlines: directory }),
    [],
    'no navdata: no route completion',
  );
});

test('no completion in comments, in other directives, or without navigation data', () => {
  assert.deepEqual(complete('N0450F350 DVR # |'), []);
  assert.deepEqual(complete('origin: EGLL |\nN0450F350 DVR'), []);
  assert.deepEqual(complete('referenceFix: 51|\nN0450F350 DVR'), []);
  assert.deepEqual(complete('N0450F350 DVR |', {}), []);
});

test('origin: and destination: offer the aerodromes starting with what is typed, with the distance to the other end', () => {
  const origins = complete('origin: EGL|\ndestination: EDDF\nN0450F350 DVR UL9 KONAN');
  assert.ok(origins.length >= 3, origins.map((i) => i.label).join(' '));
  for (const item of origins) assert.match(String(item.label), /^EGL[A-Z]$/);
  const egll = origins.find((i) => i.label === 'EGLL')!;
  assert.match(egll.detail!, /^aerodrome London Heathrow · 353 NM from EDDF · ILS \d\d[LRC]?( \d\d[LRC]?)+$/);
  assert.deepEqual((egll.textEdit as TextEdit).range, {
    start: { line: 0, character: 8 },
    end: { line: 0, character: 11 },
  });
  const all = complete('origin: |\nN0450F350 DVR');
  assert.ok(all.length > 3 && all.every((i) => /^[A-Z]{4}$/.test(String(i.label))));
  assert.deepEqual(
    complete('destination: LIR|').map((i) => i.label),
    complete('destination: LIR|')
      .map((i) => i.label)
      .filter((l) => String(l).startsWith('LIR')),
  );
  assert.ok(complete('destination: LIR|').some((i) => i.label === 'LIRF'));
});

test('aerodromes as a dispatcher looks for them: those with instrument approaches first, and by a word of their name', () => {
  const eg = complete('origin: EG|\nN0450F350 DVR').map((i) => String(i.label));
  // Not EGAA, EGAB, EGAC… in the alphabet's order: the aerodromes with ILS runways come first.
  const withIls = (code: string) => db.ilsRunways(code).length;
  assert.ok(withIls(eg[0]!) >= 2, `${eg.slice(0, 5).join(' ')}`);
  assert.ok(eg.indexOf('EGLL') >= 0 && eg.indexOf('EGLL') < 10, `EGLL among the first: ${eg.slice(0, 10).join(' ')}`);
  for (let k = 1; k < eg.length; k++) assert.ok(withIls(eg[k - 1]!) >= withIls(eg[k]!), `${eg[k - 1]} before ${eg[k]}`);

  const heath = complete('origin: Heath|\nN0450F350 DVR');
  const egll = heath.find((i) => i.label === 'EGLL');
  assert.ok(egll, heath.map((i) => `${i.label} ${i.detail}`).join(', '));
  assert.match(egll.detail!, /London Heathrow/);
  // Found by its name: the editor filters it by what was typed, and the edit writes the code.
  assert.equal(egll.filterText, 'Heath');
  assert.equal((egll.textEdit as TextEdit).newText, 'EGLL');
  assert.deepEqual((egll.textEdit as TextEdit).range, {
    start: { line: 0, character: 8 },
    end: { line: 0, character: 13 },
  });
  assert.ok(complete('destination: Frankfurt|').some((i) => i.label === 'EDDF'));
});

test('FPL fields 13 and 16: aerodromes for the departure, the destination and the alternates, not in the times', () => {
  const fpl = (field13: string, field16: string) =>
    `(FPL-DLH4AB-IS\n-A320/M-S/C\n-${field13}\n-N0450F350 DVR UL9 KONAN\n-${field16})`;
  const departure = complete(fpl('EGL|', 'LIRF0215'));
  assert.ok(
    departure.some((i) => i.label === 'EGLL'),
    departure.map((i) => i.label).join(' '),
  );
  assert.ok(departure.every((i) => String(i.label).startsWith('EG')));
  assert.ok(complete(fpl('EGLL1200', 'LI|')).some((i) => i.label === 'LIRF'));
  assert.ok(
    complete(fpl('EGLL1200', 'LIRF0215 LIR|')).some((i) => i.label === 'LIRF'),
    'an alternate',
  );
  assert.deepEqual(complete(fpl('EGLL12|', 'LIRF0215')), [], 'the time of field 13');
  assert.deepEqual(complete(fpl('EGLL1200', 'LIRF02|')), [], 'the total EET of field 16');
});

test('after the first speed/level group: the fixes near the departure, on the way to the destination first', () => {
  const items = complete('origin: EGLL\ndestination: EDDF\nN0450F350 |');
  assert.ok(items.length >= 3, items.map((i) => i.label).join(' '));
  const egll = db.at(db.aerodrome('EGLL')!);
  const eddf = db.at(db.aerodrome('EDDF')!);
  const toDestination = inverse(egll, eddf).trackDeg;
  const [, nm, track] = /· ([\d.,]+) NM from EGLL, track (\d{3})°$/.exec(first(items).detail!)!;
  assert.ok(Number(nm) <= 120);
  assert.ok(Math.abs(((Number(track) - toDestination + 540) % 360) - 180) <= 45, first(items).detail);
  assert.deepEqual(complete('N0450F350 |'), [], 'no departure: nothing to be near');
});

test(
  'on the full data, real routes: completion ranks by progress towards the destination, never the airway just flown',
  { skip: fullNavdataMissing },
  async () => {
    const full = await load(SHARED_NAVDATA);
    const at = (text: string) => complete(text, { db: full });
    const lirf = full.at(full.aerodrome('LIRF')!);
    const trackOf = (detail: string) => Number(/track (\d{3})°$/.exec(detail)![1]);
    const off = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

    // Paris–Rome: after SRN the airway towards Rome first, the inbound UL612 last.
    const airways = at('origin: LFPG\ndestination: LIRF\nN0460F360 OKASI UL612 SRN |').map((i) => i.label);
    assert.equal(airways[0], 'UM727', airways.join(' '));
    assert.equal(airways.at(-1), 'UL612', airways.join(' '));

    // After SRN DCT: the first fixes offered lie on the track to LIRF (about 150°), not at 029° or 188°.
    const srn = full.at(full.lookup('SRN').find((i) => full.type(i) === 'vor')!);
    const toRome = inverse(srn, lirf).trackDeg;
    const direct = at('origin: LFPG\ndestination: LIRF\nN0460F360 OKASI UL612 SRN DCT |');
    assert.ok(direct.length >= 10);
    for (const item of direct.slice(0, 10))
      assert.ok(off(trackOf(item.detail!), toRome) <= 50, `${item.label} ${item.detail} (LIRF ${toRome.toFixed(0)}°)`);

    // London–Rome: after the speed/level group, points where the airways start near EGLL, towards Rome.
    const egll = full.at(full.aerodrome('EGLL')!);
    const first = at('origin: EGLL\ndestination: LIRF\nN0450F350 |');
    assert.ok(first.length >= 10);
    for (const item of first.slice(0, 10)) {
      assert.ok(off(trackOf(item.detail!), inverse(egll, lirf).trackDeg) <= 50, `${item.label} ${item.detail}`);
      assert.ok(Number(/([\d.]+) NM from EGLL/.exec(item.detail!)![1]) <= 120);
      const index = full.lookup(String(item.label)).find((i) => distanceNm(egll, full.at(i)) <= 121)!;
      assert.ok(full.airwaysThrough(index).length > 0, `${item.label} is on an airway`);
    }
    assert.ok(first.some((i) => i.label === 'OCK' || i.label === 'BIG' || i.label === 'DET'));
  },
);
