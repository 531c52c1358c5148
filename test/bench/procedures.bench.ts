/**
 * Reading the CIFP files of a document of 2,000 routes between 50 aerodromes: each route flies a
 * SID of its departure and a STAR of its destination, so the session reads 50 files (written
 * here, about 100 KB each as real aerodromes' are: SIDs and STARs with four runway transitions,
 * and approaches) once each, through NavdataSource as the editor and the checker do. The cost is
 * given as ratios measured in the same run: the first reading of every file against the load of
 * the navigation data they sit beside (what the user already waits for once), and the expansion
 * with procedures against the one without (every edit).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { expandRoute, type ExpansionOptions } from '../../server/src/expansion/offlineExpansion';
import { loadNavDatabase, type NavDatabase } from '../../server/src/navdata/loader';
import { parseRouteDocument } from '../../server/src/route';
import type { RouteBlock } from '../../server/src/route/model';
import { NavdataSource } from '../../server/src/session/sources';
import type { BenchFigure } from './run';

export const name = 'reading the CIFP files of a document of 2,000 routes between 50 aerodromes';

const ROUTES = 2000;
const AERODROMES = 50;
const SHARED = path.resolve(__dirname, '../../../shared/navdata');
const EXCERPT = path.resolve(__dirname, '../fixtures/navdata');
const DATA_FILES = ['fix.dat.gz', 'nav.dat.gz', 'awy.dat.gz', 'airports.tsv.gz'];

const BLANK_TAIL = ', , , , , , , , ;';
const leg = (
  row: string,
  seq: number,
  type: string,
  proc: string,
  trans: string,
  fix: string,
  path: string,
  alt = '',
) =>
  `${row}:${String(seq).padStart(3, '0')},${type},${proc},${trans},${fix || ' '},${fix ? 'ZZ' : ' '},${fix ? 'E' : ' '},${fix ? 'A' : ' '},E   , ,   ,${path}, , , , , ,      ,    ,    ,${fix ? '    ' : '2700'},    ,${alt ? '+' : ' '},${alt || '     '},     ,05000, ,   ,    ,   ${BLANK_TAIL}`;

/** Aerodromes with at least eight fixes on airways within 60 NM, spread over the data. */
function chooseAerodromes(db: NavDatabase): { icao: string; fixes: string[] }[] {
  const chosen: { icao: string; fixes: string[] }[] = [];
  for (const icao of db.aerodromesStartingWith('', 100_000)) {
    if (!/^[A-Z]{4}$/.test(icao)) continue;
    const at = db.at(db.aerodrome(icao)!);
    const fixes = [
      ...new Set(
        db
          .nearest(at.lat, at.lon, { maxResults: 80, maxDistanceNm: 60, types: ['fix'] })
          .filter((i) => /^[A-Z]{5}$/.test(db.ident(i)) && db.airwaysThrough(i).length > 0)
          .map((i) => db.ident(i)),
      ),
    ];
    // A procedure's name is its fix and two characters: unique fixes only, as the expansion matches by ident.
    const unique = fixes.filter((f) => db.lookup(f).length === 1).slice(0, 20);
    if (unique.length >= 8) chosen.push({ icao, fixes: unique });
    if (chosen.length === AERODROMES) break;
  }
  return chosen;
}

/** An aerodrome's file: per fix a SID and a STAR with four runway transitions each, and approaches. */
function cifpFile(fixes: string[]): string {
  const lines: string[] = [];
  const runways = ['RW09L', 'RW09R', 'RW27L', 'RW27R'];
  for (const [k, fix] of fixes.entries()) {
    const next = fixes[(k + 1) % fixes.length]!;
    const sid = `${fix}1A`;
    for (const rw of runways) {
      lines.push(leg('SID', 10, '1', sid, rw, '', 'CA', '00800'));
      lines.push(leg('SID', 20, '1', sid, rw, next, 'DF'));
      lines.push(leg('SID', 30, '1', sid, rw, next, 'TF', '03000'));
    }
    lines.push(leg('SID', 10, '2', sid, 'ALL', next, 'IF'), leg('SID', 20, '2', sid, 'ALL', fix, 'TF', '06000'));
    const star = `${fix}1B`;
    lines.push(leg('STAR', 10, '2', star, 'ALL', fix, 'IF', 'FL100'), leg('STAR', 20, '2', star, 'ALL', next, 'TF'));
    for (const rw of runways) {
      lines.push(leg('STAR', 10, '3', star, rw, next, 'IF'));
      lines.push(leg('STAR', 20, '3', star, rw, fix, 'TF', '04000'));
    }
  }
  for (let a = 0; a < 12; a++)
    for (let s = 1; s <= 15; s++)
      lines.push(
        leg('APPCH', s * 10, 'I', `I${String(a).padStart(2, '0')}X`, ' ', fixes[s % fixes.length]!, 'TF', '03000'),
      );
  return `${lines.join('\n')}\n`;
}

function routeText(aerodromes: { icao: string; fixes: string[] }[]): string {
  const blocks: string[] = [];
  for (let i = 0; i < ROUTES; i++) {
    const from = aerodromes[i % aerodromes.length]!;
    const to = aerodromes[(i * 7 + 3) % aerodromes.length]!;
    const exit = from.fixes[i % from.fixes.length]!;
    const entry = to.fixes[(i >> 1) % to.fixes.length]!;
    blocks.push(
      `# route ${i + 1}\norigin: ${from.icao}\ndestination: ${to.icao}\nN0450F350 ${exit}1A ${exit} DCT ${entry} ${entry}1B`,
    );
  }
  return blocks.join('\n\n');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function run(): Promise<BenchFigure[]> {
  const full = fs.existsSync(path.join(SHARED, 'fix.dat.gz'));
  const data = full ? SHARED : EXCERPT;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cifp-'));
  try {
    for (const file of DATA_FILES) fs.symlinkSync(path.join(data, file), path.join(folder, file));
    const loadStart = performance.now();
    const db = await loadNavDatabase(folder);
    const loadMs = performance.now() - loadStart;
    const aerodromes = chooseAerodromes(db);
    fs.mkdirSync(path.join(folder, 'CIFP'));
    let bytes = 0;
    for (const { icao, fixes } of aerodromes) {
      const text = cifpFile(fixes);
      bytes += text.length;
      fs.writeFileSync(path.join(folder, 'CIFP', `${icao}.dat`), text);
    }
    const blocks: RouteBlock[] = parseRouteDocument(routeText(aerodromes)).blocks.filter((b) => b.elements.length);
    const live = { isCancellationRequested: false };
    const expandAll = (procedures?: ExpansionOptions['procedures']) => {
      let findings = 0;
      const start = performance.now();
      for (const block of blocks)
        findings += expandRoute(block, db, live, {
          firstFix: 'nearestDeparture',
          ...(procedures === undefined ? {} : { procedures }),
        }).findings.filter((f) => f.code.startsWith('P')).length;
      return { ms: performance.now() - start, findings };
    };
    expandAll();

    // The first use: every aerodrome's file read, once, as the session's navdata source reads them.
    const reads: number[] = [];
    let source: NavdataSource | undefined;
    for (let round = 0; round < 3; round++) {
      source = new NavdataSource(folder, async () => db);
      await source.prepare();
      const start = performance.now();
      for (const block of blocks) await source.proceduresFor(block);
      reads.push(performance.now() - start);
    }
    const readMs = median(reads);
    // Then the expansion with procedures, the files already read (every later edit), alternated
    // with the one without so that both see the same machine load.
    const lookup = await source!.proceduresFor(blocks[0]!);
    const withProcedures: number[] = [];
    const without: number[] = [];
    let findings = 0;
    for (let round = 0; round < 3; round++) {
      const on = expandAll(lookup);
      findings = on.findings;
      withProcedures.push(on.ms);
      without.push(expandAll().ms);
    }
    const withMs = median(withProcedures);
    const plain = median(without);
    return [
      {
        label: `aerodromes, routes (${full ? 'full navigation data' : 'navigation data excerpt'})`,
        value: aerodromes.length,
        unit: `aerodromes, ${blocks.length} routes`,
      },
      { label: 'CIFP text read', value: Math.round(bytes / 1024), unit: 'KB' },
      { label: 'P findings (each route connects: 0 expected)', value: findings, unit: 'findings' },
      { label: 'the files read for every route, first use (median of 3)', value: readMs, unit: 'ms' },
      { label: 'the navigation data loaded (same run, once)', value: loadMs, unit: 'ms' },
      {
        label: 'first reading of the 50 files / loading the navigation data',
        value: readMs / loadMs,
        unit: 'x',
        target: '< 0.5x',
        ok: readMs / loadMs < 0.5,
      },
      { label: 'first reading / expanding the routes without procedures', value: readMs / plain, unit: 'x' },
      {
        label: 'expansion with procedures (files read) / without',
        value: withMs / plain,
        unit: 'x',
        target: '< 3x',
        ok: withMs / plain < 3,
      },
    ];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
