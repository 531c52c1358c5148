/** AIXM 5.1 serialisation of airspaces (the XML flavour of the v2 airspaces endpoint). */
import type { Airspace } from './airspaces';
import { el, text, xmlDocument } from './xml';
import { geometryComponent, validTime } from './aixm-parts';

export const AIXM_NAMESPACES = {
  'xmlns:message': 'http://www.aixm.aero/schema/5.1/message',
  'xmlns:aixm': 'http://www.aixm.aero/schema/5.1',
  'xmlns:event': 'http://www.aixm.aero/schema/5.1/event',
  'xmlns:gml': 'http://www.opengis.net/gml/3.2',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

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
        validTime(gid('vt'), validFrom),
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
        geometryComponent(gid, a.upperLimit, a.lowerLimit, a.ring),
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
