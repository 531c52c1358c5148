/**
 * Hub endpoints 17–18: NOTAMs of a FIR and of an aerodrome. Variant `v1`: XML (default) is AIXM
 * 5.1 Digital NOTAM (one event:Event per NOTAM), JSON/GeoJSON carries v2-style properties;
 * `v1-aixm` and `v2-geojson`: notam-shapes.ts. gzip when asked. An aerodrome without NOTAMs
 * answers 404, like the real service may.
 */
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
import { Notam, aerodromeNotamsOf, firNotamsOf, icaoText, notamId, notamOnlyAreasOf, notamTime, qLine } from './notams';
import { AIXM_NAMESPACES } from './aixm';
import { textNotam, validTime } from './aixm-parts';
import { el, text, xmlDocument } from './xml';
import { digitalNotamMembers, v2Feature, withReplaced } from './notam-shapes';

function notamFeature(n: Notam) {
  return {
    type: 'Feature',
    id: n.id,
    geometry: { type: 'Point', coordinates: [n.lon, n.lat] },
    properties: {
      id: notamId(n),
      series: n.series,
      number: n.number,
      year: n.year,
      type: n.type,
      replaces: n.replaces ? notamId({ ...n, ...n.replaces } as Notam) : undefined,
      lat: n.lat,
      lon: n.lon,
      radius: n.radiusNm,
      location: n.location,
      affectedFIR: n.fir,
      countryCode: n.countryCode,
      qcode: n.qcode,
      traffic: n.traffic,
      purpose: n.purpose,
      scope: n.scope,
      minimumFL: String(n.lowerFl).padStart(3, '0'),
      maximumFL: String(n.upperFl).padStart(3, '0'),
      text: n.text,
      icaoText: icaoText(n),
      issued: n.issued.toISOString(),
      effectiveStart: n.start.toISOString(),
      effectiveEnd: n.end ? n.end.toISOString() : 'PERM',
      estimatedEnd: n.estimated,
      schedule: n.schedule,
      affectedAerodrome: n.aerodrome ?? null,
      lowerLimit: n.lowerLimit,
      upperLimit: n.upperLimit,
    },
  };
}

function notamEvent(n: Notam): { raw: string } {
  const gid = (s: string) => `${s}-${n.id}`;
  return el(
    'event:Event',
    { 'gml:id': `uuid.${n.id}` },
    text('gml:identifier', n.id, { codeSpace: 'urn:uuid:' }),
    el(
      'event:timeSlice',
      undefined,
      el(
        'event:EventTimeSlice',
        { 'gml:id': gid('ts') },
        validTime(gid('vt'), n.start.toISOString(), n.end?.toISOString()),
        text('aixm:interpretation', 'BASELINE'),
        text('event:encoding', 'DIGITAL'),
        textNotam(n, gid('notam'), notamTime),
        n.replaces
          ? el(
              'event:extension',
              undefined,
              el(
                'lx:EventExtension',
                { 'gml:id': gid('ext') },
                el('lx:replacedEvent', { 'xlink:href': `urn:uuid:${n.replaces.id}`, 'xlink:title': `Q) ${qLine(n)}` }),
              ),
            )
          : undefined,
      ),
    ),
  );
}

/** The variants' answers: AIXM only (v1-aixm), GeoJSON only (v2-geojson); both with replaced NOTAMs still listed. */
function variantResponse(req: SimRequest, ctx: SimContext, notams: Notam[], id: string): SimResponse | undefined {
  const variant = ctx.settings.variants.notams;
  if (variant === 'v1') return undefined;
  const listed = withReplaced(notams);
  if (variant === 'v1-aixm') {
    if (!negotiate(req, ['xml'], 'xml')) return notAcceptablePage(['application/xml']);
    return xml(
      xmlDocument(
        el(
          'message:AIXMBasicMessage',
          { ...AIXM_NAMESPACES, 'gml:id': id },
          ...listed.flatMap(digitalNotamMembers).map((m) => el('message:hasMember', undefined, m)),
        ),
      ),
    );
  }
  const format = negotiate(req, ['geojson', 'json'], 'geojson');
  if (!format) return notAcceptablePage(['application/geo+json', 'application/json']);
  return json(
    { type: 'FeatureCollection', features: listed.map(v2Feature), results: results(listed.length, ctx.now()) },
    200,
    contentTypeOf(format),
  );
}

function notamResponse(req: SimRequest, ctx: SimContext, notams: Notam[], id: string): SimResponse {
  const sorted = [...notams].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
  const variant = variantResponse(req, ctx, sorted, id);
  if (variant) {
    variant.gzip = true;
    variant.headers = { 'Cache-Control': 'public, max-age=60' };
    return variant;
  }
  const format = negotiate(req, ['xml', 'json', 'geojson'], 'xml');
  if (!format) return notAcceptablePage(['application/xml', 'application/json', 'application/geo+json']);
  const response =
    format === 'xml'
      ? xml(
          xmlDocument(
            el(
              'message:AIXMBasicMessage',
              { ...AIXM_NAMESPACES, 'xmlns:lx': 'http://www.laminardata.aero/aixm/5.1/extension', 'gml:id': id },
              ...sorted.map((n) => el('message:hasMember', undefined, notamEvent(n))),
            ),
          ),
        )
      : json(
          { type: 'FeatureCollection', features: sorted.map(notamFeature), results: results(sorted.length, ctx.now()) },
          200,
          contentTypeOf(format),
        );
  response.gzip = true;
  response.headers = { 'Cache-Control': 'public, max-age=60' };
  return response;
}

export function firNotams(req: SimRequest, ctx: SimContext): SimResponse {
  const [prefix, code] = [pathParam(req, 'prefix'), pathParam(req, 'fir')];
  const fir = ctx.world.firs.get(code);
  if (!fir || fir.prefix !== prefix) return notFoundPage(`FIR ${code} under ICAO prefix ${prefix}`);
  const ownGeometry = ctx.settings.variants.notams !== 'v1';
  const notams = [...firNotamsOf(ctx, fir), ...(ownGeometry ? notamOnlyAreasOf(ctx, fir) : [])];
  return notamResponse(req, ctx, notams, `notams-${code}`);
}

export function aerodromeNotams(req: SimRequest, ctx: SimContext): SimResponse {
  const icao = pathParam(req, 'aerodrome');
  const aerodrome = ctx.world.aerodromes.get(icao);
  if (!aerodrome) return notFoundPage(`Aerodrome ${icao}`);
  const notams = aerodromeNotamsOf(ctx, aerodrome);
  if (notams.length === 0) return notFoundPage(`NOTAMs for aerodrome ${icao}`);
  return notamResponse(req, ctx, notams, `notams-${icao}`);
}
