/**
 * The loaders and the expansion on the full navigation data in ../shared/navdata (development
 * and CI only; skipped with the reason elsewhere).
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { parseRouteDocument } from '../../../server/src/route';
import { clearlyNearestDeparture, expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { FAR_POINT_NM } from '../../../server/src/expansion/offlineExpansion';
import { NavDatabaseBuilder } from '../../../server/src/navdata/loader';
import { EXCERPT, SAMPLES, SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';
import { defined } from '../../shared/defined';

/** The first block of `text`. */
const firstBlock = (text: string) => defined(parseRouteDocument(text).blocks[0], 'a route block');

const skip = fullNavdataMissing;

test('the full data loads: every file, no malformed rows, the expected sizes', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  assert.deepEqual(
    db.report.files.map((f) => f.format),
    ['nav 810', 'fix 600', 'awy 640', 'airports.tsv'],
  );
  for (const f of db.report.files) assert.equal(f.malformed, 0, `${f.path}: ${JSON.stringify(f.malformedSamples)}`);
  assert.ok(db.report.fixes > 115_000, `fixes ${db.report.fixes}`);
  assert.ok(db.report.navaids > 10_000, `navaids ${db.report.navaids}`);
  assert.ok(db.report.airwaySegments > 70_000, `segments ${db.report.airwaySegments}`);
  assert.ok(db.report.aerodromes > 33_000, `aerodromes ${db.report.aerodromes}`);
  assert.ok(db.airway('MT E'), 'airway designators with blanks');
});

test('the samples expand on the full data exactly as on the excerpt', { skip }, async () => {
  const [full, excerpt] = await Promise.all([load(SHARED_NAVDATA), load(EXCERPT)]);
  for (const file of [
    'europe.route',
    'north-atlantic.route',
    'asia.route',
    'fpl-message.route',
    'ambiguous-first-fix.route',
  ]) {
    const blocks = parseRouteDocument(fs.readFileSync(path.join(SAMPLES, file), 'utf8')).blocks;
    for (const b of blocks) {
      const a = expandRoute(b, full);
      const e = expandRoute(b, excerpt);
      assert.deepEqual(a.points, e.points, `${file} ${b.name}`);
      assert.deepEqual(
        a.findings.map((f) => f.code),
        e.findings.map((f) => f.code),
        `${file} ${b.name}`,
      );
    }
  }
});

test(
  'full data: DVR also names an airway point in Papua New Guinea, so a route starting DVR needs a referenceFix, on an airway too',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const bare = firstBlock('N0450F350 DVR DCT KONAN');
    const result = expandRoute(bare, db);
    assert.deepEqual(
      result.findings.map((f) => f.code),
      ['X005'],
    );
    assert.equal(result.ambiguousFirstFix?.candidates.length, 2);
    // The hub contract: a duplicate first fix without referenceFix selects no point, even when the
    // airway makes the place clear; the warning names it first, so its first quick fix writes it.
    const onAirway = expandRoute(firstBlock('N0450F350 DVR UL9 KONAN'), db);
    assert.deepEqual(
      onAirway.findings.map((f) => f.code),
      ['X005'],
    );
    assert.match(defined(onAirway.findings[0]).message, /the one on UL9, DOVER VOR-DME/);
    assert.match(defined(onAirway.ambiguousFirstFix?.candidates[0]).name ?? '', /DOVER/);
    assert.ok(!onAirway.points.some((p) => p.designator === 'DVR'));
    const withReference = expandRoute(firstBlock('referenceFix: DVR090005\nN0450F350 DVR DCT KONAN'), db);
    assert.deepEqual(withReference.findings, []);
    assert.match(defined(withReference.points[0]).resolvedFix, /DOVER/);
  },
);

test('full data: a long route across Europe and Asia', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  const b = firstBlock(
    'origin: EHAM\ndestination: LEMD\nN0450F350 LOPIK UN852 LNO/N0450F360 UZ707 RESMI UN857 SAU UN857 MITUM UN733 PRADO',
  );
  const result = expandRoute(b, db);
  assert.deepEqual(result.findings, []);
  assert.equal(result.points.length, 28);
});

test('the committed excerpt is what make-excerpt.ts makes from the full data and the samples', { skip }, () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'excerpt-'));
  const run = spawnSync(
    process.execPath,
    // tsx's CommonJS hook alone: `--import tsx` also starts the ESM loader's worker thread, and
    // the script is CommonJS (it uses __dirname).
    ['--require', 'tsx/cjs', path.join(EXCERPT, 'make-excerpt.ts'), SHARED_NAVDATA, out],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  for (const file of ['fix.dat.gz', 'nav.dat.gz', 'awy.dat.gz', 'airports.tsv.gz']) {
    const made = zlib.gunzipSync(fs.readFileSync(path.join(out, file))).toString('latin1');
    const committed = zlib.gunzipSync(fs.readFileSync(path.join(EXCERPT, file))).toString('latin1');
    assert.ok(
      made === committed,
      `${file} is out of date: run node --import tsx test/fixtures/navdata/make-excerpt.ts`,
    );
  }
});

test(
  'full data: an airway node that is itself a lat/lon point (T16 passes 45N016W) is an exit and an entry',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const left = expandRoute(firstBlock('N0450F350 NAVIX T16 45N016W DCT 46N015W'), db);
    assert.deepEqual(
      left.findings.filter((f) => f.code === 'X002'),
      [],
    );
    assert.ok(left.points.some((p) => p.designator === '45N016W'));
    const joined = expandRoute(firstBlock('N0450F350 45N016W T16 OMOKO'), db);
    assert.deepEqual(
      joined.findings.filter((f) => f.code === 'X002'),
      [],
    );
  },
);

test(
  'nearestDeparture: from EGLL, DVR is Dover (71 NM, the other DVR 7,813 NM): taken as information, with the referenceFix candidates; the literal rule keeps X005',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const route = firstBlock('origin: EGLL\ndestination: LIRF\nN0450F350 DVR UL9 KONAN');
    const result = expandRoute(route, db, undefined, { firstFix: 'nearestDeparture' });
    assert.deepEqual(
      result.findings.map((f) => [f.code, f.severity]),
      [['X011', 'information']],
    );
    assert.equal(result.ambiguousFirstFix, undefined);
    assert.deepEqual(
      result.points.map((p) => p.designator),
      ['EGLL', 'DVR', 'KONAN', 'LIRF'],
    );
    assert.match(defined(result.points[1]).resolvedFix, /DOVER/);
    const x011 = defined(result.findings[0], 'the X011');
    assert.match(x011.message, /nearest the departure EGLL is taken: DOVER VOR-DME .*71 NM from EGLL .*7,813 NM away/);
    const data = x011.data as { likely: boolean; candidates: { name?: string; referenceFix: string }[] };
    assert.equal(data.likely, true);
    assert.equal(data.candidates.length, 2);
    assert.match(defined(data.candidates[0]).name ?? '', /DOVER/);
    assert.match(defined(data.candidates[1]).referenceFix, /^\d{4}S\d{5}E$/);
    assert.deepEqual(
      expandRoute(route, db).findings.map((f) => f.code),
      ['X005'],
    );
  },
);

test('clearly nearest: at most FAR_POINT_NM away, every other namesake 3 times as far and 100 NM farther, the airway after it agreeing', async () => {
  // Fixes named ABC due north of an origin at 0°N 0°E, at these distances (1° of latitude ≈ 60 NM);
  // airway A1 joins the ABC at `airwayFrom` (an index into `nms`) to OTHER.
  const origin = { lat: 0, lon: 0 };
  const pick = (nms: number[], airwayFrom?: number) => {
    const builder = new NavDatabaseBuilder();
    const indices = nms.map((nm) => {
      builder.addFix('ABC', nm / 60.04, 0, 'XX');
      return builder.pointAt('ABC', nm / 60.04, 0);
    });
    builder.addFix('OTHER', 5, 5, 'XX');
    if (airwayFrom !== undefined)
      builder.addSegment('A1', defined(indices[airwayFrom], "the airway's ABC"), builder.pointAt('OTHER', 5, 5));
    const db = builder.build({ files: [] } as never);
    const chosen = clearlyNearestDeparture(db, db.lookup('ABC'), origin, airwayFrom === undefined ? undefined : 'A1');
    return chosen === undefined ? undefined : Math.round(db.lat(chosen) * 60.04);
  };
  assert.equal(pick([71, 7813]), 71);
  assert.equal(pick([150, 400]), undefined, 'less than three times as far');
  assert.equal(pick([20, 90]), undefined, 'three times as far but not 100 NM farther');
  assert.equal(pick([20, 130]), 20);
  assert.equal(pick([FAR_POINT_NM + 50, 5000]), undefined, 'the nearest is itself a far jump');
  assert.equal(pick([400, 3000, 5000]), 400);
  assert.equal(pick([71, 7813], 0), 71, 'the airway after it passes the nearest');
  assert.equal(pick([71, 7813], 1), undefined, 'the airway after it passes the other one only');
});
