/** Hub endpoints 10–12: airspaces of a FIR (GeoJSON or AIXM), of a country, microlight aerodromes. */
import type { SimContext } from './context';
import {
  SimRequest,
  SimResponse,
  contentTypeOf,
  json,
  negotiate,
  notAcceptablePage,
  notFoundPage,
  pathParam,
  results,
  xml,
} from './http';
import {
  aerodromeAirspaces,
  airspaceFeature,
  airspacesOfFir,
  mixedAirspaceFeatures,
  routeAreas,
  specialAreas,
} from './airspaces';
import { airspacesAixm } from './aixm';
import { countryByIso, countryOfIcao } from './countries';
import { microlightFeature, microlightsOf } from './microlights';

/** AIRAC-like validity start: the first day of the current year. */
const validFrom = (now: Date) => `${now.getUTCFullYear()}-01-01T00:00:00Z`;

export function firAirspaces(req: SimRequest, ctx: SimContext): SimResponse {
  const [prefix, code] = [pathParam(req, 'prefix'), pathParam(req, 'fir')];
  const fir = ctx.world.firs.get(code);
  if (!fir || fir.prefix !== prefix) return notFoundPage(`FIR ${code} under ICAO prefix ${prefix}`);
  const format = negotiate(req, ['geojson', 'json', 'xml'], 'geojson');
  if (!format) return notAcceptablePage(['application/geo+json', 'application/json', 'application/xml']);
  const airspaces = airspacesOfFir(ctx.world, fir, ctx.flights.plans);
  const now = ctx.now();
  if (format === 'xml') return xml(airspacesAixm(airspaces, `airspaces-${code}`, validFrom(now)));
  const features =
    ctx.settings.variants.airspaces === 'mixed'
      ? mixedAirspaceFeatures(airspaces, fir)
      : airspaces.map(airspaceFeature);
  return json(
    { type: 'FeatureCollection', features, results: results(features.length, now) },
    200,
    contentTypeOf(format),
  );
}

export function countryAirspaces(req: SimRequest, ctx: SimContext): SimResponse {
  const iso = pathParam(req, 'country');
  const country = countryByIso(iso);
  if (!country) return notFoundPage(`Country ${iso}`);
  const format = negotiate(req, ['geojson', 'json'], 'geojson');
  if (!format) return notAcceptablePage(['application/geo+json', 'application/json']);
  const firs = [...ctx.world.firs.values()].filter((f) => countryOfIcao(f.code) === country);
  const airspaces = [
    ...ctx.world.aerodromesOfCountry(country).flatMap(aerodromeAirspaces),
    ...firs.flatMap((f) => [...specialAreas(ctx.world, f, ctx.flights.plans), ...routeAreas(f, ctx.flights.plans)]),
  ];
  return json(
    {
      type: 'FeatureCollection',
      features: airspaces.map(airspaceFeature),
      results: results(airspaces.length, ctx.now()),
    },
    200,
    contentTypeOf(format),
  );
}

export function microlights(req: SimRequest, ctx: SimContext): SimResponse {
  const iso = pathParam(req, 'country');
  const country = countryByIso(iso);
  if (!country) return notFoundPage(`Country ${iso}`);
  const format = negotiate(req, ['geojson', 'json'], 'geojson');
  if (!format) return notAcceptablePage(['application/geo+json', 'application/json']);
  const list = microlightsOf(ctx.world, country);
  return json(
    { type: 'FeatureCollection', features: list.map(microlightFeature), results: results(list.length, ctx.now()) },
    200,
    contentTypeOf(format),
  );
}
