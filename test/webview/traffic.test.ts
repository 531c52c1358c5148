/**
 * The traffic layer of the map page (issue 22, item 3), in headless Chromium: off by default and
 * said so to the host at once (the host asks only while it is on); the flights the host sent drawn
 * with call sign and level, only for the block on screen; a click on a flight shows it; the
 * aerodrome's popup counts its departures or arrivals around the flight's time; European data said.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MapTraffic } from '../../common/protocol/mapMessages';
import { europeView, URI } from './support/fixtures';
import { mapPageSuite } from './support/mapPage';

const withPage = mapPageSuite();

const EUROPEAN =
  'Traffic: flights within a FIR are European data (the hub, endpoint 7); FIRs outside Europe show none.';

function traffic(overrides: Partial<MapTraffic> = {}): MapTraffic {
  return {
    uri: URI,
    version: 3,
    blockIndex: 0,
    flights: [
      {
        id: 'g1',
        callsign: 'BAW117',
        position: [-0.2, 52.4],
        levelText: 'FL350',
        label: 'BAW117 FL350',
        altitudeFt: 35_000,
        trackDeg: 95,
        fir: 'EGTT',
        status: 'AIRBORNE',
        departure: 'EGLL',
        arrival: 'EDDF',
        aircraftType: 'A320',
      },
      {
        id: 'g2',
        callsign: 'KLM1234',
        position: [4.5, 51.2],
        levelText: 'FL290',
        label: 'KLM1234 FL290',
        trackDeg: 270,
        fir: 'EBBU',
      },
      {
        id: 'g3',
        callsign: 'DLH9',
        position: [7.4, 50.6],
        levelText: '8000 ft',
        label: 'DLH9 8000 ft',
        trackDeg: 180,
        fir: 'EDGG',
      },
    ],
    firs: ['EGTT', 'EBBU', 'EDGG'],
    aerodromes: [
      { aerodrome: 'EGLL', movement: 'departures', count: 4, window: '09:30Z–11:30Z (off blocks ± 1 h)', untimed: 1 },
      { aerodrome: 'EDDF', movement: 'arrivals', count: 7, window: '10:40Z–12:40Z (ETA ± 1 h)', untimed: 0 },
    ],
    asOf: '10:42Z',
    notices: [EUROPEAN],
    ...overrides,
  };
}

const trafficSwitches = async (map: { posted(): Promise<{ type: string }[]> }) =>
  (await map.posted()).filter((m) => m.type === 'trafficLayer');

test('off by default: the page says so at once; switched on, it says so, draws the flights and what they are', async () => {
  await withPage({ theme: 'light', size: { width: 1400, height: 900 } }, async (map) => {
    assert.deepEqual(await trafficSwitches(map), [{ type: 'trafficLayer', on: false }]);
    await map.show({ type: 'snapshot', view: europeView() });
    await map.show({ type: 'traffic', traffic: traffic() });
    let counts = (await map.counts()) as Awaited<ReturnType<typeof map.counts>> & {
      traffic: number;
      trafficLabels: string[];
    };
    assert.equal(counts.visible.traffic, false, 'off by default');
    assert.equal(await map.page.locator('#map-traffic').isHidden(), true, 'nothing said while off');

    await map.page.locator('#layer-traffic').check();
    await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { rendered(): Promise<void> } }).icaoRouteMap.rendered(),
    );
    assert.deepEqual((await trafficSwitches(map)).at(-1), { type: 'trafficLayer', on: true });
    assert.equal((await map.state())?.filters?.layers.traffic, true, 'kept like the other layer switches');
    counts = (await map.counts()) as typeof counts;
    assert.equal(counts.visible.traffic, true);
    assert.equal(counts.traffic, 3);
    assert.deepEqual(counts.trafficLabels, ['BAW117 FL350', 'KLM1234 FL290', 'DLH9 8000 ft']);
    const said = (await map.page.locator('#map-traffic li').allTextContents()).join('\n');
    assert.match(said, /3 flights within EGTT, EBBU, EDGG at 10:42Z/);
    assert.match(said, /European data/);
    assert.match((await map.page.locator('.legend').textContent()) ?? '', /traffic, European data/);
    await map.screenshot('traffic-light');

    await map.page.mouse.click(...(await map.pixelOf([-0.2, 52.4])));
    await map.page.locator('#map-details h2', { hasText: 'Flight BAW117' }).waitFor();
    const details = (await map.page.locator('#map-details').textContent()) ?? '';
    assert.match(details, /FL350, track 095°/);
    assert.match(details, /EGLL → EDDF/);
    assert.match(details, /AIRBORNE, within EGTT at 10:42Z/);

    await map.page.locator('#layer-traffic').uncheck();
    assert.deepEqual((await trafficSwitches(map)).at(-1), { type: 'trafficLayer', on: false });
    assert.equal(await map.page.locator('#map-traffic').isHidden(), true);
  });
});

test("the aerodrome's popup counts its departures or arrivals around the flight's time", async () => {
  await withPage({ theme: 'light', size: { width: 1400, height: 900 } }, async (map) => {
    const view = europeView();
    await map.show({ type: 'snapshot', view });
    await map.show({ type: 'traffic', traffic: traffic() });
    const egll = view.points.find((p) => p.name === 'EGLL')!;
    await map.page.mouse.click(...(await map.pixelOf(egll.position!)));
    await map.page.locator('#map-details .traffic-count').waitFor();
    assert.deepEqual(await map.page.locator('#map-details .traffic-count').allTextContents(), [
      'Departures 09:30Z–11:30Z (off blocks ± 1 h): 4 (1 more without a time)',
    ]);
    const eddf = view.points.find((p) => p.name === 'EDDF')!;
    await map.page.mouse.click(...(await map.pixelOf(eddf.position!)));
    await map.page.locator('#map-details h2', { hasText: 'EDDF' }).waitFor();
    assert.deepEqual(await map.page.locator('#map-details .traffic-count').allTextContents(), [
      'Arrivals 10:40Z–12:40Z (ETA ± 1 h): 7',
    ]);
  });
});

test("another block's traffic is not drawn over this route; a failure is said under the switch", async () => {
  await withPage(
    {
      theme: 'dark',
      size: { width: 1400, height: 900 },
      state: { filters: { ...europeView().filters, layers: { ...europeView().filters.layers, traffic: true } } },
    },
    async (map) => {
      assert.deepEqual(
        await trafficSwitches(map),
        [{ type: 'trafficLayer', on: true }],
        'the saved switch, said at once',
      );
      await map.show({ type: 'snapshot', view: europeView() });
      await map.show({ type: 'traffic', traffic: traffic({ blockIndex: 4 }) });
      let counts = (await map.counts()) as Awaited<ReturnType<typeof map.counts>> & { traffic: number };
      assert.equal(counts.traffic, 0);
      await map.show({ type: 'traffic', traffic: traffic() });
      counts = (await map.counts()) as typeof counts;
      assert.equal(counts.traffic, 3);
      await map.screenshot('traffic-dark');
      const limit =
        "Traffic: The hub refused the flights within a FIR: the application's usage limit is exceeded (HTTP 429). Wait 1 minute before trying again, or raise the plan's limit on the developer portal.";
      await map.show({
        type: 'traffic',
        traffic: traffic({ flights: [], aerodromes: [], notices: [EUROPEAN, limit] }),
      });
      counts = (await map.counts()) as typeof counts;
      assert.equal(counts.traffic, 0);
      assert.match((await map.page.locator('#map-traffic').textContent()) ?? '', /usage limit is exceeded/);
    },
  );
});
