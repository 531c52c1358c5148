/**
 * Everything the map draws for one route block, as plain data: the route layer, the FIRs it
 * crosses, the airspaces it crosses or passes within the corridor, the NOTAMs of the corridor
 * (and of the aerodromes), the microlight fields nearby. Every decision is made here; the
 * webview only draws. Pure: the hub's data come in as `MapData`.
 */
import type { ClimbDescent } from '../flight/vertical';
import type { AirspaceProperties, Feature } from '../hub/geojson';
import type { Notam } from '../hub/notams';
import type { ExpansionResult, RouteBlock } from '../route/model';
import type {
  LonLat,
  MapAirspace,
  MapFilters,
  MapFir,
  MapMicrolight,
  MapNotam,
  MapPolygons,
  MapView,
} from '../../../common/protocol/mapMessages';
import {
  addAreaBoxes,
  AreaIndex,
  boxOf,
  RouteCorridor,
  roughDistanceNm,
  type AreaShape,
  type Box,
  type Crossing,
} from '../flight/corridor';
import { ITEMS_PER_STEP, runAtOnce, runYielding, type Steps } from '../flight/steps';
import { firsCrossed, boxPolygon, type FirCrossed, type FirEntry } from '../flight/firs';
import { distanceNm, type GeoPoint } from '../geo/geodesy';
import { circleRing } from '../geo/geometry';
import { limitsLabel, scheduleText, verticalLimit } from '../flight/labels';
import { notamArea, notamSubject, type NotamArea } from '../flight/notamGeometry';
import { decodeQCode, isAerodromeSubject } from './notamCode';
import { briefingPlace, icaoNotamText, type BriefingRoute } from '../../../common/notamText';
import { routeLayer } from './routePoints';
import { flightOf, judgeAirspace, judgeNotam, type Flight, type JudgeOptions, type Placement } from '../flight';
import { formatUtc } from '../flight/flightTime';
import { boundaryWords } from '../flight/eet';
import { airspaceBand, bandText, notamBand } from '../flight/levels';
import type { JudgedArea } from '../flight/judgedArea';
import { crossingRows, isConflict, profileView, verdictOf } from './flightView';
import { clearOfRoute, firLabelPlaces } from './labelPlaces';
import { isConflictKind } from '../flight/conflictAreas';

/**
 * Airspaces drawn and judged in one view at most: no one needs 80,000 areas drawn, and the page
 * and the conflict diagnostics stay fast. Beyond it, a notice says how many there were.
 */
export const MAX_AIRSPACES_PER_VIEW = 2_000;

/** How far beyond the corridor NOTAMs are still shown (marked outside it). */
const NEAR_MARGIN_NM = 20;

/** FIR and UIR outlines are the FIR layer, not airspaces to cross. */
const FIR_TYPES = new Set(['FIR', 'UIR', 'FIR_P', 'UIR_P', 'OCA']);

export interface NotamSource {
  notam: Notam;
  /** The FIR or aerodrome whose list it came from. */
  from: { kind: 'fir' | 'aerodrome'; designator: string };
}

export interface MicrolightSource {
  id: string;
  name: string;
  lon: number;
  lat: number;
}

/** A FIR the hub's navigation places, and how: its outline (from the hub or the boundaries file) or only its box. */
export interface KnownFir {
  designator: string;
  approximate: boolean;
  boundaryFile?: string;
}

/** What the hub (or local files) gave for the route; empty lists without a key. */
export interface MapData {
  firs: FirEntry[];
  /** Every FIR the hub's navigation places (with a box or an outline), crossed or not: EET/ names are checked against it. */
  knownFirs?: KnownFir[];
  airspaces: Feature<AirspaceProperties>[];
  notams: NotamSource[];
  microlights: MicrolightSource[];
  notices: string[];
}

export const NO_MAP_DATA: MapData = { firs: [], airspaces: [], notams: [], microlights: [], notices: [] };

export interface MapViewInput {
  uri: string;
  version: number;
  blockIndex: number;
  block: RouteBlock;
  expansion: ExpansionResult | undefined;
  data: MapData;
  filters: MapFilters;
  /**
   * The time the flight is judged at (ms since the epoch): plain route text starts at its first
   * point then; an FPL's EOBT without DOF is its first occurrence after it (flight/flightTime).
   */
  referenceMs: number;
  /** The climb rate and descent gradient of the profile (`icaoRoute.flight.*`); the defaults when absent. */
  climbDescent?: ClimbDescent;
  /** Prepared areas, when the caller keeps them between views (the index is built once per data set). */
  prepared?: PreparedAreas;
  /**
   * Why no route can be expanded (the session's status without a hub key or navigation data):
   * the map then says what to set instead of "not expanded yet", which would never change.
   */
  noExpansionSource?: string;
}

/** The route's aerodromes: origin and destination from the directives or the FPL, alternates from field 16. */
export function routeAerodromes(block: RouteBlock): { origin?: string; destination?: string; alternates: string[] } {
  const field16 =
    block.fpl?.fields
      .find((f) => f.number === 16)
      ?.text.trim()
      .split(/\s+/) ?? [];
  return {
    origin: block.origin?.value.toUpperCase(),
    destination: block.destination?.value.toUpperCase(),
    alternates: field16.slice(1).filter((w) => /^[A-Z]{4}$/.test(w)),
  };
}

/** The areas of a data set with their spatial indexes; reusable for every route of that data. */
export interface PreparedAreas {
  airspaces: { feature: Feature<AirspaceProperties>; shape: AreaShape }[];
  airspaceIndex: AreaIndex;
  notams: { source: NotamSource; area: NotamArea; shape: AreaShape }[];
  notamIndex: AreaIndex;
}

function polygonsOf(feature: Feature<AirspaceProperties>): MapPolygons {
  const g = feature.geometry;
  if (!g) return [];
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  return [];
}

export function prepareAreas(data: Pick<MapData, 'airspaces' | 'notams'>): PreparedAreas {
  return runAtOnce(prepareAreasSteps(data));
}

/** prepareAreas a chunk at a time (see flight/steps.ts): 80,000 airspaces are indexed without a stall. */
export function* prepareAreasSteps(data: Pick<MapData, 'airspaces' | 'notams'>): Steps<PreparedAreas> {
  const airspaces: PreparedAreas['airspaces'] = [];
  const airspaceBoxes: [Box, number][] = [];
  for (const [i, feature] of data.airspaces.entries()) {
    if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    if (FIR_TYPES.has(String(feature.properties.type).toUpperCase())) continue;
    const shape: AreaShape = { polygons: polygonsOf(feature) };
    if (shape.polygons.length === 0) continue;
    addAreaBoxes(shape, airspaces.length, airspaceBoxes);
    airspaces.push({ feature, shape });
  }
  const notams: PreparedAreas['notams'] = [];
  const notamBoxes: [Box, number][] = [];
  for (const [i, source] of data.notams.entries()) {
    if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    const area = notamArea(source.notam, false);
    const shape: AreaShape = area.circle
      ? { polygons: [], circle: { center: area.circle.center, radiusNm: area.circle.radiusNm } }
      : { polygons: area.polygons ?? [] };
    addAreaBoxes(shape, notams.length, notamBoxes);
    notams.push({ source, area, shape });
  }
  yield;
  const airspaceIndex = yield* AreaIndex.steps(airspaceBoxes);
  yield;
  const notamIndex = yield* AreaIndex.steps(notamBoxes);
  return { airspaces, airspaceIndex, notams, notamIndex };
}

/** prepareAreas, yielding to the event loop between chunks; rejects (StepsCancelled) once `signal` aborts. */
export function prepareAreasYielding(
  data: Pick<MapData, 'airspaces' | 'notams'>,
  signal?: AbortSignal,
): Promise<PreparedAreas> {
  return runYielding(prepareAreasSteps(data), signal);
}

const nm = (v: number) => Math.round(v * 10) / 10;

/** RFC 7946 box of the route: west > east when it crosses the antimeridian. */
function routeBox(corridor: RouteCorridor): MapView['bbox'] {
  const all: LonLat[] =
    corridor.legs.length > 0
      ? corridor.legs.flatMap((l) => l.vertices)
      : corridor.points.map((p) => [p.lon, p.lat] as LonLat);
  if (all.length === 0) return undefined;
  const [w, s, e, n] = boxOf(all);
  if (e - w >= 360) return [-180, s, 180, n];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return [wrap(w), s, e - w === 0 ? wrap(e) : wrap(e) === -180 ? 180 : wrap(e), n];
}

export interface MapComputation {
  view: MapView;
  /** The FIRs crossed, with their stretches along the route (for the data fetch and later diagnostics). */
  firs: FirCrossed[];
  /** Airspace id → stretches along the route. */
  airspaceCrossings: Map<string, Crossing[]>;
  /** The flight: its time and its profile of levels and times along the route. */
  flight: Flight;
  /** Every airspace and NOTAM of the view with its verdict (the conflict diagnostics read these). */
  judged: JudgedArea[];
}

export function buildMapView(input: MapViewInput): MapComputation {
  return runAtOnce(mapViewSteps(input));
}

/** buildMapView, yielding to the event loop between chunks; rejects (StepsCancelled) once `signal` aborts. */
export async function buildMapViewYielding(input: MapViewInput, signal?: AbortSignal): Promise<MapComputation> {
  const prepared = input.prepared ?? (await prepareAreasYielding(input.data, signal));
  return runYielding(mapViewSteps({ ...input, prepared }), signal);
}

/** buildMapView a chunk at a time (see flight/steps.ts). */
export function* mapViewSteps(input: MapViewInput): Steps<MapComputation> {
  const { block, expansion, data, filters } = input;
  const route = routeLayer(block, expansion);
  const resolved: GeoPoint[] = route.points
    .filter((p) => p.position)
    .map((p) => ({ lon: p.position![0], lat: p.position![1] }));
  const corridor = new RouteCorridor(resolved);
  const firs = resolved.length > 0 ? firsCrossed(corridor, data.firs) : [];
  const prepared = input.prepared ?? (yield* prepareAreasSteps(data));
  const notices = [...data.notices];
  const airspaceCrossings = new Map<string, Crossing[]>();
  // The corridor and the profile are measured over the same points in the same order.
  const flight = flightOf(block, expansion?.points ?? [], input.referenceMs, input.climbDescent);
  const judging: JudgeOptions = {
    corridorNm: filters.corridorNm,
    levels: filters.levels,
    marginMin: filters.timeMarginMin,
  };
  const judged: JudgedArea[] = [];
  const verdicts: NonNullable<MapView['verdicts']> = {};

  const airspaces: MapAirspace[] = [];
  if (resolved.length > 0) {
    let measured = 0;
    const candidates = yield* prepared.airspaceIndex.searchSteps(corridor.queryBoxes(filters.corridorNm));
    yield;
    // Measured first, judged and drawn only for those the view keeps (MAX_AIRSPACES_PER_VIEW).
    let near: { i: number; measure: NonNullable<ReturnType<RouteCorridor['measure']>> }[] = [];
    for (const i of candidates) {
      if (++measured % ITEMS_PER_STEP === 0) yield;
      const measure = corridor.measure(prepared.airspaces[i]!.shape, filters.corridorNm);
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
      airspaceCrossings.set(id, measure.crossings);
      const applicability = judgeAirspace(p, measure, flight.profile, judging);
      const band = airspaceBand(p.lowerLimit, p.upperLimit);
      const airspace: MapAirspace = {
        id,
        name: p.name || p.designator,
        type: p.type,
        lower,
        upper,
        label: limitsLabel(lower, upper),
        polygons: shape.polygons,
        crossed: measure.crossings.length > 0,
        distanceNm: nm(measure.distanceNm),
        reason: applicability.reason,
        crossings: measure.crossings,
      };
      verdicts[id] = verdictOf(applicability);
      judged.push({
        itemId: id,
        kind: 'airspace',
        name: airspace.name,
        designator: p.designator || airspace.name,
        type: String(p.type ?? ''),
        band: { lowerFt: band.lowerFt, upperFt: band.upperFt },
        limits: airspace.label,
        applicability,
        drawnCrossing: true,
      });
      if (p.classification) airspace.airspaceClass = p.classification;
      if (airspace.crossed && isConflictKind('airspace', String(p.type ?? ''))) {
        const labelAt = clearOfRoute(corridor, shape.polygons);
        if (labelAt) airspace.labelAt = labelAt;
      }
      const schedule = scheduleText(p.schedules);
      if (schedule) airspace.schedule = schedule;
      airspaces.push(airspace);
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
  const notams: MapNotam[] = [];
  if (resolved.length > 0) {
    // NOTAMs a little beyond the corridor stay in the view, marked outside, so the filter shows its work.
    const reach = Math.max(filters.corridorNm, filters.aerodromeCorridorNm) + NEAR_MARGIN_NM;
    const nearRoute = new Set(yield* prepared.notamIndex.searchSteps(corridor.queryBoxes(reach)));
    const totalNm = flight.profile.totalNm;
    const firStretches = new Map(firs.map((f) => [f.designator, f.crossings]));
    const briefingRoute: BriefingRoute = {
      origin: aerodromes.origin ?? (first?.kind === 'aerodrome' ? first.name : undefined),
      destination: aerodromes.destination ?? (last?.kind === 'aerodrome' ? last.name : undefined),
      alternates: aerodromes.alternates,
      firs: firStretches,
      totalNm,
    };
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
      let judgedWith = judging;
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
        const measure = nearRoute.has(i) ? corridor.measure(shape, reach) : undefined;
        distance = measure?.distanceNm ?? Infinity;
        placement = measure;
        let aerodromeNm = Infinity;
        let aerodromeName = '';
        if (distance > filters.corridorNm) {
          const centre =
            shape.circle?.center ??
            (shape.polygons[0]?.[0]?.[0]
              ? { lon: shape.polygons[0][0][0][0], lat: shape.polygons[0][0][0][1] }
              : undefined);
          for (const [name, place] of aerodromePlaces) {
            if (!centre) break;
            const radius = shape.circle?.radiusNm ?? 0;
            if (roughDistanceNm(centre, place) - radius > filters.aerodromeCorridorNm * 1.1 + 5) continue;
            const d = Math.max(0, distanceNm(centre, place) - radius);
            if (d < aerodromeNm) [aerodromeNm, aerodromeName] = [d, name];
          }
          if (aerodromes.alternates.includes(location) && !aerodromePlaces.has(location))
            [aerodromeNm, aerodromeName] = [0, location];
        }
        if (distance <= filters.corridorNm) {
          inCorridor = true;
          reason =
            distance === 0
              ? 'The route passes through it.'
              : `${nm(distance)} NM from the route, within the ${filters.corridorNm} NM corridor.`;
        } else if (aerodromeNm <= filters.aerodromeCorridorNm) {
          inCorridor = true;
          distance = Math.min(distance, aerodromeNm);
          reason = `${nm(aerodromeNm)} NM from ${aerodromeName}, within the ${filters.aerodromeCorridorNm} NM around the aerodromes.`;
          const along = alongAerodrome(aerodromeName);
          placement = {
            crossings: [],
            distanceNm: aerodromeNm,
            alongNm: along,
            where: `${nm(aerodromeNm)} NM from ${aerodromeName} (< ${filters.aerodromeCorridorNm} NM around the aerodromes)`,
          };
          judgedWith = { ...judging, corridorNm: filters.aerodromeCorridorNm };
        } else {
          reason = Number.isFinite(distance)
            ? `${nm(distance)} NM from the route, outside the ${filters.corridorNm} NM corridor.`
            : 'Far from the route.';
        }
      }
      // Out-of-corridor NOTAMs near it stay in the view, marked, so the filter shows its work.
      if (!inCorridor && !Number.isFinite(distance)) continue;
      const applicability = judgeNotam(n, placement, flight.profile, judgedWith);
      // Left out by the corridor: the corridor's own words say how far, for the list and the verdict alike.
      const verdict = inCorridor
        ? verdictOf(applicability)
        : { applies: false, activity: 'unknown' as const, reason: `Left out: ${reason}` };
      const mapNotamItem = mapNotam(
        source,
        area,
        inCorridor,
        Number.isFinite(distance) ? nm(distance) : 0,
        verdict.reason,
        i,
      );
      mapNotamItem.briefing = briefingPlace(
        mapNotamItem.location,
        mapNotamItem.fir,
        placement?.alongNm,
        briefingRoute,
        isAerodromeSubject(n.selectionCode),
      );
      if (distance === 0 && isConflictKind('notam', n.selectionCode ?? '')) {
        const outline = [
          ...(mapNotamItem.circle ? [[mapNotamItem.circle.ring]] : []),
          ...(mapNotamItem.polygons ?? []),
        ];
        const labelAt = clearOfRoute(corridor, outline);
        if (labelAt) mapNotamItem.labelAt = labelAt;
      }
      notams.push(mapNotamItem);
      verdicts[mapNotamItem.id] = verdict;
      const band = notamBand(n.minimumFL, n.maximumFL);
      judged.push({
        itemId: mapNotamItem.id,
        kind: 'notam',
        name: mapNotamItem.number,
        designator: mapNotamItem.number,
        type: n.selectionCode ?? '',
        ...(band ? { band } : {}),
        limits: band ? bandText(band) : 'all levels',
        applicability,
        drawnCrossing: area.source !== 'whole FIR' && area.source !== 'none',
        text: mapNotamItem.text,
        icaoText: icaoNotamText(mapNotamItem),
      });
    }
  }

  const microlights: MapMicrolight[] = [];
  if (resolved.length > 0) {
    for (const m of data.microlights) {
      const d = corridor.distanceTo({ lon: m.lon, lat: m.lat }, filters.corridorNm);
      if (d.distanceNm <= filters.corridorNm)
        microlights.push({ id: m.id, name: m.name, position: [m.lon, m.lat], distanceNm: nm(d.distanceNm) });
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
  const unresolved = route.points.filter((p) => p.status !== 'resolved').length;
  if (!expansion)
    notices.push(
      input.noExpansionSource
        ? `${input.noExpansionSource} Until then the map shows only the positions written in the route.`
        : 'The route is not expanded yet: only its written positions are known.',
    );
  else if (unresolved > 0)
    notices.push(`${unresolved} point${unresolved === 1 ? '' : 's'} of the route could not be placed.`);
  // Where the conflict areas are named: the FIRs' names keep away from there.
  const conflictNames = [...airspaces, ...notams].flatMap((a) => (a.labelAt ? [a.labelAt] : []));
  const mapFirs: MapFir[] = firs.map((f) => ({
    id: `fir-${f.designator}`,
    designator: f.designator,
    name: f.name,
    polygons: f.polygons && f.polygons.length > 0 ? f.polygons : boxPolygon(f.bbox),
    crossings: f.crossings,
    ...(f.approximate ? { approximate: true } : {}),
    boundary: boundaryWords(f),
    ...placed(firLabelPlaces(corridor, f.crossings, conflictNames)),
  }));
  // The conflicts, as the diagnostics and the crossing table judge them: the map labels them first.
  for (const area of judged)
    if (isConflict(area)) verdicts[area.itemId] = { ...verdicts[area.itemId]!, conflict: true };
  const title =
    aerodromes.origin && aerodromes.destination
      ? `${aerodromes.origin} → ${aerodromes.destination}`
      : first && last
        ? `${first.name} → ${last.name}`
        : block.name;
  yield;
  const crossings = crossingRows(mapFirs, judged, flight.profile);
  yield;
  const profile = profileView(
    flight.profile,
    route.points.filter((p) => p.position).map((p) => p.id),
    judged,
  );
  const view: MapView = {
    uri: input.uri,
    version: input.version,
    blockIndex: input.blockIndex,
    title,
    points: route.points,
    legs: route.legs,
    firs: mapFirs,
    airspaces,
    notams,
    microlights,
    notices: [...new Set(notices)],
    filters,
    flightTime: flightTimeText(flight),
    verdicts,
    crossings,
    profile,
  };
  const bbox = routeBox(corridor);
  if (bbox) view.bbox = bbox;
  return { view, firs, airspaceCrossings, flight, judged };
}

const placed = (labelPlaces: LonLat[]) => (labelPlaces.length ? { labelPlaces } : {});

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

/** "EOBT 0930Z on DOF 261124: off blocks 24 Nov 2026 09:30Z", with what the profile had to assume. */
function flightTimeText(flight: Flight): string {
  const when = flight.time.ms !== undefined ? `: from the first point at ${formatUtc(flight.time.ms)}` : '';
  return [`${flight.time.text}${when}.`, ...flight.profile.notes].join(' ');
}

function mapNotam(
  source: NotamSource,
  area: NotamArea,
  inCorridor: boolean,
  distance: number,
  reason: string,
  index: number,
): MapNotam {
  const n = source.notam;
  const out: MapNotam = {
    id: n.id ?? `notam-${index}`,
    number: n.designation ?? n.id ?? '?',
    location: n.location ?? n.affectedAerodrome ?? n.affectedFIR ?? source.from.designator,
    subject: notamSubject(n.selectionCode),
    text: n.text ?? '',
    distanceNm: distance,
    inCorridor,
    reason,
  };
  if (n.selectionCode) out.code = n.selectionCode;
  const decoded = decodeQCode(n.selectionCode);
  if (decoded) out.decoded = decoded.text;
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
  if (area.polygons) out.polygons = area.polygons;
  return out;
}
