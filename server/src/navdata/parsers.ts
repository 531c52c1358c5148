/**
 * Row parsers for the X-Plane data files, old and current generations, feeding a builder.
 * Each parser reads the header (`I`/`A`, then `<version> Version …`), stops at `99`, and counts
 * rows it cannot read instead of throwing.
 */
import { BACKWARD_ONLY, BOTH_WAYS, FORWARD_ONLY } from './airway';
import type { LoadedFile, NavDatabaseBuilder } from './database';
import { KIND_DME, KIND_NDB, KIND_TACAN, KIND_VOR } from './points';
import { forEachLine, Tokens } from './text';

interface Header {
  /** Version number of the format (600, 1101, 810, 1150, 640, 1100…), or 0 when absent. */
  version: number;
  /** Offset where data rows start. */
  dataStart: number;
  /** Number of lines before dataStart. */
  lines: number;
}

export function readHeader(text: string): Header {
  let offset = 0;
  let lines = 0;
  let version = 0;
  let sawOrigin = false;
  while (offset < text.length) {
    let end = text.indexOf('\n', offset);
    if (end < 0) end = text.length;
    const line = text.slice(offset, Math.min(end, offset + 40)).trim();
    if (line === '' || (!sawOrigin && (line === 'I' || line === 'A'))) {
      sawOrigin ||= line !== '';
    } else {
      const match = /^(\d+)\s+Version\b/i.exec(line);
      if (!match || version) break;
      version = Number(match[1]);
    }
    offset = end + 1;
    lines++;
  }
  // Data starts at the first line that is neither blank, nor origin, nor version.
  return { version, dataStart: Math.min(offset, text.length), lines };
}

function inRange(lat: number, lon: number): boolean {
  return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

class RowCounter {
  constructor(readonly file: LoadedFile) {}
  malformed(lineNumber: number, text: string, start: number, end: number): void {
    this.file.malformed++;
    if (this.file.malformedSamples.length < 5) {
      this.file.malformedSamples.push({ line: lineNumber, text: text.slice(start, Math.min(end, start + 200)).replace(/\r$/, '') });
    }
  }
}

/** Calls row(start, end, lineNumber) for each data line of body (the text after the header), up to `99`. */
function forEachRow(body: string, header: Header, row: (start: number, end: number, lineNumber: number) => void): void {
  let ended = false;
  forEachLine(body, (start, end, lineNumber) => {
    if (ended) return;
    // Blank lines are allowed anywhere; `99` ends the data.
    let s = start;
    while (s < end && (body.charCodeAt(s) === 32 || body.charCodeAt(s) === 13 || body.charCodeAt(s) === 9)) s++;
    if (s === end) return;
    if (body.charCodeAt(s) === 57 && body.charCodeAt(s + 1) === 57 && (s + 2 === end || body.charCodeAt(s + 2) <= 32)) {
      ended = true;
      return;
    }
    row(start, end, lineNumber + header.lines);
  });
}

export function parseFixes(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  const header = readHeader(text);
  file.format = `fix ${header.version || 'unknown version'}`;
  const t = new Tokens();
  const count = new RowCounter(file);
  const body = text.slice(header.dataStart);
  forEachRow(body, header, (start, end, lineNumber) => {
    const n = t.split(body, start, end);
    const lat = n >= 3 ? t.number(0) : NaN;
    const lon = n >= 3 ? t.number(1) : NaN;
    // fix 600: lat lon ident; fix 1101/1200: lat lon ident terminal-area region type [name].
    if ((n !== 3 && n < 5) || !inRange(lat, lon)) return count.malformed(lineNumber, body, start, end);
    file.rows++;
    if (n >= 5 && !t.equals(3, 'ENRT')) {
      file.skipped++; // terminal fixes belong to procedures, not to route text
      return;
    }
    if (!builder.addFix(t.string(2), lat, lon, n >= 5 ? t.string(4) : '')) file.skipped++;
  });
}

export function parseNavaids(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  const header = readHeader(text);
  file.format = `nav ${header.version || 'unknown version'}`;
  const t = new Tokens();
  const count = new RowCounter(file);
  const body = text.slice(header.dataStart);
  forEachRow(body, header, (start, end, lineNumber) => {
    const n = t.split(body, start, end);
    const code = n > 0 ? t.number(0) : NaN;
    if (!Number.isInteger(code)) return count.malformed(lineNumber, body, start, end);
    if ((code >= 4 && code <= 9) || (code >= 14 && code <= 16)) {
      file.rows++;
      file.skipped++; // ILS parts, markers, GLS and landing threshold points are not route points
      return;
    }
    if (code !== 2 && code !== 3 && code !== 12 && code !== 13) return count.malformed(lineNumber, body, start, end);
    const lat = n >= 8 ? t.number(1) : NaN;
    const lon = n >= 8 ? t.number(2) : NaN;
    if (n < 8 || !inRange(lat, lon)) return count.malformed(lineNumber, body, start, end);
    file.rows++;
    // nav 1150: … ident terminal-area region name; nav 810: … ident name.
    const current = header.version >= 1100 || (header.version === 0 && n >= 10 && t.ends[9] - t.starts[9] === 2);
    const region = current && n >= 10 ? t.string(9) : '';
    const name = t.rest(current ? 10 : 8);
    const isDme = code === 12 || code === 13;
    if (isDme && (current ? !t.equals(8, 'ENRT') : name.endsWith('DME-ILS'))) {
      file.skipped++; // DMEs of ILS approaches
      return;
    }
    const kind = code === 2 ? KIND_NDB : code === 3 ? KIND_VOR : name.endsWith('TACAN') && !name.endsWith('VORTAC') ? KIND_TACAN : KIND_DME;
    const elevation = t.number(3);
    const variation = code === 3 ? t.number(6) : NaN;
    if (!builder.addNavaid(kind, t.string(7), lat, lon, region, name, elevation, variation)) file.skipped++;
  });
}

export function parseAirways(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  const header = readHeader(text);
  file.format = `awy ${header.version || 'unknown version'}`;
  const t = new Tokens();
  const count = new RowCounter(file);
  const body = text.slice(header.dataStart);
  forEachRow(body, header, (start, end, lineNumber) => {
    const n = t.split(body, start, end);
    const current = header.version >= 1100 || (header.version === 0 && n >= 11 && Number.isNaN(t.number(1)));
    if (!current && n >= 10) {
      // awy 640: from lat lon to lat lon level base top names (names may hold blanks: `MT E-MT W`)
      const lat1 = t.number(1), lon1 = t.number(2), lat2 = t.number(4), lon2 = t.number(5);
      if (!inRange(lat1, lon1) || !inRange(lat2, lon2)) return count.malformed(lineNumber, body, start, end);
      file.rows++;
      const from = builder.pointAt(t.string(0), lat1, lon1);
      const to = builder.pointAt(t.string(3), lat2, lon2);
      builder.addSegment(t.rest(9), from, to, BOTH_WAYS);
    } else if (current && n >= 11) {
      // awy 1100: from region type to region type direction level base top names
      const type1 = t.number(2), type2 = t.number(5);
      const direction = t.equals(6, 'N') ? BOTH_WAYS : t.equals(6, 'F') ? FORWARD_ONLY : t.equals(6, 'B') ? BACKWARD_ONLY : -1;
      if (!Number.isInteger(type1) || !Number.isInteger(type2) || direction < 0) return count.malformed(lineNumber, body, start, end);
      file.rows++;
      const from = builder.pointByReference(t.string(0), t.string(1), type1);
      const to = builder.pointByReference(t.string(3), t.string(4), type2);
      if (from < 0 || to < 0) {
        file.skipped++; // an end that neither fix nor nav data lists
        return;
      }
      builder.addSegment(t.rest(10), from, to, direction);
    } else {
      count.malformed(lineNumber, body, start, end);
    }
  });
}

/** airports.tsv: `ident type name lat lon elevation_ft`, tab separated, with a header row. */
export function parseAirportsTsv(text: string, builder: NavDatabaseBuilder, file: LoadedFile): void {
  file.format = 'airports.tsv';
  const t = new Tokens();
  const count = new RowCounter(file);
  forEachLine(text, (start, end, lineNumber) => {
    if (end <= start + 1) return;
    if (lineNumber === 1 && text.startsWith('ident\t', start)) return;
    const n = t.splitTabs(text, start, end);
    const lat = n >= 5 ? t.number(3) : NaN;
    const lon = n >= 5 ? t.number(4) : NaN;
    if (n < 5 || !inRange(lat, lon) || t.ends[0] === t.starts[0]) return count.malformed(lineNumber, text, start, end);
    file.rows++;
    const elevation = n >= 6 ? t.number(5) : NaN;
    if (!builder.addAerodrome(t.string(0), lat, lon, t.string(2), elevation)) file.skipped++;
  });
}

/**
 * apt.dat (any version), fed in chunks because X-Plane's global apt.dat runs to hundreds of MB:
 * aerodrome header rows 1 (land), 16 (seaplane base), 17 (heliport):
 * `code elevation - - ICAO name…`; the position is the `1302 datum_lat/datum_lon` metadata when
 * present, else the mean of the runway ends (rows 100, 101) or helipads (102).
 */
export class AptDatParser {
  private readonly t = new Tokens();
  private readonly count: RowCounter;
  private carry = '';
  private lineNumber = 0;
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
    const text = this.carry + chunk;
    const last = text.lastIndexOf('\n');
    if (last < 0) {
      this.carry = text;
      return;
    }
    this.carry = text.slice(last + 1);
    forEachLine(text.slice(0, last + 1), (start, end) => this.line(text, start, end));
  }

  end(): void {
    if (this.carry) this.line(this.carry, 0, this.carry.length);
    this.carry = '';
    this.flush();
  }

  private line(text: string, start: number, end: number): void {
    this.lineNumber++;
    if (this.ended) return;
    const t = this.t;
    const n = t.split(text, start, end);
    if (n === 0) return;
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
      if (n < 5) return this.count.malformed(this.lineNumber, text, start, end);
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
