/**
 * Views that crowd the map (issue 25): three fixes a few miles apart on one airway (ARCKY,
 * GELPA, NEKIR), airway stretches of several legs, a TMA named after the aerodrome it sits on,
 * an active restricted area at the flight's level, and a North Atlantic crossing.
 */
import {
  DEFAULT_MAP_FILTERS,
  type LonLat,
  type MapAirspace,
  type MapLeg,
  type MapPoint,
  type MapVerdict,
  type MapView,
} from '../../../common/protocol/mapMessages';
import { geodesicPath, URI } from './fixtures';

type Spec = [name: string, kind: string, position: LonLat, via: string];

function route(specs: Spec[]): { points: MapPoint[]; legs: MapLeg[] } {
  const points: MapPoint[] = [];
  const legs: MapLeg[] = [];
  let cumulative = 0;
  const range = { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } };
  specs.forEach(([name, kind, position, via], index) => {
    const point: MapPoint = {
      id: `p${index}`,
      name,
      kind,
      status: 'resolved',
      position,
      range,
      elementIndex: index,
      facts: [`${name}: ${kind}`],
    };
    const previous = points[index - 1];
    if (previous) {
      const { path, distanceNm, trackDeg } = geodesicPath(previous.position!, position);
      cumulative += distanceNm;
      Object.assign(point, { legNm: distanceNm, trackDeg, cumulativeNm: cumulative });
      legs.push({
        id: `l${index - 1}`,
        fromId: previous.id,
        toId: point.id,
        via,
        range,
        elementIndex: index,
        paths: [path],
        distanceNm,
        trackDeg,
      });
    }
    points.push(point);
  });
  return { points, legs };
}

const box = (west: number, south: number, east: number, north: number): LonLat[][][] => [
  [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
];

function area(
  id: string,
  name: string,
  type: string,
  lower: string,
  upper: string,
  polygons: LonLat[][][],
): MapAirspace {
  return {
    id,
    name,
    type,
    lower,
    upper,
    label: `${lower}–${upper}`,
    polygons,
    crossed: true,
    distanceNm: 0,
    reason: 'crossed by the route',
  };
}

export const ACTIVE_WINDOW = '06:00–14:00Z';

export function crowdedView(): MapView {
  const { points, legs } = route([
    ['EGLL', 'aerodrome', [-0.461389, 51.4775], ''],
    ['DET', 'vor', [0.597222, 51.304], 'DCT'],
    ['ARCKY', 'fix', [1.0, 51.24], 'L9'],
    ['GELPA', 'fix', [1.06, 51.23], 'L9'],
    ['NEKIR', 'fix', [1.12, 51.22], 'L9'],
    ['DVR', 'vor', [1.359722, 51.162778], 'L9'],
    ['KONAN', 'fix', [2.333333, 51.13], 'UL9'],
    ['KOK', 'vor', [2.65, 51.09], 'UL607'],
    ['REMBA', 'fix', [3.8, 50.92], 'UL607'],
    ['AMASI', 'fix', [5.923611, 50.634722], 'UL607'],
    ['EDDF', 'aerodrome', [8.570556, 50.033333], 'DCT'],
  ]);
  const airspaces = [
    area('a0', 'LONDON TMA', 'TMA', '2500 ft', 'FL245', box(-1.2, 50.8, 1.7, 52.1)),
    area('a1', 'FRANKFURT AM MAIN TMA', 'TMA', '1500 ft', 'FL100', box(8.1, 49.8, 9.0, 50.25)),
    area('a2', 'ED-R983', 'R', 'FL100', 'FL660', box(6.3, 50.2, 7.3, 50.8)),
    area('a3', 'EB-R972', 'R', 'SFC', 'FL100', box(4.6, 50.5, 5.3, 50.9)),
  ];
  const verdicts: Record<string, MapVerdict> = {
    a0: { applies: true, activity: 'active', reason: 'Crossed climbing' },
    a1: { applies: true, activity: 'active', reason: 'Crossed descending' },
    a2: { applies: true, activity: 'active', reason: 'FL100–FL660 includes FL350', activeWindow: ACTIVE_WINDOW },
    a3: { applies: false, activity: 'active', reason: 'SFC–FL100 does not include FL350' },
  };
  return {
    uri: URI,
    version: 9,
    blockIndex: 0,
    title: 'EGLL → EDDF',
    points,
    legs,
    firs: [{ id: 'f0', designator: 'EGTT', name: 'London FIR', polygons: box(-6, 49.8, 1.9, 55) }],
    airspaces,
    notams: [],
    microlights: [],
    bbox: [-0.461389, 50.033333, 8.570556, 51.4775],
    notices: [],
    verdicts,
    filters: structuredClone(DEFAULT_MAP_FILTERS),
  };
}

/** London to New York over the North Atlantic: one route, nowhere near the whole world. */
export function atlanticView(): MapView {
  const { points, legs } = route([
    ['EGLL', 'aerodrome', [-0.461389, 51.4775], ''],
    ['MALOT', 'fix', [-15, 53], 'DCT'],
    ['5430N', 'latlon', [-30, 54.5], 'DCT'],
    ['5340N', 'latlon', [-40, 53.67], 'DCT'],
    ['5050N', 'latlon', [-50, 50.83], 'DCT'],
    ['KJFK', 'aerodrome', [-73.778889, 40.639722], 'DCT'],
  ]);
  return {
    uri: URI,
    version: 10,
    blockIndex: 0,
    title: 'EGLL → KJFK',
    points,
    legs,
    firs: [],
    airspaces: [],
    notams: [],
    microlights: [],
    bbox: [-73.778889, 40.639722, -0.461389, 54.5],
    notices: [],
    filters: structuredClone(DEFAULT_MAP_FILTERS),
  };
}
