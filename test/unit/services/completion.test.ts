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
import { inverse } from '../../../server/src/geo/geodesy';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { AirlineDirectory } from '../../../server/src/services/airline';
import { completions } from '../../../server/src/services/completion';
import { LineIndex } from '../../../server/src/services/ranges';

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
  assert.match(items[0].detail!, /^VOR( \w+)? · 24\.7 NM along UL607 from KONAN$/);
  const along = items.map((i) => Number(/· ([\d.,]+) NM along/.exec(i.detail!)![1].replace(',', '')));
  assert.deepEqual(
    along,
    [...along].sort((a, b) => a - b),
  );
  // The word being typed is replaced, nothing else.
  assert.deepEqual((items[0].textEdit as TextEdit).range, {
    start: { line: 2, character: 30 },
    end: { line: 2, character: 31 },
  });
});

test('after DCT: fixes near the point before it, ahead of the flight, nearest first', () => {
  const items = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR DCT |');
  assert.ok(items.length > 5);
  const toDestination = inverse(db.at(db.lookup('DVR')[0]), { lat: 50.03, lon: 8.54 }).trackDeg;
  let last = 0;
  for (const item of items) {
    const [, nm, track] = /· ([\d.,]+) NM from DVR, track (\d{3})°$/.exec(item.detail!)!;
    const turn = Math.abs(((Number(track) - toDestination + 540) % 360) - 180);
    assert.ok(turn <= 90.5, `${item.label} ${item.detail}`);
    assert.ok(Number(nm.replace(',', '')) >= last);
    last = Number(nm.replace(',', ''));
  }
});

test('in referenceFix: one coordinate per namesake of the first point, nearest the origin first', () => {
  const items = complete('origin: EGLL\nreferenceFix: |\nN0450F350 SAM DCT OCK');
  assert.deepEqual(
    items.map((i) => i.label),
    ['5057N00121W', '3741N02654E', '3829N08805W', '2849N07649E'],
  );
  assert.equal(items[0].detail, 'SAM VOR EG · 45.5 NM from EGLL');
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
  assert.deepEqual(complete('origin: |\nN0450F350 DVR'), []);
  assert.deepEqual(complete('N0450F350 DVR |', {}), []);
});
