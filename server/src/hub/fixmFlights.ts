/**
 * FIXM flight lists (hub endpoints 1–3, 5, 6, 8) read in one walk of the answer, as it is parsed:
 * no tree is built and nothing is searched again per field or per flight, so the cost is linear
 * in the answer (a tree searched per field cost 20 s for `fx:Flight` nested 60 deep around
 * 20,000 empty elements). Only the `Flight` elements where the documents put them are flights:
 * the root itself (one flight by GUFI) or a child of the root (`flightMessage`); a `Flight`
 * nested inside a flight is skipped with everything in it.
 *
 * The parser (saxes, as `xml.ts`: predefined entities only, a depth limit) is fed a slice of the
 * text per turn of the event loop, so a 30 MB answer never holds a hover up for long, and what is
 * kept is bounded: `maxFlights` flights (the rest counted, not read) and route texts of at most
 * `MAX_ROUTE_TEXT_CHARS` (longer ones counted and dropped: a route cut short would compare as
 * different from field 15).
 */
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ShapeError } from './errors';
import type { FlightSummary } from './hubXml';
import { yieldingLoop } from './yielding';

/** Route texts longer than this are not kept (ICAO field 15 of a long-haul flight is far shorter). */
export const MAX_ROUTE_TEXT_CHARS = 10_000;
/** Flights read from one answer at most; the rest are counted. */
export const MAX_FLIGHTS_PER_ANSWER = 5_000;
/** Bytes (or characters) of XML given to the parser between two turns of the event loop. */
const SLICE = 64 * 1024;
/** Bytes (or characters) searched for flights' start tags per turn, once no more flights are read. */
const COUNT_SLICE = 1024 * 1024;
/** What may follow an element's name in its start tag: a blank, `/` or `>` (character codes). */
const TAG_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2f, 0x3e]);
/** Text kept of any other element or attribute (a code, a time, a number). */
const MAX_FIELD_CHARS = 256;

export interface FixmFlightsRead {
  flights: FlightSummary[];
  /** Flights of the answer beyond `maxFlights`, not read. */
  notRead: number;
  /** Flights whose route text was longer than MAX_ROUTE_TEXT_CHARS: kept without it. */
  longRouteTexts: number;
}

export interface FixmReadOptions {
  maxDepth: number;
  // These three are passed on from the caller's options as given: undefined means none.
  maxFlights?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Applied to every string kept (the client's redaction of secrets spelled by character references). */
  clean?: ((value: string) => string) | undefined;
}

/** Reads the flights of a FIXM answer (its bytes, decoded as they are read) a slice per turn of the event loop. */
export async function readFixmFlightsYielding(
  text: string | Buffer,
  options: FixmReadOptions,
): Promise<FixmFlightsRead> {
  const reader = new FixmReader(text, options);
  await yieldingLoop(() => reader.step(), options.signal);
  return reader.result();
}

/** The same reading at once (tests, the bench, small answers already in hand). */
export function readFixmFlights(
  text: string,
  options: Omit<FixmReadOptions, 'signal'> = { maxDepth: 64 },
): FlightSummary[] {
  const reader = new FixmReader(text, options);
  while (reader.step());
  return reader.result().flights;
}

class DepthError extends Error {}

class FixmReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: false });
  private readonly decoder = new StringDecoder('utf8');
  private offset = 0;
  /** The text read so far, up to 4 KiB (a DOCTYPE's internal subset is looked for there). */
  private head = '';
  /** The last characters of the previous slice (an `<!ENTITY` may straddle two). */
  private tail = '';
  private depth = 0;
  private flight: FlightCollector | undefined;
  /** Depth of the flight element being read (1 or 2). */
  private flightDepth = 0;
  /** The qualified name of the flights' elements (`fx:Flight`), as the answer writes it. */
  private flightName = '';
  /** Once `maxFlights` are read: the start tag the rest is counted by, and where it was next found. */
  private counting?: { needle: string; next: number };
  private readonly flights: FlightSummary[] = [];
  private notRead = 0;
  private longRouteTexts = 0;
  private readonly maxFlights: number;

  constructor(
    private readonly source: string | Buffer,
    private readonly options: FixmReadOptions,
  ) {
    this.maxFlights = options.maxFlights ?? MAX_FLIGHTS_PER_ANSWER;
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', () => this.close());
    this.parser.on('text', (piece) => this.flight?.text(piece));
    this.parser.on('cdata', (piece) => this.flight?.text(piece));
  }

  /** Parses the next slice; false once the whole text is read. */
  step(): boolean {
    if (this.counting) return this.count(this.counting);
    const { source } = this;
    const last = this.offset + SLICE >= source.length;
    const piece =
      typeof source === 'string'
        ? source.slice(this.offset, this.offset + SLICE)
        : this.decoder.write(source.subarray(this.offset, this.offset + SLICE)) + (last ? this.decoder.end() : '');
    this.offset += SLICE;
    this.refuseEntities(piece);
    try {
      this.parser.write(piece);
      if (!last) return true;
      this.parser.close();
      return false;
    } catch (err) {
      if (err instanceof DepthError)
        throw new ShapeError('document', `nests elements deeper than ${this.options.maxDepth} levels`);
      const reason = err instanceof Error ? err.message : String(err);
      throw new ShapeError('document', `is not well-formed XML (${reason.slice(0, 160)})`);
    }
  }

  /** Documents that declare entities (a DOCTYPE internal subset) are refused, as xml.ts does. */
  private refuseEntities(piece: string): void {
    if (this.head.length < 4096) this.head += piece.slice(0, 4096 - this.head.length);
    if (/<!ENTITY/i.test(this.tail + piece) || /<!DOCTYPE[^>]*\[/i.test(this.head))
      throw new ShapeError('document', 'declares XML entities (a DOCTYPE internal subset), which are refused');
    this.tail = piece.slice(-16);
  }

  result(): FixmFlightsRead {
    return { flights: this.flights, notRead: this.notRead, longRouteTexts: this.longRouteTexts };
  }

  /**
   * Counts the flights left, a COUNT_SLICE per step, by their start tags (`<fx:Flight` then a
   * blank, `/` or `>`): parsing 95,000 flights only to count them held the CPU for seconds of a
   * loaded machine. A tag cut by the slice the parser had last is not counted: "or more".
   */
  private count(counting: { needle: string; next: number }): boolean {
    const { source } = this;
    const end = Math.min(source.length, this.offset + COUNT_SLICE);
    let at = counting.next;
    for (;;) {
      if (at < this.offset) at = source.indexOf(counting.needle, this.offset);
      if (at < 0) return false;
      if (at >= end) break;
      const after = at + counting.needle.length;
      const next = typeof source === 'string' ? source.charCodeAt(after) : source[after];
      if (next !== undefined && TAG_END.has(next)) this.notRead++;
      this.offset = after;
      at = -1;
    }
    counting.next = at;
    this.offset = end;
    return end < source.length;
  }

  private open(tag: SaxesTagPlain): void {
    this.depth++;
    if (this.depth > this.options.maxDepth) throw new DepthError();
    const name = localName(tag.name);
    if (this.flight) {
      this.flight.enter(name, tag.attributes);
      return;
    }
    if (name === 'Flight' && this.depth <= 2) {
      if (this.flights.length >= this.maxFlights) {
        this.notRead++;
        return;
      }
      this.flight = new FlightCollector(this.options.clean);
      this.flightDepth = this.depth;
      this.flightName = tag.name;
      this.flight.enter(name, tag.attributes);
    }
  }

  private close(): void {
    if (this.flight) {
      this.flight.leave();
      if (this.depth === this.flightDepth) {
        const { summary, longRouteText } = this.flight.summary();
        this.flights.push(summary);
        if (longRouteText) this.longRouteTexts++;
        this.flight = undefined;
        // The slice given to the parser is read to its end; the text after it is only counted.
        if (this.flights.length >= this.maxFlights) this.counting = { needle: `<${this.flightName}`, next: -1 };
      }
    }
    this.depth--;
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** One open element of a flight: its text when it is a field, and the sections it opened. */
interface Open {
  name: string;
  text?: string;
  limit: number;
  sections: string[];
}

type End = 'departure' | 'arrival';

/** Elements whose own text is a field. */
const TEXT_FIELDS = new Set([
  'gufi',
  'aircraftIdentification',
  'flightNumber',
  'flightStatus',
  'flightCycle',
  'locationIndicator',
  'code',
  'pos',
  'altitude',
  'track',
  'icaoModelIdentifier',
  'icaoAircraftTypeDesignator',
  'aircraftCode',
  'registration',
  'aircraftRegistration',
  'routeText',
  'scheduledOffBlockTime',
  'estimatedOffBlockTime',
  'actualOffBlockTime',
  'actualTimeOfDeparture',
  'scheduledInBlockTime',
  'estimatedInBlockTime',
  'actualInBlockTime',
  'actualTimeOfArrival',
]);

/** Aerodrome elements of each end and what each says. */
const AERODROME_ELEMENTS: Record<string, [End, string]> = {
  departureAerodrome: ['departure', 'departure'],
  aerodrome: ['departure', 'aerodrome'],
  arrivalAerodrome: ['arrival', 'actual'],
  destinationAerodrome: ['arrival', 'planned'],
  arrivalAerodromeOriginal: ['arrival', 'original'],
  destinationAerodromePrevious: ['arrival', 'previous'],
};

/** FIXM's times of an end (`fb:MultiTime`: initial, estimated, actual, each a timestamp). */
const TIME_GROUPS: Record<string, string> = {
  departureFixTime: 'fix',
  arrivalFixTime: 'fix',
  standTime: 'stand',
  runwayTime: 'runway',
};

/** Plain sections of a flight, the first element of each name. */
const SECTIONS: Record<string, string> = {
  flightIdentification: 'identification',
  flightStatus: 'status',
  departure: 'departure',
  arrival: 'arrival',
  aircraftDescription: 'desc',
  aircraft: 'plain',
  route: 'route',
};

/**
 * One flight's fields, each the first of its kind in document order within the first section
 * FIXM puts it in (the aerodromes and times in the first `departure`/`arrival`, the position in
 * the first position report, …): what a search per field chose, in one walk.
 */
class FlightCollector {
  private readonly stack: Open[] = [];
  /** Depth of a nested Flight being skipped (with all in it); 0 when none is. */
  private skipping = 0;
  /** Sections opened once already (only the first of each counts). */
  private readonly opened = new Set<string>();
  /** Sections open now, with the depth of the element that opened them. */
  private readonly open = new Map<string, number>();
  private readonly fields = new Map<string, string>();
  private aerodrome: string | undefined;
  private longRouteText = false;

  constructor(private readonly clean?: (value: string) => string) {}

  enter(name: string, attributes: Record<string, string>): void {
    if (this.skipping > 0) {
      this.skipping++;
      return;
    }
    if (name === 'Flight' && this.stack.length > 0) {
      this.skipping = 1;
      return;
    }
    const open: Open = {
      name,
      limit: name === 'routeText' ? MAX_ROUTE_TEXT_CHARS + 1 : MAX_FIELD_CHARS,
      sections: [],
      ...(TEXT_FIELDS.has(name) || AERODROME_ELEMENTS[name] ? { text: '' } : {}),
    };
    this.stack.push(open);
    this.opening(open, attributes);
  }

  text(piece: string): void {
    if (this.skipping > 0) return;
    const open = this.stack[this.stack.length - 1];
    if (!open || open.text === undefined || open.text.length > open.limit) return;
    open.text += piece.length > open.limit ? piece.slice(0, open.limit + 1) : piece;
  }

  leave(): void {
    if (this.skipping > 0) {
      this.skipping--;
      return;
    }
    const open = this.stack.pop();
    if (!open) return;
    const text = open.text?.trim();
    if (text) this.closingText(open.name, text);
    for (const section of open.sections) {
      this.open.delete(section);
      if (section === this.aerodrome) this.aerodrome = undefined;
    }
  }

  /** Opens the element's section if it is the first of its kind; false when it is not. */
  private section(open: Open, key: string): boolean {
    if (this.opened.has(key)) return false;
    this.opened.add(key);
    this.open.set(key, this.stack.length);
    open.sections.push(key);
    return true;
  }

  private end(): End | undefined {
    return this.open.has('departure') ? 'departure' : this.open.has('arrival') ? 'arrival' : undefined;
  }

  private opening(open: Open, a: Record<string, string>): void {
    const { name } = open;
    const plain = SECTIONS[name];
    if (plain && this.section(open, plain)) {
      if (plain === 'identification') {
        this.keep('aircraftIdentification@', a.aircraftIdentification);
        this.keep('operator@', a.majorCarrierIdentifier);
        this.keep('flightNumber@', a.iataFlightNumber);
      } else if (plain === 'status') this.keep('status@', a.flightCycle ?? a.currentStatus ?? a.currentFlightStatus);
      else if (plain === 'departure') this.keep('departure:attribute', a.departureAerodrome);
      else if (plain === 'arrival') this.keep('arrival:attribute', a.arrivalAerodrome);
      else if (plain === 'desc' || plain === 'plain') {
        this.keep(`${plain}:aircraftType@`, a.aircraftType);
        this.keep(`${plain}:registration@`, a.registration);
      } else if (plain === 'route') this.keep('routeText@', a.routeText, MAX_ROUTE_TEXT_CHARS);
    }
    if (name === 'position') {
      const report = this.open.get('report');
      if (report === undefined) {
        if (this.section(open, 'report')) this.keep('track@', a.track);
      } else if (report === this.stack.length - 1) this.keep('innerTrack@', a.track);
    } else if (name === 'Point' && this.open.has('report')) this.keep('srs@', a.srsName);
    const end = this.end();
    if (!end) return;
    const group = TIME_GROUPS[name];
    if (group) this.section(open, `${end}:${group}`);
    if (name === 'initial' || name === 'estimated' || name === 'actual') {
      const within = ['fix', 'stand', 'runway'].find((g) => this.open.has(`${end}:${g}`)) ?? 'fix';
      this.keep(`${end}:${within}:${name}`, a.timestamp, 64);
    }
    const aerodrome = AERODROME_ELEMENTS[name];
    if (aerodrome && aerodrome[0] === end) {
      const key = `${end}:${aerodrome[1]}`;
      if (this.section(open, key)) {
        this.aerodrome = key;
        this.keep(`${key}:attribute`, a.code ?? a.locationIndicator);
      }
    }
  }

  /** Files an element's text under its place in the flight. */
  private closingText(name: string, text: string): void {
    const end = this.end();
    if (this.aerodrome && (name === 'locationIndicator' || name === 'code'))
      this.keep(`${this.aerodrome}:${name}`, text);
    else if (AERODROME_ELEMENTS[name] && this.open.get(this.aerodrome ?? '') === this.stack.length + 1)
      this.keep(`${this.aerodrome}:text`, text);
    if (name === 'routeText') {
      this.keep(this.open.has('route') ? 'route:routeText' : 'routeText', text, MAX_ROUTE_TEXT_CHARS);
      return;
    }
    if (name === 'flightStatus' && this.open.get('status') === this.stack.length + 1) this.keep('statusText', text);
    if (name === 'flightCycle' && this.open.has('status')) this.keep('statusCycle', text);
    if (end && /(OffBlock|InBlock)Time$|^actualTimeOf/.test(name)) this.keep(`${end}:${name}`, text, 64);
    if (name === 'estimatedOffBlockTime') this.keep('eobt', text, 64);
    if (this.open.has('report')) this.keep(`report:${name}`, text);
    for (const which of ['desc', 'plain']) if (this.open.has(which)) this.keep(`${which}:${name}`, text);
    this.keep(name, text);
  }

  /** Keeps the first value of a field; a route text over its limit is counted, not kept. */
  private keep(key: string, value: string | undefined, limit = MAX_FIELD_CHARS): void {
    if (value === undefined || this.fields.has(key)) return;
    const trimmed = value.trim();
    if (!trimmed) return;
    if (trimmed.length > limit) {
      if (key.startsWith('route') || key.endsWith('routeText')) {
        this.longRouteText = true;
        this.fields.set(key, '');
      }
      return;
    }
    this.fields.set(key, this.clean ? this.clean(trimmed) : trimmed);
  }

  summary(): { summary: FlightSummary; longRouteText: boolean } {
    const s: FlightSummary = {};
    const get = (...keys: string[]): string | undefined => {
      for (const key of keys) {
        const value = this.fields.get(key);
        if (value) return value;
      }
      return undefined;
    };
    const set = <K extends keyof FlightSummary>(key: K, value: FlightSummary[K] | undefined): void => {
      if (value !== undefined && value !== '') s[key] = value;
    };
    set('gufi', get('gufi'));
    set('callsign', get('aircraftIdentification@', 'aircraftIdentification'));
    const carrier = carrierIdentifier(get('operator@'));
    set('operator', carrier.operator);
    set('flightNumber', flightNumberOf(get('flightNumber@', 'flightNumber')) ?? carrier.flightNumber);
    set('status', get('status@', 'statusCycle', 'statusText'));
    const aerodrome = (end: End, ...kinds: string[]): string | undefined => {
      for (const kind of kinds) {
        const code = get(
          `${end}:${kind}:attribute`,
          `${end}:${kind}:locationIndicator`,
          `${end}:${kind}:code`,
          `${end}:${kind}:text`,
        );
        if (code) return code;
      }
      return get(`${end}:attribute`);
    };
    set('departure', aerodrome('departure', 'departure', 'aerodrome'));
    const landed = aerodrome('arrival', 'actual');
    const planned = aerodrome('arrival', 'planned');
    const original = aerodrome('arrival', 'original', 'previous');
    const arrival = landed ?? planned ?? original;
    set('arrival', arrival);
    const firstPlanned = planned && planned !== arrival ? planned : original;
    if (firstPlanned && firstPlanned !== arrival) s.originalArrival = firstPlanned;
    const pos = get('report:pos', 'pos');
    if (pos) {
      const numbers = pos
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (numbers.length === 2 && numbers.every(Number.isFinite)) {
        const [a, b] = numbers as [number, number];
        const [lon, lat] = /CRS84/i.test(get('srs@') ?? '') ? [a, b] : [b, a];
        if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) [s.lon, s.lat] = [lon, lat];
      }
    }
    set('altitude', numberOf(get('report:altitude', 'altitude')));
    set('track', numberOf(get('report:track', 'track@', 'innerTrack@')));
    const which = this.opened.has('desc') ? 'desc' : 'plain';
    set(
      'aircraftType',
      get(
        `${which}:aircraftType@`,
        `${which}:icaoModelIdentifier`,
        `${which}:icaoAircraftTypeDesignator`,
        `${which}:aircraftCode`,
      ),
    );
    set('registration', get(`${which}:registration@`, `${which}:registration`, `${which}:aircraftRegistration`));
    const route = this.fields.has('routeText@') ? get('routeText@') : get('route:routeText', 'routeText');
    if (route) s.routeText = route.replace(/\s+/g, ' ');
    set('eobt', get('eobt'));
    set('scheduledDeparture', get('departure:scheduledOffBlockTime', 'departure:fix:initial'));
    set('estimatedDeparture', get('departure:estimatedOffBlockTime', 'departure:fix:estimated'));
    set('actualDeparture', get('departure:actualOffBlockTime', 'departure:fix:actual', 'departure:stand:actual'));
    set('estimatedTakeOff', get('departure:runway:estimated'));
    set('actualTakeOff', get('departure:actualTimeOfDeparture', 'departure:runway:actual'));
    set('scheduledArrival', get('arrival:scheduledInBlockTime', 'arrival:fix:initial'));
    set('estimatedArrival', get('arrival:estimatedInBlockTime', 'arrival:fix:estimated'));
    set('actualArrival', get('arrival:actualInBlockTime', 'arrival:fix:actual', 'arrival:stand:actual'));
    set('estimatedLanding', get('arrival:runway:estimated'));
    set('actualLanding', get('arrival:actualTimeOfArrival', 'arrival:runway:actual'));
    return { summary: s, longRouteText: this.longRouteText };
  }
}

function numberOf(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

/**
 * `majorCarrierIdentifier` as answers write it: the operator's designator (`EZY`), or, without an
 * ATC call sign, the designator and the flight number run together (`BEE284`): split, never
 * taken for a call sign.
 */
export function carrierIdentifier(text: string | undefined): { operator?: string; flightNumber?: string } {
  const match = /^([A-Z]{3})(?:0*(\d{1,4}[A-Z]?))?$/.exec(text?.trim().toUpperCase() ?? '');
  if (!match) return {};
  return { operator: match[1]!, ...(match[2] ? { flightNumber: match[2] } : {}) };
}

/** The flight number of `EY1234`, `1234` or `0012A`: its figures and suffix letter, leading zeros dropped. */
export function flightNumberOf(text: string | undefined): string | undefined {
  const match = /^(?:[A-Z0-9]{2}[A-Z]?)??0*(\d{1,4}[A-Z]?)$/i.exec(text?.trim() ?? '');
  return match?.[1]?.toUpperCase();
}
