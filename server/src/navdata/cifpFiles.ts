/**
 * Where the CIFP files are, and reading them lazily: one file per aerodrome, read when a route
 * first needs it and kept. The folders, first found first used: an X-Plane installation's
 * `Custom Data/CIFP/` (which X-Plane itself prefers), `CIFP/` beside the fix file in use, and the
 * installation's `Resources/default data/CIFP/`. Each file within the limits of every navigation
 * data file (read.ts: a regular file, a size cap); a file that cannot be read is an answer with
 * its reason, never a failure of the route.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { CifpReader, type AerodromeProcedures } from './cifp';
import type { LoadReport } from './database';
import { NavDataError, readTextFile } from './read';

/** The largest CIFP file read: the biggest real ones (KJFK, KORD) are under 2 MB. */
export const DEFAULT_CIFP_MAX_BYTES = 16 << 20;

/** What a look-up found for one aerodrome. */
export type CifpLookup =
  | { state: 'found'; procedures: AerodromeProcedures }
  | { state: 'missing'; icao: string; folders: readonly string[] }
  | { state: 'unreadable'; icao: string; file: string; message: string };

export interface CifpFolder {
  path: string;
  /** The data cycle of the files around it, when known. */
  cycle?: string;
}

/**
 * The CIFP folders of a navigation data folder, in order of precedence, with the cycle of the
 * data beside each where the load report or X-Plane's `cycle_info.txt` names one.
 */
export function cifpFolders(navdataFolder: string, report?: LoadReport): string[] {
  const beside = report?.files.find((f) => f.kind === 'fix') ?? report?.files.find((f) => f.kind !== 'aerodromes');
  const folders = [
    path.join(navdataFolder, 'Custom Data', 'CIFP'),
    beside ? path.join(path.dirname(beside.path), 'CIFP') : path.join(navdataFolder, 'CIFP'),
    path.join(navdataFolder, 'CIFP'),
    path.join(navdataFolder, 'Resources', 'default data', 'CIFP'),
  ];
  return [...new Set(folders.map((f) => path.resolve(f)))];
}

/** `AIRAC cycle    : 1802` in X-Plane's cycle_info.txt. */
const CYCLE_INFO = /AIRAC cycle\s*:\s*(\d{4})/i;

export interface CifpLibraryOptions {
  maxBytes?: number;
  /** A line for the log (a file that cannot be read, malformed lines). */
  log?: ((message: string) => void) | undefined; // passed on from the session's options as given
}

export class CifpLibrary {
  private readonly listings = new Map<string, Promise<{ names: Map<string, string>; cycle?: string } | undefined>>();
  private readonly lookups = new Map<string, Promise<CifpLookup>>();
  private readonly done = new Map<string, CifpLookup>();

  constructor(
    readonly folders: readonly string[],
    private readonly report?: LoadReport,
    private readonly options: CifpLibraryOptions = {},
  ) {}

  /** The look-up of an aerodrome if it has ended, without waiting (completion, hovers). */
  loaded(icao: string): CifpLookup | undefined {
    return this.done.get(icao.toUpperCase());
  }

  /** The aerodrome's procedures: read once, then kept (the same promise for calls while it reads). */
  load(icao: string): Promise<CifpLookup> {
    const code = icao.toUpperCase();
    let lookup = this.lookups.get(code);
    if (!lookup) {
      lookup = this.read(code).then((found) => {
        this.done.set(code, found);
        return found;
      });
      this.lookups.set(code, lookup);
    }
    return lookup;
  }

  /** Every look-up that has ended (the bench, the log). */
  get loadedCount(): number {
    return this.done.size;
  }

  private async read(icao: string): Promise<CifpLookup> {
    // The name becomes a path: only an aerodrome designator may.
    if (!/^[A-Z0-9]{3,4}$/.test(icao)) return { state: 'missing', icao, folders: this.folders };
    for (const folder of this.folders) {
      const listing = await this.listing(folder);
      const name = listing?.names.get(`${icao}.DAT`);
      if (!name) continue;
      const file = path.join(folder, name);
      const reader = new CifpReader(icao, file, listing!.cycle);
      try {
        await readTextFile(file, 'latin1', this.options.maxBytes ?? DEFAULT_CIFP_MAX_BYTES, (text) =>
          reader.feed(text),
        );
      } catch (error) {
        const message = error instanceof NavDataError ? error.message : `${file} cannot be read.`;
        this.options.log?.(`The procedures of ${icao} are not used: ${message}`);
        return { state: 'unreadable', icao, file, message };
      }
      const procedures = reader.end();
      if (procedures.malformed > 0) {
        const first = procedures.malformedSamples[0]!;
        this.options.log?.(
          `${file}: ${procedures.malformed} line${procedures.malformed === 1 ? '' : 's'} not read ` +
            `(first at line ${first.line}: ${first.why}).`,
        );
      }
      return { state: 'found', procedures };
    }
    return { state: 'missing', icao, folders: this.folders };
  }

  /** A folder's file names by upper case (X-Plane writes `EGLL.dat`), read once. */
  private listing(folder: string): Promise<{ names: Map<string, string>; cycle?: string } | undefined> {
    let listing = this.listings.get(folder);
    if (!listing) {
      listing = fs.readdir(folder).then(
        async (entries) => {
          const names = new Map(entries.map((e) => [e.toUpperCase(), e]));
          const cycle = await this.cycleOf(path.dirname(folder));
          return cycle ? { names, cycle } : { names };
        },
        () => undefined,
      );
      this.listings.set(folder, listing);
    }
    return listing;
  }

  /** The cycle of the data in `dir`: X-Plane's cycle_info.txt, else the header of a file loaded from it. */
  private async cycleOf(dir: string): Promise<string | undefined> {
    let info = '';
    try {
      await readTextFile(path.join(dir, 'cycle_info.txt'), 'latin1', 64 << 10, (text) => (info += text));
    } catch {
      // Most folders have none.
    }
    const fromInfo = CYCLE_INFO.exec(info)?.[1];
    if (fromInfo) return fromInfo;
    const resolved = path.resolve(dir);
    return this.report?.files.find((f) => f.cycle && path.resolve(path.dirname(f.path)) === resolved)?.cycle;
  }
}

/** "CIFP/EGLL.dat (cycle 2013.10)": the data a finding rests on. */
export function procedureSource(procedures: AerodromeProcedures): string {
  const name = `${path.basename(path.dirname(procedures.file))}/${path.basename(procedures.file)}`;
  return procedures.cycle ? `${name} (cycle ${procedures.cycle})` : name;
}
