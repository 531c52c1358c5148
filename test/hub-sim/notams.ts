/**
 * Generated NOTAMs: aerodrome NOTAMs (runway and taxiway closures on real ILS runways,
 * obstacles, ILS outages), en-route NOTAMs near the real points of the sample routes (navaids
 * unserviceable, obstacles, parachuting, drones) and activations of the FIR's R/D areas.
 * Validity windows are offsets from the start of the current UTC day; those that have ended by
 * "now" are not served, so the set thins through a day. The activations a flight's conflicts open
 * (the route areas' and the NOTAM-only area's) are in force from yesterday to tomorrow instead, so
 * they are there at any hour.
 */
import type { SimContext } from './context';
import type { Aerodrome, Fir } from './world';
import { placeName } from './world';
import { Random, uuidFrom } from './random';
import { circleRing, destination, distanceNm, icaoCoordinate, pointInMultiPolygon, round, type Ring } from './geo';
import { isControlled, routeAreas, specialAreas, type Airspace } from './airspaces';
import { itemD } from './route-areas';
import { clearOfRoutes } from './route-profile';
import { countryOfIcao } from './countries';

export interface Notam {
  id: string;
  series: string;
  number: number;
  year: number;
  type: 'N' | 'R';
  /** For NOTAMR: the NOTAM it replaces. */
  replaces?: { series: string; number: number; year: number; id: string };
  qcode: string;
  fir: string;
  traffic: string;
  purpose: string;
  scope: string;
  lowerFl: number;
  upperFl: number;
  lat: number;
  lon: number;
  radiusNm: number;
  location: string;
  aerodrome?: string;
  countryCode?: string;
  issued: Date;
  start: Date;
  /** Undefined = PERM. */
  end?: Date;
  estimated: boolean;
  schedule: string;
  text: string;
  lowerLimit?: string;
  upperLimit?: string;
  /** The airspace it activates (a Digital NOTAM carries its geometry; a v2 NOTAM has it as geometry). */
  volumes?: Volume[];
}

/** One volume of an activated area: its outline and vertical limits (ICAO items F and G). */
export interface Volume {
  ring: Ring;
  lower: { value: number; uom: 'FT' | 'FL'; reference: 'SFC' | 'MSL' | 'STD' };
  upper: { value: number; uom: 'FT' | 'FL'; reference: 'SFC' | 'MSL' | 'STD' };
}

const DAY_MS = 86400_000;
const HOUR_MS = 3600_000;

interface Draft {
  qcode: string;
  traffic: string;
  purpose: string;
  scope: string;
  lowerFl?: number;
  upperFl?: number;
  radiusNm: number;
  lat: number;
  lon: number;
  text: string;
  schedule?: string;
  perm?: boolean;
  lowerLimit?: string;
  upperLimit?: string;
  volumes?: Volume[];
}

function reciprocal(runway: string): string {
  const n = Number(runway.slice(0, 2));
  const side = { L: 'R', R: 'L', C: 'C' }[runway[2] as 'L' | 'R' | 'C'] ?? '';
  return `${String(((n + 17) % 36) + 1).padStart(2, '0')}${side}`;
}

function runwayPair(runway: string): string {
  const other = reciprocal(runway);
  return Number(runway.slice(0, 2)) <= 18 ? `${runway}/${other}` : `${other}/${runway}`;
}

const OBSTACLES = ['CRANE', 'MOBILE CRANE', 'WIND TURBINE', 'MAST'];

function obstacle(
  random: Random,
  lat: number,
  lon: number,
  near: string,
  elevationFt: number,
  kinds: readonly string[] = OBSTACLES,
): Draft {
  const p = destination(lat, lon, random.range(0, 360), random.range(0.6, 4));
  const agl = random.pick([150, 180, 220, 300, 450, 600]);
  const what = random.pick(kinds);
  return {
    qcode: 'QOBCE',
    traffic: 'IV',
    purpose: 'M',
    scope: 'AE',
    radiusNm: 1,
    lat: p.lat,
    lon: p.lon,
    perm: what === 'WIND TURBINE' || what === 'MAST',
    text: `OBST ${what} ERECTED PSN ${icaoCoordinate(p.lat, p.lon)} (${near}). HGT ${elevationFt + agl}FT AMSL/${agl}FT AGL. OBST LGT DAY AND NIGHT.`,
  };
}

/** Drafts for one aerodrome; controlled aerodromes get more, and runway items on their ILS runways. */
function aerodromeDrafts(a: Aerodrome, random: Random): Draft[] {
  const drafts: Draft[] = [];
  const at = { lat: a.lat, lon: a.lon };
  const place = placeName(a).toUpperCase();
  if (isControlled(a)) {
    const runway = a.ilsRunways.length ? random.pick(a.ilsRunways) : undefined;
    const kinds = ['QMXLC', 'QOBCE', 'QFAXX', 'QMNHW', ...(runway ? ['QMRLC', 'QICAS', 'QLRAS'] : [])];
    const count = random.int(2, 5);
    // Each kind at most once per aerodrome (obstacles excepted): shuffle, then take.
    const order = kinds
      .map((k) => ({ k, r: random.next() }))
      .sort((x, y) => x.r - y.r)
      .map((x) => x.k);
    for (let i = 0; i < count; i++) {
      const kind = order[i] ?? 'QOBCE';
      const twy = `${random.letters(1, 'ABCDEFGHKLMNPRS')}`;
      switch (kind) {
        case 'QMRLC':
          drafts.push({
            qcode: kind,
            traffic: 'IV',
            purpose: 'NBO',
            scope: 'A',
            radiusNm: 5,
            ...at,
            schedule: 'DAILY 2300-0500',
            text: `RWY ${runwayPair(runway!)} CLSD DUE TO MAINT.`,
          });
          break;
        case 'QICAS':
          drafts.push({
            qcode: kind,
            traffic: 'I',
            purpose: 'NBO',
            scope: 'A',
            radiusNm: 5,
            ...at,
            text: `ILS RWY ${runway} U/S.`,
          });
          break;
        case 'QLRAS':
          drafts.push({
            qcode: kind,
            traffic: 'IV',
            purpose: 'NBO',
            scope: 'A',
            radiusNm: 5,
            ...at,
            text: `RWY ${runway} CL LGT U/S.`,
          });
          break;
        case 'QMXLC':
          drafts.push({
            qcode: kind,
            traffic: 'IV',
            purpose: 'M',
            scope: 'A',
            radiusNm: 5,
            ...at,
            text: `TWY ${twy} BTN TWY ${twy}${random.int(1, 4)} AND TWY ${twy}${random.int(5, 9)} CLSD DUE TO WIP.`,
          });
          break;
        case 'QMNHW':
          drafts.push({
            qcode: kind,
            traffic: 'IV',
            purpose: 'M',
            scope: 'A',
            radiusNm: 5,
            ...at,
            text: `WIP ON APRON ${random.int(1, 6)} STANDS ${random.int(10, 40)} TO ${random.int(41, 60)}. MARSHALLER AVBL.`,
          });
          break;
        case 'QFAXX':
          drafts.push({
            qcode: kind,
            traffic: 'IV',
            purpose: 'BO',
            scope: 'A',
            radiusNm: 5,
            ...at,
            text: 'BIRD CONCENTRATION IN THE VICINITY OF AD. PILOTS EXERCISE CAUTION DURING TKOF AND LDG.',
          });
          break;
        default:
          drafts.push({ ...obstacle(random, a.lat, a.lon, place, a.elevationFt), scope: 'A' });
      }
    }
  } else if (random.chance(0.5)) {
    const kinds = ['QFAAH', 'QWPLW', 'QOBCE'];
    for (let i = random.int(1, 2); i > 0; i--) {
      const kind = random.pick(kinds);
      if (kind === 'QFAAH')
        drafts.push({
          qcode: kind,
          traffic: 'V',
          purpose: 'B',
          scope: 'A',
          radiusNm: 5,
          ...at,
          text: `AD HR OF OPS: MON-FRI 0800-1700, SAT-SUN 0900-SS. PPR OUTSIDE THESE HR.`,
        });
      else if (kind === 'QWPLW')
        drafts.push({
          qcode: kind,
          traffic: 'V',
          purpose: 'BO',
          scope: 'W',
          radiusNm: 2,
          lowerFl: 0,
          upperFl: 150,
          ...at,
          schedule: 'SAT SUN 0800-SS',
          lowerLimit: 'SFC',
          upperLimit: 'FL150',
          text: `PJE WILL TAKE PLACE WI 2NM RADIUS ${icaoCoordinate(a.lat, a.lon)} (${place} AD).`,
        });
      else drafts.push({ ...obstacle(random, a.lat, a.lon, place, a.elevationFt), scope: 'A' });
    }
  }
  return drafts;
}

/** En-route drafts near a real route point of the sample flights. */
function routePointDraft(
  point: { lat: number; lon: number; designator: string; type?: string },
  random: Random,
): Draft {
  const navaid =
    point.type === 'vor' ||
    point.type === 'ndb' ||
    point.type === 'dme' ||
    (!point.type && point.designator.length <= 3);
  if (navaid && random.chance(0.7)) {
    const kind = point.type === 'ndb' ? 'NDB' : point.type === 'dme' ? 'DME' : 'VOR/DME';
    return {
      qcode: point.type === 'ndb' ? 'QNBAS' : 'QNMAS',
      traffic: 'IV',
      purpose: 'BO',
      scope: 'E',
      radiusNm: 25,
      lat: point.lat,
      lon: point.lon,
      lowerFl: 0,
      upperFl: 999,
      text: `${point.designator} ${kind} U/S.`,
    };
  }
  const p = destination(point.lat, point.lon, random.range(0, 360), random.range(2, 9));
  const where = `PSN ${icaoCoordinate(p.lat, p.lon)}, ${random.int(2, 9)}NM FROM ${point.designator}`;
  switch (random.int(0, 3)) {
    case 0:
      return {
        qcode: 'QWPLW',
        traffic: 'IV',
        purpose: 'M',
        scope: 'W',
        radiusNm: 2,
        lat: p.lat,
        lon: p.lon,
        lowerFl: 0,
        upperFl: 150,
        lowerLimit: 'SFC',
        upperLimit: 'FL150',
        schedule: 'DAILY 0800-1700',
        text: `PJE WILL TAKE PLACE WI 2NM RADIUS ${where}.`,
      };
    case 1:
      return {
        qcode: 'QWULW',
        traffic: 'IV',
        purpose: 'M',
        scope: 'W',
        radiusNm: 1,
        lat: p.lat,
        lon: p.lon,
        lowerFl: 0,
        upperFl: 4,
        lowerLimit: 'SFC',
        upperLimit: '400FT AGL',
        text: `UAS (DRONE) OPS WI 1NM RADIUS ${where}.`,
      };
    case 2:
      return {
        qcode: 'QWELW',
        traffic: 'IV',
        purpose: 'M',
        scope: 'W',
        radiusNm: 3,
        lat: p.lat,
        lon: p.lon,
        lowerFl: 0,
        upperFl: 100,
        lowerLimit: 'SFC',
        upperLimit: 'FL100',
        text: `LASER DISPLAY WI 3NM RADIUS ${where}. PILOTS MAY EXPERIENCE DAZZLE.`,
      };
    default:
      return {
        qcode: 'QOBCE',
        traffic: 'IV',
        purpose: 'M',
        scope: 'E',
        radiusNm: 1,
        lat: p.lat,
        lon: p.lon,
        lowerFl: 0,
        upperFl: 20,
        perm: true,
        text: `OBST WIND TURBINE ERECTED ${where}. HGT ${random.int(5, 9) * 100}FT AMSL. OBST LGT NIGHT ONLY.`,
      };
  }
}

const DURATIONS_H = [4, 10, 36, 7 * 24, 30 * 24, 90 * 24];

/** Dates, series and number for a draft; seeded by location and UTC day. */
function finish(
  draft: Draft,
  location: string,
  fir: string,
  aerodrome: string | undefined,
  seed: string,
  day: number,
): Notam {
  const random = new Random(seed);
  const start = new Date(day + random.int(-96, 20) * HOUR_MS + random.int(0, 11) * 5 * 60_000);
  const hours = random.pick(DURATIONS_H);
  const end = draft.perm ? undefined : new Date(start.getTime() + hours * HOUR_MS);
  const issued = new Date(start.getTime() - random.int(1, 48) * HOUR_MS - random.int(0, 59) * 60_000);
  const year = issued.getUTCFullYear();
  const series = aerodrome ? 'A' : random.pick(['B', 'C']);
  const number = random.int(1000, 9999);
  const replace = random.chance(0.15);
  const countryCode = countryOfIcao(location)?.iso2;
  // Property order is draw order: `replaces` draws before `estimated`.
  return {
    id: uuidFrom(`notam:${seed}`),
    series,
    number,
    year,
    type: replace ? 'R' : 'N',
    ...(replace
      ? {
          replaces: {
            series,
            number: Math.max(1, number - random.int(1, 400)),
            year,
            id: uuidFrom(`notam-replaced:${seed}`),
          },
        }
      : {}),
    qcode: draft.qcode,
    fir,
    traffic: draft.traffic,
    purpose: draft.purpose,
    scope: draft.scope,
    lowerFl: draft.lowerFl ?? 0,
    upperFl: draft.upperFl ?? 999,
    lat: round(draft.lat, 5),
    lon: round(draft.lon, 5),
    radiusNm: draft.radiusNm,
    location,
    ...(aerodrome !== undefined ? { aerodrome } : {}),
    ...(countryCode !== undefined ? { countryCode } : {}),
    issued,
    start,
    ...(end ? { end } : {}),
    estimated: !!end && random.chance(0.2),
    schedule: draft.schedule ?? '',
    text: draft.text,
    ...(draft.lowerLimit !== undefined ? { lowerLimit: draft.lowerLimit } : {}),
    ...(draft.upperLimit !== undefined ? { upperLimit: draft.upperLimit } : {}),
    ...(draft.volumes !== undefined ? { volumes: draft.volumes } : {}),
  };
}

const fl = (value: number): Volume['lower'] => ({ value, uom: 'FL', reference: 'STD' });

/** `notam` in force from the start of yesterday to the end of tomorrow, whatever its seed drew; issued before it starts. */
function inForceYesterdayToTomorrow(notam: Notam, day: number): Notam {
  const start = new Date(day - DAY_MS);
  const issued = notam.issued < start ? notam.issued : new Date(start.getTime() - 3 * HOUR_MS);
  const year = issued.getUTCFullYear();
  const replaces = notam.replaces && { ...notam.replaces, year: Math.min(notam.replaces.year, year) };
  return {
    ...notam,
    issued,
    year,
    ...(replaces ? { replaces } : {}),
    start,
    end: new Date(day + 2 * DAY_MS),
    estimated: false,
  };
}

const stillValid = (n: Notam, now: Date) => !n.end || n.end.getTime() > now.getTime();
const dayOf = (now: Date) => Math.floor(now.getTime() / DAY_MS) * DAY_MS;

export function aerodromeNotamsOf(ctx: SimContext, a: Aerodrome): Notam[] {
  const now = ctx.now();
  const day = dayOf(now);
  const date = new Date(day).toISOString().slice(0, 10);
  const fir = ctx.world.firOf(a.lat, a.lon, a.icao)?.code ?? `${a.icao.slice(0, 2)}XX`;
  const drafts = aerodromeDrafts(a, new Random(`ad-notams:${a.icao}:${date}`));
  const notams = drafts
    .map((d, i) => finish(d, a.icao, fir, a.icao, `ad:${a.icao}:${date}:${i}`, day))
    .filter((n) => stillValid(n, now));
  if (isControlled(a)) notams.push(standingNotamOf(a, fir, now));
  return notams;
}

/**
 * A controlled aerodrome's standing NOTAM: a permanent obstacle (a mast or a wind turbine, as real
 * PERM obstacle NOTAMs are) issued around the turn of the year, the same all year. Without it the
 * day's drawn NOTAMs could all have ended by the evening, and a busy aerodrome such as Heathrow,
 * which always has NOTAMs in force, answered 404 (on 11 December 2026 from 23:05Z).
 */
function standingNotamOf(a: Aerodrome, fir: string, now: Date): Notam {
  const year = Date.UTC(now.getUTCFullYear(), 0, 1);
  const seed = `ad-standing:${a.icao}:${now.getUTCFullYear()}`;
  const draft = obstacle(new Random(seed), a.lat, a.lon, placeName(a).toUpperCase(), a.elevationFt, [
    'MAST',
    'WIND TURBINE',
  ]);
  // Drawn from the last day of the year before: in force before the year begins.
  return finish({ ...draft, scope: 'A' }, a.icao, fir, a.icao, seed, year - DAY_MS);
}

/** A limit as NOTAM items F and G write it: SFC, 2500FT AMSL, FL245. */
function itemLimit(limit: Airspace['lowerLimit']): string {
  if (limit.reference === 'SFC' && Number(limit.value) === 0) return 'SFC';
  if (limit.uom === 'FL') return `FL${limit.value}`;
  return `${limit.value}FT ${limit.reference === 'SFC' ? 'AGL' : 'AMSL'}`;
}

function volumeLimit(limit: Airspace['lowerLimit']): Volume['lower'] {
  if (limit.uom === 'FL') return { value: Number(limit.value), uom: 'FL', reference: 'STD' };
  return { value: Number(limit.value), uom: 'FT', reference: limit.reference === 'SFC' ? 'SFC' : 'MSL' };
}

const flightLevelOf = (limit: Airspace['lowerLimit']) =>
  limit.uom === 'FL' ? Number(limit.value) : Math.ceil(Number(limit.value) / 100);

/**
 * The NOTAM that activates an area (QRRCA restricted or reserved, QRDCA danger), as real
 * activations read: item Q's circle around the area, items D (its published hours), E, F and G
 * (its limits), and its outline. A reserved area is activated in two layers of one outline.
 */
function activationDraft(area: Airspace): Draft {
  const { center, radiusNm } = enclosingCircle(area.ring);
  const lower = itemLimit(area.lowerLimit);
  const upper = itemLimit(area.upperLimit);
  const tra = area.localType === 'TRA';
  const corners = area.ring
    .slice(0, -1)
    .map(([x, y]) => icaoCoordinate(y, x))
    .join(' - ');
  const middle = Math.round((flightLevelOf(area.lowerLimit) + flightLevelOf(area.upperLimit)) / 20) * 10;
  const volumes: Volume[] =
    tra && area.lowerLimit.uom === 'FL' && area.upperLimit.uom === 'FL'
      ? [
          { ring: area.ring, lower: volumeLimit(area.lowerLimit), upper: fl(middle) },
          { ring: area.ring, lower: fl(middle), upper: volumeLimit(area.upperLimit) },
        ]
      : [{ ring: area.ring, lower: volumeLimit(area.lowerLimit), upper: volumeLimit(area.upperLimit) }];
  const what = tra ? 'TEMPORARY RESERVED AREA' : area.type === 'R' ? 'RESTRICTED AREA' : 'DANGER AREA';
  return {
    qcode: area.type === 'D' ? 'QRDCA' : 'QRRCA',
    traffic: 'IV',
    purpose: 'BO',
    scope: 'W',
    radiusNm,
    lat: center.lat,
    lon: center.lon,
    lowerFl:
      area.lowerLimit.reference === 'SFC' && Number(area.lowerLimit.value) === 0 ? 0 : flightLevelOf(area.lowerLimit),
    upperFl: flightLevelOf(area.upperLimit),
    schedule: itemD(area.schedules),
    lowerLimit: lower,
    upperLimit: upper,
    volumes,
    text: tra
      ? `${what} ${area.designator} ACTIVATED WI AREA ${corners}. ${lower}-${upper}.`
      : `${what} ${area.designator} ACTIVATED. ${lower}-${upper}.`,
  };
}

/** The circle item Q gives an area: its centre and a whole number of NM that holds every vertex. */
function enclosingCircle(ring: Ring): { center: { lat: number; lon: number }; radiusNm: number } {
  const vertices = ring.slice(0, -1);
  const lat = vertices.reduce((sum, [, y]) => sum + y, 0) / vertices.length;
  const lon = vertices.reduce((sum, [x]) => sum + x, 0) / vertices.length;
  const farthest = Math.max(...vertices.map(([x, y]) => distanceNm(lat, lon, y, x)));
  return { center: { lat: round(lat, 4), lon: round(lon, 4) }, radiusNm: Math.ceil(farthest) + 1 };
}

export function firNotamsOf(ctx: SimContext, fir: Fir): Notam[] {
  const now = ctx.now();
  const day = dayOf(now);
  const date = new Date(day).toISOString().slice(0, 10);
  const random = new Random(`fir-notams:${fir.code}:${date}`);
  const notams: Notam[] = [];
  const seen = new Set<string>();
  for (const plan of ctx.flights.plans) {
    for (const point of plan.path) {
      if (
        point.type === 'aerodrome' ||
        seen.has(point.designator) ||
        !pointInMultiPolygon(point.lon, point.lat, fir.polygons)
      )
        continue;
      seen.add(point.designator);
      if (!random.chance(0.45)) continue;
      notams.push(
        finish(
          routePointDraft(point, random),
          fir.code,
          fir.code,
          undefined,
          `enr:${fir.code}:${point.designator}:${date}`,
          day,
        ),
      );
    }
  }
  for (const area of specialAreas(ctx.world, fir, ctx.flights.plans)) {
    if (!random.chance(0.5)) continue;
    notams.push(
      finish(activationDraft(area), fir.code, fir.code, undefined, `area:${fir.code}:${area.designator}:${date}`, day),
    );
  }
  // The route areas' activations: the reserved area's NOTAM draws its area in the text. In force
  // from yesterday to tomorrow, whatever the seed drew, as a TRA's activation for the days of an
  // exercise is: a drawn window could have ended by the afternoon, and what a client finds for a
  // flight would then change with the hour it asks.
  for (const area of routeAreas(fir, ctx.flights.plans)) {
    const drawn = finish(
      activationDraft(area),
      fir.code,
      fir.code,
      undefined,
      `route-area:${fir.code}:${area.designator}:${date}`,
      day,
    );
    notams.push(inForceYesterdayToTomorrow(drawn, day));
  }
  const notable = ctx.world
    .aerodromesInFir(fir)
    .filter(isControlled)
    .sort((a, b) => b.ilsRunways.length - a.ilsRunways.length || a.icao.localeCompare(b.icao))
    .slice(0, 25);
  for (const a of notable) notams.push(...aerodromeNotamsOf(ctx, a));
  return notams.filter((n) => stillValid(n, now));
}

/** YYMMDDHHMM as in items B) and C). */
export function notamTime(d: Date): string {
  return d.toISOString().slice(2, 16).replace(/[-T:]/g, '');
}

export function qLine(n: Notam): string {
  const fl = (v: number) => String(v).padStart(3, '0');
  return `${n.fir}/${n.qcode}/${n.traffic}/${n.purpose}/${n.scope}/${fl(n.lowerFl)}/${fl(n.upperFl)}/${icaoCoordinate(n.lat, n.lon)}${String(n.radiusNm).padStart(3, '0')}`;
}

export function notamId(n: Notam): string {
  return `${n.series}${String(n.number).padStart(4, '0')}/${String(n.year).slice(2)}`;
}

/** The NOTAM in ICAO format, as a pilot reads it. */
export function icaoText(n: Notam): string {
  const head =
    n.type === 'R' && n.replaces
      ? `${notamId(n)} NOTAMR ${notamId({ ...n, ...n.replaces } as Notam)}`
      : `${notamId(n)} NOTAMN`;
  const lines = [
    head,
    `Q) ${qLine(n)}`,
    `A) ${n.location} B) ${notamTime(n.start)} C) ${n.end ? `${notamTime(n.end)}${n.estimated ? ' EST' : ''}` : 'PERM'}`,
  ];
  if (n.schedule) lines.push(`D) ${n.schedule}`);
  lines.push(`E) ${n.text}`);
  if (n.lowerLimit) lines.push(`F) ${n.lowerLimit} G) ${n.upperLimit}`);
  return lines.join('\n');
}

/**
 * An area published by NOTAM only (no airspace of the FIR's list bears it), as a State publishes a
 * restricted area for a military exercise of a few days (e.g. the German NfL of "ED-R
 * Reichenhall": FL110–FL150, 0600–1600 UTC on three days): FL110–FL150, item D 0600-1600, in
 * force from yesterday to tomorrow, across a stretch of the first sample route through the FIR
 * where every sample flight is above or below it. Only the variants whose NOTAMs carry their own
 * geometry (v1-aixm, v2-geojson) list it: item Q's circle alone would not place it.
 */
export function notamOnlyAreasOf(ctx: SimContext, fir: Fir): Notam[] {
  const day = dayOf(ctx.now());
  const date = new Date(day).toISOString().slice(0, 10);
  const routes = ctx.flights.plans;
  for (const plan of routes) {
    const inside = plan.path.filter((p) => p.type !== 'aerodrome' && pointInMultiPolygon(p.lon, p.lat, fir.polygons));
    if (inside.length < 3) continue;
    // From the middle of the route's stretch in the FIR outwards.
    const middle = Math.floor(inside.length / 2);
    const order = inside
      .slice(1)
      .map((_, k) => k + 1)
      .sort((x, y) => Math.abs(x - middle) - Math.abs(y - middle));
    for (const at of order) {
      const [a, b] = [inside[at - 1]!, inside[at]!];
      const mid = { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 };
      if (!clearOfRoutes(routes, mid.lat, mid.lon, NOTAM_ONLY_RADIUS_NM, 11_000, 15_000)) continue;
      const ring = circleRing(mid.lat, mid.lon, NOTAM_ONLY_RADIUS_NM, 8);
      const corners = ring
        .slice(0, -1)
        .map(([x, y]) => icaoCoordinate(y, x))
        .join(' - ');
      const notam = finish(
        {
          qcode: 'QRTCA',
          traffic: 'IV',
          purpose: 'BO',
          scope: 'W',
          radiusNm: NOTAM_ONLY_RADIUS_NM + 1,
          lat: mid.lat,
          lon: mid.lon,
          lowerFl: 110,
          upperFl: 150,
          lowerLimit: 'FL110',
          upperLimit: 'FL150',
          schedule: '0600-1600',
          volumes: [{ ring, lower: fl(110), upper: fl(150) }],
          text: `TEMPORARY RESTRICTED AREA ACTIVATED WI AREA ${corners}. FL110-FL150. MILITARY EXERCISE.`,
        },
        fir.code,
        fir.code,
        undefined,
        `notam-only:${fir.code}:${date}`,
        day,
      );
      return [inForceYesterdayToTomorrow(notam, day)];
    }
  }
  return [];
}

const NOTAM_ONLY_RADIUS_NM = 6;
