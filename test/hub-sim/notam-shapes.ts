/**
 * NOTAMs in the shapes public evidence shows for the real service's two NOTAM sets (README.md,
 * "Variants"): the v1 AIXM 5.1 Digital NOTAM (an Event per NOTAM; an area activation carries its
 * airspace as a TEMPDELTA time slice with the geometry, linked to the event) and the v2 GeoJSON
 * set (one feature per NOTAM, its own geometry, the properties api-facts.md lists).
 */
import type { Notam, Volume } from './notams';
import { icaoText, notamId } from './notams';
import { geometryComponent, textNotam, validTime } from './aixm-parts';
import { el, text } from './xml';

/** `202611240700`: the 12-digit validity of the Digital NOTAM event. */
export function twelveDigits(d: Date): string {
  return d.toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/**
 * The NOTAM a NOTAMR replaces stays in the set until the replacement is processed; real lists
 * hold both (ICAO: a NOTAMR cancels the one it names). Readers must not show the replaced one.
 */
export function withReplaced(notams: Notam[]): Notam[] {
  const out: Notam[] = [];
  for (const n of notams) {
    const { replaces, ...replaced } = n;
    if (n.type === 'R' && replaces) {
      out.push({
        ...replaced,
        id: replaces.id,
        number: replaces.number,
        type: 'N',
        issued: new Date(n.issued.getTime() - 3 * 86400_000),
        start: new Date(n.start.getTime() - 3 * 86400_000),
      });
    }
    out.push(n);
  }
  return out;
}

function limit(v: Volume['lower']) {
  return { value: v.value, uom: v.uom, reference: v.reference };
}

function polygon(ring: [number, number][]) {
  return { type: 'Polygon', coordinates: [ring] };
}

/** A v2 feature: a Polygon for one volume, a GeometryCollection (limits per geometry) for several, else a Point. */
export function v2Feature(n: Notam) {
  const volumes = n.volumes ?? [];
  const [only] = volumes;
  const geometry =
    only && volumes.length === 1
      ? polygon(only.ring)
      : volumes.length > 1
        ? {
            type: 'GeometryCollection',
            geometries: volumes.map((v) => ({
              ...polygon(v.ring),
              properties: { lowerLimit: limit(v.lower), upperLimit: limit(v.upper) },
            })),
          }
        : { type: 'Point', coordinates: [n.lon, n.lat] };
  const single = volumes.length === 1 ? volumes[0] : undefined;
  return {
    type: 'Feature',
    id: n.id,
    geometry,
    properties: {
      series: n.series,
      number: String(n.number),
      year: String(n.year),
      type: n.type === 'R' ? 'NOTAMR' : 'NOTAMN',
      ...(n.replaces
        ? { relationship: { type: 'REPLACES', reference: notamId({ ...n, ...n.replaces } as Notam) } }
        : {}),
      lat: n.lat,
      lon: n.lon,
      radius: n.radiusNm,
      location: n.location,
      affectedFIR: n.fir,
      countryCode: n.countryCode ?? null,
      selectionCode: n.qcode,
      traffic: n.traffic,
      purpose: n.purpose,
      scope: n.scope,
      minimumFL: String(n.lowerFl).padStart(3, '0'),
      maximumFL: String(n.upperFl).padStart(3, '0'),
      // Limits as the data has them: numbers, not the strings of the airspace contract.
      ...(single ? { lowerLimit: limit(single.lower), upperLimit: limit(single.upper) } : {}),
      text: n.text,
      icaoText: icaoText(n),
      issued: n.issued.toISOString(),
      effectiveStart: n.start.toISOString(),
      effectiveEnd: n.end ? n.end.toISOString() : null,
      ...(n.end ? (n.estimated ? { effectiveEndInterpretation: 'EST' } : {}) : { effectiveEndInterpretation: 'PERM' }),
      schedule: n.schedule || null,
      affectedAerodrome: n.aerodrome ?? null,
    },
  };
}

/** The airspace an area NOTAM activates, as a Digital NOTAM writes it beside the event. */
function activatedAirspace(n: Notam, volume: Volume, k: number): { raw: string } {
  const gid = (s: string) => `${s}-${k}-${n.id}`;
  return el(
    'aixm:Airspace',
    { 'gml:id': gid('as') },
    el(
      'aixm:timeSlice',
      undefined,
      el(
        'aixm:AirspaceTimeSlice',
        { 'gml:id': gid('as-ts') },
        validTime(gid('as-vt'), n.start.toISOString(), n.end?.toISOString()),
        text('aixm:interpretation', 'TEMPDELTA'),
        el(
          'aixm:activation',
          undefined,
          el('aixm:AirspaceActivation', { 'gml:id': gid('act') }, text('aixm:status', 'ACTIVE')),
        ),
        geometryComponent(gid, volume.upper, volume.lower, volume.ring),
        el(
          'aixm:extension',
          undefined,
          el(
            'event:AirspaceExtension',
            { 'gml:id': gid('ext') },
            el('event:theEvent', { 'xlink:href': `urn:uuid:${n.id}` }),
          ),
        ),
      ),
    ),
  );
}

/** One Digital NOTAM: the event, then the airspaces it activates (each a message member). */
export function digitalNotamMembers(n: Notam): { raw: string }[] {
  const gid = (s: string) => `${s}-${n.id}`;
  const event = el(
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
        text('event:encoding', n.volumes ? 'DIGITAL' : 'ANNOTATION'),
        n.volumes ? text('event:scenario', 'RSA.ACT') : undefined,
        textNotam(n, gid('notam'), twelveDigits),
      ),
    ),
  );
  return [event, ...(n.volumes ?? []).map((v, k) => activatedAirspace(n, v, k))];
}
