/**
 * ZZZZ in field 13 or 16 is Doc 4444's code for an aerodrome without a location indicator, named
 * in DEP/ or DEST/ (issue 37 §3): never "not in the navigation data" (X008); the place DEP/ or
 * DEST/ gives by its coordinates is where the route starts or ends.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument } from '../../../server/src/route';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { EXCERPT, load } from '../navdata/paths';

const fpl = (f13: string, f16: string, f18: string): string =>
  `(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-${f13}\n-N0450F350 DVR UL9 KONAN\n-${f16}\n-PBN/B1 ${f18})`;

interface Case {
  name: string;
  text: string;
  /** The first and last points placed, as designator and [lat, lon] rounded to 4 decimals. */
  first: [string, number, number];
  last: [string, number, number];
  x008: string[];
}

const CASES: Case[] = [
  {
    name: 'ZZZZ departure at the coordinates of DEP/',
    text: fpl('ZZZZ1200', 'EDDF0105', 'DEP/MY FARM STRIP 5107N00120E'),
    first: ['5107N00120E', 51.1167, 1.3333],
    last: ['EDDF', 50.0322, 8.5417],
    x008: [],
  },
  {
    name: 'ZZZZ destination at the coordinates of DEST/ (degrees only)',
    text: fpl('EGLL1200', 'ZZZZ0105', 'DEST/51N003E'),
    first: ['EGLL', 51.4695, -0.4589],
    last: ['51N003E', 51, 3],
    x008: [],
  },
  {
    name: 'ZZZZ named only: nothing placed, nothing reported',
    text: fpl('ZZZZ1200', 'EDDF0105', 'DEP/MY FARM STRIP'),
    first: ['DVR', 51.1625, 1.3592],
    last: ['EDDF', 50.0322, 8.5417],
    x008: [],
  },
  {
    name: 'an indicator the data lacks is still X008',
    text: fpl('QQQQ1200', 'EDDF0105', 'DOF/270305'),
    first: ['DVR', 51.1625, 1.3592],
    last: ['EDDF', 50.0322, 8.5417],
    x008: ['Aerodrome QQQQ is not in the navigation data: the route is expanded without its origin.'],
  },
];

for (const c of CASES) {
  test(`ZZZZ: ${c.name}`, async () => {
    const db = await load(EXCERPT);
    const result = expandRoute(parseRouteDocument(c.text).blocks[0]!, db);
    const at = (p: { designator: string; lat: number; lon: number }) => [
      p.designator,
      Math.round(p.lat * 1e4) / 1e4,
      Math.round(p.lon * 1e4) / 1e4,
    ];
    assert.deepEqual(at(result.points[0]!), c.first);
    assert.deepEqual(at(result.points[result.points.length - 1]!), c.last);
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'X008').map((f) => f.message),
      c.x008,
    );
  });
}
