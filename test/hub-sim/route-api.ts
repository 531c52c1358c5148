/**
 * Hub endpoint 9: route expansion. POST, JSON body {routeText, origin?, destination?,
 * referenceFix?}, `Accept: application/geo+json` required (else 406). Expanded with the
 * project's own engine. A point that cannot be selected (ambiguous first fix without
 * referenceFix, unknown name) is left out or kept with `geometry: null`, per the setting.
 */
import type { SimContext } from './context';
import { SimRequest, SimResponse, badRequestPage, json, notAcceptablePage, serverErrorPage } from './http';
import type { ExpandedPoint, Range, RouteBlock, ExpansionResult } from '../../server/src/route/model';
import { pointOf } from '../../server/src/route/model';

/** Findings that mean "no point selected for this element". */
const UNRESOLVED_CODES = new Set(['X001', 'X005', 'X008']);

const sameStart = (a: Range, b: Range) => a.start.line === b.start.line && a.start.character === b.start.character;

function acceptsGeoJson(req: SimRequest): boolean {
  return String(req.headers.accept ?? '')
    .split(',')
    .some((part) => part.trim().toLowerCase().split(';')[0].trim() === 'application/geo+json');
}

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: { designator: string; resolvedFix: string; elevation: string; elevationUom: string };
}

function pointFeature(p: ExpandedPoint): Feature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [Math.round(p.lon * 1e6) / 1e6, Math.round(p.lat * 1e6) / 1e6] },
    properties: {
      designator: p.designator,
      resolvedFix: p.resolvedFix,
      elevation: String(Math.round(p.elevationFt ?? 0)),
      elevationUom: 'FT',
    },
  };
}

/** Element indices (in order) of points the expansion could not select. */
function unresolvedElements(block: RouteBlock, result: ExpansionResult): { index: number; designator: string }[] {
  const ranges = result.findings.filter((f) => UNRESOLVED_CODES.has(f.code)).map((f) => f.range);
  if (result.ambiguousFirstFix) ranges.push(result.ambiguousFirstFix.range);
  const placed = new Set(result.points.map((p) => p.elementIndex));
  const out: { index: number; designator: string }[] = [];
  block.elements.forEach((element, index) => {
    const point = pointOf(element);
    if (point && !placed.has(index) && ranges.some((r) => sameStart(r, point.range) || sameStart(r, element.range))) {
      out.push({ index, designator: point.kind === 'point' ? point.ident : point.text });
    }
  });
  return out;
}

export function toFeatures(block: RouteBlock, result: ExpansionResult, mode: 'omit' | 'nullGeometry'): Feature[] {
  const features: Feature[] = [];
  const pending = mode === 'nullGeometry' ? unresolvedElements(block, result) : [];
  const placeholder = (u: { designator: string }): Feature => ({
    type: 'Feature',
    geometry: null,
    properties: { designator: u.designator, resolvedFix: '', elevation: '', elevationUom: 'FT' },
  });
  result.points.forEach((p, i) => {
    // Origin and destination aerodromes carry elementIndex -1: the origin comes first, the destination last.
    const upTo = p.elementIndex >= 0 ? p.elementIndex : i === 0 ? -1 : Number.POSITIVE_INFINITY;
    while (pending.length && pending[0].index < upTo) features.push(placeholder(pending.shift()!));
    features.push(pointFeature(p));
  });
  for (const u of pending) features.push(placeholder(u));
  return features;
}

export function routeExpansion(req: SimRequest, ctx: SimContext): SimResponse {
  if (!acceptsGeoJson(req)) return notAcceptablePage(['application/geo+json']);
  let body: unknown;
  try {
    body = JSON.parse(req.body.toString('utf8'));
  } catch {
    return badRequestPage(
      'The request body must be JSON: {"routeText": "...", "origin": "...", "destination": "...", "referenceFix": "..."}.',
    );
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return badRequestPage('The request body must be a JSON object.');
  const fields = body as Record<string, unknown>;
  for (const key of ['routeText', 'origin', 'destination', 'referenceFix']) {
    if (fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== 'string')
      return badRequestPage(`${key} must be a string.`);
  }
  const routeText = ((fields.routeText as string | undefined) ?? '').trim();
  if (!routeText) return badRequestPage('routeText is required.');
  if (/[#:]/.test(routeText) || routeText.length > 20000)
    return badRequestPage('routeText is not ICAO 4444 route text.');
  for (const key of ['origin', 'destination']) {
    const v = fields[key] as string | undefined;
    if (v && !/^[A-Z]{4}$/.test(v))
      return badRequestPage(`${key} must be a four-letter ICAO location indicator (upper case).`);
  }
  const referenceFix = (fields.referenceFix as string | undefined)?.trim();
  if (referenceFix && /[#:\s]/.test(referenceFix))
    return badRequestPage('referenceFix must be a fix, a fix radial or a coordinate.');
  if (ctx.routes.unavailable) return serverErrorPage();
  const expansion = ctx.routes.expand({
    routeText,
    origin: fields.origin as string | undefined,
    destination: fields.destination as string | undefined,
    referenceFix: referenceFix || undefined,
  });
  if (!expansion || expansion.block.elements.length === 0) return badRequestPage('routeText holds no route elements.');
  // The engine's X009: the referenceFix names nothing usable (unknown fix, bad radial or coordinate).
  const badReference = expansion.result.findings.find((f) => f.code === 'X009');
  if (badReference) return badRequestPage(`referenceFix cannot be used: ${badReference.message}`);
  const features = toFeatures(expansion.block, expansion.result, ctx.settings.unresolvedPoints);
  const now = ctx.now();
  return json(
    {
      type: 'FeatureCollection',
      features,
      results: { publishTime: now.toISOString(), status: 'ok', total: String(features.length) },
    },
    200,
    'application/geo+json',
  );
}
