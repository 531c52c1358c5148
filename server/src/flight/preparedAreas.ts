/**
 * The areas around a route as the judgement reads them (the hub's GeoJSON airspaces and NOTAMs
 * are such areas; flight/ never imports hub/), and their spatial indexes, built once per data
 * set and reused for every route of it. Pure.
 */
import type { LonLat } from '../../../common/protocol/mapMessages';
import type { AirspaceFacts, NotamFacts } from './applicability';
import { addAreaBoxes, AreaIndex, type AreaShape, type Box } from './corridor';
import { notamArea, type NotamArea, type NotamPlace } from './notamGeometry';
import { ITEMS_PER_STEP, runAtOnce, runYielding, type Steps } from './steps';

/** An airspace's outline: a polygon or a multipolygon are areas; other geometries are none. */
export type AreaGeometry =
  | { type: 'Polygon'; coordinates: LonLat[][] }
  | { type: 'MultiPolygon'; coordinates: LonLat[][][] }
  | { type: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString'; coordinates: unknown };

/** An airspace as the judgement and the map read it. */
export interface AirspaceFeature {
  id?: string | number;
  geometry: AreaGeometry | null;
  properties: AirspaceFacts & { name: string; designator: string; type: string; classification?: string };
}

/** A NOTAM as the judgement and the map read it: item Q, A, B, C, D, E and its geometry. */
export interface NotamRecord extends NotamFacts, NotamPlace {
  id?: string;
  /** E.g. "A1234/26". */
  designation?: string;
  location?: string;
  affectedFIR?: string;
  affectedAerodrome?: string;
  selectionCode?: string;
  text?: string;
  effectiveEndEstimated?: boolean;
}

export interface NotamSource {
  notam: NotamRecord;
  /** The FIR or aerodrome whose list it came from. */
  from: { kind: 'fir' | 'aerodrome'; designator: string };
}

/** The areas of a data set with their spatial indexes; reusable for every route of that data. */
export interface PreparedAreas {
  airspaces: { feature: AirspaceFeature; shape: AreaShape }[];
  airspaceIndex: AreaIndex;
  notams: { source: NotamSource; area: NotamArea; shape: AreaShape }[];
  notamIndex: AreaIndex;
}

/** FIR and UIR outlines are the FIR layer, not airspaces to cross. */
const FIR_TYPES = new Set(['FIR', 'UIR', 'FIR_P', 'UIR_P', 'OCA']);

function polygonsOf(feature: AirspaceFeature): LonLat[][][] {
  const g = feature.geometry;
  if (!g) return [];
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  return [];
}

interface AreaLists {
  airspaces: readonly AirspaceFeature[];
  notams: readonly NotamSource[];
}

export function prepareAreas(data: AreaLists): PreparedAreas {
  return runAtOnce(prepareAreasSteps(data));
}

/** prepareAreas a chunk at a time (see steps.ts): 80,000 airspaces are indexed without a stall. */
export function* prepareAreasSteps(data: AreaLists): Steps<PreparedAreas> {
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
export function prepareAreasYielding(data: AreaLists, signal?: AbortSignal): Promise<PreparedAreas> {
  return runYielding(prepareAreasSteps(data), signal);
}
