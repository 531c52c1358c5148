/**
 * The map a dispatcher reads at a glance (issue 25), in headless Chromium: the layout at the
 * sizes VS Code gives (600×400 beside the editor, 1600×1000 alone), panels that fold and stay
 * folded, the fit to the route on open and on resize, the legend, decluttered labels (no two
 * label boxes of different features overlap) and the colours' contrast in the three themes.
 * Screenshots: test-results/webview/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MapView } from '../../common/protocol/mapMessages';
import { ACTIVE_WINDOW, atlanticView, crowdedView } from './support/crowdedView';
import { flightView } from './support/fixtures';
import { collisions, labelBoxes } from './support/labels';
import { mapPageSuite, type MapPage } from './support/mapPage';
import type { ThemeName } from './support/themes';

const withPage = mapPageSuite();

const SIZES = [
  { width: 600, height: 400 },
  { width: 1600, height: 1000 },
];

const lonSpan = (map: MapPage) =>
  map.page.evaluate(() => (window as unknown as { icaoRouteMap: { lonSpan(): number } }).icaoRouteMap.lonSpan());

async function assertInMap(map: MapPage, view: MapView, names: string[]): Promise<void> {
  const box = (await map.page.locator('#map').boundingBox())!;
  for (const name of names) {
    const p = view.points.find((q) => q.name === name)!;
    const [x, y] = await map.pixelOf(p.position!);
    assert.ok(
      x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height,
      `${name} is inside the map (${x.toFixed(0)}, ${y.toFixed(0)} in ${JSON.stringify(box)})`,
    );
  }
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the map has most of the height and the route fits, with the profile and the table`, async () => {
    await withPage({ theme: 'light', size }, async (map) => {
      const view = flightView();
      await map.show({ type: 'snapshot', view });
      const mapBox = (await map.page.locator('#map').boundingBox())!;
      assert.ok(mapBox.height >= size.height * 0.6, `the map is ${mapBox.height} px of ${size.height}`);
      assert.ok(mapBox.width >= size.width * 0.55, `the map is ${mapBox.width} px of ${size.width} wide`);
      assert.equal(await map.page.locator('#bottom').isVisible(), true);
      await assertInMap(map, view, ['EGLL', 'EDDF']);
      // Nothing of the page is outside the window.
      const overflow = await map.page.evaluate(() => ({
        x: document.documentElement.scrollWidth - window.innerWidth,
        y: document.documentElement.scrollHeight - window.innerHeight,
      }));
      assert.deepEqual(overflow, { x: 0, y: 0 });
      // Table columns readable: the names wrap between words, never inside one.
      const broken = await map.page.$$eval('#map-crossings tbody td:nth-child(4)', (cells) =>
        cells
          .filter((cell) => {
            const words = (cell.textContent ?? '').split(/\s+/);
            const probe = document.createElement('span');
            probe.style.whiteSpace = 'nowrap';
            cell.append(probe);
            const widest = Math.max(
              ...words.map((w) => {
                probe.textContent = w;
                return probe.getBoundingClientRect().width;
              }),
            );
            probe.remove();
            return widest > cell.clientWidth;
          })
          .map((cell) => cell.textContent),
      );
      assert.deepEqual(broken, [], 'no name is broken inside a word');
      // The profile has a time axis under the distance axis, and names on the boxes that have room.
      const etos = await map.page.locator('#map-profile .time-axis text.eto').allTextContents();
      assert.ok(etos.length >= 2 && etos.every((t) => /^\d\d:\d\dZ$/.test(t)), etos.join(' '));
      const distances = await map.page.locator('#map-profile .time-axis text:not(.eto)').allTextContents();
      assert.equal(distances[0], '0 NM');
      if (size.width > 1000) {
        const boxNames = await map.page.locator('#map-profile .area-labels text').allTextContents();
        assert.ok(boxNames.includes('LONDON TMA'), boxNames.join(', '));
      }
      await map.screenshot(`layout-${size.width}x${size.height}`);
    });
  });
}

test('the map fits the route again when the panel is resized, until the user moves it; an ocean crossing is not the world', async () => {
  await withPage({ theme: 'light', size: { width: 1600, height: 1000 } }, async (map) => {
    const view = flightView();
    await map.show({ type: 'snapshot', view });
    await map.page.setViewportSize({ width: 600, height: 400 });
    await map.page.waitForTimeout(100);
    await map.show({ type: 'status', message: 'resized' });
    await assertInMap(map, view, ['EGLL', 'EDDF']);
    const zoomSmall = (await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { zoom(): number } }).icaoRouteMap.zoom(),
    )) as number;
    // The user zooms in: a resize keeps the user's camera.
    await map.page.locator('.ol-zoom-in').click();
    await map.page.waitForTimeout(400);
    const zoomed = (await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { zoom(): number } }).icaoRouteMap.zoom(),
    )) as number;
    assert.ok(zoomed > zoomSmall);
    await map.page.setViewportSize({ width: 800, height: 500 });
    await map.page.waitForTimeout(100);
    await map.show({ type: 'status', message: 'resized' });
    const after = (await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { zoom(): number } }).icaoRouteMap.zoom(),
    )) as number;
    assert.equal(after, zoomed);

    const atlantic = atlanticView();
    await map.show({ type: 'snapshot', view: { ...atlantic, uri: 'file:///work/samples/nat.route' } });
    await assertInMap(map, atlantic, ['EGLL', 'KJFK']);
    const span = await lonSpan(map);
    assert.ok(span < 150, `the ocean crossing shows ${span.toFixed(0)}° of longitude, not the world`);
  });
});

test('the profile, the crossings, the filters, the NOTAMs and the side panel fold, and stay folded after a reload', async () => {
  await withPage({ theme: 'dark', size: { width: 1600, height: 1000 } }, async (map) => {
    await map.show({ type: 'snapshot', view: flightView() });
    const before = (await map.page.locator('#map').boundingBox())!.height;
    await map.page.locator('#panel-profile > summary').click();
    await map.page.locator('#panel-crossings > summary').click();
    await map.page.locator('#panel-filters > summary').click();
    await map.page.locator('#side-toggle').click();
    await map.page.waitForTimeout(100);
    const state = await map.state();
    assert.deepEqual(state?.panels, {
      'panel-profile': false,
      'panel-crossings': false,
      'panel-filters': false,
      side: false,
    });
    const box = (await map.page.locator('#map').boundingBox())!;
    assert.ok(box.height > before, 'the map takes the height the folded panels leave');
    assert.ok(box.width > 1500, 'and the width of the folded side panel');
    assert.equal(await map.page.locator('#layer-airspaces').isVisible(), false);
    await map.screenshot('layout-folded-dark');
  });
  await withPage(
    {
      theme: 'dark',
      size: { width: 1600, height: 1000 },
      state: { panels: { 'panel-profile': false, 'panel-notams': false, side: true } },
    },
    async (map) => {
      await map.show({ type: 'snapshot', view: flightView() });
      assert.equal(await map.page.locator('#panel-profile').getAttribute('open'), null);
      assert.notEqual(await map.page.locator('#panel-crossings').getAttribute('open'), null);
      assert.equal(await map.page.locator('#panel-notams').getAttribute('open'), null);
      assert.equal(await map.page.locator('#map-crossings').isVisible(), true);
      assert.equal(await map.page.locator('#map-profile').isVisible(), false);
    },
  );
});

test('the legend folds, says what each symbol and colour is, in the colours the map draws', async () => {
  await withPage({ theme: 'dark', size: { width: 1600, height: 1000 } }, async (map) => {
    await map.show({ type: 'snapshot', view: crowdedView() });
    const legend = map.page.locator('#map-legend');
    assert.equal(await legend.getAttribute('open'), null, 'folded at first: the map comes first');
    await legend.locator('summary').click();
    const entries = await legend.locator('li').allTextContents();
    for (const expected of [
      'Route',
      'SID / STAR (procedure from the CIFP files)',
      'Aerodrome',
      'VOR',
      'NDB',
      'Fix',
      'Prohibited area',
      'Restricted area, TRA / TSA',
      'Danger area',
      'Active restriction at the flight level',
      'Controlled airspace (CTR, TMA, CTA)',
      'FIR boundary',
      'Microlight site',
    ])
      assert.ok(entries.includes(expected), `the legend has "${expected}": ${entries.join(', ')}`);
    assert.equal((await map.state())?.panels?.['map-legend'], true);
    // Each swatch is drawn, and the route's is the route's colour.
    const swatches = await legend.locator('canvas').evaluateAll((canvases) =>
      canvases.map((c) => {
        const canvas = c as HTMLCanvasElement;
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        const colours = new Set<string>();
        let drawn = false;
        for (let i = 0; i < data.length; i += 4) {
          // RGBA, four bytes a pixel: i + 3 is under the length.
          const alpha = data[i + 3]!;
          if (alpha > 0) drawn = true;
          if (alpha === 255) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        }
        return { drawn, colours: [...colours] };
      }),
    );
    assert.deepEqual(swatches.map((s, i) => (s.drawn ? '' : entries[i])).filter(Boolean), [], 'every swatch is drawn');
    const route = await map.page.evaluate(
      () => (window as unknown as { icaoRouteMap: { palette(): { route: string } } }).icaoRouteMap.palette().route,
    );
    const rgb = [1, 3, 5].map((i) => parseInt(route.slice(i, i + 2), 16)).join(',');
    assert.ok(swatches[0]?.colours.includes(rgb), `the route's swatch is drawn in ${route}`);
    await map.screenshot('legend-dark');
  });
});

for (const size of SIZES) {
  test(`labels at ${size.width}×${size.height}: no two overlap, the route's names first, each airway once per stretch, the active restriction with its limits and time`, async () => {
    await withPage({ theme: 'light', size }, async (map) => {
      const view = crowdedView();
      await map.show({ type: 'snapshot', view });
      await map.show({ type: 'status', message: '' });
      const boxes = await labelBoxes(map);
      assert.deepEqual(collisions(boxes), [], 'no label box overlaps another feature’s label or symbol');
      const labels = boxes.filter((b) => !b.symbol);
      const texts = new Set(labels.map((b) => b.text));
      for (const name of ['EGLL', 'EDDF']) assert.ok(texts.has(name), `${name} is labelled: ${[...texts]}`);
      if (size.width > 1000) assert.ok(texts.has('ED-R983'), `the active restriction is labelled: ${[...texts]}`);
      // Every point of the route keeps its symbol, however crowded.
      const symbols = new Set(boxes.filter((b) => b.symbol).map((b) => b.text));
      for (const p of view.points) assert.ok(symbols.has(p.name), `${p.name}'s symbol is drawn`);
      // The airway names: one line per stretch of the same airway (L9 is four legs, UL607 three),
      // each named at most once.
      const stretches = await map.page.evaluate(() =>
        (window as unknown as { icaoRouteMap: { airwayStretches(): string[] } }).icaoRouteMap.airwayStretches(),
      );
      assert.deepEqual(stretches, ['L9', 'UL9', 'UL607']);
      for (const via of stretches) {
        const named = new Set(labels.filter((b) => b.kind === 'airway' && b.text === via).map((b) => b.id));
        assert.ok(named.size <= 1, `${via} is named once`);
      }
      await map.screenshot(`labels-${size.width}x${size.height}`);
      // Closer (the restriction revealed, as from its diagnostic), it has the room for its label.
      await map.show({ type: 'revealItem', itemId: 'a2' });
      const closer = await labelBoxes(map);
      assert.deepEqual(collisions(closer), []);
      assert.ok(
        closer.some((b) => !b.symbol && b.text === 'ED-R983'),
        'the active restriction is labelled',
      );
    });
  });
}

test('an active restricted area at the flight level is labelled with its name, limits and active window', async () => {
  await withPage({ theme: 'dark', size: { width: 1600, height: 1000 } }, async (map) => {
    await map.show({ type: 'snapshot', view: crowdedView() });
    const text = await map.page.evaluate(() => {
      const api = (window as unknown as { icaoRouteMap: { airspaceLabel(id: string): string | undefined } })
        .icaoRouteMap;
      return api.airspaceLabel('a2');
    });
    assert.equal(text, `ED-R983\nFL100–FL660 · active ${ACTIVE_WINDOW}`);
    // The restricted area the flight passes above is not a conflict: no label of that kind.
    const below = await map.page.evaluate(() =>
      (
        window as unknown as { icaoRouteMap: { airspaceLabel(id: string): string | undefined } }
      ).icaoRouteMap.airspaceLabel('a3'),
    );
    assert.equal(below, undefined);
  });
});

/** WCAG 2 contrast, computed here (not with the page's own function). */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const channel = (i: number) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const hex = (colour: string) => {
  const m = /^#([0-9a-f]{6})$/i.exec(colour) ?? /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (!m) throw new Error(`not a hex colour: ${colour}`);
  return m.length === 4 ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}` : colour;
};

for (const theme of ['light', 'dark', 'high-contrast'] as ThemeName[]) {
  test(`contrast in the ${theme} theme: the route and every area colour at least 3:1 against the map, the route unlike any area`, async () => {
    await withPage({ theme }, async (map) => {
      await map.show({ type: 'snapshot', view: crowdedView() });
      const { palette, areas } = await map.page.evaluate(() => {
        const api = (
          window as unknown as {
            icaoRouteMap: { palette(): Record<string, string>; airspaceColour(type: string): string };
          }
        ).icaoRouteMap;
        return {
          palette: api.palette(),
          areas: Object.fromEntries(
            ['P', 'R', 'D', 'TRA', 'CTR', 'TMA', 'RMZ', 'GLIDER'].map((t) => [t, api.airspaceColour(t)]),
          ),
        };
      });
      const colourOf = (name: string) => {
        const colour = palette[name];
        assert.ok(colour, `the palette has a ${name} colour`);
        return colour;
      };
      const grounds = [hex(colourOf('background')), hex(colourOf('land'))];
      const drawn: Record<string, string> = { route: colourOf('route'), fir: colourOf('fir'), ...areas };
      for (const [name, colour] of Object.entries(drawn))
        for (const ground of grounds) {
          const ratio = contrast(hex(colour), ground);
          assert.ok(ratio >= 3, `${theme}: ${name} ${colour} on ${ground} is ${ratio.toFixed(2)}:1`);
        }
      // The route's casing is the background: its line has 3:1 against whatever it crosses.
      assert.equal(hex(colourOf('casing')), hex(colourOf('background')));
      // Labels: their colour against their halo.
      assert.ok(contrast(hex(colourOf('foreground')), hex(colourOf('casing'))) >= 4.5);
      // The route is no airspace's colour: clearly another colour (more than 100 apart in RGB) from each.
      const rgb = (c: string): [number, number, number] => {
        const channel = (i: number) => parseInt(hex(c).slice(i, i + 2), 16);
        return [channel(1), channel(3), channel(5)];
      };
      const [routeR, routeG, routeB] = rgb(colourOf('route'));
      for (const [type, colour] of Object.entries(areas)) {
        const [r, g, b] = rgb(colour);
        const distance = Math.hypot(routeR - r, routeG - g, routeB - b);
        assert.ok(
          distance > 100,
          `${theme}: the route ${palette.route} is unlike ${type} ${colour} (${distance.toFixed(0)})`,
        );
      }
      await map.screenshot(`contrast-${theme}`);
    });
  });
}

/**
 * The page alone at the README's size, in both themes (a fixture view). The README's pictures
 * themselves, docs/images/map.png and map-dark.png, come from the demo in code-server
 * (test/e2e/readmeMap.test.ts).
 */
for (const theme of ['light', 'dark'] as ThemeName[]) {
  test(`the README's picture of the map in the ${theme} theme`, async () => {
    await withPage(
      { theme, size: { width: 1600, height: 1000 }, state: { panels: { 'map-legend': true } } },
      async (map) => {
        const view = flightView();
        // A real name instead of the fixture's hostile one.
        const rename = <T extends { name: string }>(item: T): T =>
          item.name.includes('<img') ? { ...item, name: 'EB-D943' } : item;
        const shown = {
          ...view,
          airspaces: view.airspaces.map(rename),
          crossings: view.crossings!.map(rename),
          profile: { ...view.profile!, areas: view.profile!.areas.map(rename) },
        };
        await map.show({ type: 'snapshot', view: shown });
        const mapBox = (await map.page.locator('#map').boundingBox())!;
        assert.ok(mapBox.height >= 500);
        await map.screenshot(`readme-map-${theme}`);
      },
    );
  });
}
