/**
 * SIDs and STARs against the procedures data (expansion/procedures.ts, through the offline
 * engine): the checks (P001–P006) with their quick fixes, and the expansion: the procedure's
 * fixes in the route's points and distance, legs without a fix described, not placed. On the
 * fixtures of test/fixtures/procedures (the 2013.10 excerpt with CIFP/EGLL.dat and CIFP/EDDF.dat).
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { parseRouteDocument } from '../../../server/src/route';
import { CifpLibrary, cifpFolders } from '../../../server/src/navdata/cifpFiles';
import { routeLegs } from '../../../server/src/services/routeLegs';
import { routeLayer } from '../../../server/src/map/routePoints';
import type { ExpansionResult } from '../../../server/src/route/model';
import { codeActions } from '../../../server/src/services/codeActions';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { applyEdits } from '../services/edits';
import { ROOT, SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';

const live = { isCancellationRequested: false };
const URI = 'file:///routes/procedures.route';

const FOLDER = path.join(ROOT, 'test/fixtures/procedures');

async function setUp() {
  const db = await load(FOLDER);
  const cifp = new CifpLibrary(cifpFolders(FOLDER, db.report), db.report);
  await Promise.all(['EGLL', 'EDDF', 'EHAM'].map((icao) => cifp.load(icao)));
  const expand = (text: string, procedures = true): ExpansionResult =>
    expandRoute(parseRouteDocument(text).blocks[0]!, db, undefined, {
      firstFix: 'nearestDeparture',
      ...(procedures ? { procedures: (icao: string) => cifp.loaded(icao) } : {}),
    });
  return { db, expand };
}

const codes = (result: ExpansionResult) => result.findings.map((f) => f.code).filter((c) => c.startsWith('P'));
const route = (body: string) => `origin: EGLL\ndestination: EDDF\n${body}`;

test('a SID and a STAR that connect: no finding; their fixes are route points, flown from the first runway', async () => {
  const { expand } = await setUp();
  const result = expand(route('N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A'));
  assert.deepEqual(codes(result), []);
  const names = result.points.map((p) => `${p.designator}${p.procedure ? `(${p.procedure})` : ''}`);
  assert.deepEqual(names.slice(0, 4), ['EGLL', 'EPM(sid)', 'DET(sid)', 'DVR']);
  assert.deepEqual(names.slice(-4), ['ROLIS', 'TABUM(star)', 'NIBME(star)', 'EDDF']);
  assert.equal(result.points[1]!.via, 'DVR6J');
  const sid = result.procedures.find((p) => p.kind === 'sid')!.detail!;
  assert.deepEqual(
    { source: sid.source, runways: sid.runways, runway: sid.runway, connects: sid.connects },
    { source: 'CIFP/EGLL.dat (cycle 2013.10)', runways: ['27L', '27R'], runway: '27L', connects: ['DVR'] },
  );
  assert.deepEqual(sid.legs[0], {
    placed: false,
    text: 'climb on course 273° to at or above 600 ft',
    altitude: 'at or above 600 ft',
  });
  assert.deepEqual(sid.legs[2], {
    fix: 'DET',
    placed: true,
    text: 'to DET',
    altitude: 'at or above 6,000 ft',
    speed: 'at or below 250 kt',
  });
  const star = result.procedures.find((p) => p.kind === 'star')!.detail!;
  assert.deepEqual(
    star.legs.map((l) => l.fix),
    ['ROLIS', 'TABUM', 'NIBME'],
  );
  assert.equal(star.legs[0]!.altitude, 'between FL100 and FL150');
  assert.equal(star.runway, '25L');
});

test('the distance includes the procedures: longer than the same route without them', async () => {
  const { expand } = await setUp();
  const text = route('N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A');
  const withProcedures = routeLegs(expand(text)).totalNm;
  const without = routeLegs(expand(text, false)).totalNm;
  assert.ok(withProcedures > without + 5, `${withProcedures} NM against ${without} NM`);
  assert.deepEqual(
    expand(text, false).points.filter((p) => p.procedure),
    [],
    'without the procedures data the SID and STAR stay markers',
  );
});

test('en-route transitions: a SID that ends at the next point through one, a STAR that begins at the point before', async () => {
  const { expand } = await setUp();
  const result = expand(route('N0450F350 CPT3F KENET UL9 KONAN L607 RUDUS DCT KIR UNOKO2B'));
  assert.deepEqual(codes(result), []);
  const sid = result.procedures[0]!.detail!;
  assert.equal(sid.transition, 'KENET');
  assert.deepEqual(sid.transitions, ['KENET', 'KIDLI']);
  assert.deepEqual(
    result.points.filter((p) => p.procedure === 'sid').map((p) => p.designator),
    ['BUR', 'CPT'],
    'the transition joins at CPT once; KENET is the route’s own point',
  );
  const star = result.procedures[1]!.detail!;
  assert.equal(star.transition, 'KIR');
  assert.deepEqual(
    result.points.filter((p) => p.procedure === 'star').map((p) => p.designator),
    ['UNOKO', 'TABUM'],
  );
});

test('P001: a SID the aerodrome does not publish names the SIDs that connect; one that connects is the quick fix', async () => {
  const { expand } = await setUp();
  const result = expand(route('N0450F350 DVR7J DVR UL9 KONAN'));
  const finding = result.findings.find((f) => f.code === 'P001')!;
  assert.equal(
    finding.message,
    'DVR7J is not a SID of EGLL in CIFP/EGLL.dat (cycle 2013.10). Its SIDs that end at DVR: DVR6J.',
  );
  assert.deepEqual(finding.data, {
    fixes: [{ title: 'Replace DVR7J by DVR6J', edits: [{ range: finding.range, newText: 'DVR6J' }], preferred: true }],
  });
  assert.deepEqual(
    result.points.filter((p) => p.procedure),
    [],
    'an unknown SID has no fixes',
  );
  const star = expand(route('N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS DVR6J'));
  assert.equal(
    star.findings.find((f) => f.code === 'P003')!.message,
    'DVR6J is not a STAR of EDDF in CIFP/EDDF.dat (cycle 2013.10). Its STARs that begin at ROLIS: ROLIS1A.',
  );
  const swapped = expand('origin: EDDF\ndestination: EGLL\nN0450F350 ROLIS1A ROLIS T150 RUDUS');
  assert.match(
    swapped.findings.find((f) => f.code === 'P001')!.message,
    /^ROLIS1A is not a SID of EDDF in CIFP\/EDDF\.dat \(cycle 2013\.10\) \(it is one of its STARs\)\. It publishes no SID\.$/,
  );
});

test('P002 and P004: a SID that ends elsewhere, a STAR that begins elsewhere; the quick fix only when one connects', async () => {
  const { expand } = await setUp();
  const sid = expand(route('N0450F350 CPT3F DVR UL9 KONAN'));
  const p002 = sid.findings.find((f) => f.code === 'P002')!;
  assert.equal(
    p002.message,
    "CPT3F ends at CPT or KENET or KIDLI, not at DVR, the point written after it (CIFP/EGLL.dat (cycle 2013.10)). EGLL's SIDs that end at DVR: DVR6J.",
  );
  assert.equal((p002.data as { fixes: { title: string }[] }).fixes[0]!.title, 'Replace CPT3F by DVR6J');
  assert.deepEqual(
    sid.points.filter((p) => p.procedure).map((p) => p.designator),
    ['BUR', 'CPT'],
    'the SID written is still flown, to where it ends',
  );
  const star = expand(route('N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS UNOKO2B'));
  const p004 = star.findings.find((f) => f.code === 'P004')!;
  assert.match(
    p004.message,
    /^UNOKO2B begins at UNOKO or KIR, not at ROLIS, the point written before it .* EDDF's STARs that begin at ROLIS: ROLIS1A\.$/,
  );
  const none = expand(route('N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS ROLIS1A'));
  const nothing = none.findings.find((f) => f.code === 'P004')!;
  assert.match(nothing.message, /No STAR of EDDF begins at RUDUS/);
  assert.equal(nothing.data, undefined);
});

test('generic SID and STAR, no aerodrome, no procedures file: accepted without a finding', async () => {
  const { expand } = await setUp();
  assert.deepEqual(codes(expand(route('N0450F350 SID DVR UL9 KONAN STAR'))), []);
  assert.deepEqual(codes(expand('N0450F350 DVR6J DVR UL9 KONAN')), [], 'no origin: nothing to check against');
  assert.deepEqual(
    codes(expand('origin: EHAM\ndestination: EDDF\nN0450F350 ARNEM1A DVR UL9 KONAN')),
    [],
    'EHAM has no CIFP file here',
  );
});

test('P006: a fix of the procedure that is not in the navigation data is listed, not placed', async () => {
  const db = await load(FOLDER);
  const cifp = new CifpLibrary(cifpFolders(FOLDER, db.report), db.report);
  await cifp.load('EGLL');
  const found = cifp.loaded('EGLL')!;
  assert.equal(found.state, 'found');
  if (found.state !== 'found') return;
  // The same file, with DET renamed to a fix the 2013.10 data does not know.
  const common = found.procedures.sids.get('DVR6J')!.routes.find((r) => r.part === 'common')!;
  const legs = common.legs.map((l) => (l.fix?.ident === 'DET' ? { ...l, fix: { ...l.fix, ident: 'NOSUC' } } : l));
  const procedures = {
    ...found.procedures,
    sids: new Map([['DVR6J', { ...found.procedures.sids.get('DVR6J')!, routes: [{ ...common, legs }] }]]),
  };
  const result = expandRoute(parseRouteDocument(route('N0450F350 DVR6J DVR UL9 KONAN')).blocks[0]!, db, undefined, {
    procedures: () => ({ state: 'found', procedures }),
  });
  assert.equal(
    result.findings.find((f) => f.code === 'P006')!.message,
    'DVR6J: NOSUC of CIFP/EGLL.dat (cycle 2013.10) is not in the navigation data near EGLL: the SID is drawn without it.',
  );
  assert.deepEqual(
    result.points.filter((p) => p.procedure).map((p) => p.designator),
    ['EPM'],
  );
  assert.equal(result.procedures[0]!.detail!.legs.find((l) => l.fix === 'NOSUC')!.placed, false);
});

test('P005: an unreadable procedures file is said once, on the SID, and the route is expanded as before', async () => {
  const db = await load(FOLDER);
  const result = expandRoute(parseRouteDocument(route('N0450F350 DVR6J DVR UL9 KONAN')).blocks[0]!, db, undefined, {
    procedures: () => ({
      state: 'unreadable',
      icao: 'EGLL',
      file: '/x/CIFP/EGLL.dat',
      message: 'EGLL.dat is 40 MB: larger than the limit.',
    }),
  });
  assert.deepEqual(
    result.findings.filter((f) => f.code.startsWith('P')).map((f) => f.message),
    ['DVR6J is not checked: EGLL.dat is 40 MB: larger than the limit.'],
  );
  assert.deepEqual(result.points.map((p) => p.designator).slice(0, 2), ['EGLL', 'DVR']);
});

test('the quick fix of P002 replaces the SID by the one that ends at the next point, and the route then passes', async () => {
  const { expand } = await setUp();
  const text = route('N0450F350 CPT3F DVR UL9 KONAN');
  const document = parseRouteDocument(text);
  const diagnostics = documentDiagnostics(document, live, expand(text).findings);
  const p002 = diagnostics.find((d) => d.code === 'P002')!;
  const actions = codeActions(URI, document, new LineIndex(text), p002.range, [p002], live);
  assert.deepEqual(
    actions.map((a) => [a.title, a.isPreferred]),
    [['Replace CPT3F by DVR6J', true]],
  );
  const fixed = applyEdits(text, actions[0]!.edit!.changes![URI]!);
  assert.equal(fixed, route('N0450F350 DVR6J DVR UL9 KONAN'));
  assert.deepEqual(codes(expand(fixed)), []);
});

test("the map's route layer: the SID's and the STAR's legs are procedure legs, named by the procedure", async () => {
  const { expand } = await setUp();
  const text = route('N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A');
  const block = parseRouteDocument(text).blocks[0]!;
  const layer = routeLayer(block, expand(text));
  const name = (id: string) => layer.points.find((p) => p.id === id)!.name;
  const legs = layer.legs.map(
    (l) => `${name(l.fromId)}-${name(l.toId)} ${l.via}${l.procedure ? ` (${l.procedure})` : ''}`,
  );
  assert.deepEqual(legs.slice(0, 4), [
    'EGLL-EPM DVR6J (sid)',
    'EPM-DET DVR6J (sid)',
    'DET-DVR DVR6J (sid)',
    'DVR-KONAN UL9',
  ]);
  assert.deepEqual(legs.slice(-3), [
    'ROLIS-TABUM ROLIS1A (star)',
    'TABUM-NIBME ROLIS1A (star)',
    'NIBME-EDDF ROLIS1A (star)',
  ]);
  const sidLeg = layer.legs[0]!;
  assert.deepEqual(sidLeg.range, block.elements[1]!.range, 'a click on the leg selects the SID');
});

test(
  'the fixtures resolve against the full navigation data of ../shared/navdata too',
  { skip: fullNavdataMissing },
  async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'procedures-full-'));
    try {
      for (const file of ['fix.dat.gz', 'nav.dat.gz', 'awy.dat.gz', 'airports.tsv.gz'])
        fs.symlinkSync(path.join(SHARED_NAVDATA, file), path.join(folder, file));
      fs.symlinkSync(path.join(FOLDER, 'CIFP'), path.join(folder, 'CIFP'));
      const db = await load(folder);
      const cifp = new CifpLibrary(cifpFolders(folder, db.report), db.report);
      await Promise.all([cifp.load('EGLL'), cifp.load('EDDF')]);
      const result = expandRoute(
        parseRouteDocument(route('N0450F350 CPT3F KENET UL9 KONAN L607 RUDUS DCT KIR UNOKO2B')).blocks[0]!,
        db,
        undefined,
        { firstFix: 'nearestDeparture', procedures: (icao) => cifp.loaded(icao) },
      );
      assert.deepEqual(codes(result), []);
      assert.deepEqual(
        result.points.filter((p) => p.procedure).map((p) => p.designator),
        ['BUR', 'CPT', 'UNOKO', 'TABUM'],
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);
