/**
 * The simulator's own reading of ICAO route text (Doc 4444 Item 15, as summarised in
 * ../shared/notes/icao-route.md) and of the project's `.route` files (for the sample routes the
 * generated flights fly). Independent of the product's parser: the hub reads what it is sent.
 */

export type RouteToken =
  | { kind: 'speedLevel'; text: string }
  | { kind: 'direct' }
  | { kind: 'airway'; designator: string }
  | { kind: 'procedure'; designator: string }
  | { kind: 'track'; designator: string }
  | { kind: 'named'; ident: string; text: string }
  | { kind: 'coordinate'; text: string; lat: number; lon: number }
  | { kind: 'bearingDistance'; text: string; ident: string; bearing: number; distanceNm: number }
  | { kind: 'aerodrome'; icao: string }
  | { kind: 'other'; text: string };

const SPEED_LEVEL = /^(?:[NK]\d{4}|M\d{3})(?:F\d{3}|S\d{4}|A\d{3}|M\d{4}|VFR)$/;
const COORDINATE = /^(\d{2})(\d{2})?([NS])(\d{3})(\d{2})?([EW])$/;
const BEARING_DISTANCE = /^([A-Z]{2,5})(\d{3})(\d{3})$/;
const AIRWAY = /^(?=[A-Z0-9]{2,7}$)[A-Z]{1,3}\d{1,4}[A-Z]?$/;
const PROCEDURE = /^[A-Z]{2,5}\d[A-Z]$/;
const TRACK = /^(?:NAT[A-Z]|PTS[A-Z0-9]+)$/;
const NAMED = /^[A-Z]{2,5}$/;
const KEYWORDS = new Set(['IFR', 'VFR', 'T', 'OAT', 'GAT', 'IFPSTOP', 'IFPSTART']);

/** Degrees (ddNdddW) or degrees and minutes (ddmmNdddmmW); undefined when out of range. */
export function readCoordinate(text: string): { lat: number; lon: number } | undefined {
  const m = COORDINATE.exec(text);
  if (!m || (m[2] === undefined) !== (m[5] === undefined)) return undefined;
  const [latMin, lonMin] = [Number(m[2] ?? 0), Number(m[5] ?? 0)];
  const lat = Number(m[1]) + latMin / 60;
  const lon = Number(m[4]) + lonMin / 60;
  if (latMin > 59 || lonMin > 59 || lat > 90 || lon > 180) return undefined;
  return { lat: m[3] === 'S' ? -lat : lat, lon: m[6] === 'W' ? -lon : lon };
}

/** One word of route text, read on its own; `position` says whether it is first or last. */
function tokenOf(word: string, first: boolean, last: boolean): RouteToken {
  // `C/point/…` (cruise climb) and `point/speedlevel`: the point is what expansion needs.
  const [head = '', point = '', ...rest] = word.split('/');
  const text = head === 'C' && rest.length > 0 ? point : head;
  if (SPEED_LEVEL.test(text)) return { kind: 'speedLevel', text };
  if (text === 'DCT') return { kind: 'direct' };
  if (text === 'SID' || text === 'STAR') return { kind: 'procedure', designator: text };
  if (KEYWORDS.has(text) || /^STAY\d/.test(text)) return { kind: 'other', text };
  if (/^[A-Z]{4}$/.test(text) && (first || last)) return { kind: 'aerodrome', icao: text };
  if (COORDINATE.test(text)) {
    const at = readCoordinate(text);
    return at ? { kind: 'coordinate', text, ...at } : { kind: 'other', text };
  }
  const bd = BEARING_DISTANCE.exec(text);
  if (bd) return { kind: 'bearingDistance', text, ident: bd[1]!, bearing: Number(bd[2]), distanceNm: Number(bd[3]) };
  if (NAMED.test(text)) return { kind: 'named', ident: text, text };
  if (TRACK.test(text)) return { kind: 'track', designator: text };
  if (PROCEDURE.test(text) && (first || last)) return { kind: 'procedure', designator: text };
  if (AIRWAY.test(text)) return { kind: 'airway', designator: text };
  return { kind: 'other', text };
}

/** The words of route text as tokens (upper-cased; any run of blanks separates). */
export function readRouteText(routeText: string): RouteToken[] {
  const words = routeText.toUpperCase().trim().split(/\s+/).filter(Boolean);
  // The first and last route elements (after the speed/level group) are where SIDs, STARs and
  // aerodromes may stand.
  const firstElement = words[0] !== undefined && SPEED_LEVEL.test(words[0]) ? 1 : 0;
  return words.map((w, i) => tokenOf(w, i === firstElement, i === words.length - 1));
}

// ---------------------------------------------------------------------------------------------
// .route files (the project's sample routes)

export interface RouteFileEntry {
  origin?: string;
  destination?: string;
  referenceFix?: string;
  routeText: string;
  /** From an ICAO FPL message: field 7, 9 (type), 13 (time), 16 (EET) and field 18's REG/. */
  filed?: { callsign: string; aircraftType: string; offBlock: string; eet: string; registration?: string };
}

function fromFpl(message: string, directives: Record<string, string>): RouteFileEntry | undefined {
  const body = message.replace(/^\(/, '').replace(/\)\s*$/, '');
  const fields = body.split(/\s*-\s*(?=\S)/).map((f) => f.replace(/\s+/g, ' ').trim());
  // FPL, 7, 8, 9, 10, 13, 15, 16, 18 (the defaults stand for fields past the end; 0 to 7 are
  // there once the length is checked)
  const [kind, callsign = '', , typeField = '', , departureField = '', routeText = '', arrivalField = '', other = ''] =
    fields;
  if (kind !== 'FPL' || fields.length < 8) return undefined;
  const departure = /^([A-Z]{4})(\d{4})$/.exec(departureField);
  const arrival = /^([A-Z]{4})(\d{4})/.exec(arrivalField);
  if (!departure || !arrival) return undefined;
  const registration = /\bREG\/(\S+)/.exec(other)?.[1];
  return {
    // The patterns above always capture both groups.
    origin: departure[1]!,
    destination: arrival[1]!,
    ...(directives.referencefix !== undefined ? { referenceFix: directives.referencefix } : {}),
    routeText,
    filed: {
      callsign,
      aircraftType: typeField.split('/')[0] ?? '',
      offBlock: departure[2]!,
      eet: arrival[2]!,
      ...(registration !== undefined ? { registration } : {}),
    },
  };
}

/**
 * The routes of a `.route` file: blank lines separate blocks, `#` starts a comment, `key: value`
 * lines are directives, the other lines the route text or an FPL message.
 */
export function readRouteFile(text: string): RouteFileEntry[] {
  const entries: RouteFileEntry[] = [];
  const blocks = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trimEnd())
    .join('\n')
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const directives: Record<string, string> = {};
    const routeLines: string[] = [];
    for (const line of block.split('\n')) {
      const directive = /^\s*([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
      // Both groups always capture (the value may be empty).
      if (directive) directives[directive[1]!.toLowerCase()] = directive[2]!.trim();
      else if (line.trim()) routeLines.push(line.trim());
    }
    const routeText = routeLines.join(' ');
    if (!routeText) continue;
    if (routeText.startsWith('(FPL-')) {
      const entry = fromFpl(routeText, directives);
      if (entry) entries.push(entry);
      continue;
    }
    const { origin, destination, referencefix } = directives;
    entries.push({
      ...(origin !== undefined ? { origin } : {}),
      ...(destination !== undefined ? { destination } : {}),
      ...(referencefix !== undefined ? { referenceFix: referencefix } : {}),
      routeText,
    });
  }
  return entries;
}

/** Cruise level (feet) and speed (knots) of the first speed/level group. */
export function cruiseOf(routeText: string): { feet: number; knots: number } {
  const m = /^(?:([NK])(\d{4})|M(\d{3}))(?:([FA])(\d{3})|([SM])(\d{4})|VFR)/.exec(routeText.trim().toUpperCase());
  if (!m) return { feet: 35000, knots: 450 };
  const knots =
    m[1] === 'N'
      ? Number(m[2])
      : m[1] === 'K'
        ? Math.round(Number(m[2]) / 1.852)
        : Math.round((Number(m[3]) / 100) * 573);
  const feet = m[5] ? Number(m[5]) * 100 : m[7] ? Math.round(Number(m[7]) * 10 * 3.2808) : 4500;
  return { feet, knots };
}

/** Every level the route text sets (its first group and each change at a point), in feet, in order. */
export function levelsOf(routeText: string): number[] {
  const out: number[] = [];
  for (const m of routeText.toUpperCase().matchAll(/(?:^|[\s/])(?:[NK]\d{4}|M\d{3})(?:([FA])(\d{3})|([SM])(\d{4}))/g))
    out.push(m[2] ? Number(m[2]) * 100 : Math.round(Number(m[4]) * 10 * 3.2808));
  return out;
}
