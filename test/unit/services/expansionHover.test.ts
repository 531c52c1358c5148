/**
 * The hover's route expansion section, fed with real offline expansions of the project's navdata
 * excerpt: resolved points with their positions, airways with the points between entry and exit
 * (also where two airways meet), the candidates of an ambiguous first fix.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { formatDegreesMinutes } from '../../../server/src/geo/degreesMinutes';
import { expansionHoverSection } from '../../../server/src/services/expansionHover';
import { hover } from '../../../server/src/services/hover';
import { first, nth } from '../route/helpers';

const live = { isCancellationRequested: false };
let db: NavDatabase;

before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

/** The hover markdown at the middle of the element written `word` (first occurrence). */
function hoverOn(text: string, word: string): string {
  const document = parseRouteDocument(text);
  const lines = text.split('\n');
  const line = lines.findIndex((l) => new RegExp(`(^|\\s)${word}(\\s|/|$)`).test(l));
  const character = nth(lines, line, `a line with ${word}`).search(new RegExp(`(?<=^|\\s)${word}`)) + 1;
  const result = hover(document, { line, character }, live, {
    sourceName: 'navigation data',
    resultFor: (block) => expandRoute(block, db),
  });
  assert.ok(result, `hover on ${word}`);
  return (result.contents as MarkupContent).value;
}

test('degrees and minutes to the tenth, hemispheres, and the carry at 60 minutes', () => {
  assert.equal(formatDegreesMinutes(51.1617, 1.36), "51°09.7'N 001°21.6'E");
  assert.equal(formatDegreesMinutes(-33.9461, -151.1772), "33°56.8'S 151°10.6'W");
  assert.equal(formatDegreesMinutes(47.99999, -0.000001), "48°00.0'N 000°00.0'W");
  assert.equal(formatDegreesMinutes(0, 0), "00°00.0'N 000°00.0'E");
});

test('a coded point shows the fix it resolved to, its type and position', () => {
  const text = hoverOn('N0450F350 DVR UL9 KONAN', 'DVR');
  assert.match(text, /^`DVR` — \*\*navaid\*\*/);
  assert.match(text, /\*Route expansion \(navigation data\)\*/);
  assert.match(text, /\*\*Resolved:\*\* VOR at 51°09\.\d'N 001°21\.\d'E/);
  assert.match(text, /DVR VOR .*51\.16N 001\.36E/);
});

test('lat/lon, bearing/distance and point-change points show their positions', () => {
  const route = 'N0450F350 DVR DCT DVR090020 DCT 5030N00200E/N0440F330 DCT KOK';
  assert.match(hoverOn(route, '5030N00200E/N0440F330'), /lat\/lon point at 50°30\.0'N 002°00\.0'E/);
  const radial = hoverOn(route, 'DVR090020');
  assert.match(radial, /computed point at 51°1\d\.\d'N 001°5\d\.\d'E/);
  assert.match(radial, /20 NM on magnetic 090/);
});

test('an airway lists the points it expands into between entry and exit', () => {
  const text = hoverOn('N0450F350 DVR UL9 KONAN UL607 AMASI', 'UL607');
  assert.match(text, /`UL607` from `KONAN` to `AMASI`:/);
  const listed = text
    .split('\n')
    .filter((l) => l.startsWith('- `'))
    .map((l) => /^- `(\w+)`/.exec(l)![1]);
  assert.deepEqual(listed, ['KONAN', 'KOK', 'FERDI', 'BUPAL', 'REMBA', 'SPI', 'PELIX', 'MATUG', 'AMASI']);
  for (const line of text.split('\n').filter((l) => l.startsWith('- `')))
    assert.match(line, /\d{2}°\d{2}\.\d'[NS] \d{3}°\d{2}\.\d'[EW]$/);
  assert.match(hoverOn('N0450F350 DVR UL9 KONAN', 'UL9'), /`UL9` from `DVR` to `KONAN`:[\s\S]*No points in between/);
});

test('where two airways meet without a point, the junction ends one and starts the other', () => {
  const route = 'N0450F350 DVR UL9 UL607 AMASI';
  assert.match(hoverOn(route, 'UL9'), /`UL9` from `DVR` to `KONAN`/);
  const second = hoverOn(route, 'UL607');
  assert.match(second, /`UL607` from `KONAN` to `AMASI`/);
  assert.match(second, /`MATUG`/);
});

test('the ambiguous first fix lists its candidates with positions and distances', () => {
  const text = hoverOn('origin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY', 'SAM');
  assert.match(text, /\*\*Not selected:\*\* `SAM` names several places/);
  const candidates = text.split('\n').filter((l) => l.startsWith('- `SAM`'));
  assert.ok(candidates.length >= 2, text);
  assert.match(first(candidates), /VOR .*50°57\.\d'N 001°20\.\d'W, \d+ NM from the origin/);
});

test('an unknown point says why it was not resolved; elements without a point add nothing', () => {
  assert.match(hoverOn('N0450F350 DVR DCT KNOAN DCT KOK', 'KNOAN'), /\*\*Not resolved:\*\*[\s\S]*X001/);
  assert.doesNotMatch(hoverOn('N0450F350 DVR DCT KOK', 'DCT'), /Route expansion/);
  // The speed/level group speaks of the whole route instead (see routeLegs.test.ts).
  assert.doesNotMatch(hoverOn('N0450F350 DVR', 'N0450F350'), /Route expansion/);
});

test('origin and destination directives show the aerodromes they resolved to', () => {
  const text = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN';
  const document = parseRouteDocument(text);
  const lookup = {
    sourceName: 'navigation data',
    resultFor: (block: (typeof document.blocks)[number]) => expandRoute(block, db),
  };
  const origin = (hover(document, { line: 0, character: 10 }, live, lookup)!.contents as MarkupContent).value;
  assert.match(origin, /aerodrome at 51°28\.\d'N 000°2\d\.\d'W/);
  const destination = (hover(document, { line: 1, character: 14 }, live, lookup)!.contents as MarkupContent).value;
  assert.match(destination, /aerodrome at 50°0\d\.\d'N 008°3\d\.\d'E/);
});

test('the section is pure: a hand-made result from the hub is shown as given', () => {
  const block = first(parseRouteDocument('N0450F350 ABC DCT XYZ').blocks);
  const section = expansionHoverSection(
    nth(block.elements, 1),
    1,
    {
      points: [
        { designator: 'ABC', resolvedFix: 'ABC VOR 10.00N 020.00E', lat: 10, lon: 20, type: 'vor', elementIndex: 1 },
      ],
      findings: [],
      procedures: [],
    },
    'the hub',
  );
  assert.equal(
    section,
    "*Route expansion (the hub)*\n\n**Resolved:** VOR at 10°00.0'N 020°00.0'E\n\nABC VOR 10.00N 020.00E",
  );
  assert.equal(
    expansionHoverSection(nth(block.elements, 3), 3, { points: [], findings: [], procedures: [] }, 'the hub'),
    undefined,
  );
});
