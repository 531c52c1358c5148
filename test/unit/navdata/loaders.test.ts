import test from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import {
  describeLoadReport,
  findNavDataFiles,
  loadNavDatabase,
  NavDataError,
  NavDatabaseBuilder,
  type LoadedFile,
} from '../../../server/src/navdata/loader';
import { AptDatParser, parseAptDat } from '../../../server/src/navdata/parsers';
import { EXCERPT, XPLANE11, load } from './paths';
import { defined } from '../../shared/defined';

function tempFolder(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navdata-test-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const COPYRIGHT = 'Version - data cycle 2013.10, test rows.  Copyright (c) 2013, Robin A. Peel. GNU GPL v2 or later.';

test('the excerpt loads in the old formats from gzip, without malformed rows', async () => {
  const db = await load(EXCERPT);
  const formats = db.report.files.map((f) => `${f.kind}: ${f.format}`);
  assert.deepEqual(formats, ['nav: nav 810', 'fix: fix 600', 'awy: awy 640', 'aerodromes: airports.tsv']);
  for (const file of db.report.files)
    assert.equal(file.malformed, 0, `${file.path}: ${JSON.stringify(file.malformedSamples)}`);
  assert.ok(
    db.report.fixes > 4000 && db.report.navaids > 500 && db.report.airwaySegments > 2000 && db.report.aerodromes > 500,
  );
  assert.deepEqual(db.report.missing, []);
  assert.match(describeLoadReport(db.report), /fixes, \d+ navaids/);
});

test('plain files give the same database as gzipped ones', async () => {
  const plain = tempFolder(
    Object.fromEntries(
      ['fix.dat', 'nav.dat', 'awy.dat', 'airports.tsv'].map((name) => [
        name,
        zlib.gunzipSync(fs.readFileSync(path.join(EXCERPT, `${name}.gz`))),
      ]),
    ),
  );
  const [a, b] = await Promise.all([loadNavDatabase(plain), load(EXCERPT)]);
  for (const key of ['fixes', 'navaids', 'airways', 'airwaySegments', 'aerodromes'] as const)
    assert.equal(a.report[key], b.report[key], key);
  assert.deepEqual(
    a.lookup('KONAN').map((i) => a.point(i)),
    b.lookup('KONAN').map((i) => b.point(i)),
  );
});

test('the current formats (fix 1101, nav 1150, awy 1100) load with ICAO regions, plain and gzipped', async () => {
  const db = await load(XPLANE11);
  assert.deepEqual(
    db.report.files.map((f) => f.format),
    ['nav 1150', 'fix 1101', 'awy 1100'],
  );
  assert.deepEqual(db.report.missing, ['aerodromes']);
  const sam = db.lookup('SAM').map((i) => db.point(i));
  assert.deepEqual(sam.map((p) => p.region).sort(), ['EG', 'K5', 'LG', 'VI']);
  assert.ok(
    sam.every((p) => p.type === 'vor'),
    'the DME rows of a VOR/DME are one station',
  );
  assert.equal(db.lookup('LL25A').length, 0, 'terminal fixes are not route points');
  const dvr = db.lookup('DVR');
  assert.equal(dvr.length, 1);
  assert.equal(db.variation(dvr[0]!), -3);

  const gz = tempFolder(
    Object.fromEntries(
      ['earth_fix.dat', 'earth_nav.dat', 'earth_awy.dat'].map((n) => [
        `${n}.gz`,
        zlib.gzipSync(fs.readFileSync(path.join(XPLANE11, n))),
      ]),
    ),
  );
  const fromGz = await loadNavDatabase(gz);
  assert.equal(fromGz.report.airwaySegments, db.report.airwaySegments);
  assert.equal(fromGz.report.fixes, db.report.fixes);
});

test('awy 1100 airways honour one-way segments', async () => {
  const db = await load(XPLANE11);
  const t150 = db.airway('T150');
  assert.ok(t150);
  const pointNamed = (ident: string) => defined(db.lookup(ident)[0], ident);
  const [col, rolis, rudus] = [pointNamed('COL'), pointNamed('ROLIS'), pointNamed('RUDUS')];
  assert.deepEqual(
    t150.path(rudus, [col])?.map((i) => db.ident(i)),
    ['RUDUS', 'ROLIS', 'COL'],
  );
  assert.equal(t150.path(col, [rudus]), undefined, 'COL → ROLIS and ROLIS → RUDUS are closed in that direction');
  assert.equal(t150.path(rolis, [rudus]), undefined);
  const ul9 = db.airway('UL9')!;
  const [dvr, konan] = [pointNamed('DVR'), pointNamed('KONAN')];
  assert.deepEqual(
    ul9.path(konan, [dvr])?.map((i) => db.ident(i)),
    ['KONAN', 'DVR'],
  );
});

test('CRLF, A/I headers, blank lines, malformed rows and rows after 99', async () => {
  const fix = [
    'A',
    `600 ${COPYRIGHT}`,
    '',
    ' 51.130833  002.000000 KONAN',
    ' 95.000000  002.000000 BADLA', // latitude out of range
    ' 51.2x0000  002.000000 BADNU', // not a number
    ' 51.000000 KURZ', // too few columns
    '',
    ' 51.162500  001.359167 DVR',
    ' 51.200000  002.100000 GOODA',
    ' 51.300000  002.200000 GOODB',
    '99',
    ' 10.000000  010.000000 AFTER',
  ].join('\r\n');
  const nav = [
    'I',
    `810 ${COPYRIGHT}`,
    '2  51.03166700  001.02666700     0   417  50    0.0 LYD  LYDD NDB',
    '3  51.16250000  001.35916700   315 11495 130   -3.0 DVR  DOVER VOR-DME',
    '4  51.46466700 -000.48272200    75 10950  18  269.7 IRR  EGLL 27R ILS-cat-III',
    '12  51.16250000  001.35916700   315 11495 130    0.0 DVR  DOVER VOR-DME',
    '12  51.46400000 -000.48200000    75 10950  18    0.0 IRR  EGLL 27R DME-ILS',
    '13  50.00000000  001.00000000    50 11100  40    0.0 TAC  SOMEWHERE TACAN',
    '77  51.00000000  001.00000000     0     0   0    0.0 XXX  UNKNOWN ROW',
    '99',
  ].join('\n');
  const awy = [
    'I',
    `640 ${COPYRIGHT}`,
    '',
    'DVR    51.162500  001.359167 KONAN  51.130833  002.000000 2 245 460 UL9',
    'AMIBO  34.973889  021.658056 ARLOS  34.625278  023.000000 1 095 195 M871-MT E-MT W',
    'DVR    51.162500  001.359167 KONAN  151.130833 002.000000 2 245 460 UL9X',
    'DVR 51.16',
    '99',
  ].join('\r\n');
  const db = await loadNavDatabase(tempFolder({ 'fix.dat': fix, 'nav.dat': nav, 'awy.dat': awy }));
  const report = (kind: string) =>
    defined(
      db.report.files.find((f) => f.kind === kind),
      `the ${kind} file's report`,
    );
  const byKind = { fix: report('fix'), nav: report('nav'), awy: report('awy') };
  assert.equal(byKind.fix.rows, 4, 'more rows read than malformed: the file is used');
  assert.equal(byKind.fix.malformed, 3);
  assert.deepEqual(
    byKind.fix.malformedSamples.map((s) => s.line),
    [5, 6, 7],
  );
  assert.equal(byKind.fix.malformedSamples[0]?.text, ' 95.000000  002.000000 BADLA');
  assert.equal(db.lookup('AFTER').length, 0, 'nothing after 99');
  assert.equal(byKind.fix.skipped, 1, 'fix DVR stands where the DVR VOR stands');
  assert.equal(byKind.nav.malformed, 1);
  assert.deepEqual(
    byKind.nav.malformedSamples.map((s) => s.line),
    [9],
  );
  assert.equal(db.lookup('IRR').length, 0, 'ILS parts and ILS DMEs are not route points');
  assert.deepEqual(
    db.lookup('DVR').map((i) => db.type(i)),
    ['vor'],
  );
  assert.deepEqual(
    db.lookup('TAC').map((i) => db.type(i)),
    ['tacan'],
  );
  assert.deepEqual(
    db.lookup('LYD').map((i) => db.type(i)),
    ['ndb'],
  );
  assert.equal(byKind.awy.rows, 2);
  assert.equal(byKind.awy.malformed, 2);
  assert.ok(db.airway('MT E') && db.airway('MT W') && db.airway('M871'), 'designators with blanks, split on -');
  assert.ok(
    db.lookup('AMIBO').length === 1 && db.isAirwayEndOnly(db.lookup('AMIBO')[0]!),
    'airway ends that no fix row lists become points',
  );
  assert.ok(!db.isAirwayEndOnly(defined(db.lookup('KONAN')[0], 'KONAN')));
});

test('apt.dat aerodromes: datum when given, else the mean of runway ends or helipads', async () => {
  const apt = [
    'I',
    `1100 ${COPYRIGHT}`,
    '',
    '1    83 0 0 EGLL London Heathrow',
    '100 50.00 1 0 0.25 1 3 0 09L  51.47750000 -000.48500000    0    0 3 0 0 1 27R  51.47750000 -000.43300000    0    0 3 0 0 1',
    '100 50.00 1 0 0.25 1 3 0 09R  51.46480000 -000.48200000    0    0 3 0 0 1 27L  51.46480000 -000.43400000    0    0 3 0 0 1',
    '1    15 0 0 XDAT Datum Field',
    '100 30.00 1 0 0.25 1 3 0 09  10.00000000  010.00000000    0    0 3 0 0 1 27  10.00000000  010.10000000    0    0 3 0 0 1',
    '1302 datum_lat 10.5',
    '1302 datum_lon 10.25',
    '17   40 0 0 EGLW London Heliport',
    '102 H1 51.46990000 -000.17940000 0 20 20 1 0 0 0.25 0',
    '1 12 0 0',
    '99',
  ].join('\n');
  const db = await loadNavDatabase(
    tempFolder({ 'fix.dat': `I\n600 ${COPYRIGHT}\n 51.1 1.3 ABCDE\n99\n`, 'apt.dat': apt }),
  );
  const file = db.report.files.find((f) => f.kind === 'aerodromes')!;
  assert.equal(file.format, 'apt.dat 1100');
  assert.equal(file.malformed, 1);
  const egll = db.point(db.aerodrome('EGLL')!);
  assert.equal(egll.name, 'London Heathrow');
  assert.equal(egll.elevationFt, 83);
  assert.ok(Math.abs(egll.lat - 51.47115) < 1e-6 && Math.abs(egll.lon + 0.4585) < 1e-6);
  const datum = db.point(db.aerodrome('XDAT')!);
  assert.deepEqual([datum.lat, datum.lon], [10.5, 10.25]);
  assert.deepEqual([db.lat(db.aerodrome('EGLW')!), db.type(db.aerodrome('EGLW')!)], [51.4699, 'aerodrome']);
});

test('X-Plane folders: files are found in Custom Data, names case-insensitively', async () => {
  const dir = tempFolder({
    'Custom Data/earth_fix.dat': `I\n1101 ${COPYRIGHT}\n\n 51.130833000 2.000000000 KONAN ENRT EB 2115159\n99\n`,
    'Custom Data/EARTH_NAV.DAT': `I\n1150 ${COPYRIGHT}\n\n3 51.1625 1.359167 315 11495 130 -3.0 DVR ENRT EG DOVER VOR-DME\n99\n`,
  });
  fs.mkdirSync(path.join(dir, 'Global Scenery', 'X-Plane 12 Global Airports', 'Earth nav data'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'Global Scenery', 'X-Plane 12 Global Airports', 'Earth nav data', 'apt.dat'),
    `I\n1200 ${COPYRIGHT}\n\n1 83 0 0 EGLL London Heathrow\n1302 datum_lat 51.4775\n1302 datum_lon -0.461389\n99\n`,
  );
  const found = await findNavDataFiles(dir);
  assert.match(found.aerodromes!, /X-Plane 12 Global Airports/);
  assert.equal(found.fix, path.join(dir, 'Custom Data', 'earth_fix.dat'));
  assert.equal(found.nav, path.join(dir, 'Custom Data', 'EARTH_NAV.DAT'));
  const db = await loadNavDatabase(dir);
  assert.equal(db.point(defined(db.lookup('KONAN')[0], 'KONAN')).region, 'EB');
  assert.deepEqual(db.report.missing, ['awy']);
  assert.equal(db.lat(db.aerodrome('EGLL')!), 51.4775);
});

test('a missing or empty folder is a NavDataError with a message that says what is expected', async () => {
  await assert.rejects(
    loadNavDatabase(path.join(os.tmpdir(), 'no-such-navdata-folder-4711')),
    (e: Error) => e instanceof NavDataError && /cannot be read/.test(e.message),
  );
  await assert.rejects(
    loadNavDatabase(tempFolder({ 'readme.txt': 'nothing here' })),
    (e: Error) => e instanceof NavDataError && /fix\.dat, nav\.dat and awy\.dat/.test(e.message),
  );
});

test('binary garbage is refused, naming its malformed rows; a corrupt gzip file is a NavDataError naming the file', async () => {
  const garbage = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256));
  await assert.rejects(
    loadNavDatabase(tempFolder({ 'fix.dat': garbage })),
    (e: Error) =>
      e instanceof NavDataError &&
      /fix\.dat: no row could be read as fix data \(\d+ malformed rows, the first at line 1: '[\x20-\x7e]+'\)/.test(
        e.message,
      ),
  );
  const truncated = zlib.gzipSync(Buffer.from(`I\n600 ${COPYRIGHT}\n 51.1 1.3 ABCDE\n99\n`)).subarray(0, 30);
  await assert.rejects(
    loadNavDatabase(tempFolder({ 'fix.dat.gz': truncated })),
    (e: Error) => e instanceof NavDataError && /fix\.dat\.gz cannot be decompressed/.test(e.message),
  );
});

test('apt.dat is read in chunks: any split of the text gives the same aerodromes; gzip and damage handled', async () => {
  const tsv = zlib.gunzipSync(fs.readFileSync(path.join(EXCERPT, 'airports.tsv.gz'))).toString('utf8');
  const rows = tsv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  const apt = [
    'I',
    `1000 ${COPYRIGHT}`,
    '',
    ...rows.flatMap(([ident, , name, lat, lon, elevation]) => [
      `1 ${elevation} 0 0 ${ident} ${name}`,
      `1302 datum_lat ${lat}`,
      `1302 datum_lon ${lon}`,
    ]),
    '99',
  ].join('\r\n');
  const whole = new NavDatabaseBuilder();
  parseAptDat(apt, whole, emptyFile());
  assert.equal(whole.aerodromes.size, rows.length);
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: apt.length - 1 }), { maxLength: 20 }), (cuts) => {
      const builder = new NavDatabaseBuilder();
      const parser = new AptDatParser(builder, emptyFile());
      const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), apt.length];
      for (let k = 1; k < points.length; k++) parser.feed(apt.slice(points[k - 1], points[k]));
      parser.end();
      assert.deepEqual([...builder.aerodromes.keys()], [...whole.aerodromes.keys()]);
      const i = builder.aerodromes.get('EGLL')!;
      assert.equal(builder.points.name[i], 'London Heathrow');
    }),
    { numRuns: 50 },
  );
  const fix = `I\n600 ${COPYRIGHT}\n 51.1 1.3 ABCDE\n99\n`;
  const db = await loadNavDatabase(tempFolder({ 'fix.dat': fix, 'apt.dat.gz': zlib.gzipSync(apt) }));
  assert.equal(db.report.aerodromes, rows.length);
  assert.equal(db.report.files.find((f) => f.kind === 'aerodromes')!.format, 'apt.dat 1000');
  await assert.rejects(
    loadNavDatabase(tempFolder({ 'fix.dat': fix, 'apt.dat.gz': zlib.gzipSync(apt).subarray(0, 2000) })),
    (e: Error) =>
      e instanceof NavDataError && /apt\.dat\.gz cannot be decompressed .*damaged or incomplete/.test(e.message),
  );
});

function emptyFile(): LoadedFile {
  return { kind: 'aerodromes', path: 'apt.dat', format: '', rows: 0, malformed: 0, malformedSamples: [], skipped: 0 };
}
