/**
 * Everything the map draws for one route block, as plain data: the route layer, the FIRs it
 * crosses, the airspaces it crosses or passes within the corridor, the NOTAMs of the corridor
 * (and of the aerodromes), the microlight fields nearby. The flight is judged in flight/
 * (judgedFlight.ts: where each area lies, whether it applies, why); this draws the judged flight,
 * and the webview only draws what this gives. Pure: the hub's data come in as `MapData`.
 */
import type { ClimbDescent } from '../flight/vertical';
import type { AirspaceProperties, Feature } from '../hub/geojson';
import type { ExpansionResult, RouteBlock } from '../route/model';
import type {
  LonLat,
  MapAirspace,
  MapAlternate,
  MapFilters,
  MapFir,
  MapMicrolight,
  MapNotam,
  MapView,
} from '../../../common/protocol/mapMessages';
import { boxOf, type RouteCorridor } from '../flight/corridor';
import { ITEMS_PER_STEP, runAtOnce, runYielding, type Steps } from '../flight/steps';
import { boxPolygon, type FirEntry } from '../flight/firs';
import { scheduleText } from '../flight/labels';
import { notamSubject } from '../flight/notamGeometry';
import { decodeQCode, isAerodromeSubject } from './notamCode';
import { briefingPlace, type BriefingRoute } from '../../../common/notamText';
import { routeLayer, type RouteLayer } from './routePoints';
import type { Flight } from '../flight';
import { formatUtc } from '../flight/flightTime';
import { boundaryWords } from '../flight/eet';
import {
  judgeFlightSteps,
  type FlightJudgementInput,
  type FlightJudging,
  type JudgedFlight,
  type JudgedNotam,
  type MicrolightSource,
} from '../flight/judgedFlight';
import { prepareAreasYielding, type NotamSource, type PreparedAreas } from '../flight/preparedAreas';
import { crossingRows, isConflict, profileView, verdictOf } from './flightView';
import { clearOfRoute, firLabelPlaces } from './labelPlaces';
import { isConflictKind } from '../flight/conflictAreas';
import { routeAlternates, type AerodromeLookup } from './alternates';
import { normaliseLon } from '../geo/geodesy';

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
  /**
   * Places an aerodrome the route does not fly to (the alternates): the navigation data the
   * route's own aerodromes are placed from, when loaded. Absent: only the route's places serve.
   */
  aerodromeAt?: AerodromeLookup;
}

/** What drawing a judged flight needs beyond it: the view's place, its filters, the hub's notices. */
export type MapDrawing = Pick<
  MapViewInput,
  'uri' | 'version' | 'blockIndex' | 'block' | 'expansion' | 'filters' | 'noExpansionSource' | 'aerodromeAt'
> & { notices: readonly string[] };

const nm = (v: number) => Math.round(v * 10) / 10;

/** RFC 7946 box of the route (and of `also`, the alternates): west > east when it crosses the antimeridian. */
function routeBox(corridor: RouteCorridor, also: readonly LonLat[] = []): MapView['bbox'] {
  const route: LonLat[] =
    corridor.legs.length > 0
      ? corridor.legs.flatMap((l) => l.vertices)
      : corridor.points.map((p) => [p.lon, p.lat] as LonLat);
  const all = also.length > 0 && route.length > 0 ? [...route, ...also] : route;
  if (all.length === 0) return undefined;
  const [w, s, e, n] = boxOf(all);
  if (e - w >= 360) return [-180, s, 180, n];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return [wrap(w), s, e - w === 0 ? wrap(e) : wrap(e) === -180 ? 180 : wrap(e), n];
}

/** A judged flight and the view drawn from it. */
export interface MapComputation extends JudgedFlight {
  view: MapView;
}

/** The flight judged (flight/judgedFlight.ts) and drawn, in one go: for a view without a judged flight kept. */
export function buildMapView(input: MapViewInput): MapComputation {
  return runAtOnce(mapViewSteps(input));
}

/** buildMapView, yielding to the event loop between chunks; rejects (StepsCancelled) once `signal` aborts. */
export async function buildMapViewYielding(input: MapViewInput, signal?: AbortSignal): Promise<MapComputation> {
  const prepared = input.prepared ?? (await prepareAreasYielding(input.data, signal));
  return runYielding(mapViewSteps({ ...input, prepared }), signal);
}

/** The judgement's input for a block: the route layer places, the data give the areas. */
export function flightJudgementOf(
  input: Pick<MapViewInput, 'block' | 'expansion' | 'data' | 'prepared' | 'referenceMs' | 'climbDescent'>,
  judging: FlightJudging,
  route: RouteLayer,
): FlightJudgementInput {
  return {
    block: input.block,
    points: input.expansion?.points ?? [],
    route,
    firs: input.data.firs,
    microlights: input.data.microlights,
    airspaces: input.data.airspaces,
    notams: input.data.notams,
    ...(input.prepared ? { prepared: input.prepared } : {}),
    judging,
    referenceMs: input.referenceMs,
    ...(input.climbDescent ? { climbDescent: input.climbDescent } : {}),
  };
}

/** buildMapView a chunk at a time (see flight/steps.ts). */
export function* mapViewSteps(input: MapViewInput): Steps<MapComputation> {
  const route = routeLayer(input.block, input.expansion);
  const { layers: _drawn, ...judging } = input.filters;
  const judged = yield* judgeFlightSteps(flightJudgementOf(input, judging, route));
  const view = yield* drawMapViewSteps(judged, route, { ...input, notices: input.data.notices });
  return { ...judged, view };
}

/** The view of a judged flight, drawn a chunk per turn of the event loop. */
export function drawMapViewYielding(
  judged: JudgedFlight,
  route: RouteLayer,
  drawing: MapDrawing,
  signal?: AbortSignal,
): Promise<MapView> {
  return runYielding(drawMapViewSteps(judged, route, drawing), signal);
}

/** The view of a judged flight: the map's items, verdicts, crossing table and profile; nothing judged here. */
export function* drawMapViewSteps(judged: JudgedFlight, route: RouteLayer, drawing: MapDrawing): Steps<MapView> {
  const { block, expansion, filters } = drawing;
  const { flight, aerodromes } = judged;
  const { first, last } = judged.ends;
  const notices = [...drawing.notices, ...judged.notices];
  const verdicts: NonNullable<MapView['verdicts']> = {};

  const airspaces: MapAirspace[] = [];
  for (const [k, { feature, shape, measure, lower, upper, judged: area }] of judged.airspaces.entries()) {
    if (k % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    const p = feature.properties;
    const airspace: MapAirspace = {
      id: area.itemId,
      name: area.name,
      type: p.type,
      lower,
      upper,
      label: area.limits,
      polygons: shape.polygons,
      crossed: measure.crossings.length > 0,
      distanceNm: nm(measure.distanceNm),
      reason: area.applicability.reason,
      crossings: measure.crossings,
    };
    verdicts[area.itemId] = verdictOf(area.applicability);
    if (p.classification) airspace.airspaceClass = p.classification;
    if (airspace.crossed && isConflictKind('airspace', String(p.type ?? ''))) {
      const labelAt = clearOfRoute(judged.corridor, shape.polygons);
      if (labelAt) airspace.labelAt = labelAt;
    }
    const schedule = scheduleText(p.schedules);
    if (schedule) airspace.schedule = schedule;
    airspaces.push(airspace);
  }

  const notams: MapNotam[] = [];
  const origin = aerodromes.origin ?? (first?.kind === 'aerodrome' ? first.name : undefined);
  const destination = aerodromes.destination ?? (last?.kind === 'aerodrome' ? last.name : undefined);
  const briefingRoute: BriefingRoute = {
    ...(origin !== undefined && { origin }),
    ...(destination !== undefined && { destination }),
    alternates: aerodromes.alternates,
    firs: new Map(judged.firs.map((f) => [f.designator, f.crossings])),
    totalNm: flight.profile.totalNm,
  };
  for (const [k, notam] of judged.notams.entries()) {
    if (k % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    // Left out by the corridor: the corridor's own words say how far, for the list and the verdict alike.
    const verdict = notam.inCorridor
      ? verdictOf(notam.judged.applicability)
      : { applies: false, activity: 'unknown' as const, reason: `Left out: ${notam.corridorReason}` };
    const item = mapNotam(notam, verdict.reason);
    item.briefing = briefingPlace(
      item.location,
      item.fir,
      notam.placement?.alongNm,
      briefingRoute,
      isAerodromeSubject(item.code),
    );
    if (notam.distanceNm === 0 && isConflictKind('notam', item.code ?? '')) {
      const outline = [...(item.circle ? [[item.circle.ring]] : []), ...(item.polygons ?? [])];
      const labelAt = clearOfRoute(judged.corridor, outline);
      if (labelAt) item.labelAt = labelAt;
    }
    notams.push(item);
    verdicts[item.id] = verdict;
  }

  const microlights: MapMicrolight[] = judged.microlights.map(({ source: m, distanceNm }) => ({
    id: m.id,
    name: m.name,
    position: [m.lon, m.lat],
    distanceNm: nm(distanceNm),
  }));

  const alternates = block.fpl ? alternatesOf(block, route, last, drawing.aerodromeAt) : undefined;

  const unresolved = route.points.filter((p) => p.status !== 'resolved').length;
  if (!expansion)
    notices.push(
      drawing.noExpansionSource
        ? `${drawing.noExpansionSource} Until then the map shows only the positions written in the route.`
        : 'The route is not expanded yet: only its written positions are known.',
    );
  else if (unresolved > 0)
    notices.push(`${unresolved} point${unresolved === 1 ? '' : 's'} of the route could not be placed.`);
  // Where the conflict areas are named: the FIRs' names keep away from there.
  const conflictNames = [...airspaces, ...notams].flatMap((a) => (a.labelAt ? [a.labelAt] : []));
  const mapFirs: MapFir[] = judged.firs.map((f) => ({
    id: `fir-${f.designator}`,
    designator: f.designator,
    name: f.name,
    polygons: f.polygons && f.polygons.length > 0 ? f.polygons : boxPolygon(f.bbox),
    crossings: f.crossings,
    ...(f.approximate ? { approximate: true } : {}),
    boundary: boundaryWords(f),
    ...placed(firLabelPlaces(judged.corridor, f.crossings, conflictNames)),
  }));
  // The conflicts, as the diagnostics and the crossing table judge them: the map labels them first.
  for (const area of judged.judged)
    if (isConflict(area)) verdicts[area.itemId] = { ...verdicts[area.itemId]!, conflict: true };
  const title =
    aerodromes.origin && aerodromes.destination
      ? `${aerodromes.origin} → ${aerodromes.destination}`
      : first && last
        ? `${first.name} → ${last.name}`
        : block.name;
  yield;
  const crossings = crossingRows(mapFirs, judged.judged, flight.profile);
  yield;
  const profile = profileView(
    flight.profile,
    route.points.filter((p) => p.position).map((p) => p.id),
    judged.judged,
  );
  const view: MapView = {
    uri: drawing.uri,
    version: drawing.version,
    blockIndex: drawing.blockIndex,
    title,
    points: route.points,
    legs: route.legs,
    firs: mapFirs,
    airspaces,
    notams,
    microlights,
    ...(alternates && (alternates.placed.length > 0 || alternates.notPlaced.length > 0) ? { alternates } : {}),
    notices: [...new Set(notices)],
    filters,
    flightTime: flightTimeText(flight),
    verdicts,
    crossings,
    profile,
  };
  // Fit to the route shows its alternates too, unrolled next to the route's end (its longitudes are continuous).
  const end = judged.corridor.legs.at(-1)?.vertices.at(-1);
  const beside = (a: MapAlternate): LonLat =>
    end ? [end[0] + normaliseLon(a.position[0] - end[0]), a.position[1]] : a.position;
  const bbox = routeBox(judged.corridor, end ? (alternates?.placed ?? []).map(beside) : []);
  if (bbox) view.bbox = bbox;
  return view;
}

/** The FPL's alternates, measured from the route's last point when it is an aerodrome. */
function alternatesOf(
  block: RouteBlock,
  route: RouteLayer,
  last: JudgedFlight['ends']['last'],
  lookup: AerodromeLookup | undefined,
) {
  const routePlaces = new Map(
    route.points.flatMap((p) =>
      p.kind === 'aerodrome' && p.position
        ? [[p.name.toUpperCase(), { lon: p.position[0], lat: p.position[1] }] as const]
        : [],
    ),
  );
  const destination =
    last?.kind === 'aerodrome' && last.position
      ? { name: last.name, lon: last.position[0], lat: last.position[1] }
      : undefined;
  return routeAlternates(block, destination, routePlaces, lookup);
}

const placed = (labelPlaces: LonLat[]) => (labelPlaces.length ? { labelPlaces } : {});

/** "EOBT 0930Z on DOF 261124: off blocks 24 Nov 2026 09:30Z", with what the profile had to assume. */
function flightTimeText(flight: Flight): string {
  const when = flight.time.ms !== undefined ? `: from the first point at ${formatUtc(flight.time.ms)}` : '';
  return [`${flight.time.text}${when}.`, ...flight.profile.notes].join(' ');
}

/** A judged NOTAM as the page lists and draws it. */
function mapNotam(notam: JudgedNotam, reason: string): MapNotam {
  const { fields, area } = notam;
  const out: MapNotam = {
    id: notam.id,
    number: fields.number,
    location: fields.location,
    subject: notamSubject(fields.code),
    text: fields.text,
    distanceNm: Number.isFinite(notam.distanceNm) ? nm(notam.distanceNm) : 0,
    inCorridor: notam.inCorridor,
    reason,
  };
  if (fields.code) out.code = fields.code;
  const decoded = decodeQCode(fields.code);
  if (decoded) out.decoded = decoded.text;
  if (fields.fir) out.fir = fields.fir;
  if (fields.lower) out.lower = fields.lower;
  if (fields.upper) out.upper = fields.upper;
  if (fields.validFrom) out.validFrom = fields.validFrom;
  if (fields.validTo) out.validTo = fields.validTo;
  if (fields.schedule) out.schedule = fields.schedule;
  if (fields.circle) out.circle = fields.circle;
  if (area.polygons) out.polygons = area.polygons;
  return out;
}
