import assert from 'node:assert/strict';
import test from 'node:test';
import { lightSnapshot, verdictsUpdate } from '../../../client/src/map/viewUpdate';
import { packMapView } from '../../../common/protocol/packedMapView';
import type { MapView } from '../../../common/protocol/mapMessages';
import { flightView } from '../../webview/support/fixtures';

const packed = (view: MapView) => packMapView(view);

test('a filter change that moves no geometry goes as verdicts, with the new crossings and profile', () => {
  const drawn = packed(flightView('planned'));
  const next = packed(flightView('all'));
  const update = verdictsUpdate(drawn, next);
  assert.ok(update && update.type === 'verdicts');
  assert.equal(update.uri, next.uri);
  assert.equal(update.version, next.version);
  assert.equal(update.blockIndex, next.blockIndex);
  assert.deepEqual(update.filters.levels, { mode: 'all' });
  assert.equal(update.verdicts.a2.applies, true);
  assert.deepEqual(update.crossings, next.crossings);
  assert.deepEqual(update.profile, next.profile);
});

test('anything else the page draws needs a snapshot', () => {
  const drawn = packed(flightView('planned'));
  const all = flightView('all');
  const cases: [string, MapView | null, MapView][] = [
    ['nothing drawn yet', null, packed(all)],
    ['no verdicts in the new view', drawn, packed({ ...all, verdicts: undefined })],
    ['another version', drawn, packed({ ...all, version: all.version + 1 })],
    ['another block', drawn, packed({ ...all, blockIndex: 1 })],
    ['another document', drawn, packed({ ...all, uri: 'file:///other.route' })],
    ['an airspace more', drawn, packed({ ...all, airspaces: [...all.airspaces, { ...all.airspaces[0], id: 'a9' }] })],
    ['a NOTAM less', drawn, packed({ ...all, notams: all.notams.slice(1) })],
    [
      'an airspace moved',
      drawn,
      packed({
        ...all,
        airspaces: all.airspaces.map((a, i) =>
          i === 0
            ? {
                ...a,
                polygons: a.polygons.map((p) => p.map((r) => r.map(([x, y]) => [x + 0.1, y] as [number, number]))),
              }
            : a,
        ),
      }),
    ],
    [
      'a point resolved since',
      drawn,
      packed({
        ...all,
        points: all.points.map((p) => (p.name === 'BADPT' ? { ...p, status: 'resolved', position: [7, 50.3] } : p)),
      }),
    ],
    ['a new notice', drawn, packed({ ...all, notices: ['The NOTAM service failed.'] })],
  ];
  for (const [why, from, to] of cases) assert.equal(verdictsUpdate(from, to), undefined, why);
});

test('a NOTAM without a verdict is drawn by its corridor flag, so a changed flag needs a snapshot', () => {
  const planned = flightView('planned');
  const { n3: _n3, ...withoutN3 } = planned.verdicts!;
  const drawn = packed({ ...planned, verdicts: withoutN3 });
  const flipped = packed({
    ...planned,
    verdicts: withoutN3,
    notams: planned.notams.map((n) => (n.id === 'n3' ? { ...n, inCorridor: true } : n)),
  });
  assert.equal(verdictsUpdate(drawn, flipped), undefined);
  // With a verdict for it too: a NOTAM's shape travels only inside the corridor (packMapView).
  const judged = packed({
    ...planned,
    notams: planned.notams.map((n) => (n.id === 'n3' ? { ...n, inCorridor: true } : n)),
  });
  assert.equal(verdictsUpdate(packed(planned), judged), undefined);
});

test('a light snapshot leaves out the shapes the page has and carries the new ones and the route', () => {
  const full = flightView();
  const drawn = packed({ ...full, airspaces: full.airspaces.slice(0, 3) });
  // A wider corridor: two more airspaces, one NOTAM comes into the corridor (its shape now travels).
  const next = packed({
    ...full,
    version: full.version + 1,
    notams: full.notams.map((n) => (n.id === 'n3' ? { ...n, inCorridor: true } : n)),
  });
  const snapshot = lightSnapshot(drawn, next)!;
  assert.ok(snapshot);
  const light = snapshot.view;
  // Every area's id, in order; the lists carry only the new and changed ones.
  assert.deepEqual(snapshot.order!.airspaces, ['a0', 'a1', 'a2', 'a3', 'a4']);
  assert.deepEqual(snapshot.order!.notams, ['n0', 'n1', 'n2', 'n3']);
  assert.deepEqual(
    light.airspaces.map((a) => a.id),
    ['a3', 'a4'],
  );
  assert.deepEqual(
    light.notams.map((n) => n.id),
    ['n3'],
  );
  assert.deepEqual(light.firs, []);
  const withShape = (items: { id: string; shape?: unknown }[]) => items.filter((i) => i.shape).map((i) => i.id);
  assert.deepEqual(withShape(light.airspaces), ['a3', 'a4']);
  assert.deepEqual(withShape(light.notams), ['n3']);
  assert.deepEqual(withShape(light.firs), []);
  assert.equal(withShape(light.legs).length, light.legs.length, 'the route always travels');
  // Every shape that travels reads back the same coordinates as in the full view.
  for (const [items, fullItems] of [
    [light.airspaces, next.airspaces],
    [light.notams, next.notams],
    [light.legs, next.legs],
  ] as const) {
    for (const item of items) {
      if (!item.shape) continue;
      const original = fullItems.find((i) => i.id === item.id)!.shape!;
      const size = original.ends.flat().at(-1)!;
      assert.deepEqual(
        [...light.packedCoordinates!.subarray(item.shape.start, item.shape.start + size)],
        [...next.packedCoordinates!.subarray(original.start, original.start + size)],
        item.id,
      );
    }
  }
  assert.ok(light.packedCoordinates!.length < next.packedCoordinates!.length / 2);
  // Another block or document: the page needs all of it.
  assert.equal(lightSnapshot(drawn, packed({ ...full, blockIndex: 2 })), undefined);
  assert.equal(lightSnapshot(drawn, packed({ ...full, uri: 'file:///b.route' })), undefined);
  assert.equal(lightSnapshot(null, next), undefined);
});

test('an area that moved under the same id travels again', () => {
  const full = flightView();
  const moved = {
    ...full,
    airspaces: full.airspaces.map((a) =>
      a.id === 'a1'
        ? { ...a, polygons: a.polygons.map((p) => p.map((r) => r.map(([x, y]) => [x, y + 0.01] as [number, number]))) }
        : a,
    ),
  };
  const light = lightSnapshot(packed(full), packed(moved))!.view;
  assert.deepEqual(
    light.airspaces.map((a) => [a.id, Boolean(a.shape)]),
    [['a1', true]],
  );
  // Changed data, same shape: the area travels without its shape.
  const renamed = packed({
    ...full,
    airspaces: full.airspaces.map((a) => (a.id === 'a2' ? { ...a, reason: 'now 12 NM from the route' } : a)),
  });
  assert.deepEqual(
    lightSnapshot(packed(full), renamed)!.view.airspaces.map((a) => [a.id, Boolean(a.shape)]),
    [['a2', false]],
  );
});

test('an area travels again when any of its data changed, however deep; a key set to undefined is no change', () => {
  const full = flightView();
  const base = packed(full);
  const changed = packed({
    ...full,
    notams: full.notams.map((n) => (n.id === 'n1' && n.circle ? { ...n, circle: { ...n.circle, radiusNm: 9.5 } } : n)),
    // a0 has `schedule: undefined`: the same area without the key.
    airspaces: full.airspaces.map((a) => {
      if (a.id === 'a0') {
        const { schedule: _none, ...rest } = a;
        return rest;
      }
      return a.id === 'a3' ? { ...a, label: `${a.label} ` } : a;
    }),
  });
  const light = lightSnapshot(base, changed)!.view;
  assert.deepEqual(
    light.notams.map((n) => n.id),
    ['n1'],
  );
  assert.equal(full.airspaces.find((a) => a.id === 'a0')!.schedule, undefined);
  assert.deepEqual(
    light.airspaces.map((a) => a.id),
    ['a3'],
  );
  // Nothing changed: nothing travels but the route.
  const same = lightSnapshot(base, packed(full))!.view;
  assert.deepEqual([same.firs, same.airspaces, same.notams], [[], [], []]);
});
