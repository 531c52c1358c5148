/**
 * MapViews as the host would post them: a small one on a real route (Heathrow to Frankfurt over
 * Dover and KONAN, with real positions, London/Brussels/Langen FIRs, stacked airspaces, NOTAMs
 * including a hostile one) and a generated big one (2,000 airspaces, 5,000 NOTAMs) for the
 * benchmark. Legs are densified along the geodesic with geographiclib, as the host does.
 */
import { Geodesic } from 'geographiclib-geodesic';
import {
  DEFAULT_MAP_FILTERS,
  type LonLat,
  type MapAirspace,
  type MapCrossingRow,
  type MapLeg,
  type MapNotam,
  type MapPoint,
  type MapProfile,
  type MapVerdict,
  type MapView,
  type NotamSubject,
} from '../../../common/protocol/mapMessages';
import { defined } from '../../shared/defined';

const METRES_PER_NM = 1852;
export const URI = 'file:///work/samples/europe.route';
/** The route text is on line 3 (0-based) of the document the view is said to come from. */
const ROUTE_LINE = 3;
const ROUTE_TEXT = 'EGLL N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI DCT BADPT DCT EDDF';

function rangeOf(word: string, nth = 0) {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = ROUTE_TEXT.indexOf(word, index + 1);
  if (index < 0) throw new Error(`no ${word} in the route text`);
  return { start: { line: ROUTE_LINE, character: index }, end: { line: ROUTE_LINE, character: index + word.length } };
}

/** The great circle from a to b as points every ~20 NM (the host densifies the same way). */
export function geodesicPath(a: LonLat, b: LonLat): { path: LonLat[]; distanceNm: number; trackDeg: number } {
  const line = Geodesic.WGS84.InverseLine(a[1], a[0], b[1], b[0]);
  const steps = Math.max(1, Math.ceil(line.s13 / (20 * METRES_PER_NM)));
  const path: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const p = line.Position((line.s13 * i) / steps);
    path.push([p.lon2!, p.lat2!]);
  }
  return { path, distanceNm: line.s13 / METRES_PER_NM, trackDeg: (line.azi1 + 360) % 360 };
}

interface PointSpec {
  name: string;
  kind: string;
  status: MapPoint['status'];
  position?: LonLat;
}

const POINTS: PointSpec[] = [
  { name: 'EGLL', kind: 'aerodrome', status: 'resolved', position: [-0.461389, 51.4775] },
  { name: 'DET', kind: 'vor', status: 'resolved', position: [0.597222, 51.304] },
  { name: 'DVR', kind: 'vor', status: 'resolved', position: [1.359722, 51.162778] },
  { name: 'KONAN', kind: 'fix', status: 'resolved', position: [2.333333, 51.13] },
  { name: 'AMASI', kind: 'fix', status: 'ambiguous', position: [5.923611, 50.634722] },
  { name: 'BADPT', kind: 'fix', status: 'unresolved' },
  { name: 'EDDF', kind: 'aerodrome', status: 'resolved', position: [8.570556, 50.033333] },
];
/** The airway (or DCT) that leads to each point, from the second on. */
const VIA = ['', 'DCT', 'L6', 'UL9', 'UL607', 'DCT', 'DCT'];

function routePoints(): { points: MapPoint[]; legs: MapLeg[] } {
  const points: MapPoint[] = [];
  const legs: MapLeg[] = [];
  let previous: MapPoint | undefined;
  let cumulative = 0;
  POINTS.forEach((spec, index) => {
    const point: MapPoint = {
      id: `p${index}`,
      name: spec.name,
      kind: spec.kind,
      status: spec.status,
      ...(spec.position ? { position: spec.position } : {}),
      range: rangeOf(spec.name),
      elementIndex: index,
      facts: spec.position
        ? [`${spec.name}: ${spec.kind}`, `${spec.position[1].toFixed(4)}, ${spec.position[0].toFixed(4)}`]
        : [`${spec.name} could not be resolved`],
    };
    if (spec.position && previous?.position) {
      const { path, distanceNm, trackDeg } = geodesicPath(previous.position, spec.position);
      cumulative += distanceNm;
      Object.assign(point, { legNm: distanceNm, trackDeg, cumulativeNm: cumulative });
      const via = defined(VIA[index], `airway to point ${index}`);
      legs.push({
        id: `l${points.indexOf(previous)}`,
        fromId: previous.id,
        toId: point.id,
        via,
        range: via === 'DCT' ? point.range : rangeOf(via),
        elementIndex: index,
        paths: [path],
        distanceNm,
        trackDeg,
      });
    }
    points.push(point);
    if (spec.position) previous = point;
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

function circleRing(center: LonLat, radiusNm: number, vertices = 32): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i <= vertices; i++) {
    const p = Geodesic.WGS84.Direct(center[1], center[0], (360 * i) / vertices, radiusNm * METRES_PER_NM);
    ring.push([p.lon2!, p.lat2!]);
  }
  return ring;
}

function airspace(
  id: string,
  name: string,
  type: string,
  airspaceClass: string | undefined,
  lower: string,
  upper: string,
  polygons: LonLat[][][],
  crossed: boolean,
  schedule?: string,
): MapAirspace {
  return {
    id,
    name,
    type,
    ...(airspaceClass !== undefined ? { airspaceClass } : {}),
    lower,
    upper,
    label: `${lower}–${upper}`,
    ...(schedule !== undefined ? { schedule } : {}),
    polygons,
    crossed,
    distanceNm: crossed ? 0 : 12,
    reason: crossed ? 'crossed by the route' : 'within the corridor',
  };
}

export const XSS_TEXT =
  'RWY 09L/27R CLSD <img src=x onerror="window.__xss=1"> </script><script>window.__xss=2</script> & more';

function notam(
  id: string,
  number: string,
  location: string,
  subject: NotamSubject,
  text: string,
  center: LonLat,
  radiusNm: number,
  inCorridor: boolean,
): MapNotam {
  return {
    id,
    number,
    location,
    subject,
    code: 'QRTCA',
    text,
    lower: 'SFC',
    upper: 'FL100',
    validFrom: '2026-11-23T06:00Z',
    validTo: '2026-11-23T18:00Z',
    circle: { center, radiusNm, ring: circleRing(center, radiusNm) },
    distanceNm: inCorridor ? 3 : 80,
    inCorridor,
    reason: inCorridor ? 'inside the corridor' : 'outside the corridor',
  };
}

/** The spot where two airspaces are stacked (over Dover, south of DVR). */
export const STACK_SPOT: LonLat = [1.45, 50.95];

export function europeView(overrides: Partial<MapView> = {}): MapView {
  const { points, legs } = routePoints();
  return {
    uri: URI,
    version: 3,
    blockIndex: 0,
    title: 'EGLL → EDDF',
    points,
    legs,
    firs: [
      { id: 'f0', designator: 'EGTT', name: 'London FIR', polygons: box(-6, 49.8, 1.9, 55) },
      { id: 'f1', designator: 'EBBU', name: 'Brussels FIR', polygons: box(1.9, 49.5, 6.2, 51.6) },
      { id: 'f2', designator: 'EDGG', name: 'Langen FIR', polygons: box(6.2, 48.5, 10.5, 52) },
    ],
    airspaces: [
      airspace('a0', 'LONDON TMA', 'TMA', 'A', '2500 ft', 'FL245', box(-1.2, 50.8, 1.7, 52.1), true),
      airspace('a1', 'DOVER CTA', 'CTA', 'D', 'FL055', 'FL195', box(1.1, 50.7, 1.9, 51.3), true, 'H24'),
      airspace('a2', 'EBR18', 'R', undefined, 'SFC', 'FL100', box(5.4, 50.3, 6.1, 50.9), true, 'MON-FRI 0700-1600'),
      airspace('a3', 'FRANKFURT CTR', 'CTR', 'D', 'SFC', '2500 ft', box(8.3, 49.9, 8.8, 50.2), true),
    ],
    notams: [
      notam('n0', 'A1234/26', 'EGLL', 'aerodrome', XSS_TEXT, [-0.4614, 51.4775], 5, true),
      notam('n1', 'B0456/26', 'EBBU', 'airspace', 'TEMPO RESTRICTED AREA ACTIVATED', [4.2, 50.9], 15, true),
      notam('n2', 'C0789/26', 'EDGG', 'obstacle', 'CRANE 350 FT AGL', [7.5, 50.3], 3, true),
      notam('n3', 'D0001/26', 'EDDK', 'navaid', 'DME OUT OF SERVICE', [7.1, 52.4], 5, false),
    ],
    microlights: [{ id: 'm0', name: 'Headcorn', position: [0.6428, 51.1567], distanceNm: 8 }],
    bbox: [-0.461389, 50.033333, 8.570556, 51.4775],
    notices: [],
    filters: structuredClone(DEFAULT_MAP_FILTERS),
    ...overrides,
  };
}

/** A deterministic pseudo-random generator (mulberry32), so every run draws the same map. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS: NotamSubject[] = ['airspace', 'navaid', 'aerodrome', 'obstacle', 'procedure', 'other'];
const TYPES = ['CTR', 'TMA', 'CTA', 'R', 'D', 'P', 'TRA', 'ATZ'];

/** The route above with 2,000 airspaces and 5,000 NOTAMs over western Europe. */
export function bigView(): MapView {
  const next = random(12);
  const airspaces: MapAirspace[] = [];
  for (let i = 0; i < 2000; i++) {
    const lon = -5 + next() * 17;
    const lat = 45 + next() * 10;
    const r = 0.1 + next() * 0.6;
    const ring: LonLat[] = [];
    for (let k = 0; k < 12; k++) {
      const angle = (2 * Math.PI * k) / 12;
      ring.push([
        lon + r * 1.5 * Math.cos(angle) * (0.7 + next() * 0.3),
        lat + r * Math.sin(angle) * (0.7 + next() * 0.3),
      ]);
    }
    ring.push(defined(ring[0], 'first vertex'));
    const floor = Math.floor(next() * 200);
    airspaces.push(
      airspace(
        `a${i}`,
        `AREA ${i}`,
        defined(TYPES[i % TYPES.length], 'airspace type'),
        'ABCDEFG'.charAt(i % 7),
        floor ? `FL${String(floor).padStart(3, '0')}` : 'SFC',
        `FL${floor + 100}`,
        [[ring]],
        next() < 0.2,
      ),
    );
  }
  const notams: MapNotam[] = [];
  for (let i = 0; i < 5000; i++) {
    const center: LonLat = [-5 + next() * 17, 45 + next() * 10];
    const n = notam(
      `n${i}`,
      `A${String(i).padStart(4, '0')}/26`,
      'EXXX',
      defined(SUBJECTS[i % SUBJECTS.length], 'NOTAM subject'),
      `NOTAM ${i} TEXT`,
      center,
      1 + next() * 8,
      true,
    );
    notams.push({ ...n, circle: { ...n.circle!, ring: circleRing(center, n.circle!.radiusNm, 16) } });
  }
  return europeView({ airspaces, notams, version: 7 });
}

/** An airspace name with markup: the table, the profile and the popups must show it as characters. */
export const XSS_AIRSPACE_NAME = '<img src=x onerror="window.__xss=4">ED-R <b>123</b>';

/**
 * The small view as the host judges it for a flight at FL350 (climb to DVR, descent after AMASI):
 * verdicts with reasons, the crossing table and the vertical profile, including a danger area
 * whose name carries markup. `levels: 'all'` gives the verdicts after the "all levels" filter.
 */
export function flightView(levels: 'planned' | 'all' = 'planned', overrides: Partial<MapView> = {}): MapView {
  const base = europeView();
  const along = (name: string) => base.points.find((p) => p.name === name)!.cumulativeNm ?? 0;
  const total = along('EDDF');
  const konan = along('KONAN');
  const amasi = along('AMASI');
  const danger = airspace('a4', XSS_AIRSPACE_NAME, 'D', undefined, 'FL245', 'FL660', box(2.6, 50.6, 4.4, 51.4), true);
  const all = levels === 'all';
  const verdicts: Record<string, MapVerdict> = {
    a0: { applies: true, activity: 'active', reason: 'Crossed 0–55 NM climbing through 2500 ft–FL245; H24' },
    a1: { applies: true, activity: 'active', reason: 'Crossed 62–80 NM at FL120–FL300, inside FL055–FL195; H24' },
    a2: {
      applies: all,
      activity: 'active',
      reason: all ? 'Crossed at FL350; all levels count' : 'SFC–FL100 does not include FL350; active MON-FRI 0700-1600',
    },
    a3: { applies: true, activity: 'unknown', reason: 'Crossed in the descent to EDDF; no schedule' },
    a4: { applies: true, activity: 'active', reason: `At FL350 over KONAN–AMASI at 10:42Z; active 06–14Z` },
    n0: { applies: true, activity: 'active', reason: 'Aerodrome of departure; valid 06:00–18:00Z' },
    n1: { applies: true, activity: 'active', reason: '4.1 NM from the leg KONAN–AMASI (< 30 NM); ETO 10:48Z' },
    n2: { applies: all, activity: 'inactive', reason: 'SFC–FL100 does not include FL350' },
    n3: { applies: false, activity: 'unknown', reason: '80 NM from the route (> 30 NM)' },
  };
  const row = (
    itemId: string,
    kind: MapCrossingRow['kind'],
    name: string,
    entryNm: number,
    exitNm: number,
    limits: string,
    flightLevels: string,
  ): MapCrossingRow => {
    const verdict = kind === 'fir' ? undefined : defined(verdicts[itemId], `verdict for ${itemId}`);
    return {
      itemId,
      kind,
      name,
      entryNm,
      exitNm,
      entryEto: `10:${String(Math.floor(5 + entryNm / 8)).padStart(2, '0')}Z`,
      exitEto: `10:${String(Math.floor(5 + exitNm / 8)).padStart(2, '0')}Z`,
      limits,
      flightLevels,
      activity: verdict ? verdict.activity : 'unknown',
      applies: verdict ? verdict.applies : true,
      reason: verdict ? verdict.reason : '',
    };
  };
  const crossings: MapCrossingRow[] = [
    row('f0', 'fir', 'London FIR', 0, konan - 15, '', 'SFC–FL350'),
    row('a0', 'airspace', 'LONDON TMA', 0, 55, '2500 ft–FL245', 'SFC–FL240'),
    row('a1', 'airspace', 'DOVER CTA', 62, 80, 'FL055–FL195', 'FL120–FL300'),
    row('f1', 'fir', 'Brussels FIR', konan - 15, amasi + 10, '', 'FL350'),
    row('a4', 'airspace', XSS_AIRSPACE_NAME, konan + 10, konan + 80, 'FL245–FL660', 'FL350'),
    row('n1', 'notam', 'B0456/26 EBBU', konan + 60, konan + 90, 'SFC–FL100', 'FL350'),
    row('a2', 'airspace', 'EBR18', amasi - 25, amasi + 5, 'SFC–FL100', 'FL350'),
    row('f2', 'fir', 'Langen FIR', amasi + 10, total, '', 'FL350–SFC'),
    row('a3', 'airspace', 'FRANKFURT CTR', total - 12, total, 'SFC–2500 ft', '2500 ft–SFC'),
  ];
  const limits: Record<string, [number, number]> = {
    a0: [2500, 24500],
    a1: [5500, 19500],
    a4: [24500, 66000],
    n1: [0, 10000],
    a2: [0, 10000],
    a3: [0, 2500],
  };
  const profile: MapProfile = {
    totalNm: total,
    flight: [
      { alongNm: 0, feet: 0 },
      { alongNm: along('DVR'), feet: 35000 },
      { alongNm: amasi, feet: 35000 },
      { alongNm: total, feet: 0 },
    ],
    marks: [
      { name: 'TOC', alongNm: along('DVR'), feet: 35000, eto: '10:17Z' },
      { name: 'TOD', alongNm: amasi, feet: 35000, eto: '10:58Z' },
    ],
    points: base.points
      .filter((p) => p.position)
      .map((p) => ({ id: p.id, name: p.name, alongNm: p.cumulativeNm ?? 0, eto: '10:30Z' })),
    areas: crossings
      .filter((r) => r.kind !== 'fir')
      .map((r) => {
        const [floorFt, ceilingFt] = defined(limits[r.itemId], `limits of ${r.itemId}`);
        return {
          itemId: r.itemId,
          kind: r.kind as 'airspace' | 'notam',
          name: r.name,
          fromNm: r.entryNm,
          toNm: r.exitNm,
          floorFt,
          ceilingFt,
          label: r.limits,
          applies: r.applies,
        };
      }),
  };
  return europeView({
    airspaces: [...base.airspaces, danger],
    verdicts,
    crossings,
    profile,
    flightTime: 'EOBT 0930 DOF 261124: off blocks 24 Nov 09:30Z',
    filters: { ...structuredClone(DEFAULT_MAP_FILTERS), levels: all ? { mode: 'all' } : { mode: 'planned' } },
    ...overrides,
  });
}
