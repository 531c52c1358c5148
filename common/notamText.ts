/**
 * A NOTAM in the ICAO form a dispatcher reads (Q and items A to G), from the fields the services
 * give, and its place in a briefing (departure aerodrome, en route by FIR, destination). Pure: the
 * page and the "Open NOTAM" action show the same text.
 */
import type { MapNotam, MapNotamBriefing } from './protocol/mapMessages';

/** "2026-11-23T06:00Z" as the ICAO date-time group "2611230600"; PERM and words stay as they are. */
function dateTimeGroup(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /^(\d{2})(\d{2})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text.trim());
  if (!m) return text.trim();
  const estimated = /\bEST$/i.test(text.trim()) ? 'EST' : '';
  return `${m[2]}${m[3]}${m[4]}${m[5]}${m[6]}${estimated}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "2026-11-28T16:10:00.000Z" as a dispatcher reads it, "28 Nov 16:10Z" ("28 Nov 2026 16:10Z"
 * with the year); an estimated end keeps its "EST"; PERM and other words stay as they are.
 */
export function readableUtc(text: string | undefined, withYear = false): string | undefined {
  if (!text) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text.trim());
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return text.trim();
  const estimated = /\bEST$/i.test(text.trim()) ? ' EST' : '';
  return `${Number(m[3])} ${month}${withYear ? ` ${m[1]}` : ''} ${m[4]}:${m[5]}Z${estimated}`;
}

/**
 * A NOTAM's validity as a dispatcher reads it: "28 Nov 16:10Z to 30 Nov 06:00Z", the years
 * written only when the two ends are in different years; undefined without either end.
 */
export function validityText(from: string | undefined, to: string | undefined): string | undefined {
  if (!from && !to) return undefined;
  const year = (text: string | undefined) => /^(\d{4})-\d{2}-\d{2}T/.exec(text?.trim() ?? '')?.[1];
  const years = year(from) !== undefined && year(to) !== undefined && year(from) !== year(to);
  return `${readableUtc(from, years) ?? '…'} to ${readableUtc(to, years) ?? '…'}`;
}

/** Latitude/longitude and radius as item Q writes them: "5054N00412E015". */
function qPlace(circle: MapNotam['circle']): string {
  if (!circle) return '';
  const [lon, lat] = circle.center;
  const dm = (value: number, width: number) => {
    const minutes = Math.round(Math.abs(value) * 60);
    return `${String(Math.floor(minutes / 60)).padStart(width, '0')}${String(minutes % 60).padStart(2, '0')}`;
  };
  const radius = String(Math.min(999, Math.round(circle.radiusNm))).padStart(3, '0');
  return `${dm(lat, 2)}${lat < 0 ? 'S' : 'N'}${dm(lon, 3)}${lon < 0 ? 'W' : 'E'}${radius}`;
}

/** "FL100" → "100", "SFC" → "000", "UNL" → "999" (item Q's lower and upper limits). */
function qLevel(level: string | undefined): string {
  if (!level) return '';
  if (/^(SFC|GND)/i.test(level)) return '000';
  if (/^UNL/i.test(level)) return '999';
  const fl = /^FL\s*(\d{1,3})/i.exec(level);
  return fl ? fl[1]!.padStart(3, '0') : '';
}

type NotamFields = Pick<
  MapNotam,
  'number' | 'location' | 'code' | 'text' | 'lower' | 'upper' | 'validFrom' | 'validTo' | 'schedule' | 'circle' | 'fir'
>;

/**
 * The NOTAM in ICAO form. Item Q's fields the services do not give (traffic, purpose, scope)
 * are left empty between their slashes rather than guessed.
 */
export function icaoNotamText(n: NotamFields): string {
  const lines = [`${n.number} NOTAMN`];
  const q = [n.fir ?? '', n.code ?? '', '', '', '', qLevel(n.lower), qLevel(n.upper), qPlace(n.circle)];
  if (q.some(Boolean)) lines.push(`Q) ${q.join('/')}`);
  const abc = [`A) ${n.location}`];
  const from = dateTimeGroup(n.validFrom);
  const to = dateTimeGroup(n.validTo);
  if (from) abc.push(`B) ${from}`);
  if (to) abc.push(`C) ${to}`);
  lines.push(abc.join(' '));
  if (n.schedule) lines.push(`D) ${n.schedule}`);
  lines.push(`E) ${n.text.trim()}`);
  const fg = [n.lower ? `F) ${n.lower}` : '', n.upper ? `G) ${n.upper}` : ''].filter(Boolean);
  if (fg.length) lines.push(fg.join(' '));
  return lines.join('\n');
}

export interface BriefingRoute {
  origin?: string;
  destination?: string;
  alternates: readonly string[];
  /** The FIRs the route crosses, with their stretches along it (NM). */
  firs: ReadonlyMap<string, readonly { entryNm: number; exitNm: number }[]>;
  totalNm: number;
}

/**
 * Where a NOTAM goes in the briefing: with its aerodrome when that is the departure, the
 * destination or an alternate, else en route under its FIR (given, or the one the route is in
 * at that point), at its distance along the route. A NOTAM about the use of another aerodrome
 * (`aerodromeSubject`: its Q-code's subject is the aerodrome's own, and item A names an
 * aerodrome, not a FIR) goes with the other aerodromes' NOTAMs, at its place along the route.
 */
export function briefingPlace(
  location: string,
  fir: string | undefined,
  alongNm: number | undefined,
  route: BriefingRoute,
  aerodromeSubject = false,
): MapNotamBriefing {
  const place = location.toUpperCase();
  if (route.origin && place === route.origin.toUpperCase()) return { section: 'departure', alongNm: 0 };
  if (route.destination && place === route.destination.toUpperCase())
    return { section: 'destination', alongNm: route.totalNm };
  if (route.alternates.some((a) => a.toUpperCase() === place)) return { section: 'alternate', alongNm: route.totalNm };
  const namesAerodrome = /^[A-Z]{4}$/.test(place) && place !== fir?.toUpperCase() && !route.firs.has(place);
  const stretchOf = (designator: string) => route.firs.get(designator.toUpperCase())?.[0];
  let inFir = fir && route.firs.has(fir.toUpperCase()) ? fir.toUpperCase() : undefined;
  if (!inFir && alongNm !== undefined)
    for (const [designator, stretches] of route.firs)
      if (stretches.some((s) => s.entryNm <= alongNm && alongNm <= s.exitNm)) inFir = designator;
  const along = alongNm ?? (inFir ? stretchOf(inFir)?.entryNm : undefined) ?? route.totalNm / 2;
  const inOrNamed = inFir ?? fir?.toUpperCase();
  return {
    section: aerodromeSubject && namesAerodrome ? 'otherAerodrome' : 'enroute',
    ...(inOrNamed !== undefined && { fir: inOrNamed }),
    alongNm: Math.round(along * 10) / 10,
  };
}
