/**
 * The traffic layer asks the server only while it is on AND the map panel visible (issue 22,
 * item 4): at once, every interval, and at once for a new block or new FIRs; no timer runs
 * otherwise. A manual clock stands in for the timers (node:test mock timers).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { TRAFFIC_REFRESH_MS, TrafficRefresh } from '../../../client/src/map/trafficRefresh';

function setUp(t: test.TestContext) {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let fetches = 0;
  const refresh = new TrafficRefresh({ fetch: () => fetches++ });
  t.after(() => refresh.dispose());
  return { refresh, fetches: () => fetches, tick: (ms: number) => t.mock.timers.tick(ms) };
}

test('off by default: nothing is asked, however long the map is shown', (t) => {
  const { refresh, fetches, tick } = setUp(t);
  refresh.setPanelVisible(true);
  refresh.setTarget('a#0#EGTT');
  tick(10 * TRAFFIC_REFRESH_MS);
  assert.equal(fetches(), 0);
  assert.equal(refresh.active, false);
});

test('on and visible: asked at once, then once per interval', (t) => {
  const { refresh, fetches, tick } = setUp(t);
  refresh.setTarget('a#0#EGTT');
  refresh.setPanelVisible(true);
  refresh.setLayer(true);
  assert.equal(fetches(), 1);
  tick(TRAFFIC_REFRESH_MS - 1);
  assert.equal(fetches(), 1);
  tick(1);
  assert.equal(fetches(), 2);
  tick(3 * TRAFFIC_REFRESH_MS);
  assert.equal(fetches(), 5);
});

test('hidden panel: no refresh while hidden; shown again, asked once at once', (t) => {
  const { refresh, fetches, tick } = setUp(t);
  refresh.setTarget('a#0#EGTT');
  refresh.setPanelVisible(true);
  refresh.setLayer(true);
  refresh.setPanelVisible(false);
  tick(10 * TRAFFIC_REFRESH_MS);
  assert.equal(fetches(), 1, 'nothing while hidden');
  refresh.setPanelVisible(true);
  assert.equal(fetches(), 2);
  refresh.setPanelVisible(true);
  assert.equal(fetches(), 2, 'saying "visible" again asks nothing');
});

test('layer switched off: the timer stops', (t) => {
  const { refresh, fetches, tick } = setUp(t);
  refresh.setTarget('a#0#EGTT');
  refresh.setPanelVisible(true);
  refresh.setLayer(true);
  refresh.setLayer(false);
  tick(10 * TRAFFIC_REFRESH_MS);
  assert.equal(fetches(), 1);
});

test('a new block or FIRs asks at once; the same target (an edit within it) asks nothing', (t) => {
  const { refresh, fetches, tick } = setUp(t);
  refresh.setTarget('a#0#EGTT');
  refresh.setPanelVisible(true);
  refresh.setLayer(true);
  refresh.setTarget('a#0#EGTT');
  refresh.setTarget('a#0#EGTT');
  assert.equal(fetches(), 1, 'edits that keep the block and FIRs cost nothing');
  refresh.setTarget('a#0#EGTT,EHAA');
  assert.equal(fetches(), 2);
  tick(TRAFFIC_REFRESH_MS);
  assert.equal(fetches(), 3, 'the interval starts again from the new target');
  refresh.setTarget(undefined);
  tick(10 * TRAFFIC_REFRESH_MS);
  assert.equal(fetches(), 3, 'no route: nothing asked');
});
