/**
 * One source must not switch checks off (issue 37 §4): an ambiguous first point that the airway
 * after it, or the departure, settles is taken by the editor's and the checker's offline engine
 * (`nearestDeparture`), said as information (X011), and every check of the route goes on: the
 * airway's level bands (X012), the cruising level of the first leg (X014). The hub's contract
 * stays literal (`literal`: X005, no point). On the project's excerpt of the navigation data.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { expandRoute, type ExpansionOptions } from '../../../server/src/expansion/offlineExpansion';
import { parseRouteDocument } from '../../../server/src/route';
import { EXCERPT, load } from '../navdata/paths';

interface Case {
  name: string;
  text: string;
  firstFix: NonNullable<ExpansionOptions['firstFix']>;
  /** Each finding as code and the first words of its message. */
  want: string[];
  first?: string;
}

const CASES: Case[] = [
  {
    name: 'SAM before H59: the one on H59 (Samos) is taken, and H59 flown above its band is found',
    text: 'N0280F450 SAM H59 NISOS UR32 LIKNI',
    firstFix: 'nearestDeparture',
    want: [
      'X011 SAM names 4 places; the one on H59 is taken: SAMOS VOR-DME (vor LG) 37.69N 026.91E, the only one the route can mean there (the 3 others lie elsewhere).',
      'X012 H59 is not for FL450 on the segments SAM–ORMOS FL055–FL150 (low airway)',
      'X014 FL450 is an eastbound level (above FL410: FL450, FL490, FL530 …), but the first leg flown at it, SAM–ORMOS, is westbound',
    ],
    first: 'SAM 37.69',
  },
  {
    name: "the hub's literal rule: no point, and H59's band is not judged",
    text: 'N0280F450 SAM H59 NISOS UR32 LIKNI',
    firstFix: 'literal',
    want: [
      'X005 SAM names 4 places',
      'X014 FL450 is an eastbound level (above FL410: FL450, FL490, FL530 …), but the first leg flown at it, NISOS–IKARO, is westbound',
    ],
    first: 'NISOS 37.92',
  },
  {
    name: 'SAM with DCT and no origin: nothing settles it',
    text: 'N0280F190 SAM DCT NISOS',
    firstFix: 'nearestDeparture',
    want: ['X005 SAM names 4 places'],
    first: 'NISOS 37.92',
  },
];

for (const c of CASES) {
  test(`first point settled: ${c.name}`, async () => {
    const db = await load(EXCERPT);
    const result = expandRoute(parseRouteDocument(c.text).blocks[0]!, db, undefined, { firstFix: c.firstFix });
    assert.equal(result.findings.length, c.want.length, result.findings.map((f) => f.message).join('\n'));
    result.findings.forEach((f, k) => assert.ok(`${f.code} ${f.message}`.startsWith(c.want[k]!), f.message));
    if (c.first) assert.equal(`${result.points[0]!.designator} ${result.points[0]!.lat.toFixed(2)}`, c.first);
    const x011 = result.findings.find((f) => f.code === 'X011');
    if (x011) assert.equal(x011.severity, 'information');
  });
}
