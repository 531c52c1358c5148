/**
 * Navigation data from disk: X-Plane / FlightGear fix, nav and airway files of the old (fix 600,
 * nav 810, awy 640) and current (fix 1101/1200, nav 1150/1200, awy 1100) generations, plain or
 * gzipped, plus aerodromes from `airports.tsv` or `apt.dat`.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { NavDatabase, NavDatabaseBuilder, type LoadedFile, type LoadReport } from './database';
import { chunkParser } from './parsers';
import { NavDataError, readTextFile } from './read';

export { NavDatabase, NavDatabaseBuilder } from './database';
export type { LoadedFile, LoadReport, NearestOptions } from './database';
export { Airway, type AirwaySegment } from './airway';
export { NavDataError } from './read';

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

/**
 * The most text read from one file, after decompression. Real data is far smaller (X-Plane 12's
 * earth_fix.dat is ~20 MB, its global apt.dat ~400 MB); a file beyond this is damaged or hostile,
 * and is refused with a message naming it and the limit. apt.dat may be larger: it is streamed
 * and only its aerodromes are kept.
 */
export const DEFAULT_MAX_BYTES: Readonly<Record<Kind, number>> = {
  fix: 256 << 20,
  nav: 256 << 20,
  awy: 256 << 20,
  aerodromes: 1536 << 20,
};

export interface LoadNavDatabaseOptions {
  /** Per kind of file, overriding DEFAULT_MAX_BYTES (tests give small limits). */
  maxBytes?: Partial<Record<Kind, number>>;
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
export async function loadNavDatabase(folder: string, options: LoadNavDatabaseOptions = {}): Promise<NavDatabase> {
  const started = performance.now();
  try {
    const stat = await fs.stat(folder);
    if (!stat.isDirectory()) throw new NavDataError(`Navigation data folder ${folder} is not a folder.`);
  } catch (error) {
    if (error instanceof NavDataError) throw error;
    throw new NavDataError(
      `Navigation data folder ${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  const files = await findNavDataFiles(folder);
  if (!files.fix && !files.nav && !files.awy) {
    throw new NavDataError(
      `No navigation data in ${folder}: expected fix.dat, nav.dat and awy.dat (plain ` +
        `or .gz), or X-Plane's earth_fix.dat, earth_nav.dat and earth_awy.dat.`,
    );
  }
  // In order, as airway ends resolve against the navaids and fixes read before them. Each file
  // is streamed in chunks with a turn of the event loop between them, so hovers and edits are
  // answered while a large file loads.
  const order: Kind[] = ['nav', 'fix', 'awy', 'aerodromes'];
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
  for (const kind of order) {
    const file = files[kind];
    if (!file) continue;
    const loaded: LoadedFile = {
      kind,
      path: file,
      format: '',
      rows: 0,
      malformed: 0,
      malformedSamples: [],
      skipped: 0,
    };
    const parser = chunkParser(kind, isAptDat(file), builder, loaded);
    const maxBytes = options.maxBytes?.[kind] ?? DEFAULT_MAX_BYTES[kind];
    // apt.dat 1000+ is UTF-8, airports.tsv too; the X-Plane fix/nav/awy files are Latin-1.
    await readTextFile(file, kind === 'aerodromes' ? 'utf8' : 'latin1', maxBytes, (text) => parser.feed(text));
    parser.end();
    report.files.push(loaded);
  }
  const db = builder.build(report);
  if (report.fixes + report.navaids === 0) {
    throw new NavDataError(`No fix and no navaid could be used from ${folder}:\n${describeLoadReport(report)}`);
  }
  report.milliseconds = Math.round(performance.now() - started);
  return db;
}

function isAptDat(file: string): boolean {
  return /apt\.dat(\.gz)?$/i.test(file);
}

/** One line per file for logs and the command line. */
export function describeLoadReport(report: LoadReport): string {
  const lines = [
    `${report.fixes} fixes, ${report.navaids} navaids, ${report.airways} airways ` +
      `(${report.airwaySegments} segments), ${report.aerodromes} aerodromes from ` +
      `${report.folder} in ${report.milliseconds} ms`,
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
