/**
 * The geometry of the hub's expansion (issue 26, item 1): a far jump found on the hub's points
 * alone, a point off the airway found on them with the navigation data, and each finding saying
 * which source found it when both are set.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseRouteDocument, type RouteBlock } from '../../../server/src/route';
import type { ExpandedPoint, ExpansionResult } from '../../../server/src/route/model';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import {
  FOUND_BY_BOTH,
  FOUND_BY_NAVDATA,
  FOUND_ON_HUB,
  hubGeometryFindings,
  mergeGeometryFindings,
} from '../../../server/src/expansion/hubGeometry';
import { EXCERPT, load } from '../navdata/paths';
import { defined } from '../../shared/defined';

const blockOf = (text: string): RouteBlock => defined(parseRouteDocument(text).blocks[0], 'a route block');

/** The points the hub answers (here the literal engine's, as the simulator gives them), no findings. */
function hubAnswer(block: RouteBlock, db: Awaited<ReturnType<typeof load>>): ExpansionResult {
  return { ...expandRoute(block, db), findings: [] };
}

const point = (designator: string, lat: number, lon: number, elementIndex: number, via?: string): ExpandedPoint => ({
  designator,
  resolvedFix: designator,
  lat,
  lon,
  type: 'fix',
  elementIndex,
  ...(via ? { via } : {}),
});

test('a far jump on the hub points alone: the leg no airway explains, on the point reached', () => {
  const block = blockOf('N0450F350 DVR DCT ABCDE DCT FGHIJ');
  const result: ExpansionResult = {
    points: [point('DVR', 51.16, 1.36, 1), point('ABCDE', 51.5, 3, 3), point('FGHIJ', 10, 100, 5)],
    findings: [],
    procedures: [],
  };
  const found = hubGeometryFindings(block, result, undefined);
  assert.deepEqual(
    found.map((f) => [f.code, f.range.start.character]),
    [['X004', 28]],
  );
  assert.match(defined(found[0]).message, /^FGHIJ is [\d,]+ NM from ABCDE, the point before it in the hub's expansion/);

  // A long leg through the hub's interior points of an airway is the airway's own.
  const along: ExpansionResult = {
    points: [point('DVR', 51.16, 1.36, 1), point('MID', 30, 50, 2, 'UL9'), point('FGHIJ', 10, 100, 3)],
    findings: [],
    procedures: [],
  };
  const airway = blockOf('N0450F350 DVR UL9 FGHIJ');
  assert.deepEqual(
    hubGeometryFindings(airway, along, undefined).map((f) => f.code),
    ['X004'],
    'the leg MID–FGHIJ has no via: it is the exit leg, flagged',
  );
  along.points[2] = { ...defined(along.points[2]), via: 'UL9' };
  assert.deepEqual(hubGeometryFindings(airway, along, undefined), []);
});

test('points off the airway, on the hub points with the navigation data: the exit, the entry, neither', async () => {
  const db = await load(EXCERPT);
  const konam = blockOf('N0450F350 DVR UL9 KONAM');
  const exit = hubGeometryFindings(konam, hubAnswer(konam, db), db);
  assert.deepEqual(
    exit.map((f) => [f.code, f.range.start.character]),
    [['X002', 18]],
  );
  assert.match(defined(exit[0]).message, /^UL9 does not pass KONAM, where the hub leaves it/);

  const det = blockOf('N0450F350 DET L6 DVR');
  assert.deepEqual(
    hubGeometryFindings(det, hubAnswer(det, db), db).map((f) => [f.code, f.range.start.character]),
    [
      ['X002', 14],
      ['X002', 17],
    ],
  );
  const good = blockOf('origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN UL607 AMASI');
  assert.deepEqual(hubGeometryFindings(good, hubAnswer(good, db), db), []);
});

test('merged: one finding per code and place, saying which source found it', async () => {
  const db = await load(EXCERPT);
  const block = blockOf('N0450F350 DVR UL9 KONAM');
  const offline = expandRoute(block, db).findings;
  const onHub = hubGeometryFindings(block, hubAnswer(block, db), db);
  const h001 = {
    code: 'H001' as const,
    severity: 'warning' as const,
    message: 'The hub does not know X',
    range: block.range,
  };
  const both = mergeGeometryFindings([h001], onHub, offline);
  assert.deepEqual(
    both.map((f) => f.code),
    ['H001', 'X002'],
  );
  const x002 = defined(both[1], 'the X002');
  assert.ok(x002.message.endsWith(FOUND_BY_BOTH), x002.message);
  // The offline engine's words (and data) are kept where both found it.
  assert.match(x002.message, /its nearest points are KONAN/);
  assert.ok(mergeGeometryFindings([], onHub, []).every((f) => f.message.endsWith(FOUND_ON_HUB)));
  assert.ok(mergeGeometryFindings([], [], offline).every((f) => f.message.endsWith(FOUND_BY_NAVDATA)));
  // Findings that are no geometry (X001 an unknown name, X005 the first fix) stay the hub's business.
  const typo = blockOf('N0450F350 DVR DCT KNOAN');
  assert.deepEqual(mergeGeometryFindings([], [], expandRoute(typo, db).findings), []);
});
