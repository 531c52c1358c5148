/**
 * DLE/ at a point not on the expanded route (X015): KOK lies on L607 between KONAN and MAK in the
 * full data of ../shared/navdata (cycle 2013.10), so DLE/KOK0020 is on the route; DLE/XAMAN0020 is
 * not. The parser's R320 cannot tell on such a route and stays silent; the expansion tells.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { delayPointFindings } from '../../../server/src/expansion/delayPoints';
import { parseRouteDocument } from '../../../server/src/route';
import { allDiagnostics } from '../route/helpers';
import type { ExpandedPoint } from '../../../server/src/route/model';
import { SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';

const skip = fullNavdataMissing;

const FPL = (f15: string, f18: string): string =>
  `(FPL-SWR12-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EBOS1200\n-${f15}\n-EBBR0045\n-PBN/A1B1C1D1 DOF/270305 ${f18})`;

test(
  'DLE/ at a point inside L607 (KONAN L607 MAK passes KOK): no finding, from the parser or the data',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const doc = parseRouteDocument(FPL('N0250F150 KONAN L607 MAK', 'DLE/KOK0020'));
    assert.deepEqual(
      allDiagnostics(doc).filter((d) => d.code === 'R320'),
      [],
    );
    const result = expandRoute(doc.blocks[0]!, db);
    assert.ok(
      result.points.some((p) => p.designator === 'KOK' && p.via === 'L607'),
      'KOK is an interior point of L607',
    );
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'X015'),
      [],
    );
  },
);

test(
  'DLE/ at a point off the route: X015 on the DLE/ word, naming the point and the data cycle',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const doc = parseRouteDocument(FPL('N0250F150 KONAN L607 MAK', 'DLE/XAMAN0020'));
    assert.deepEqual(
      allDiagnostics(doc).filter((d) => d.code === 'R320'),
      [],
    );
    const found = expandRoute(doc.blocks[0]!, db).findings.filter((f) => f.code === 'X015');
    assert.equal(found.length, 1);
    assert.equal(found[0]!.severity, 'warning');
    // Line 5 is "-PBN/A1B1C1D1 DOF/270305 DLE/XAMAN0020": the range is XAMAN0020.
    assert.deepEqual(found[0]!.range, { start: { line: 5, character: 29 }, end: { line: 5, character: 38 } });
    assert.match(found[0]!.message, /^DLE\/XAMAN0020: XAMAN is not a point of the expanded route/);
    assert.match(found[0]!.message, /in the navigation data, cycle 2013\.10/);
  },
);

test('a second DLE/ word off the route is named too, on the item', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  const doc = parseRouteDocument(FPL('N0250F150 KONAN L607 MAK', 'DLE/KOK0020 XAMAN0030'));
  const found = expandRoute(doc.blocks[0]!, db).findings.filter((f) => f.code === 'X015');
  assert.deepEqual(
    found.map((f) => f.message.slice(0, 19)),
    ['DLE/XAMAN0030: XAMA'],
  );
});

test('an expansion that left points out (an unknown point) judges no DLE/', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  const doc = parseRouteDocument(FPL('N0250F150 KONAN L607 MAK DCT QQZZX', 'DLE/XAMAN0020'));
  const findings = expandRoute(doc.blocks[0]!, db).findings;
  assert.ok(findings.some((f) => f.code === 'X001'));
  assert.deepEqual(
    findings.filter((f) => f.code === 'X015'),
    [],
  );
});

test("on the hub's points: an interior point is on the route, another is not", () => {
  const block = parseRouteDocument(FPL('N0250F150 KONAN L607 MAK', 'DLE/KOK0020 DLE/XAMAN0020')).blocks[0]!;
  const point = (designator: string, elementIndex: number, via?: string): ExpandedPoint => ({
    designator,
    resolvedFix: designator,
    lat: 51,
    lon: 2,
    type: 'fix',
    elementIndex,
    ...(via ? { via } : {}),
  });
  const points = [point('KONAN', 1), point('KOK', 2, 'L607'), point('MAK', 3)];
  const found = delayPointFindings(block, points, [], "in the hub's expansion");
  assert.deepEqual(
    found.map((f) => f.message),
    [
      "DLE/XAMAN0020: XAMAN is not a point of the expanded route (airway points included), in the hub's expansion; " +
        'a delay is planned at a significant point on the route',
    ],
  );
  // Without the interior point (a hub answer that left it out) KOK is off the route.
  assert.equal(delayPointFindings(block, [points[0]!, points[2]!], [], "in the hub's expansion").length, 2);
});
