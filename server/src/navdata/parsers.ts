/**
 * Row parsers for the X-Plane data files, old and current generations, feeding a builder.
 * Each parser reads the header (`I`/`A`, then `<version> Version …`), stops at `99`, and counts
 * rows it cannot read instead of throwing.
 */
import * as path from 'node:path';
import { BACKWARD_ONLY, BOTH_WAYS, FORWARD_ONLY } from './airway';
import type { LoadedFile, NavDatabaseBuilder } from './database';
import { KIND_DME, KIND_NDB, KIND_TACAN, KIND_VOR } from './points';
import { NavDataError } from './read';
import { LineFeeder, Tokens } from './text';

/** Text fed in chunks (any split), then ended; `end` throws a NavDataError for a file not worth using. */
export interface ChunkParser {
  feed(chunk: string): void;
  end(): void;
}

/** The versions of each format this reader knows; another version in a header refuses the file. */
export const KNOWN_VERSIONS: Record<'fix' | 'nav' | 'awy', readonly number[]> = {
  fix: [600, 1100, 1101, 1200],
  nav: [740, 810, 1100, 1150, 1200],
  awy: [640, 1100],
};

const EXPECTED: Record<LoadedFile['kind'], string> = {
  fix: 'fix rows (lat lon ident)',
  nav: 'navaid rows (type lat lon … ident name)',
  awy: 'airway segment rows',
  aerodromes: 'aerodromes',
};

function inRange(lat: number, lon: number): boolean {
  return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

class RowCounter {
  constructor(readonly file: LoadedFile) {}
  malformed(lineNumber: number, text: string, start: number, end: number): void {
    this.file.malformed++;
    if (this.file.malformedSamples.length < 5) {
      this.file.malformedSamples.push({
        line: lineNumber,
        text: text.slice(start, Math.min(end, start + 200)).replace(/\r$/, ''),
      });
    }
  }
}

function firstMalformed(file: LoadedFile): string {
  const sample = file.malformedSamples[0];
  // Binary garbage must not put control characters into a status line.
  return sample
    ? `, the first at line ${sample.line}: '${sample.text.slice(0, 60).replace(/[^\x20-\x7e]/g, '?')}'`
    : '';
}

/**
 * Whether what a file gave is worth using; a NavDataError naming the file and what was read
 * when not. Navigation data that is empty, of another format or mostly unreadable would
 * otherwise load as "0 fixes" and flag every point of every route as unknown.
 */
export function checkFileRead(file: LoadedFile, sawText: boolean): void {
  const name = path.basename(file.path);
  const as = file.format.replace(/ unknown version$/, '');
  if (!sawText) throw new NavDataError(`${name} is empty: expected ${EXPECTED[file.kind]} (${file.path}).`);
  if (file.rows === 0 && file.malformed === 0) {
    throw new NavDataError(
      `${name} has no data rows: expected ${EXPECTED[file.kind]} after its header (${file.path}).`,
    );
  }
  if (file.rows === 0) {
    throw new NavDataError(
      `${name}: no row could be read as ${as} data (${file.malformed} malformed ` +
        `row${file.malformed === 1 ? '' : 's'}${firstMalformed(file)}); is it navigation ` +
        `data, and does its header name its format's version? (${file.path})`,
    );
  }
  if (file.malformed > file.rows) {
    throw new NavDataError(
      `${name}: ${file.malformed} of ${file.rows + file.malformed} rows are ` +
        `malformed${firstMalformed(file)}: the file is not used as ${as} data ` +
        `(${file.path}).`,
    );
  }
}

/**
 * The common frame of the fix, nav and airway files: the header (`I`/`A`, then `<version>
 * Version …`), then data rows up to `99`; blank lines anywhere. Rows go to `row` with their line
 * number in the file.
 */
abstract class DataFileParser implements ChunkParser {
  protected version = 0;
  protected readonly t = new Tokens();
  protected readonly count: RowCounter;
  private readonly lines = new LineFeeder((text, start, end, lineNumber) => this.line(text, start, end, lineNumber));
  private inHeader = true;
  private sawOrigin = false;
  private sawText = false;
  private ended = false;

  constructor(
    protected readonly builder: NavDatabaseBuilder,
    protected readonly file: LoadedFile,
    private readonly kind: 'fix' | 'nav' | 'awy',
  ) {
    this.count = new RowCounter(file);
    file.format = `${kind} unknown version`;
  }

  feed(chunk: string): void {
    this.lines.feed(chunk);
  }

  end(): void {
    this.lines.end();
    checkFileRead(this.file, this.sawText);
  }

  protected abstract row(text: string, start: number, end: number, lineNumber: number): void;

  private line(text: string, start: number, end: number, lineNumber: number): void {
    if (this.ended) return;
    let s = start;
    while (s < end && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 13 || text.charCodeAt(s) === 9)) s++;
    if (s === end) return;
    this.sawText = true;
    if (this.inHeader) {
      const line = text.slice(s, Math.min(end, s + 40)).trim();
      if (!this.sawOrigin && (line === 'I' || line === 'A')) {
        this.sawOrigin = true;
        return;
      }
      const match = /^(\d+)\s+Version\b/i.exec(line);
      if (match && !this.version) {
        this.version = Number(match[1]);
        this.file.format = `${this.kind} ${this.version}`;
        const cycle = /\bdata cycle\s+([0-9][0-9.]*[0-9])/i.exec(text.slice(s, Math.min(end, s + 200)));
        if (cycle?.[1]) this.file.cycle = cycle[1];
        if (!KNOWN_VERSIONS[this.kind].includes(this.version)) {
          throw new NavDataError(
            `${path.basename(this.file.path)}: version ${this.version} in its header is no ` +
              `${this.kind} format this reader knows (${KNOWN_VERSIONS[this.kind].join(', ')}) ` +
              `(${this.file.path}).`,
          );
        }
        return;
      }
      // Data starts at the first line that is neither blank, nor origin, nor version.
      this.inHeader = false;
    }
    // `99` ends the data.
    if (text.charCodeAt(s) === 57 && text.charCodeAt(s + 1) === 57 && (s + 2 === end || text.charCodeAt(s + 2) <= 32)) {
      this.ended = true;
      return;
    }
    this.row(text, start, end, lineNumber);
  }
}

class FixParser extends DataFileParser {
  constructor(builder: NavDatabaseBuilder, file: LoadedFile) {
    super(builder, file, 'fix');
  }

  protected row(text: string, start: number, end: number, lineNumber: number): void {
    const { t, file } = this;
    const n = t.split(text, start, end);
    const lat = n >= 3 ? t.number(0) : NaN;
    const lon = n >= 3 ? t.number(1) : NaN;
    // fix 600: lat lon ident; fix 1101/1200: lat lon ident terminal-area region type [name].
    const columnsFit = this.version >= 1100 ? n >= 5 : n === 3 || n >= 5;
    if (!columnsFit || !inRange(lat, lon)) return this.count.malformed(lineNumber, text, start, end);
    file.rows++;
    if (n >= 5 && !t.equals(3, 'ENRT')) {
      file.skipped++; // terminal fixes belong to procedures, not to route text
      return;
    }
    if (!this.builder.addFix(t.string(2), lat, lon, n >= 5 ? t.string(4) : '')) file.skipped++;
  }
}

class NavaidParser extends DataFileParser {
  constructor(builder: NavDatabaseBuilder, file: LoadedFile) {
    super(builder, file, 'nav');
  }

  protected row(text: string, start: number, end: number, lineNumber: number): void {
    const { t, file } = this;
    const n = t.split(text, start, end);
    const code = n > 0 ? t.number(0) : NaN;
    if (!Number.isInteger(code)) return this.count.malformed(lineNumber, text, start, end);
    if ((code >= 4 && code <= 9) || (code >= 14 && code <= 16)) {
      file.rows++;
      file.skipped++; // ILS parts, markers, GLS and landing threshold points are not route points
      // A localizer (4 with a glide slope's ILS, 5 alone) says the runway has an instrument
      // approach: nav 810 `… ident ICAO runway name`, nav 1150 `… ident ICAO region runway name`.
      if ((code === 4 || code === 5) && n >= 10) {
        const current = this.version >= 1100;
        const runway = t.string(current ? 10 : 9);
        if (/^[A-Z0-9]{3,4}$/.test(t.string(8)) && /^\d{2}[LRC]?$/.test(runway))
          this.builder.addIls(t.string(8), runway);
      }
      return;
    }
    if (code !== 2 && code !== 3 && code !== 12 && code !== 13)
      return this.count.malformed(lineNumber, text, start, end);
    const lat = n >= 8 ? t.number(1) : NaN;
    const lon = n >= 8 ? t.number(2) : NaN;
    if (n < 8 || !inRange(lat, lon)) return this.count.malformed(lineNumber, text, start, end);
    // nav 1150: … ident terminal-area region name; nav 810: … ident name.
    const version = this.version;
    const current = version >= 1100 || (version === 0 && n >= 10 && t.width(9) === 2);
    // A current header on rows of the old format: the region (two letters) is missing.
    if (current && (n < 11 || t.width(9) !== 2)) return this.count.malformed(lineNumber, text, start, end);
    file.rows++;
    const region = current ? t.string(9) : '';
    const name = t.rest(current ? 10 : 8);
    const isDme = code === 12 || code === 13;
    if (isDme && (current ? !t.equals(8, 'ENRT') : name.endsWith('DME-ILS'))) {
      file.skipped++; // DMEs of ILS approaches
      return;
    }
    const kind =
      code === 2
        ? KIND_NDB
        : code === 3
          ? KIND_VOR
          : name.endsWith('TACAN') && !name.endsWith('VORTAC')
            ? KIND_TACAN
            : KIND_DME;
    const elevation = t.number(3);
    const variation = code === 3 ? t.number(6) : NaN;
    if (!this.builder.addNavaid(kind, t.string(7), lat, lon, region, name, elevation, variation)) file.skipped++;
  }
}

/**
 * The level type (1 low, 2 high) and base and top flight levels from three columns; zeros for
 * what is not a number in range, so a segment without limits is never judged by them.
 */
function levels(t: Tokens, at: number): [number, number, number] {
  const type = t.number(at),
    base = t.number(at + 1),
    top = t.number(at + 2);
  const fl = (n: number) => Number.isInteger(n) && n >= 0 && n <= 999;
  if (!fl(base) || !fl(top) || top < base) return [0, 0, 0];
  return [type === 1 || type === 2 ? type : 0, base, top];
}

class AirwayParser extends DataFileParser {
  constructor(builder: NavDatabaseBuilder, file: LoadedFile) {
    super(builder, file, 'awy');
  }

  protected row(text: string, start: number, end: number, lineNumber: number): void {
    const { t, file, builder } = this;
    const n = t.split(text, start, end);
    const current = this.version >= 1100 || (this.version === 0 && n >= 11 && Number.isNaN(t.number(1)));
    if (!current && n >= 10) {
      // awy 640: from lat lon to lat lon level base top names (names may hold blanks: `MT E-MT W`)
      const lat1 = t.number(1),
        lon1 = t.number(2),
        lat2 = t.number(4),
        lon2 = t.number(5);
      if (!inRange(lat1, lon1) || !inRange(lat2, lon2)) return this.count.malformed(lineNumber, text, start, end);
      file.rows++;
      const from = builder.pointAt(t.string(0), lat1, lon1);
      const to = builder.pointAt(t.string(3), lat2, lon2);
      builder.addSegment(t.rest(9), from, to, BOTH_WAYS, ...levels(t, 6));
    } else if (current && n >= 11) {
      // awy 1100: from region type to region type direction level base top names
      const type1 = t.number(2),
        type2 = t.number(5);
      const direction = t.equals(6, 'N')
        ? BOTH_WAYS
        : t.equals(6, 'F')
          ? FORWARD_ONLY
          : t.equals(6, 'B')
            ? BACKWARD_ONLY
            : -1;
      if (!Number.isInteger(type1) || !Number.isInteger(type2) || direction < 0)
        return this.count.malformed(lineNumber, text, start, end);
      file.rows++;
      const from = builder.pointByReference(t.string(0), t.string(1), type1);
      const to = builder.pointByReference(t.string(3), t.string(4), type2);
      if (from < 0 || to < 0) {
        file.skipped++; // an end that neither fix nor nav data lists
        return;
      }
      builder.addSegment(t.rest(10), from, to, direction, ...levels(t, 7));
    } else {
      this.count.malformed(lineNumber, text, start, end);
    }
  }
}

/** airports.tsv: `ident type name lat lon elevation_ft`, tab separated, with a header row. */
class AirportsTsvParser implements ChunkParser {
  private readonly t = new Tokens();
  private readonly count: RowCounter;
  private readonly lines = new LineFeeder((text, start, end, lineNumber) => this.line(text, start, end, lineNumber));
  private sawText = false;

  constructor(
    private readonly builder: NavDatabaseBuilder,
    private readonly file: LoadedFile,
  ) {
    this.count = new RowCounter(file);
    file.format = 'airports.tsv';
  }

  feed(chunk: string): void {
    this.lines.feed(chunk);
  }

  end(): void {
    this.lines.end();
    checkFileRead(this.file, this.sawText);
  }

  private line(text: string, start: number, end: number, lineNumber: number): void {
    if (end <= start + 1) return;
    this.sawText = true;
    if (lineNumber === 1 && text.startsWith('ident\t', start)) return;
    const t = this.t;
    const n = t.splitTabs(text, start, end);
    const lat = n >= 5 ? t.number(3) : NaN;
    const lon = n >= 5 ? t.number(4) : NaN;
    if (n < 5 || !inRange(lat, lon) || t.ends[0] === t.starts[0])
      return this.count.malformed(lineNumber, text, start, end);
    this.file.rows++;
    const elevation = n >= 6 ? t.number(5) : NaN;
    if (!this.builder.addAerodrome(t.string(0), lat, lon, t.string(2), elevation)) this.file.skipped++;
  }
}

/** The parser of one kind of file (apt.dat by its name). */
export function chunkParser(
  kind: LoadedFile['kind'],
  aptDat: boolean,
  builder: NavDatabaseBuilder,
  file: LoadedFile,
): ChunkParser {
  switch (kind) {
    case 'fix':
      return new FixParser(builder, file);
    case 'nav':
      return new NavaidParser(builder, file);
    case 'awy':
      return new AirwayParser(builder, file);
    case 'aerodromes':
      return aptDat ? new AptDatParser(builder, file) : new AirportsTsvParser(builder, file);
  }
}

function parseWhole(parser: ChunkParser, text: string): void {
  parser.feed(text);
  parser.end();
}

/** Whole-text forms of the parsers (tests, small inputs); each throws what `end` throws. */
export function parseFixes(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  parseWhole(new FixParser(builder, file), text);
}

export function parseNavaids(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  parseWhole(new NavaidParser(builder, file), text);
}

export function parseAirways(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  parseWhole(new AirwayParser(builder, file), text);
}

export function parseAirportsTsv(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  parseWhole(new AirportsTsvParser(builder, file), text);
}

/**
 * apt.dat (any version), fed in chunks because X-Plane's global apt.dat runs to hundreds of MB:
 * aerodrome header rows 1 (land), 16 (seaplane base), 17 (heliport):
 * `code elevation - - ICAO name…`; the position is the `1302 datum_lat/datum_lon` metadata when
 * present, else the mean of the runway ends (rows 100, 101) or helipads (102).
 */
export class AptDatParser implements ChunkParser {
  private readonly t = new Tokens();
  private readonly count: RowCounter;
  private readonly lines = new LineFeeder((text, start, end, lineNumber) => this.line(text, start, end, lineNumber));
  private sawText = false;
  private inHeader = true;
  private ended = false;
  private icao = '';
  private name = '';
  private elevation = NaN;
  private sumLat = 0;
  private sumLon = 0;
  private ends = 0;
  private datumLat = NaN;
  private datumLon = NaN;

  constructor(
    private readonly builder: NavDatabaseBuilder,
    private readonly file: LoadedFile,
  ) {
    this.count = new RowCounter(file);
    file.format = 'apt.dat unknown version';
  }

  /** Text of any length; a line split between chunks is completed by the next one. */
  feed(chunk: string): void {
    this.lines.feed(chunk);
  }

  end(): void {
    this.lines.end();
    this.flush();
    checkFileRead(this.file, this.sawText);
  }

  private line(text: string, start: number, end: number, lineNumber: number): void {
    if (this.ended) return;
    const t = this.t;
    const n = t.split(text, start, end);
    if (n === 0) return;
    this.sawText = true;
    if (this.inHeader) {
      if (n === 1 && (t.equals(0, 'I') || t.equals(0, 'A'))) return;
      if (n >= 2 && t.equals(1, 'Version') && Number.isInteger(t.number(0))) {
        this.file.format = `apt.dat ${t.number(0)}`;
        return;
      }
      this.inHeader = false;
    }
    const code = t.number(0);
    if (code === 99 && n === 1) {
      this.ended = true;
      return;
    }
    if (code === 1 || code === 16 || code === 17) {
      this.flush();
      if (n < 5) return this.count.malformed(lineNumber, text, start, end);
      this.file.rows++;
      this.icao = t.string(4);
      this.name = t.rest(5);
      this.elevation = t.number(1);
      this.sumLat = this.sumLon = this.ends = 0;
      this.datumLat = this.datumLon = NaN;
    } else if (!this.icao) {
      return;
    } else if (code === 100 && n >= 20) {
      this.addEnd(t.number(9), t.number(10));
      this.addEnd(t.number(18), t.number(19));
    } else if (code === 101 && n >= 9) {
      this.addEnd(t.number(4), t.number(5));
      this.addEnd(t.number(7), t.number(8));
    } else if (code === 102 && n >= 4) {
      this.addEnd(t.number(2), t.number(3));
    } else if (code === 1302 && n >= 3) {
      if (t.equals(1, 'datum_lat')) this.datumLat = t.number(2);
      else if (t.equals(1, 'datum_lon')) this.datumLon = t.number(2);
    }
  }

  private addEnd(lat: number, lon: number): void {
    if (!inRange(lat, lon)) return;
    this.sumLat += lat;
    this.sumLon += lon;
    this.ends++;
  }

  private flush(): void {
    if (!this.icao) return;
    const datum = !Number.isNaN(this.datumLat) && !Number.isNaN(this.datumLon);
    const lat = datum ? this.datumLat : this.ends ? this.sumLat / this.ends : NaN;
    const lon = datum ? this.datumLon : this.ends ? this.sumLon / this.ends : NaN;
    if (inRange(lat, lon)) {
      if (!this.builder.addAerodrome(this.icao, lat, lon, this.name, this.elevation)) this.file.skipped++;
    } else {
      this.file.skipped++; // an aerodrome without runways or datum has no position
    }
    this.icao = '';
  }
}

export function parseAptDat(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  const parser = new AptDatParser(builder, file);
  parser.feed(text);
  parser.end();
}
