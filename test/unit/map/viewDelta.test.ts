/**
 * viewDelta: after an edit the host sends the route and only the areas that changed, compared
 * with the view the page has as the server sent them; the page keeps the others by id.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { viewDelta } from '../../../client/src/map/viewDelta';
import type { LonLat, MapView } from '../../../common/protocol/mapMessages';
import { flightView } from '../../webview/support/fixtures';

/** As the host gets it: parsed afresh from the server's answer (no object shared with the last one). */
const answer = (view: MapView): MapView => structuredClone(view);

test('an edit that changes no area sends the route and the ids, no area and no area coordinates', () => {
  const drawn = flightView();
  const next = answer({ ...drawn, version: drawn.version + 1 });
  const delta = viewDelta(drawn, next)!;
  assert.equal(delta.keepShapes, true);
  assert.deepEqual(delta.view.firs, []);
  assert.deepEqual(delta.view.airspaces, []);
  assert.deepEqual(delta.view.notams, []);
  assert.deepEqual(
    delta.order!.airspaces,
    next.airspaces.map((a) => a.id),
  );
  assert.deepEqual(
    delta.order!.notams,
    next.notams.map((n) => n.id),
  );
  assert.equal(delta.view.legs.length, next.legs.length);
  const routeNumbers = next.legs.reduce((sum, l) => sum + l.paths.reduce((s, p) => s + p.length * 2, 0), 0);
  assert.equal(delta.view.packedCoordinates!.length, routeNumbers, 'only the route is packed');
  assert.equal(delta.view.version, next.version);
  assert.deepEqual(delta.view.verdicts, next.verdicts);
});

test('a moved area travels with its shape, a renamed one without, a new one with', () => {
  const drawn = flightView();
  const [a0, a1] = drawn.airspaces;
  const next = answer({
    ...drawn,
    airspaces: [
      { ...a0!, polygons: a0!.polygons.map((p) => p.map((r) => r.map(([x, y]) => [x, y + 0.01] as LonLat))) },
      { ...a1!, label: 'FL100–FL200' },
      ...drawn.airspaces.slice(2),
      { ...a1!, id: 'a-new' },
    ],
  });
  const sent = viewDelta(drawn, next)!.view.airspaces;
  assert.deepEqual(
    sent.map((a) => [a.id, Boolean(a.shape), a.polygons.length]),
    [
      [a0!.id, true, 0],
      [a1!.id, false, 0],
      ['a-new', true, 0],
    ],
  );
});

test('a NOTAM coming into the corridor brings its shape; one leaving it goes without', () => {
  const drawn = flightView();
  const [n0, n1] = drawn.notams;
  assert.ok(n0!.inCorridor && n1, 'the fixture has a NOTAM in the corridor');
  const before = { ...drawn, notams: [n0!, { ...n1!, inCorridor: false }] };
  const next = answer({
    ...drawn,
    notams: [
      { ...n0!, inCorridor: false },
      { ...n1!, inCorridor: true },
    ],
  });
  const sent = viewDelta(before, next)!.view.notams;
  assert.deepEqual(
    sent.map((n) => [n.id, Boolean(n.shape)]),
    [
      [n0!.id, false],
      [n1!.id, true],
    ],
  );
});

test('another document or block, or nothing drawn, needs the whole view', () => {
  const drawn = flightView();
  assert.equal(viewDelta(null, drawn), undefined);
  assert.equal(viewDelta(drawn, answer({ ...drawn, blockIndex: 2 })), undefined);
  assert.equal(viewDelta(drawn, answer({ ...drawn, uri: 'file:///b.route' })), undefined);
});

test('a field that only the new view has, or has no more, is a change', () => {
  const drawn = flightView();
  const a0 = drawn.airspaces[0]!;
  const withSchedule = answer({ ...drawn, airspaces: [{ ...a0, schedule: 'H24' }, ...drawn.airspaces.slice(1)] });
  assert.deepEqual(
    viewDelta(drawn, withSchedule)!.view.airspaces.map((a) => a.id),
    [a0.id],
  );
  assert.deepEqual(
    viewDelta(withSchedule, answer(drawn))!.view.airspaces.map((a) => a.id),
    [a0.id],
  );
});
