/**
 * Hub endpoint 9: route expansion. POST, JSON body {routeText, origin?, destination?,
 * referenceFix?}, `Accept: application/geo+json` required (else 406). Expanded with the
 * simulator's own engine (route-engine.ts). A point that cannot be selected (ambiguous first fix without
 * referenceFix, unknown name) is left out or kept with `geometry: null`, per the setting.
 */
import type { SimContext } from './context';
import { SimRequest, SimResponse, badRequestPage, json, notAcceptablePage, serverErrorPage } from './http';
import type { Waypoint } from './route-engine';

function acceptsGeoJson(req: SimRequest): boolean {
  return String(req.headers.accept ?? '')
    .split(',')
    .some((part) => part.trim().toLowerCase().split(';')[0]?.trim() === 'application/geo+json');
}

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: { designator: string; resolvedFix: string; elevation: string; elevationUom: string };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Waypoints as features; one without a selected point is left out or kept with geometry null. */
export function toFeatures(waypoints: Waypoint[], mode: 'omit' | 'nullGeometry'): Feature[] {
  const features: Feature[] = [];
  for (const w of waypoints) {
    if (!w.at) {
      if (mode === 'nullGeometry')
        features.push({
          type: 'Feature',
          geometry: null,
          properties: { designator: w.designator, resolvedFix: '', elevation: '', elevationUom: 'FT' },
        });
      continue;
    }
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [round6(w.at.lon), round6(w.at.lat)] },
      properties: {
        designator: w.designator,
        resolvedFix: w.at.resolvedFix,
        elevation: String(Math.round(Number.isFinite(w.at.elevationFt) ? w.at.elevationFt! : 0)),
        elevationUom: 'FT',
      },
    });
  }
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
  const origin = fields.origin as string | undefined;
  const destination = fields.destination as string | undefined;
  const expansion = ctx.routes.expand({
    routeText,
    ...(origin !== undefined ? { origin } : {}),
    ...(destination !== undefined ? { destination } : {}),
    ...(referenceFix ? { referenceFix } : {}),
  });
  if (!expansion) return serverErrorPage();
  if ('refused' in expansion) return badRequestPage(`referenceFix cannot be used: ${expansion.refused}`);
  const features: object[] = toFeatures(expansion.waypoints, ctx.settings.unresolvedPoints);
  // The `withLine` variant: the route as one more feature, a LineString without designator.
  const placed = expansion.waypoints.filter((w) => w.at);
  if (ctx.settings.variants.routes === 'withLine' && placed.length >= 2)
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: placed.map((w) => [round6(w.at!.lon), round6(w.at!.lat)]) },
      properties: { name: 'route' },
    });
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
