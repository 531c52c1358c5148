/**
 * The flight judged once: its time and profile, the corridor along its route, the FIRs it
 * crosses, and every airspace and NOTAM near it, placed along the route and judged for the
 * flight there and then (applicability.ts), with the reason in words. The F findings
 * (conflicts.ts) and the route map (map/mapView.ts, which only draws it) both read it; the session
 * keeps it per version and judging (session/judgedFlights.ts). Pure: the areas come in prepared
 * (preparedAreas.ts), the route as placed by the expansion.
 */
import type { MapNotam } from '../../../common/protocol/mapMessages';
import { icaoNotamText } from '../../../common/notamText';
import { distanceNm, type GeoPoint } from '../geo/geodesy';
import { circleRing } from '../geo/geometry';
import type { ExpandedPoint, Range, RouteBlock } from '../route/model';
import { judgeAirspace, judgeNotam, type JudgeOptions, type LevelFilter, type Placement } from './applicability';
import { RouteCorridor, roughDistanceNm, type AreaMeasure, type AreaShape } from './corridor';
import { firsCrossed, type FirCrossed, type FirEntry } from './firs';
import { flightOf, type Flight } from './index';
import type { JudgedArea } from './judgedArea';
import { limitsLabel, verticalLimit } from './labels';
import { airspaceBand, bandText, notamBand } from './levels';
import type { NotamArea } from './notamGeometry';
import { prepareAreasSteps, type AirspaceFeature, type NotamSource, type PreparedAreas } from './preparedAreas';
import { ITEMS_PER_STEP, runAtOnce, runYielding, type Steps } from './steps';
import type { ClimbDescent } from './vertical';

/**
 * Airspaces judged for one flight at most: no one needs 80,000 areas drawn, and the page and the
 * conflict diagnostics stay fast. Beyond it, a notice says how many there were.
 */
export const MAX_AIRSPACES_PER_VIEW = 2_000;

/** How far beyond the corridor NOTAMs are still placed (marked outside it), so the filter shows its work. */
const NEAR_MARGIN_NM = 20;

/** What the flight is judged with: the corridors, the levels that count, the time margin (the map's filters). */
export interface FlightJudging {
  /** Corridor half-widths, NM: en route and around the aerodromes. */
  corridorNm: number;
  aerodromeCorridorNm: number;
  levels: LevelFilter;
  timeMarginMin: number;
}

/** A place of the route as written or expanded; `position` absent where it could not be placed. */
export interface RoutePlace {
  name: string;
  kind: string;
  position?: readonly [number, number];
}

/** A leg of the route as the findings name it: the element that produces it, and where it is. */
export interface JudgedLeg {
  elementIndex: number;
  range: Range;
  /**
   * Points written between the leg's ends that could not be placed (`names`, the first at
   * `range`): the leg is a straight line the route text does not say, and no area is judged on it.
   */
  unplaced?: { names: readonly string[]; range: Range; from: string; to: string };
}

export interface MicrolightSource {
  id: string;
  name: string;
  lon: number;
  lat: number;
}

export interface FlightJudgementInput {
  block: RouteBlock;
  /** The expansion's points (none before it): the profile is flown over them. */
  points: readonly ExpandedPoint[];
  /** The route's places and legs in order (the map's route layer): the corridor joins the placed ones. */
  route: { points: readonly RoutePlace[]; legs: readonly JudgedLeg[] };
  firs: readonly FirEntry[];
  microlights: readonly MicrolightSource[];
  /** The areas with their indexes; prepared here when absent. */
  prepared?: PreparedAreas;
  airspaces: AirspaceFeature[];
  notams: NotamSource[];
  judging: FlightJudging;
  /**
   * The time the flight is judged at (ms since the epoch): plain route text starts at its first
   * point then; an FPL's EOBT without DOF is its first occurrence after it (flightTime.ts).
   */
  referenceMs: number;
  /** The climb rate and descent gradient of the profile (`icaoRoute.flight.*`); the defaults when absent. */
  climbDescent?: ClimbDescent;
}

export interface JudgedAirspace {
  feature: AirspaceFeature;
  shape: AreaShape;
  measure: AreaMeasure;
  /** Its limits in words: "FL095", "SFC". */
  lower: string;
  upper: string;
  judged: JudgedArea;
}

/** What a NOTAM says of itself, as a briefing writes it (common/notamText.ts). */
export type NotamFields = Pick<
  MapNotam,
  'number' | 'location' | 'code' | 'text' | 'lower' | 'upper' | 'validFrom' | 'validTo' | 'schedule' | 'circle' | 'fir'
>;

export interface JudgedNotam {
  id: string;
  source: NotamSource;
  area: NotamArea;
  fields: NotamFields;
  inCorridor: boolean;
  /** NM from the route (or from an aerodrome of it); Infinity when it gives no place near it. */
  distanceNm: number;
  /** Why it is inside or outside the corridor, in words. */
  corridorReason: string;
  placement?: Placement;
  judged: JudgedArea;
}

export interface JudgedFlight {
  /** The flight: its time and its profile of levels and times along the route. */
  flight: Flight;
  /** The corridor along the placed points of the route, in the profile's order. */
  corridor: RouteCorridor;
  /** The route's legs, in the profile's order (the findings' places). */
  legs: readonly JudgedLeg[];
  /** The route's origin, destination and alternates, and its first and last placed points. */
  aerodromes: { origin?: string; destination?: string; alternates: string[] };
  ends: { first?: RoutePlace; last?: RoutePlace };
  /** The FIRs crossed, with their stretches along the route. */
  firs: FirCrossed[];
  airspaces: JudgedAirspace[];
  notams: JudgedNotam[];
  microlights: { source: MicrolightSource; distanceNm: number }[];
  /** Every airspace and NOTAM judged, airspaces first (the conflicts read these). */
  judged: JudgedArea[];
  /** What the judgement says once: areas left out by the cap, verdicts the data left open. */
  notices: string[];
}

/** The route's aerodromes: origin and destination from the directives or the FPL, alternates from field 16. */
export function routeAerodromes(block: RouteBlock): { origin?: string; destination?: string; alternates: string[] } {
  const field16 =
    block.fpl?.fields
      .find((f) => f.number === 16)
      ?.text.trim()
      .split(/\s+/) ?? [];
  const origin = block.origin?.value.toUpperCase();
  const destination = block.destination?.value.toUpperCase();
  return {
    ...(origin !== undefined && { origin }),
    ...(destination !== undefined && { destination }),
    alternates: field16.slice(1).filter((w) => /^[A-Z]{4}$/.test(w)),
  };
}

const nm = (v: number) => Math.round(v * 10) / 10;

export function judgeFlight(input: FlightJudgementInput): JudgedFlight {
  return runAtOnce(judgeFlightSteps(input));
}

/** judgeFlight, yielding to the event loop between chunks; rejects (StepsCancelled) once `signal` aborts. */
export function judgeFlightYielding(input: FlightJudgementInput, signal?: AbortSignal): Promise<JudgedFlight> {
  return runYielding(judgeFlightSteps(input), signal);
}

/** judgeFlight a chunk at a time (see steps.ts). */
export function* judgeFlightSteps(input: FlightJudgementInput): Steps<JudgedFlight> {
  const { block, route, judging } = input;
  const resolved: GeoPoint[] = route.points
    .filter((p) => p.position)
    .map((p) => ({ lon: p.position![0], lat: p.position![1] }));
  const corridor = new RouteCorridor(resolved);
  const firs = resolved.length > 0 ? firsCrossed(corridor, input.firs) : [];
  // Areas are judged only where the route is known: not on a straight line over unplaced points.
  const gaps = route.legs.flatMap((leg, i) => (leg.unplaced ? [i] : []));
  const areaCorridor = gaps.length > 0 ? new RouteCorridor(resolved, undefined, new Set(gaps)) : corridor;
  const prepared = input.prepared ?? (yield* prepareAreasSteps(input));
  const notices: string[] = [];
  for (const leg of route.legs) {
    if (!leg.unplaced) continue;
    const { from, to, names } = leg.unplaced;
    notices.push(
      `No area is judged between ${from} and ${to}: ${names.join(', ')} could not be placed, so the route there is not known.`,
    );
  }
  // The corridor and the profile are measured over the same points in the same order.
  const flight = flightOf(block, input.points, input.referenceMs, input.climbDescent);
  const options: JudgeOptions = {
    corridorNm: judging.corridorNm,
    levels: judging.levels,
    marginMin: judging.timeMarginMin,
  };
  const judged: JudgedArea[] = [];

  const airspaces: JudgedAirspace[] = [];
  if (resolved.length > 0) {
    let measured = 0;
    const candidates = yield* prepared.airspaceIndex.searchSteps(areaCorridor.queryBoxes(judging.corridorNm));
    yield;
    // Measured first, judged only for those kept (MAX_AIRSPACES_PER_VIEW).
    let near: { i: number; measure: AreaMeasure }[] = [];
    for (const i of candidates) {
      if (++measured % ITEMS_PER_STEP === 0) yield;
      const measure = areaCorridor.measure(prepared.airspaces[i]!.shape, judging.corridorNm);
      if (measure) near.push({ i, measure });
    }
    yield;
    if (near.length > MAX_AIRSPACES_PER_VIEW) {
      notices.push(
        `${near.length.toLocaleString('en')} airspaces lie within the corridor; the map shows and judges ` +
          `the ${MAX_AIRSPACES_PER_VIEW.toLocaleString('en')} nearest the route (crossed ones first).`,
      );
      near = nearestFirst(near, MAX_AIRSPACES_PER_VIEW);
      yield;
    }
    for (const [k, { i, measure }] of near.entries()) {
      if (k % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
      const { feature, shape } = prepared.airspaces[i]!;
      const p = feature.properties;
      const id = String(feature.id ?? `${p.designator}-${i}`);
      const lower = verticalLimit(p.lowerLimit);
      const upper = verticalLimit(p.upperLimit);
      const applicability = judgeAirspace(p, measure, flight.profile, options);
      const band = airspaceBand(p.lowerLimit, p.upperLimit);
      const name = p.name || p.designator;
      const area: JudgedArea = {
        itemId: id,
        kind: 'airspace',
        name,
        designator: p.designator || name,
        type: String(p.type ?? ''),
        band: { lowerFt: band.lowerFt, upperFt: band.upperFt },
        limits: limitsLabel(lower, upper),
        ...(band.open ? { openLimits: { side: band.openSide ?? 'both', why: band.open } } : {}),
        applicability,
        drawnCrossing: true,
      };
      judged.push(area);
      airspaces.push({ feature, shape, measure, lower, upper, judged: area });
    }
  }

  const aerodromes = routeAerodromes(block);
  const aerodromePlaces = new Map<string, GeoPoint>();
  const first = route.points.find((p) => p.position);
  const last = [...route.points].reverse().find((p) => p.position);
  if (first?.kind === 'aerodrome')
    aerodromePlaces.set(first.name.toUpperCase(), { lon: first.position![0], lat: first.position![1] });
  if (last?.kind === 'aerodrome')
    aerodromePlaces.set(last.name.toUpperCase(), { lon: last.position![0], lat: last.position![1] });
  const routeAerodromeNames = new Set(
    [aerodromes.origin, aerodromes.destination, ...aerodromes.alternates, ...aerodromePlaces.keys()].filter(
      (a): a is string => !!a,
    ),
  );
  const firsCrossedNames = new Set(firs.map((f) => f.designator));
  const notams: JudgedNotam[] = [];
  if (resolved.length > 0) {
    // NOTAMs a little beyond the corridor are placed too, marked outside, so the filter shows its work.
    const reach = Math.max(judging.corridorNm, judging.aerodromeCorridorNm) + NEAR_MARGIN_NM;
    const nearRoute = new Set(yield* prepared.notamIndex.searchSteps(areaCorridor.queryBoxes(reach)));
    const totalNm = flight.profile.totalNm;
    const firStretches = new Map(firs.map((f) => [f.designator, f.crossings]));
    /** Where along the route an aerodrome of the route is: the origin at 0, the others at the end. */
    const alongAerodrome = (name: string) => (name === aerodromes.origin || name === first?.name ? 0 : totalNm);
    for (const [i, { source, area, shape }] of prepared.notams.entries()) {
      if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
      const n = source.notam;
      const location = (n.location ?? n.affectedAerodrome ?? '').toUpperCase();
      let distance = Infinity;
      let reason: string;
      let inCorridor = false;
      let placement: Placement | undefined;
      let judgedWith = options;
      if (area.source === 'whole FIR') {
        const fir = (n.affectedFIR ?? (source.from.kind === 'fir' ? source.from.designator : '')).toUpperCase();
        inCorridor = firsCrossedNames.has(fir);
        distance = inCorridor ? 0 : Infinity;
        reason = inCorridor
          ? `Applies to the whole FIR ${fir}, which the route crosses.`
          : `Applies to the whole FIR ${fir || '?'}, which the route does not cross.`;
        const stretches = firStretches.get(fir) ?? [];
        if (inCorridor)
          placement = {
            crossings: stretches,
            distanceNm: 0,
            alongNm: stretches[0]?.entryNm ?? 0,
            where: `it covers the whole FIR ${fir}, which the route crosses`,
          };
      } else if (area.source === 'none') {
        inCorridor = routeAerodromeNames.has(location);
        reason = inCorridor ? `Aerodrome NOTAM of ${location} (no position given).` : 'Gives no position.';
        const along = alongAerodrome(location);
        if (inCorridor)
          placement = {
            crossings: [{ entryNm: along, exitNm: along }],
            distanceNm: 0,
            alongNm: along,
            where: `aerodrome NOTAM of ${location} (no position given)`,
          };
      } else {
        const measure = nearRoute.has(i) ? areaCorridor.measure(shape, reach) : undefined;
        distance = measure?.distanceNm ?? Infinity;
        placement = measure;
        let aerodromeNm = Infinity;
        let aerodromeName = '';
        if (distance > judging.corridorNm) {
          const centre =
            shape.circle?.center ??
            (shape.polygons[0]?.[0]?.[0]
              ? { lon: shape.polygons[0][0][0][0], lat: shape.polygons[0][0][0][1] }
              : undefined);
          for (const [name, place] of aerodromePlaces) {
            if (!centre) break;
            const radius = shape.circle?.radiusNm ?? 0;
            if (roughDistanceNm(centre, place) - radius > judging.aerodromeCorridorNm * 1.1 + 5) continue;
            const d = Math.max(0, distanceNm(centre, place) - radius);
            if (d < aerodromeNm) [aerodromeNm, aerodromeName] = [d, name];
          }
          if (aerodromes.alternates.includes(location) && !aerodromePlaces.has(location))
            [aerodromeNm, aerodromeName] = [0, location];
        }
        if (distance <= judging.corridorNm) {
          inCorridor = true;
          reason =
            distance === 0
              ? 'The route passes through it.'
              : `${nm(distance)} NM from the route, within the ${judging.corridorNm} NM corridor.`;
        } else if (aerodromeNm <= judging.aerodromeCorridorNm) {
          inCorridor = true;
          distance = Math.min(distance, aerodromeNm);
          reason = `${nm(aerodromeNm)} NM from ${aerodromeName}, within the ${judging.aerodromeCorridorNm} NM around the aerodromes.`;
          const along = alongAerodrome(aerodromeName);
          placement = {
            crossings: [],
            distanceNm: aerodromeNm,
            alongNm: along,
            where: `${nm(aerodromeNm)} NM from ${aerodromeName} (< ${judging.aerodromeCorridorNm} NM around the aerodromes)`,
          };
          judgedWith = { ...options, corridorNm: judging.aerodromeCorridorNm };
        } else {
          reason = Number.isFinite(distance)
            ? `${nm(distance)} NM from the route, outside the ${judging.corridorNm} NM corridor.`
            : 'Far from the route.';
        }
      }
      // Out-of-corridor NOTAMs near it stay, marked, so the filter shows its work.
      if (!inCorridor && !Number.isFinite(distance)) continue;
      const applicability = judgeNotam(n, placement, flight.profile, judgedWith);
      const id = n.id ?? `notam-${i}`;
      const fields = notamFields(source, area);
      const band = notamBand(n.minimumFL, n.maximumFL);
      const judgedArea: JudgedArea = {
        itemId: id,
        kind: 'notam',
        name: fields.number,
        designator: fields.number,
        type: n.selectionCode ?? '',
        ...(band ? { band } : {}),
        limits: band ? bandText(band) : 'all levels',
        applicability,
        drawnCrossing: area.source !== 'whole FIR' && area.source !== 'none',
        text: fields.text,
        icaoText: icaoNotamText(fields),
        place: fields.fir ?? fields.location,
      };
      judged.push(judgedArea);
      notams.push({
        id,
        source,
        area,
        fields,
        inCorridor,
        distanceNm: distance,
        corridorReason: reason,
        ...(placement ? { placement } : {}),
        judged: judgedArea,
      });
    }
  }

  const microlights: JudgedFlight['microlights'] = [];
  if (resolved.length > 0) {
    for (const m of input.microlights) {
      const d = areaCorridor.distanceTo({ lon: m.lon, lat: m.lat }, judging.corridorNm);
      if (d.distanceNm <= judging.corridorNm) microlights.push({ source: m, distanceNm: d.distanceNm });
    }
  }

  // What the data left open is said in each item's reason and counted here, once.
  const open = judged.filter((j) => j.applicability.open);
  if (open.length > 0) {
    const kinds = [
      ['airspace', 'airspace'],
      ['notam', 'NOTAM'],
    ] as const;
    const parts = kinds
      .map(([kind, word]) => [open.filter((j) => j.kind === kind).length, word] as const)
      .filter(([n]) => n > 0)
      .map(([n, word]) => `${n} ${word}${n === 1 ? '' : 's'}`);
    notices.push(
      `${parts.join(' and ')} give a schedule, validity or limit in a form not read or only partly known: ` +
        `each is taken as possibly active and its reason says what is open.`,
    );
  }
  return {
    flight,
    corridor,
    legs: route.legs,
    aerodromes,
    ends: { ...(first ? { first } : {}), ...(last ? { last } : {}) },
    firs,
    airspaces,
    notams,
    microlights,
    judged,
    notices,
  };
}

/**
 * The `max` areas of `near` that matter most, in their first order: those the route crosses
 * first, then the nearest. The crossed ones need no sort (all at 0 NM).
 */
function nearestFirst<T extends { measure: { crossings: unknown[]; distanceNm: number } }>(
  near: T[],
  max: number,
): T[] {
  const crossed = near.filter((n) => n.measure.crossings.length > 0);
  if (crossed.length >= max) return crossed.slice(0, max);
  const others = near.filter((n) => n.measure.crossings.length === 0);
  const order = others
    .map((_, k) => k)
    .sort((a, b) => others[a]!.measure.distanceNm - others[b]!.measure.distanceNm || a - b);
  const kept = new Set([...crossed, ...order.slice(0, max - crossed.length).map((k) => others[k]!)]);
  return near.filter((n) => kept.has(n));
}

/** A NOTAM's own items as a briefing writes them: number, place, Q-code, levels, validity, circle. */
function notamFields(source: NotamSource, area: NotamArea): NotamFields {
  const n = source.notam;
  const out: NotamFields = {
    number: n.designation ?? n.id ?? '?',
    location: n.location ?? n.affectedAerodrome ?? n.affectedFIR ?? source.from.designator,
    text: n.text ?? '',
  };
  if (n.selectionCode) out.code = n.selectionCode;
  const fir = n.affectedFIR ?? (source.from.kind === 'fir' ? source.from.designator : undefined);
  if (fir) out.fir = fir;
  if (n.minimumFL) out.lower = Number(n.minimumFL) === 0 ? 'SFC' : `FL${n.minimumFL.padStart(3, '0')}`;
  if (n.maximumFL) out.upper = Number(n.maximumFL) >= 999 ? 'UNL' : `FL${n.maximumFL.padStart(3, '0')}`;
  if (n.effectiveStart) out.validFrom = n.effectiveStart;
  if (n.effectiveEnd) out.validTo = n.effectiveEnd + (n.effectiveEndEstimated ? ' EST' : '');
  if (n.schedule) out.schedule = n.schedule;
  if (area.circle)
    out.circle = {
      center: [area.circle.center.lon, area.circle.center.lat],
      radiusNm: area.circle.radiusNm,
      ring: area.circle.ring ?? circleRing(area.circle.center, area.circle.radiusNm),
    };
  return out;
}
