import assert from 'node:assert/strict';
import test from 'node:test';
import { verdictsUpdate } from '../../../client/src/map/viewUpdate';
import { packMapView } from '../../../common/protocol/packedMapView';
import type { MapView } from '../../../common/protocol/mapMessages';
import { flightView } from '../../webview/support/fixtures';
import { defined } from '../../shared/defined';

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
  assert.equal(update.verdicts.a2?.applies, true);
  assert.deepEqual(update.crossings, next.crossings);
  assert.deepEqual(update.profile, next.profile);
});

test('anything else the page draws needs a snapshot', () => {
  const drawn = packed(flightView('planned'));
  const all = flightView('all');
  const { verdicts: _verdicts, ...withoutVerdicts } = all;
  const cases: [string, MapView | null, MapView][] = [
    ['nothing drawn yet', null, packed(all)],
    ['no verdicts in the new view', drawn, packed(withoutVerdicts)],
    ['another version', drawn, packed({ ...all, version: all.version + 1 })],
    ['another block', drawn, packed({ ...all, blockIndex: 1 })],
    ['another document', drawn, packed({ ...all, uri: 'file:///other.route' })],
    [
      'an airspace more',
      drawn,
      packed({ ...all, airspaces: [...all.airspaces, { ...defined(all.airspaces[0]), id: 'a9' }] }),
    ],
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
    [
      'an alternate placed since',
      drawn,
      packed({
        ...all,
        alternates: { placed: [{ id: 'altn0', name: 'EDDK', position: [7.14, 50.87], facts: [] }], notPlaced: [] },
      }),
    ],
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
