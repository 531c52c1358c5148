/**
 * Airway segment level bands and one-way segments from awy.dat: the L607 case on the full data
 * in ../shared/navdata (cycle 2013.10), a one-way segment on the awy 1100 fixture, and the quick
 * fix to the airway that covers the same points at the planned level.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { FOUND_BY_NAVDATA, mergeGeometryFindings } from '../../../server/src/expansion/hubGeometry';
import { parseRouteDocument } from '../../../server/src/route';
import { codeActions } from '../../../server/src/services/codeActions';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { NavDatabaseBuilder, type NavDatabase } from '../../../server/src/navdata/loader';
import { applyEdits } from '../services/edits';
import { SHARED_NAVDATA, XPLANE11, fullNavdataMissing, load } from '../navdata/paths';

const skip = fullNavdataMissing;
const live = { isCancellationRequested: false };
const URI = 'file:///routes/levels.route';

function findings(text: string, db: NavDatabase) {
  return expandRoute(parseRouteDocument(text).blocks[0]!, db).findings;
}

test('the loader keeps the data cycle of the airway file header and each segment’s band', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  const awy = db.report.files.find((f) => f.kind === 'awy')!;
  assert.equal(awy.cycle, '2013.10');
  const konan = db.airway('L607')!.nodesWhere((n) => db.ident(n) === 'KONAN')[0]!;
  const kok = db.airway('L607')!.nodesWhere((n) => db.ident(n) === 'KOK')[0]!;
  assert.deepEqual(
    db
      .airway('L607')!
      .segmentsBetween(konan, kok)
      .map((s) => [s.levelType, s.baseFl, s.topFl]),
    [[1, 65, 195]],
  );
  assert.deepEqual(
    db
      .airway('UL607')!
      .segmentsBetween(konan, kok)
      .map((s) => [s.levelType, s.baseFl, s.topFl]),
    [[2, 195, 600]],
  );
});

test(
  'L607 KONAN–KOK (FL065–FL195) at F350: a warning naming band, segment and cycle; UL607 offered',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const text = 'N0450F350 KONAN L607 KOK';
    const found = findings(text, db);
    assert.deepEqual(
      found.map((f) => [f.code, f.severity]),
      [['X012', 'warning']],
    );
    const message = found[0]!.message;
    assert.match(message, /FL350/);
    assert.match(message, /KONAN–KOK FL065–FL195 \(low airway\)/);
    assert.match(message, /in the navigation data, cycle 2013\.10/);
    assert.match(message, /UL607 covers the same points/);
    // The warning sits on the airway token.
    assert.equal(text.slice(found[0]!.range.start.character, found[0]!.range.end.character), 'L607');

    const document = parseRouteDocument(text);
    const diagnostics = documentDiagnostics(document, live, found).filter((d) => d.code === 'X012');
    const actions = codeActions(URI, document, new LineIndex(text), diagnostics[0]!.range, diagnostics, live);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Replace L607 by UL607 (covers KONAN–KOK at FL350)'],
    );
    const fixed = applyEdits(text, actions[0]!.edit!.changes![URI]!);
    assert.equal(fixed, 'N0450F350 KONAN UL607 KOK');
    assert.deepEqual(findings(fixed, db), []);
  },
);

test(
  'within the band, no finding; a change to F350 at the entry point is the level planned there',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    assert.deepEqual(findings('N0450F150 KONAN L607 KOK L607 MAK', db), []);
    assert.deepEqual(
      findings('N0450F150 KONAN/N0450F350 L607 KOK', db).map((f) => f.code),
      ['X012'],
    );
    // Descending to F150 at KONAN: L607 fits from there on.
    assert.deepEqual(findings('N0450F350 KONAN/N0450F150 L607 KOK', db), []);
    // Below a high airway's base: UL607 KONAN–KOK starts at FL195.
    const below = findings('N0450F150 KONAN UL607 KOK', db);
    assert.deepEqual(
      below.map((f) => f.code),
      ['X012'],
    );
    assert.match(below[0]!.message, /below the band\. L607 covers the same points/);
    // Metric level S1190 (about 39,000 ft) on a low airway; VFR has no level to judge.
    assert.deepEqual(
      findings('K0830S1190 KONAN L607 KOK', db).map((f) => f.code),
      ['X012'],
    );
    assert.deepEqual(findings('N0120VFR KONAN L607 KOK', db), []);
  },
);

test(
  'a cruise climb is judged by its layer: overlapping the band passes, wholly above it warns',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    assert.deepEqual(findings('N0450F150 C/KONAN/M082F180F260 L607 KOK', db), []);
    assert.deepEqual(
      findings('N0450F150 C/KONAN/M082F330F370 L607 KOK', db).map((f) => f.code),
      ['X012'],
    );
  },
);

test('a one-way segment (awy 1100) flown the other way: X013 names the segments, not the general X007', async () => {
  const db = await load(XPLANE11);
  const found = findings('N0450F150 BEGOK T150 RUDUS', db);
  assert.deepEqual(
    found.map((f) => [f.code, f.severity]),
    [['X013', 'warning']],
  );
  assert.match(found[0]!.message, /against its one-way direction in the navigation data, cycle 2013\.10/);
  assert.match(found[0]!.message, /one-way ROLIS→COL, RUDUS→ROLIS/);
  // The permitted direction passes (at F160: RUDUS–ROLIS is westbound, X014 at an odd level).
  assert.deepEqual(findings('N0450F160 RUDUS T150 BEGOK', db), []);
});

test('an airway of separate pieces is still the general X007, and a segment without limits is never judged', () => {
  const builder = new NavDatabaseBuilder();
  const fixes: Record<string, [number, number]> = { AAAAA: [50, 1], BBBBB: [50, 2], CCCCC: [50, 3], DDDDD: [50, 4] };
  for (const [name, [lat, lon]] of Object.entries(fixes)) builder.addFix(name, lat, lon);
  const at = (name: string) => builder.findSamePlace(name, ...fixes[name]!);
  // Two pieces of Z1 (A–B and C–D) that never meet; no levels given (zeros).
  builder.addSegment('Z1', at('AAAAA'), at('BBBBB'));
  builder.addSegment('Z1', at('CCCCC'), at('DDDDD'));
  const db = builder.build({
    folder: 'synthetic',
    files: [],
    missing: [],
    fixes: 0,
    navaids: 0,
    aerodromes: 0,
    airways: 0,
    airwaySegments: 0,
    milliseconds: 0,
  });
  assert.deepEqual(
    findings('N0450F350 AAAAA Z1 DDDDD', db).map((f) => f.code),
    ['X007'],
  );
  assert.deepEqual(findings('N0450F350 AAAAA Z1 BBBBB', db), []);
});

test('with a hub key and navigation data, X012 and X013 come from the data and say so', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  const offline = findings('N0450F350 KONAN L607 KOK', db);
  const merged = mergeGeometryFindings([], [], offline);
  assert.deepEqual(
    merged.map((f) => f.code),
    ['X012'],
  );
  assert.ok(merged[0]!.message.endsWith(FOUND_BY_NAVDATA), merged[0]!.message);
});
