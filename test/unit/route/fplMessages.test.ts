/**
 * Whole FPL messages as filed (issue 23): every class of finding, table-driven, with the exact
 * range and message. Rules quoted from ICAO Doc 4444 App. 2/3, Annex 2 and the IFPS Users Manual.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument, type RouteDiagnostic } from '../../../server/src/route';
import { allDiagnostics } from './helpers';

interface Case {
  name: string;
  text: string;
  code: string;
  /** [line, start, end] or [startLine, start, endLine, end]; undefined: the code must be absent. */
  at?: [number, number, number] | [number, number, number, number];
  says?: string;
}

function rangeOf(at: NonNullable<Case['at']>): RouteDiagnostic['range'] {
  const [line, start, a, b] = at;
  return b === undefined
    ? { start: { line, character: start }, end: { line, character: a } }
    : { start: { line, character: start }, end: { line: a, character: b } };
}

export function runCases(title: string, cases: Case[]): void {
  for (const c of cases) {
    test(`${title}: ${c.name}`, () => {
      const all = allDiagnostics(parseRouteDocument(c.text));
      const found = all.filter((d) => d.code === c.code);
      if (!c.at) {
        assert.deepEqual(
          found.map((d) => d.message),
          [],
          `${c.code} should be absent from ${JSON.stringify(c.text)}`,
        );
        return;
      }
      assert.ok(found.length > 0, `${c.code} not reported; got ${JSON.stringify(all.map((d) => [d.code, d.message]))}`);
      const expected = rangeOf(c.at);
      const d = found.find((x) => JSON.stringify(x.range) === JSON.stringify(expected)) ?? found[0];
      assert.deepEqual(d.range, expected, `${c.code} range: ${d.message}`);
      if (c.says) assert.ok(d.message.includes(c.says), `"${d.message}" should say "${c.says}"`);
    });
  }
}

runCases('Item 15 in every route', [
  {
    name: 'T after a SID (item 17)',
    text: 'N0400F200 SAM2X T',
    code: 'R218',
    at: [0, 16, 17],
    says: 'T (truncation) must follow the point where the route is truncated; found SID SAM2X before it',
  },
  {
    name: 'T with no route before it (item 17)',
    text: 'N0400F200 T',
    code: 'R218',
    at: [0, 10, 11],
    says: 'found speed/level group N0400F200 before it',
  },
  { name: 'T after a point is right', text: 'N0400F200 DVR UL9 KONAN T', code: 'R218' },
  { name: 'T after a point and an annotation is right', text: 'N0400F200 DVR DCT KONAN OAT T', code: 'R218' },
  { name: 'letters and two digits are an ATS route (item 18)', text: 'N0450F350 ABCDE OTR15 FGHIJ', code: 'R101' },
  { name: 'OTR15 is no SID/STAR either (item 18)', text: 'N0450F350 ABCDE OTR15 FGHIJ', code: 'R116' },
  { name: 'OTR5 is no SID/STAR (item 18)', text: 'N0450F350 ABCDE OTR5 FGHIJ', code: 'R116' },
  {
    name: 'a name + digit + letter still looks like a procedure',
    text: 'N0450F350 DVR UL9 KONAN KONA1A DCT LAM',
    code: 'R116',
    at: [0, 24, 30],
  },
  {
    name: 'three letters and three digits are still a broken bearing/distance',
    text: 'N0450F350 DVR DCT DUB180',
    code: 'R101',
    at: [0, 18, 24],
    says: 'bearing/distance',
  },
  {
    name: 'FL440 is no level above FL410 (item 16)',
    text: 'N0470F440 DVR',
    code: 'R210',
    at: [0, 5, 9],
    says: 'every 2,000 ft above FL410 (FL430, FL450 …) (e.g. F430 or F450)',
  },
  { name: 'FL430 is one (item 16)', text: 'N0470F430 DVR', code: 'R210' },
  { name: 'FL410 is one (item 16)', text: 'N0470F410 DVR', code: 'R210' },
  {
    name: 'FL420 is none (item 16)',
    text: 'N0470F390 DVR/N0470F420',
    code: 'R210',
    at: [0, 19, 23],
    says: '(e.g. F410 or F430)',
  },
  {
    name: 'F355 keeps its wording',
    text: 'N0450F355 DVR',
    code: 'R210',
    at: [0, 5, 9],
    says: 'F355 is not a usual cruising level: levels are multiples of 5, of 10 from FL200',
  },
  {
    name: 'cruise climb without a speed quotes the level (messages)',
    text: 'N0450F350 DVR DCT C/48N050W/F290F350 DCT KONAN',
    code: 'R103',
    at: [0, 28, 32],
    says: 'speed missing before the level F290: the speed comes first, e.g. N0450F290 or M082F290',
  },
  {
    name: "cruise climb with nothing after the point's '/' (messages)",
    text: 'N0450F350 DVR DCT C/48N050W/ DCT KONAN',
    code: 'R103',
    at: [0, 27, 28],
    says: "speed and level missing after '/'",
  },
  {
    name: 'a zero-width space inside an element is named (item 19)',
    text: 'N0450F350 DV\u200bR',
    code: 'R114',
    at: [0, 12, 13],
    says: "invisible character U+200B (zero-width space) in 'DVR' is not allowed in route text: remove it",
  },
]);
