/**
 * The map's traffic layer in a real VS Code (issue 22, item 3): off when the map opens, switched
 * on it shows the flights the hub simulator flies within the FIRs europe.route crosses, with call
 * sign and level, says that the data are European, and each call to the hub is counted in the
 * output log. Screenshots in the light and the dark theme: test-results/e2e/traffic-*.png.
 */
import assert from 'node:assert/strict';
import { workbenchSuite } from './harness/suite';
import type { Workbench } from './harness/workbench';

const { step } = workbenchSuite('traffic');

/** Line 7 of samples/europe.route. */
const ROUTE_LINE = 7;

interface Drawn {
  points: number;
  traffic: number;
  trafficLabels: string[];
  visible: Record<string, boolean>;
}

function drawn(wb: Workbench): Promise<Drawn> {
  return wb
    .webview()
    .locator('#map')
    .evaluate(() => (window as unknown as { icaoRouteMap: { counts(): Drawn } }).icaoRouteMap.counts());
}

step('the map opens with the traffic layer off', async (wb) => {
  await wb.openAlone('europe.route');
  await wb.goTo(ROUTE_LINE, 12);
  await wb.runCommand('ICAO Route: Show Route Map');
  await wb.webview().locator('#map-title').waitFor({ state: 'visible', timeout: 60_000 });
  const counts = await wb.until(
    async () => {
      const c = await drawn(wb);
      return c.points >= 5 ? c : undefined;
    },
    'the route on the map',
    60_000,
  );
  assert.equal(counts.visible.traffic, false, 'off by default');
  assert.equal(counts.traffic, 0, 'no traffic asked while the layer is off');
  assert.equal(await wb.webview().locator('#layer-traffic').isChecked(), false);
});

step('switched on, the traffic layer shows the flights within the FIRs the route crosses', async (wb) => {
  await wb.webview().locator('#layer-traffic').check();
  const counts = await wb.until(
    async () => {
      const c = await drawn(wb);
      return c.traffic > 0 ? c : undefined;
    },
    'flights on the traffic layer',
    90_000,
  );
  assert.equal(counts.visible.traffic, true);
  // The call sign (or, without one, operator and number "EZY 2019"), then the level only when reported.
  for (const label of counts.trafficLabels) assert.match(label, /^(?:\S+|[A-Z0-9]{2,3} \S+)(?: (?:FL\d{3}|\d+ ft))?$/);
  const said = (await wb.webview().locator('#map-traffic').textContent()) ?? '';
  assert.match(said, /\d+ flights? within [A-Z]{4}/);
  assert.match(said, /European data/);
  // The side panel folded away: the map has the panel's width for the picture.
  await wb.webview().locator('#side-toggle').click();
  await wb.restMouse();
  await wb.screenshotAs('traffic-light.png');
});

step('each call to the hub is counted in the output log, without the key', async (wb) => {
  const log = await wb.until(
    async () => {
      const text = await wb.outputChannel('ICAO Route').catch(() => '');
      return /Hub call \d+: firFlights \(the flights within a FIR\): HTTP 200/.test(text) ? text : undefined;
    },
    'the FIR flights calls in the output log',
    60_000,
  );
  const calls = log.split('\n').filter((line) => /Hub call \d+:/.test(line));
  assert.ok(calls.length > 0);
  for (const line of calls) assert.doesNotMatch(line, /demo|user_key/i, 'the hub key never reaches the log');
  await wb.closePanel();
});

step('the traffic layer in the dark theme', async (wb) => {
  await wb.answerInputCommand('Preferences: Color Theme', 'Dark Modern');
  await wb.until(
    async () => (await wb.page.locator('.monaco-workbench.vs-dark').count()) > 0,
    'the dark theme applied',
  );
  const counts = await wb.until(
    async () => {
      const c = await drawn(wb).catch(() => undefined);
      return c && c.traffic > 0 ? c : undefined;
    },
    'flights on the traffic layer in the dark theme',
    90_000,
  );
  assert.ok(counts.traffic > 0);
  await wb.restMouse();
  await wb.screenshotAs('traffic-dark.png');
});

step(
  'a flight of the traffic layer is a chevron rotated to its track, labelled with its call sign and level',
  async (wb) => {
    const map = wb.webview().locator('#map');
    type Symbol = { id: string; rotationDeg: number; label: string };
    type Box = { kind: string; text: string; symbol: boolean };
    const symbols = await map.evaluate(() =>
      (window as unknown as { icaoRouteMap: { trafficSymbols(): Symbol[] } }).icaoRouteMap.trafficSymbols(),
    );
    assert.ok(symbols.length > 0, 'flights drawn');
    for (const s of symbols) {
      assert.ok(s.rotationDeg >= 0 && s.rotationDeg <= 360, `${s.id} rotated: ${s.rotationDeg}`);
      assert.match(s.label, /^\S+ (FL\d{3}|\d+ ft)$|^\S+$/);
    }
    assert.ok(
      symbols.some((s) => s.rotationDeg !== 0),
      'the simulator flies along its routes: some flight is rotated off north',
    );
    // At least one label is drawn (the decluttering keeps those clear of the route's names). At
    // the route's zoom every flight label may rightly give way, depending on where the simulated
    // flights are now: each try looks at the next flight close up.
    let tries = 0;
    const labelled = await wb.until(
      async () => {
        const next = symbols[tries++ % symbols.length]!;
        await map.evaluate(
          (_element, id) =>
            (
              window as unknown as { icaoRouteMap: { centreOnFlight(id: string, zoom: number): boolean } }
            ).icaoRouteMap.centreOnFlight(id, 9),
          next.id,
        );
        await wb.page.waitForTimeout(500);
        const boxes = await map.evaluate(() =>
          (window as unknown as { icaoRouteMap: { labelBoxes(): Box[] } }).icaoRouteMap.labelBoxes(),
        );
        const flights = boxes.filter((b) => b.kind === 'flight' && !b.symbol).map((b) => b.text);
        return flights.length > 0 ? flights : undefined;
      },
      'a labelled flight on the map, looked at close up',
      60_000,
    );
    assert.ok(
      labelled.every((text) => symbols.some((s) => s.label === text)),
      labelled.join(', '),
    );
    await wb.screenshotAs('traffic-labelled.png');
  },
);
