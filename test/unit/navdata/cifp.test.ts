/**
 * The CIFP reader (navdata/cifp.ts) and the lazy look-up of one file per aerodrome
 * (navdata/cifpFiles.ts): every route type of a SID and a STAR, transitions, constraints, runways,
 * a malformed line, a missing file, and the limits every navigation data file has.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { readCifpText, type CifpRoute } from '../../../server/src/navdata/cifp';
import { CifpLibrary, cifpFolders, procedureSource } from '../../../server/src/navdata/cifpFiles';
import { ROOT } from './paths';

const PROCEDURES = path.join(ROOT, 'test/fixtures/procedures');
const REAL = path.join(ROOT, 'test/fixtures/cifp-real');

const read = (folder: string, icao: string) =>
  readCifpText(icao, path.join(folder, `${icao}.dat`), fs.readFileSync(path.join(folder, `${icao}.dat`), 'latin1'));

const shape = (route: CifpRoute) =>
  `${route.part}${route.rnav ? '/rnav' : ''} ${route.transition || '-'}: ${route.legs.map((l) => l.fix?.ident ?? `(${l.pathTerminator})`).join(' ')}`;

test('a conventional SID: runway transitions (type 1) and the common route (type 2), in the order published', () => {
  const egll = read(path.join(PROCEDURES, 'CIFP'), 'EGLL');
  const dvr = egll.sids.get('DVR6J')!;
  assert.deepEqual(dvr.routes.map(shape), [
    'runway RW27L: (CA) EPM',
    'runway RW27R: (CA) EPM',
    'common ALL: EPM DET DVR',
  ]);
  const [climb, epm] = dvr.routes[0]!.legs;
  assert.deepEqual(
    { fix: climb!.fix, course: climb!.courseDeg, altitude: climb!.altitude },
    { fix: undefined, course: 273, altitude: { description: '+', first: { feet: 600, flightLevel: false } } },
    'a climb on a course to an altitude has no fix',
  );
  assert.deepEqual(epm!.fix, { ident: 'EPM', region: 'EG', section: 'D', subsection: 'B' });
  assert.equal(epm!.turn, 'L');
  const det = dvr.routes[2]!.legs[1]!;
  assert.deepEqual(det.speed, { description: '-', knots: 250 });
});

test('an RNAV SID: runway transitions (4), common route (5), en-route transitions (6); a common route for one runway', () => {
  const egll = read(path.join(PROCEDURES, 'CIFP'), 'EGLL');
  assert.deepEqual(egll.sids.get('CPT3F')!.routes.map(shape), [
    'runway/rnav RW27L: (CA) BUR',
    'runway/rnav RW27R: (CA) BUR',
    'common/rnav ALL: BUR CPT',
    'enroute/rnav KENET: CPT KENET',
    'enroute/rnav KIDLI: CPT KIDLI',
  ]);
  const cpt = egll.sids.get('CPT3F')!.routes[2]!.legs[1]!;
  assert.deepEqual(cpt.altitude, {
    description: 'B',
    first: { feet: 7000, flightLevel: true },
    second: { feet: 5000, flightLevel: false },
  });
  assert.deepEqual(egll.sids.get('BPK7G')!.routes.map(shape), ['common/rnav RW09R: (CA) BPK']);
});

test('STARs: en-route transitions (1, 4), common routes (2, 5), runway transitions (3)', () => {
  const eddf = read(path.join(PROCEDURES, 'CIFP'), 'EDDF');
  assert.deepEqual(eddf.stars.get('ROLIS1A')!.routes.map(shape), [
    'common ALL: ROLIS TABUM',
    'runway RW25L: TABUM NIBME',
    'runway RW07R: TABUM GOTEC',
  ]);
  assert.deepEqual(eddf.stars.get('UNOKO2B')!.routes.map(shape), [
    'enroute/rnav KIR: KIR UNOKO',
    'common/rnav ALL: UNOKO TABUM',
  ]);
  assert.deepEqual(eddf.stars.get('ROLIS1A')!.routes[0]!.legs[0]!.altitude, {
    description: 'B',
    first: { feet: 15000, flightLevel: true },
    second: { feet: 10000, flightLevel: true },
  });
  assert.deepEqual([...eddf.sids.keys()], []);
});

test('runways (RWY: threshold in degrees, minutes, seconds), approaches read, other row codes counted as not used', () => {
  const egll = read(path.join(PROCEDURES, 'CIFP'), 'EGLL');
  assert.deepEqual([...egll.runways.keys()], ['RW09L', 'RW27R', 'RW09R', 'RW27L']);
  const rw27l = egll.runways.get('RW27L')!;
  assert.ok(Math.abs(rw27l.lat - (51 + 27 / 60 + 54 / 3600)) < 1e-9);
  assert.ok(Math.abs(rw27l.lon + (26 / 60 + 2.4 / 3600)) < 1e-9);
  assert.equal(rw27l.thresholdElevationFt, 77);
  assert.deepEqual([...egll.approaches.keys()], ['I27L']);
  assert.equal(egll.skipped, 1, 'the PRDAT line');
  assert.equal(egll.malformed, 0);
});

test('real lines (public sources, see the fixtures README): every route type and a common route per runway', () => {
  const kjfk = read(REAL, 'KJFK');
  assert.deepEqual(kjfk.sids.get('DEEZZ5')!.routes.map(shape), [
    'runway/rnav RW04B: (VA) DEEZZ',
    'runway/rnav RW31L: (VI) DEEZZ',
    'common/rnav -: DEEZZ HEERO',
    'enroute/rnav CANDR: HEERO CANDR',
  ]);
  assert.deepEqual(kjfk.stars.get('PWL2')!.routes.map(shape), ['enroute ALB: ALB PWL', 'common ALL: PWL LOVES']);
  const othh = read(REAL, 'OTHH');
  assert.deepEqual(othh.sids.get('DEMBO3')!.routes.map(shape), [
    'common/rnav RW34R: IVENA DEMBO',
    'enroute/rnav DATRI: DEMBO DATRI',
    'enroute/rnav ULIKA: DEMBO ULIKA',
  ]);
  assert.deepEqual(othh.sids.get('BUND2C')!.routes[0]!.legs[1]!.altitude, {
    description: '-',
    first: { feet: 25000, flightLevel: true },
  });
  const lfmc = read(REAL, 'LFMC');
  const cd = lfmc.sids.get('GILON1')!.routes[0]!.legs[0]!;
  assert.deepEqual([cd.pathTerminator, cd.recommendedNavaid, cd.courseDeg, cd.distanceNm], ['CD', 'LUC', 87, 8.5]);
  const eddg = read(REAL, 'EDDG');
  assert.deepEqual(eddg.sids.get('DOME2C')!.routes.map(shape), ['common/rnav RW25: (CA) DG021 DOMEG']);
  for (const file of [kjfk, othh, lfmc, eddg]) assert.equal(file.malformed, 0, file.icao);
});

test('a malformed line is counted with its line number and why, and the others are kept', () => {
  const text = [
    'SID:010,2,GOOD1,ALL,DVR,EG,D, ,V   , ,   ,IF, , , , , ,      ,    ,    ,    ,    , ,     ,     ,     , ,   ,    ,   , , , , , , , , ;',
    'SID:020,2,GOOD1,ALL,DET,EG,D, ,V   , ,   ,TF,',
    'SID:0X0,2,BAD1,ALL,DET,EG,D, ,V   , ,   ,TF, , , , , ,      ,    ,    ,    ,    , ,     ,     ,     , ,   ,    ,   , , , , , , , , ;',
    'STAR:010,Z,BAD2,ALL,DET,EG,D, ,V   , ,   ,TF, , , , , ,      ,    ,    ,    ,    , ,     ,     ,     , ,   ,    ,   , , , , , , , , ;',
    'SID:010,2,BAD3,ALL,DET,EG,D, ,V   , ,   ,TF, , , , , ,      ,    ,    ,    ,    ,+,HIGH ,     ,     , ,   ,    ,   , , , , , , , , ;',
    'garbage without a row code',
    'RWY:RW27L,     ,      ,00077, ,    , ,   ;N51999999,W000260240,0000;',
    '',
  ].join('\r\n');
  const result = readCifpText('EGLL', 'EGLL.dat', text);
  assert.deepEqual([...result.sids.keys()], ['GOOD1']);
  assert.equal(
    result.sids.get('GOOD1')!.routes[0]!.legs.length,
    2,
    'a line cut after the path terminator is still a leg',
  );
  assert.equal(result.malformed, 5);
  assert.deepEqual(
    result.malformedSamples.map((s) => [s.line, s.why]),
    [
      [3, "sequence number '0X0'"],
      [4, "route type 'Z' of a STAR"],
      [5, "altitude 'HIGH' / ''"],
      [6, 'no row code before ":"'],
      [7, "threshold position 'N51999999', 'W000260240'"],
    ],
  );
});

function tempInstallation(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cifp-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const ONE_SID = (name: string) =>
  `SID:010,2,${name},ALL,DVR,EG,D, ,V   , ,   ,IF, , , , , ,      ,    ,    ,    ,    , ,     ,     ,     , ,   ,    ,   , , , , , , , , ;\n`;

test('an X-Plane installation: Custom Data/CIFP before Resources/default data/CIFP, names in any case, the cycle of cycle_info.txt', async () => {
  const dir = tempInstallation({
    'Custom Data/CIFP/EGLL.dat': ONE_SID('CUSTOM1'),
    'Custom Data/cycle_info.txt': 'AIRAC cycle    : 2301\nVersion        : 1\n',
    'Resources/default data/CIFP/EGLL.dat': ONE_SID('DEFAULT1'),
    'Resources/default data/CIFP/egkk.DAT': ONE_SID('GATWK1'),
  });
  const library = new CifpLibrary(cifpFolders(dir));
  const egll = await library.load('egll');
  assert.equal(egll.state, 'found');
  if (egll.state !== 'found') return;
  assert.deepEqual([...egll.procedures.sids.keys()], ['CUSTOM1']);
  assert.equal(egll.procedures.cycle, '2301');
  assert.equal(procedureSource(egll.procedures), 'CIFP/EGLL.dat (cycle 2301)');
  const egkk = await library.load('EGKK');
  assert.equal(egkk.state === 'found' && [...egkk.procedures.sids.keys()].join(), 'GATWK1');
  assert.equal(egkk.state === 'found' && egkk.procedures.cycle, undefined);
});

test('a missing file is an answer, not a failure; each aerodrome is read once; names that are no designator are not paths', async () => {
  const dir = tempInstallation({ 'CIFP/EGLL.dat': ONE_SID('ONLY1') });
  const library = new CifpLibrary(cifpFolders(dir));
  const [first, second] = await Promise.all([library.load('EGLL'), library.load('EGLL')]);
  assert.equal(first, second, 'calls while it reads share one read');
  assert.equal(library.loaded('EGLL'), first);
  assert.equal(library.loaded('EDDF'), undefined, 'not asked yet');
  const missing = await library.load('EDDF');
  assert.equal(missing.state, 'missing');
  assert.equal((await library.load('../x')).state, 'missing');
  assert.equal(new CifpLibrary(cifpFolders(path.join(dir, 'nowhere'))).folders.length > 0, true);
  assert.equal((await new CifpLibrary(cifpFolders(path.join(dir, 'nowhere'))).load('EGLL')).state, 'missing');
});

test('the limits of every navigation data file: a size cap, a FIFO, a folder; each said in one message, never thrown', async () => {
  const dir = tempInstallation({ 'CIFP/EGLL.dat': ONE_SID('BIG1').repeat(200) });
  fs.mkdirSync(path.join(dir, 'CIFP', 'EGKK.dat'));
  const fifo = spawnSync('mkfifo', [path.join(dir, 'CIFP', 'EGSS.dat')]).status === 0;
  const logged: string[] = [];
  const library = new CifpLibrary(cifpFolders(dir), undefined, { maxBytes: 4096, log: (m) => logged.push(m) });
  const big = await library.load('EGLL');
  assert.equal(big.state, 'unreadable');
  assert.match(big.state === 'unreadable' ? big.message : '', /EGLL\.dat is .* larger than the limit of 4 KB/);
  const folder = await library.load('EGKK');
  assert.match(folder.state === 'unreadable' ? folder.message : '', /not a regular file \(a folder\)/);
  if (fifo) {
    const lookup = await library.load('EGSS');
    assert.match(lookup.state === 'unreadable' ? lookup.message : '', /not a regular file \(a FIFO\)/);
  }
  assert.equal(logged.length >= 2, true);
  assert.match(logged[0]!, /^The procedures of EGLL are not used: /);
});

test("the folders of a navigation data folder: beside the fix file in use, and an installation's two", () => {
  const report = {
    folder: '/x',
    files: [
      {
        kind: 'fix' as const,
        path: '/x/Custom Data/earth_fix.dat',
        format: '',
        rows: 0,
        malformed: 0,
        malformedSamples: [],
        skipped: 0,
      },
    ],
    missing: [],
    fixes: 0,
    navaids: 0,
    aerodromes: 0,
    airways: 0,
    airwaySegments: 0,
    milliseconds: 0,
  };
  assert.deepEqual(cifpFolders('/x', report), ['/x/Custom Data/CIFP', '/x/CIFP', '/x/Resources/default data/CIFP']);
  assert.deepEqual(cifpFolders('/data'), ['/data/Custom Data/CIFP', '/data/CIFP', '/data/Resources/default data/CIFP']);
});
