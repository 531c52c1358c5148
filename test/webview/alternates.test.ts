/**
 * The flight plan's alternates on the map (issue 40 §3), in headless Chromium at the sizes of a
 * laptop and a desktop, light and dark: each alternate a hollow double ring labelled "ALTN EDDK",
 * a thin dashed line to it from the destination, its label placed after the route's names and the
 * conflicts' labels; a click shows its facts; the legend has it; an alternate the host could not
 * place is said in the notices; the route's switch hides them with the route.
 * Screenshots: test-results/webview/alternates-<size>-<theme>.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LonLat, MapAlternate, MapView } from '../../common/protocol/mapMessages';
import { europeView, geodesicPath } from './support/fixtures';
import { labelBoxes } from './support/labels';
import { LAPTOP_AND_DESKTOP, mapPageSuite, type MapPage } from './support/mapPage';
import { LIGHT_AND_DARK } from './support/themes';

const withPage = mapPageSuite();

const EDDF: LonLat = [8.570556, 50.033333];
const EDDK: LonLat = [7.138903, 50.865801];
const EDDS: LonLat = [9.215203, 48.688383];

function alternate(index: number, name: string, position: LonLat): MapAlternate {
  const { path, distanceNm } = geodesicPath(EDDF, position);
  const nm = Math.round(distanceNm * 10) / 10;
  return {
    id: `altn${index}`,
    name,
    position,
    distanceFromDestinationNm: nm,
    destination: 'EDDF',
    paths: [path],
    facts: [`Alternate aerodrome (field 16): ${name}`, `${nm} NM from EDDF`],
  };
}

function withAlternates(): MapView {
  return europeView({
    alternates: {
      placed: [alternate(0, 'EDDK', EDDK), alternate(1, 'EDDS', EDDS)],
      notPlaced: [{ name: 'EDXX', why: 'not in the navigation data' }],
    },
    bbox: [-0.461389, 48.688383, 9.215203, 51.4775],
  });
}

type Inspect = { counts(): { alternates: string[]; alternateLines: number }; declutterOrder(): string[] };
const counts = (map: MapPage) =>
  map.page.evaluate(() => (window as unknown as { icaoRouteMap: Inspect }).icaoRouteMap.counts());
const declutterOrder = (map: MapPage) =>
  map.page.evaluate(() => (window as unknown as { icaoRouteMap: Inspect }).icaoRouteMap.declutterOrder());

/** The screen around a position, as PNG bytes. */
async function around(map: MapPage, position: LonLat, half = 8): Promise<Buffer> {
  const [x, y] = await map.pixelOf(position);
  return map.page.screenshot({ clip: { x: x - half, y: y - half, width: 2 * half, height: 2 * half } });
}

for (const size of LAPTOP_AND_DESKTOP)
  for (const theme of LIGHT_AND_DARK)
    test(`at ${size.width}×${size.height} (${theme}) each alternate is a labelled ring with a dashed line from the destination`, async () => {
      await withPage({ theme, size }, async (map) => {
        // Halfway from Frankfurt to Stuttgart, in open sky: only the dashed line is there.
        const midway = geodesicPath(EDDF, EDDS).path;
        const middle = midway[Math.floor(midway.length / 2)]!;
        await map.show({ type: 'snapshot', view: europeView({ bbox: [-0.461389, 48.688383, 9.215203, 51.4775] }) });
        const without = await around(map, middle, 4);

        await map.show({ type: 'snapshot', view: withAlternates() });
        const drawn = await counts(map);
        assert.deepEqual(drawn.alternates, ['ALTN EDDK', 'ALTN EDDS']);
        assert.equal(drawn.alternateLines, 2, 'a line from the destination to each');
        assert.notDeepEqual(await around(map, middle, 4), without, 'the dashed line is drawn halfway to EDDS');

        const boxes = await labelBoxes(map);
        const alternates = boxes.filter((b) => b.kind === 'alternate');
        for (const name of ['ALTN EDDK', 'ALTN EDDS']) {
          assert.ok(
            alternates.some((b) => b.text === name && b.symbol),
            `${name}'s ring is drawn (an obstacle to labels)`,
          );
          assert.ok(
            alternates.some((b) => b.text === name && !b.symbol),
            `${name} is labelled: ${alternates.map((b) => b.text).join(', ')}`,
          );
        }
        // The route's own names stay: EDDF is labelled though EDDK and EDDS are near.
        assert.ok(
          boxes.some((b) => b.kind === 'point' && b.text === 'EDDF' && !b.symbol),
          'EDDF keeps its name',
        );
        // Placed after the route's points and names and the conflicts' labels.
        const order = await declutterOrder(map);
        for (const before of ['route', 'restriction-labels', 'notam-conflict-labels', 'point-names'])
          assert.ok(
            order.indexOf(before) >= 0 && order.indexOf(before) < order.indexOf('alternates'),
            `${before} placed before the alternates: ${order.join(', ')}`,
          );

        // The legend names the symbol and the line, and draws them.
        const swatches = await map.page.evaluate(() =>
          Array.from(document.querySelectorAll('.legend-entries li'))
            .filter((li) => /alternate/i.test(li.textContent ?? ''))
            .map((li) => {
              const canvas = li.querySelector('canvas')!;
              const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
              let drawn = 0;
              for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
              return { text: li.textContent ?? '', drawn };
            }),
        );
        assert.deepEqual(
          swatches.map((s) => s.text),
          ['Alternate aerodrome (field 16, ALTN/)', 'Destination to alternate'],
        );
        for (const s of swatches) assert.ok(s.drawn > 20, `${s.text}: ${s.drawn} pixels`);

        // What could not be placed is said.
        assert.ok(
          (await map.page.locator('#map-notices li').allTextContents()).includes(
            'ALTN EDXX: not placed (not in the navigation data).',
          ),
        );
        await map.screenshot(`alternates-${size.width}x${size.height}-${theme}`);

        // A click on the ring shows its facts, as a route point's.
        await map.page.mouse.click(...(await map.pixelOf(EDDK)));
        await map.page.locator('#map-details h2', { hasText: 'ALTN EDDK (alternate aerodrome)' }).waitFor();
        assert.match((await map.page.locator('#map-details').textContent()) ?? '', /NM from EDDF/);

        // The route's switch hides them with the route.
        await map.page.locator('#layer-route').uncheck();
        await map.page.evaluate(() =>
          (window as unknown as { icaoRouteMap: { rendered(): Promise<void> } }).icaoRouteMap.rendered(),
        );
        assert.deepEqual(
          (await labelBoxes(map)).filter((b) => b.kind === 'alternate'),
          [],
          'hidden with the route',
        );
      });
    });
