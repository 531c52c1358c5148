/**
 * Pieces that AIXM 5.1 airspaces and Digital NOTAM events share: a validity period, an airspace
 * volume with its horizontal projection, and the text NOTAM an event carries. One writer each, so
 * the simulator's AIXM airspaces and both NOTAM sets write them the same way.
 */
import type { Notam } from './notams';
import { icaoCoordinate } from './geo';
import { el, text } from './xml';

export function posList(ring: [number, number][]): string {
  return ring.map(([lon, lat]) => `${lat} ${lon}`).join(' ');
}

/** `gml:validTime` from `begin` to `end`, or to an unknown end. */
export function validTime(id: string, begin: string, end?: string): { raw: string } {
  return el(
    'gml:validTime',
    undefined,
    el(
      'gml:TimePeriod',
      { 'gml:id': id },
      text('gml:beginPosition', begin),
      end ? text('gml:endPosition', end) : el('gml:endPosition', { indeterminatePosition: 'unknown' }),
    ),
  );
}

export interface AixmLimit {
  value: string | number;
  uom: string;
  reference: string;
}

/** `aixm:geometryComponent`: one volume between two limits over a polygon. */
export function geometryComponent(
  gid: (suffix: string) => string,
  upper: AixmLimit,
  lower: AixmLimit,
  ring: [number, number][],
): { raw: string } {
  return el(
    'aixm:geometryComponent',
    undefined,
    el(
      'aixm:AirspaceGeometryComponent',
      { 'gml:id': gid('gc') },
      el(
        'aixm:theAirspaceVolume',
        undefined,
        el(
          'aixm:AirspaceVolume',
          { 'gml:id': gid('vol') },
          text('aixm:upperLimit', upper.value, { uom: upper.uom }),
          text('aixm:upperLimitReference', upper.reference),
          text('aixm:lowerLimit', lower.value, { uom: lower.uom }),
          text('aixm:lowerLimitReference', lower.reference),
          el(
            'aixm:horizontalProjection',
            undefined,
            el(
              'aixm:Surface',
              { 'gml:id': gid('sf'), srsName: 'urn:ogc:def:crs:EPSG::4326' },
              el(
                'gml:patches',
                undefined,
                el(
                  'gml:PolygonPatch',
                  undefined,
                  el('gml:exterior', undefined, el('gml:LinearRing', undefined, text('gml:posList', posList(ring)))),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * `event:textNOTAM`: the NOTAM's fields as the Digital NOTAM event writes them. `time` formats
 * effectiveStart/End (the two NOTAM sets differ: 10 or 12 digits).
 */
export function textNotam(n: Notam, id: string, time: (d: Date) => string): { raw: string } {
  return el(
    'event:textNOTAM',
    undefined,
    el(
      'event:NOTAM',
      { 'gml:id': id },
      text('event:series', n.series),
      text('event:number', n.number),
      text('event:year', n.year),
      text('event:type', n.type),
      n.replaces ? text('event:referredSeries', n.replaces.series) : undefined,
      n.replaces ? text('event:referredNumber', n.replaces.number) : undefined,
      n.replaces ? text('event:referredYear', n.replaces.year) : undefined,
      text('event:issued', n.issued.toISOString()),
      text('event:affectedFIR', n.fir),
      text('event:selectionCode', n.qcode),
      text('event:traffic', n.traffic),
      text('event:purpose', n.purpose),
      text('event:scope', n.scope),
      text('event:minimumFL', String(n.lowerFl).padStart(3, '0')),
      text('event:maximumFL', String(n.upperFl).padStart(3, '0')),
      text('event:coordinates', icaoCoordinate(n.lat, n.lon)),
      text('event:radius', String(n.radiusNm).padStart(3, '0')),
      text('event:location', n.location),
      text('event:effectiveStart', time(n.start)),
      text('event:effectiveEnd', n.end ? `${time(n.end)}${n.estimated ? 'EST' : ''}` : 'PERM'),
      n.schedule ? text('event:schedule', n.schedule) : undefined,
      text('event:text', n.text),
      n.lowerLimit ? text('event:lowerLimit', n.lowerLimit) : undefined,
      n.upperLimit ? text('event:upperLimit', n.upperLimit) : undefined,
    ),
  );
}
