/** Hub endpoints 13–16: ICAO prefixes and FIRs as GML-like XML with xlink:href links. */
import type { SimContext } from './context';
import { SimRequest, SimResponse, notFoundPage, pathParam, xml } from './http';
import { el, text, xmlDocument } from './xml';
import type { Fir } from './world';
import { posList } from './aixm-parts';

const REGIONS: Record<string, string> = {
  A: 'Western South Pacific',
  B: 'Greenland, Iceland and Kosovo',
  C: 'Canada',
  D: 'West Africa (east)',
  E: 'Northern Europe',
  F: 'Southern and Central Africa',
  G: 'West Africa and the Canary Islands',
  H: 'East and North-East Africa',
  K: 'Contiguous United States',
  L: 'Southern Europe, Israel and Türkiye',
  M: 'Central America and Mexico',
  N: 'South Pacific',
  O: 'Middle East, Afghanistan and Pakistan',
  P: 'North Pacific, Alaska and Hawaii',
  R: 'East Asia: Japan, Korea, Philippines and Taiwan',
  S: 'South America',
  T: 'Caribbean',
  U: 'Russia and neighbouring states',
  V: 'South Asia and mainland South-East Asia',
  W: 'Maritime South-East Asia',
  Y: 'Australia',
  Z: 'China, Mongolia and North Korea',
};

const NS = {
  xmlns: 'http://www.laminardata.aero/navigation/1.0',
  'xmlns:gml': 'http://www.opengis.net/gml/3.2',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

function link(ctx: SimContext, id: Parameters<SimContext['hubPath']>[0], params: Record<string, string>): string {
  return `${ctx.hubBase}${ctx.hubPath(id, params)}`;
}

function collection(id: string, ...members: ({ raw: string } | undefined)[]): string {
  return xmlDocument(el('gml:FeatureCollection', { ...NS, 'gml:id': id }, ...members));
}

export function icaoPrefixes(_req: SimRequest, ctx: SimContext): SimResponse {
  return xml(
    collection(
      'icao-prefixes',
      ...ctx.world.prefixes.map((p) =>
        el('gml:featureMember', {
          'xlink:href': link(ctx, 'icaoPrefix', { prefix: p }),
          'xlink:title': `${p} — ${REGIONS[p] ?? 'ICAO region'}`,
        }),
      ),
    ),
  );
}

function knownPrefix(ctx: SimContext, prefix: string): boolean {
  return ctx.world.prefixes.includes(prefix);
}

export function icaoPrefix(req: SimRequest, ctx: SimContext): SimResponse {
  const prefix = pathParam(req, 'prefix');
  if (!knownPrefix(ctx, prefix)) return notFoundPage(`ICAO prefix ${prefix}`);
  const firCount = [...ctx.world.firs.values()].filter((f) => f.prefix === prefix).length;
  return xml(
    collection(
      `icao-prefix-${prefix}`,
      el(
        'gml:featureMember',
        undefined,
        el(
          'IcaoPrefix',
          { 'gml:id': `prefix-${prefix}` },
          text('designator', prefix),
          text('description', REGIONS[prefix] ?? 'ICAO region'),
          text('firCount', firCount),
          el('firs', { 'xlink:href': link(ctx, 'firs', { prefix }), 'xlink:title': `FIRs of ICAO prefix ${prefix}` }),
        ),
      ),
    ),
  );
}

export function firs(req: SimRequest, ctx: SimContext): SimResponse {
  const prefix = pathParam(req, 'prefix');
  if (!knownPrefix(ctx, prefix)) return notFoundPage(`ICAO prefix ${prefix}`);
  const list = [...ctx.world.firs.values()].filter((f) => f.prefix === prefix);
  return xml(
    collection(
      `firs-${prefix}`,
      ...list.map((f) =>
        el('gml:featureMember', {
          'xlink:href': link(ctx, 'fir', { prefix, fir: f.code }),
          'xlink:title': f.name === f.code ? f.code : `${f.code} ${f.name}`,
        }),
      ),
    ),
  );
}

function envelope(fir: Fir): { raw: string } {
  const b = fir.bbox;
  return el(
    'gml:boundedBy',
    undefined,
    el(
      'gml:Envelope',
      { srsName: 'urn:ogc:def:crs:EPSG::4326' },
      text('gml:lowerCorner', `${b.minLat} ${b.minLon}`),
      text('gml:upperCorner', `${b.maxLat} ${b.maxLon}`),
    ),
  );
}

/** The FIR's outline as GML polygons (EPSG:4326, latitude first), for the `geometry` variant. */
function boundary(fir: Fir): { raw: string } {
  return el(
    'geometry',
    undefined,
    el(
      'gml:MultiSurface',
      { 'gml:id': `fir-geometry-${fir.code}`, srsName: 'urn:ogc:def:crs:EPSG::4326' },
      // A polygon without an outer ring (a broken boundaries file) has nothing to draw.
      ...fir.polygons.flatMap(([outer]) =>
        outer
          ? [
              el(
                'gml:surfaceMember',
                undefined,
                el(
                  'gml:Polygon',
                  undefined,
                  el('gml:exterior', undefined, el('gml:LinearRing', undefined, text('gml:posList', posList(outer)))),
                ),
              ),
            ]
          : [],
      ),
    ),
  );
}

export function fir(req: SimRequest, ctx: SimContext): SimResponse {
  const [prefix, code] = [pathParam(req, 'prefix'), pathParam(req, 'fir')];
  const found = ctx.world.firs.get(code);
  if (!found || found.prefix !== prefix) return notFoundPage(`FIR ${code} under ICAO prefix ${prefix}`);
  const params = { prefix, fir: code };
  const api = (name: string, id: Parameters<SimContext['hubPath']>[0], title: string) =>
    el('api', { name, 'xlink:href': link(ctx, id, params), 'xlink:title': title });
  return xml(
    collection(
      `fir-${code}`,
      el(
        'gml:featureMember',
        undefined,
        el(
          'Fir',
          { 'gml:id': `fir-${code}` },
          // The contract leaves the FIR detail's fields "not shown": with an envelope, with the
          // outline only, or with neither (README, "Variants").
          ctx.settings.variants.fir === 'boundedBy' ? envelope(found) : undefined,
          text('designator', code),
          text('name', `${found.name} FIR`),
          text('icaoPrefix', prefix),
          text('oceanic', found.oceanic),
          ctx.settings.variants.fir === 'geometry' ? boundary(found) : undefined,
          el(
            'apis',
            undefined,
            api('notams', 'firNotams', `NOTAMs of ${code}`),
            api('airspaces', 'firAirspaces', `Airspaces of ${code}`),
            api('flights', 'firFlights', `Flights within ${code}`),
          ),
        ),
      ),
    ),
  );
}
