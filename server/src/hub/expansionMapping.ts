/**
 * The hub's route expansion (a GeoJSON FeatureCollection of waypoints) mapped back onto the
 * shared ExpansionResult, so the editor and the checker treat hub and offline expansion alike.
 *
 * The hub answers points, not elements: each feature is matched to the next route element of
 * that name; points between them are airway interior points. A feature without geometry is a
 * name the hub does not know; a point of the route with no feature was left out. When the first
 * fix cannot be placed and no referenceFix was given, the contract says its name was ambiguous.
 */
import {
  pointOf,
  type ExpandedPoint,
  type ExpansionResult,
  type FixType,
  type RouteBlock,
  type RouteDiagnostic,
  type RouteElement,
} from '../route/model';
import { DIAGNOSTIC_CODES } from '../route/codes';
import { ServiceError } from './errors';
import { leftOutText, type FeatureCollection, type WaypointProperties } from './geojson';
import type { CallOptions, HubClient } from './hubClient';

const FIX_TYPES: FixType[] = ['fix', 'vor', 'ndb', 'dme', 'tacan', 'aerodrome', 'latLon', 'computed'];

interface Candidate {
  index: number;
  element: RouteElement;
  names: string[];
}

function candidatesOf(block: RouteBlock): Candidate[] {
  const out: Candidate[] = [];
  block.elements.forEach((element, index) => {
    const point = pointOf(element);
    if (!point) return;
    const names = [point.text.toUpperCase()];
    if (point.kind === 'point' || point.kind === 'bearingDistance') names.push(point.ident.toUpperCase());
    if (point.kind === 'aerodrome') names.push(point.icao.toUpperCase());
    out.push({ index, element, names });
  });
  return out;
}

function typeOf(p: WaypointProperties, element: RouteElement | undefined): FixType {
  if (typeof p.type === 'string' && FIX_TYPES.includes(p.type as FixType)) return p.type as FixType;
  const point = element ? pointOf(element) : undefined;
  if (point?.kind === 'latLon') return 'latLon';
  if (point?.kind === 'aerodrome') return 'aerodrome';
  if (point?.kind === 'bearingDistance') return 'computed';
  const resolved = ` ${(p.resolvedFix ?? '').toUpperCase()} `;
  if (/\bTACAN\b/.test(resolved)) return 'tacan';
  if (/\bVOR/.test(resolved)) return 'vor';
  if (/\bNDB\b/.test(resolved)) return 'ndb';
  if (/\bDME\b/.test(resolved)) return 'dme';
  if (/\b(AERODROME|AIRPORT|AD)\b/.test(resolved)) return 'aerodrome';
  return 'fix';
}

function elevationFt(p: WaypointProperties): number | undefined {
  const value = typeof p.elevation === 'number' ? p.elevation : Number(p.elevation);
  if (p.elevation === undefined || p.elevation === '' || !Number.isFinite(value)) return undefined;
  return /^m/i.test(String(p.elevationUom ?? '')) ? Math.round(value * 3.28084) : value;
}

export function expansionFromHub(
  collection: FeatureCollection<WaypointProperties>,
  block: RouteBlock,
): ExpansionResult {
  const candidates = candidatesOf(block);
  const matched = new Set<number>();
  const unresolved = new Set<number>();
  const points: ExpandedPoint[] = [];
  const findings: RouteDiagnostic[] = [];
  const fallbackRange = block.routeRange ?? block.range;
  let cursor = -1;

  for (const feature of collection.features) {
    const p = feature.properties;
    const name = p.designator.toUpperCase();
    const hit = candidates.find((c) => c.index > cursor && !matched.has(c.index) && c.names.includes(name));
    let elementIndex: number;
    let via: string | undefined;
    if (hit) {
      elementIndex = hit.index;
      cursor = hit.index;
      matched.add(hit.index);
    } else if (cursor === -1 && name === block.origin?.value.toUpperCase()) {
      // Origin and destination given as directives are no elements: index -1, as the offline engine does.
      elementIndex = -1;
    } else if (
      name === block.destination?.value.toUpperCase() &&
      !candidates.some((c) => c.index > cursor && c.element.kind === 'point')
    ) {
      elementIndex = -1;
    } else {
      // An interior point of the airway being flown after the last matched element.
      const airway = block.elements.findIndex((e, i) => i > cursor && e.kind === 'airway');
      if (airway >= 0) {
        elementIndex = airway;
        const element = block.elements[airway]!;
        via = element.kind === 'airway' ? element.designator : undefined;
      } else {
        elementIndex = Math.max(0, cursor);
      }
    }
    if (!feature.geometry || feature.geometry.type !== 'Point') {
      if (hit) unresolved.add(hit.index);
      else {
        findings.push({
          code: 'H001',
          severity: DIAGNOSTIC_CODES.H001.severity,
          message: `The hub does not know ${p.designator}: check the spelling, or whether the point exists in current data.`,
          range: block.elements[elementIndex]?.range ?? fallbackRange,
        });
      }
      continue;
    }
    const [lon, lat] = feature.geometry.coordinates;
    const element = elementIndex >= 0 ? block.elements[elementIndex] : undefined;
    const point: ExpandedPoint = {
      designator: p.designator,
      resolvedFix: p.resolvedFix ?? '',
      lat,
      lon,
      type: elementIndex === -1 && !p.type ? 'aerodrome' : typeOf(p, hit ? element : undefined),
      elementIndex,
    };
    const elevation = elevationFt(p);
    if (elevation !== undefined) point.elevationFt = elevation;
    if (via) point.via = via;
    points.push(point);
  }

  const first = candidates.find(
    (c) =>
      c.element.kind !== 'aerodrome' &&
      pointOf(c.element)?.kind !== 'aerodrome' &&
      pointOf(c.element)?.kind !== 'latLon',
  );
  const result: ExpansionResult = { points, findings, procedures: [] };
  for (const c of candidates) {
    const missing = !matched.has(c.index);
    if (!missing && !unresolved.has(c.index)) continue;
    const point = pointOf(c.element)!;
    const ident = point.kind === 'point' || point.kind === 'bearingDistance' ? point.ident : point.text;
    if (c === first && !block.referenceFix) {
      result.ambiguousFirstFix = { ident, range: c.element.range, candidates: [] };
      findings.push({
        code: 'H003',
        severity: DIAGNOSTIC_CODES.H003.severity,
        message:
          `The hub selected no point for the first fix ${ident}: several places bear this ` +
          `name (or none). Add a line "referenceFix: <point>" near the intended one.`,
        range: c.element.range,
        data: { ident },
      });
      continue;
    }
    findings.push(
      missing
        ? {
            code: 'H002',
            severity: DIAGNOSTIC_CODES.H002.severity,
            message: `The hub left ${c.element.text} out of its expansion: it does not know the point, or cannot reach it along the route.`,
            range: c.element.range,
          }
        : {
            code: 'H001',
            severity: DIAGNOSTIC_CODES.H001.severity,
            message: `The hub does not know ${c.element.text}: check the spelling, or whether the point exists in current data.`,
            range: c.element.range,
          },
    );
  }
  block.elements.forEach((e, elementIndex) => {
    if (e.kind === 'sid' || e.kind === 'star')
      result.procedures.push({ kind: e.kind, designator: e.designator, elementIndex });
  });
  findings.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return result;
}

/**
 * One route block expanded by the hub: the block's route text and directives are the request,
 * the answer is mapped back by `expansionFromHub`. A route text the hub rejects as a bad request
 * is finding H004 on the route, not a failure; every other failure is thrown.
 */
export async function expandBlockAtHub(
  hub: Pick<HubClient, 'expandRoute'>,
  block: RouteBlock,
  opts: CallOptions = {},
): Promise<ExpansionResult> {
  try {
    const { collection } = await hub.expandRoute(
      {
        routeText: block.routeText,
        ...(block.origin && { origin: block.origin.value }),
        ...(block.destination && { destination: block.destination.value }),
        ...(block.referenceFix && { referenceFix: block.referenceFix.value }),
      },
      opts,
    );
    const result = expansionFromHub(collection, block);
    if (collection.leftOut)
      result.serviceNote = `The hub's expansion of ${block.name}: ${leftOutText(collection.leftOut, 'feature', 'features')}`;
    return result;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'badRequest') {
      return {
        points: [],
        procedures: [],
        findings: [
          {
            code: 'H004',
            severity: DIAGNOSTIC_CODES.H004.severity,
            message: error.message,
            range: block.routeRange ?? block.range,
          },
        ],
      };
    }
    throw error;
  }
}
