/**
 * The traffic layer's symbol (issue 36, case 7), in headless Chromium at the sizes of a laptop and
 * a desktop, light and dark: each flight a dart rotated to its track with "call sign level" above
 * it, in blue (the route is magenta); its labels placed after the route's names, so a flight over
 * a route point never hides the point's name; in the legend.
 * Screenshots: test-results/webview/traffic-symbol-<size>-<theme>.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MapFlight, MapTraffic } from '../../common/protocol/mapMessages';
import { europeView, URI } from './support/fixtures';
import { labelBoxes } from './support/labels';
import { LAPTOP_AND_DESKTOP, mapPageSuite } from './support/mapPage';
import { LIGHT_AND_DARK } from './support/themes';

const withPage = mapPageSuite();

function flight(id: string, callsign: string, position: [number, number], level: string, trackDeg: number): MapFlight {
  return { id, callsign, position, levelText: level, label: `${callsign} ${level}`, trackDeg, fir: 'EGTT' };
}

type Drawn = { id: string; rotationDeg: number; label: string };
const trafficSymbols = (map: { page: { evaluate<T>(f: () => T): Promise<T> } }) =>
  map.page.evaluate(() =>
    (window as unknown as { icaoRouteMap: { trafficSymbols(): Drawn[] } }).icaoRouteMap.trafficSymbols(),
  );

for (const size of LAPTOP_AND_DESKTOP)
  for (const theme of LIGHT_AND_DARK)
    test(`at ${size.width}×${size.height} (${theme}) a flight is a dart rotated to its track with its call sign and level; the route's names stay`, async () => {
      await withPage({ theme, size }, async (map) => {
        const view = europeView();
        await map.show({ type: 'snapshot', view });
        // One flight right over a route point (its name must stay), others in open sky.
        const konan = view.points.find((p) => p.name === 'KONAN')!.position!;
        const traffic: MapTraffic = {
          uri: URI,
          version: view.version,
          blockIndex: 0,
          flights: [
            flight('over', 'DLH7AB', konan, 'FL370', 95),
            flight('north', 'BAW117', [3.3, 51.7], 'FL350', 45),
            flight('south', 'EZY 2019', [5.6, 49.4], 'FL310', 200),
          ],
          firs: ['EGTT', 'EBBU', 'EDGG'],
          aerodromes: [],
          asOf: '10:42Z',
          notices: [],
        };
        traffic.flights[2]!.notAtcCallsign = true;
        await map.show({ type: 'traffic', traffic });
        await map.page.locator('#layer-traffic').check();
        await map.page.evaluate(() =>
          (window as unknown as { icaoRouteMap: { rendered(): Promise<void> } }).icaoRouteMap.rendered(),
        );
        const drawn = await trafficSymbols(map);
        assert.deepEqual(
          drawn.map((d) => [d.id, d.rotationDeg, d.label]),
          [
            ['over', 95, 'DLH7AB FL370'],
            ['north', 45, 'BAW117 FL350'],
            ['south', 200, 'EZY 2019 FL310'],
          ],
          'rotated to the track, the host’s label',
        );
        const boxes = await labelBoxes(map);
        const texts = (kind: string) => boxes.filter((b) => b.kind === kind && !b.symbol).map((b) => b.text);
        assert.ok(texts('point').includes('KONAN'), `KONAN's name kept under a flight: ${texts('point').join(', ')}`);
        assert.ok(
          texts('flight').includes('BAW117 FL350'),
          `a flight in open sky labelled: ${texts('flight').join(', ')}`,
        );
        assert.ok(texts('flight').includes('EZY 2019 FL310'));
        // Placed after the route's names, the airways' names and the conflicts' labels.
        const order = await map.page.evaluate(() =>
          (window as unknown as { icaoRouteMap: { declutterOrder(): string[] } }).icaoRouteMap.declutterOrder(),
        );
        for (const before of ['point-names', 'airway-labels', 'restriction-labels', 'notam-conflict-labels', 'route'])
          assert.ok(
            order.indexOf(before) >= 0 && order.indexOf(before) < order.indexOf('traffic-labels'),
            `${before} placed before the traffic labels: ${order.join(', ')}`,
          );
        // The legend names the symbol and draws it (its swatch is not blank).
        assert.match((await map.page.locator('.legend').textContent()) ?? '', /Flight and its track \(traffic/);
        const swatchPixels = await map.page.evaluate(() => {
          const item = Array.from(document.querySelectorAll('.legend-entries li')).find((li) =>
            /Flight and its track/.test(li.textContent ?? ''),
          );
          const canvas = item?.querySelector('canvas');
          const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
          let drawn = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
          return drawn;
        });
        assert.ok(swatchPixels > 20, `the legend's chevron is drawn: ${swatchPixels} pixels`);
        // Its colour is not the route's.
        const palette = (await map.page.evaluate(() =>
          (window as unknown as { icaoRouteMap: { palette(): Record<string, string> } }).icaoRouteMap.palette(),
        )) as Record<string, string>;
        assert.notEqual(palette.blue, palette.route);
        await map.screenshot(`traffic-symbol-${size.width}x${size.height}-${theme}`);
        // A click on the flight without an ATC call sign says so.
        await map.page.mouse.click(...(await map.pixelOf([5.6, 49.4])));
        await map.page.locator('#map-details h2', { hasText: 'Flight EZY 2019' }).waitFor();
        assert.match(
          (await map.page.locator('#map-details').textContent()) ?? '',
          /Named by its operator and flight number: the hub gives no ATC call sign for it\./,
        );
      });
    });
