/** AIXM 5.1 serialisation of airspaces (the XML flavour of the v2 airspaces endpoint). */
import type { Airspace } from './airspaces';
import { el, text, xmlDocument } from './xml';

export const AIXM_NAMESPACES = {
  'xmlns:message': 'http://www.aixm.aero/schema/5.1/message',
  'xmlns:aixm': 'http://www.aixm.aero/schema/5.1',
  'xmlns:event': 'http://www.aixm.aero/schema/5.1/event',
  'xmlns:gml': 'http://www.opengis.net/gml/3.2',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

/** GML posList in EPSG:4326 axis order: latitude first. */
export function posList(ring: [number, number][]): string {
  return ring.map(([lon, lat]) => `${lat} ${lon}`).join(' ');
}

function airspaceXml(a: Airspace, validFrom: string): { raw: string } {
  const gid = (suffix: string) => `${suffix}-${a.id}`;
  return el(
    'aixm:Airspace',
    { 'gml:id': `uuid.${a.id}` },
    text('gml:identifier', a.id, { codeSpace: 'urn:uuid:' }),
    el(
      'aixm:timeSlice',
      undefined,
      el(
        'aixm:AirspaceTimeSlice',
        { 'gml:id': gid('ts') },
        el(
          'gml:validTime',
          undefined,
          el(
            'gml:TimePeriod',
            { 'gml:id': gid('vt') },
            text('gml:beginPosition', validFrom),
            el('gml:endPosition', { indeterminatePosition: 'unknown' }),
          ),
        ),
        text('aixm:interpretation', 'BASELINE'),
        text('aixm:type', a.type),
        text('aixm:designator', a.designator),
        text('aixm:localType', a.localType),
        text('aixm:name', a.name),
        text('aixm:controlType', a.controlType),
        a.classification
          ? el(
              'aixm:class',
              undefined,
              el('aixm:AirspaceLayerClass', { 'gml:id': gid('cl') }, text('aixm:classification', a.classification)),
            )
          : undefined,
        el(
          'aixm:activation',
          undefined,
          el(
            'aixm:AirspaceActivation',
            { 'gml:id': gid('ac') },
            text('aixm:activity', a.activity),
            ...a.schedules.map((s, i) =>
              el(
                'aixm:timeInterval',
                undefined,
                el(
                  'aixm:Timesheet',
                  { 'gml:id': gid(`tsh${i}`) },
                  text('aixm:timeReference', s.timeReference),
                  text('aixm:startDate', s.startDate),
                  text('aixm:endDate', s.endDate),
                  text('aixm:day', s.day),
                  text('aixm:dayTil', s.dayTil),
                  text('aixm:startTime', s.startTime),
                  text('aixm:endTime', s.endTime),
                ),
              ),
            ),
          ),
        ),
        el(
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
                text('aixm:upperLimit', a.upperLimit.value, { uom: a.upperLimit.uom }),
                text('aixm:upperLimitReference', a.upperLimit.reference),
                text('aixm:lowerLimit', a.lowerLimit.value, { uom: a.lowerLimit.uom }),
                text('aixm:lowerLimitReference', a.lowerLimit.reference),
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
                        el(
                          'gml:exterior',
                          undefined,
                          el('gml:LinearRing', undefined, text('gml:posList', posList(a.ring))),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

export function airspacesAixm(airspaces: Airspace[], messageId: string, validFrom: string): string {
  return xmlDocument(
    el(
      'message:AIXMBasicMessage',
      { ...AIXM_NAMESPACES, 'gml:id': messageId },
      ...airspaces.map((a) => el('message:hasMember', undefined, airspaceXml(a, validFrom))),
    ),
  );
}
