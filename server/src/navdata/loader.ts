/**
 * Navigation data from disk: X-Plane / FlightGear fix, nav and airway files of the old (fix 600,
 * nav 810, awy 640) and current (fix 1101/1200, nav 1150/1200, awy 1100) generations, plain or
 * gzipped, plus aerodromes from `airports.tsv` or `apt.dat`.
 */
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { NavDatabase, NavDatabaseBuilder, type LoadedFile, type LoadReport } from './database';
import { AptDatParser, parseAirportsTsv, parseAirways, parseFixes, parseNavaids } from './parsers';
import { decodeDataFile, isGzip } from './text';

export { NavDatabase, NavDatabaseBuilder } from './database';
export type { LoadedFile, LoadReport, NearestOptions } from './database';
export { Airway } from './airway';

type Kind = LoadedFile['kind'];

/** File names per kind, in order of preference (each also with `.gz`). */
const FILE_NAMES: Record<Kind, string[]> = {
  fix: ['earth_fix.dat', 'fix.dat', 'user_fix.dat'],
  nav: ['earth_nav.dat', 'nav.dat', 'user_nav.dat'],
  awy: ['earth_awy.dat', 'awy.dat'],
  aerodromes: ['airports.tsv', 'apt.dat'],
};

/** Where X-Plane keeps the files below its installation folder. */
const SUBFOLDERS = ['Custom Data', path.join('Resources', 'default data'), 'Earth nav data', 'Navaids'];

/** Where X-Plane 11 and 12 keep the global apt.dat below the installation folder. */
const AERODROME_SUBFOLDERS = [
  path.join('Global Scenery', 'X-Plane 12 Global Airports', 'Earth nav data'),
  path.join('Global Scenery', 'Global Airports', 'Earth nav data'),
];

export class NavDataError extends Error {
  override name = 'NavDataError';
}

/** The data files found in a folder (or in X-Plane's subfolders of it), by kind. */
export async function findNavDataFiles(folder: string): Promise<Partial<Record<Kind, string>>> {
  const found: Partial<Record<Kind, string>> = {};
  for (const dir of [folder, ...SUBFOLDERS.map((s) => path.join(folder, s))]) {
    let entries: string[];
    try {
      entries = await fs.readdir(dir);
    } catch {
      continue;
    }
    const byLowerCase = new Map(entries.map((e) => [e.toLowerCase(), e]));
    for (const kind of Object.keys(FILE_NAMES) as Kind[]) {
      if (found[kind]) continue;
      for (const name of FILE_NAMES[kind]) {
        const entry = byLowerCase.get(name) ?? byLowerCase.get(`${name}.gz`);
        if (entry) {
          found[kind] = path.join(dir, entry);
          break;
        }
      }
    }
    if (found.fix || found.nav || found.awy) break;
  }
  for (const sub of found.aerodromes ? [] : AERODROME_SUBFOLDERS) {
    const dir = path.join(folder, sub);
    const entries = await fs.readdir(dir).catch(() => [] as string[]);
    const entry = entries.find((e) => /^apt\.dat(\.gz)?$/i.test(e));
    if (entry) {
      found.aerodromes = path.join(dir, entry);
      break;
    }
  }
  return found;
}

/**
 * Loads every data file of a folder. Malformed rows are counted in the report, never thrown;
 * a folder that cannot be read or holds no fix, nav or airway file is a NavDataError.
 */
export async function loadNavDatabase(folder: string): Promise<NavDatabase> {
  const started = performance.now();
  try {
    const stat = await fs.stat(folder);
    if (!stat.isDirectory()) throw new NavDataError(`Navigation data folder ${folder} is not a folder.`);
  } catch (error) {
    if (error instanceof NavDataError) throw error;
    throw new NavDataError(`Navigation data folder ${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const files = await findNavDataFiles(folder);
  if (!files.fix && !files.nav && !files.awy) {
    throw new NavDataError(
      `No navigation data in ${folder}: expected fix.dat, nav.dat and awy.dat (plain or .gz), or X-Plane's earth_fix.dat, earth_nav.dat and earth_awy.dat.`,
    );
  }
  // Decompression runs on libuv's thread pool, all files at once; parsing runs in order, as
  // airway ends resolve against the navaids and fixes read before them.
  const order: Kind[] = ['nav', 'fix', 'awy', 'aerodromes'];
  const texts = await Promise.all(
    order.map(async (kind) => {
      const file = files[kind];
      if (!file || isAptDat(file)) return undefined;
      const buffer = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
        throw new NavDataError(`${file} cannot be read (${error.code ?? error.message}).`);
      });
      try {
        return await decodeDataFile(buffer, kind === 'aerodromes' ? 'utf8' : 'latin1');
      } catch (error) {
        throw new NavDataError(`${file} cannot be decompressed (${(error as Error).message}): the gzip file is damaged or incomplete.`);
      }
    }),
  );
  const builder = new NavDatabaseBuilder();
  const report: LoadReport = {
    folder,
    files: [],
    missing: order.filter((kind) => !files[kind]),
    fixes: 0,
    navaids: 0,
    aerodromes: 0,
    airways: 0,
    airwaySegments: 0,
    milliseconds: 0,
  };
  for (const [i, kind] of order.entries()) {
    const text = texts[i];
    const file = files[kind];
    if (!file) continue;
    const loaded: LoadedFile = { kind, path: file, format: '', rows: 0, malformed: 0, malformedSamples: [], skipped: 0 };
    if (isAptDat(file)) await streamAptDat(file, builder, loaded);
    else if (text === undefined) continue;
    else if (kind === 'nav') parseNavaids(text, builder, loaded);
    else if (kind === 'fix') parseFixes(text, builder, loaded);
    else if (kind === 'awy') parseAirways(text, builder, loaded);
    else parseAirportsTsv(text, builder, loaded);
    report.files.push(loaded);
  }
  const db = builder.build(report);
  report.milliseconds = Math.round(performance.now() - started);
  return db;
}

function isAptDat(file: string): boolean {
  return /apt\.dat(\.gz)?$/i.test(file);
}

/** X-Plane's global apt.dat is far too big to hold as one string: it is read in 1 MB chunks. */
async function streamAptDat(file: string, builder: NavDatabaseBuilder, loaded: LoadedFile): Promise<void> {
  const head = Buffer.alloc(2);
  const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new NavDataError(`${file} cannot be read (${error.code ?? error.message}).`);
  });
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const parser = new AptDatParser(builder, loaded);
  // apt.dat 1000+ is UTF-8; the decoder keeps a character split between chunks whole.
  const decoder = new StringDecoder('utf8');
  const consume = async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) parser.feed(decoder.write(chunk));
    parser.feed(decoder.end());
  };
  const source = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    if (isGzip(head)) await pipeline(source, createGunzip(), consume);
    else await pipeline(source, consume);
  } catch (error) {
    throw new NavDataError(`${file} cannot be read (${(error as Error).message}): the file is damaged or incomplete.`);
  }
  parser.end();
}

/** One line per file for logs and the command line. */
export function describeLoadReport(report: LoadReport): string {
  const lines = [
    `${report.fixes} fixes, ${report.navaids} navaids, ${report.airways} airways (${report.airwaySegments} segments), ${report.aerodromes} aerodromes from ${report.folder} in ${report.milliseconds} ms`,
  ];
  for (const f of report.files) {
    let line = `  ${path.basename(f.path)} (${f.format}): ${f.rows} rows`;
    if (f.skipped) line += `, ${f.skipped} not used`;
    if (f.malformed) line += `, ${f.malformed} malformed (first at line ${f.malformedSamples[0]?.line})`;
    lines.push(line);
  }
  if (report.missing.length) lines.push(`  not found: ${report.missing.join(', ')}`);
  return lines.join('\n');
}
