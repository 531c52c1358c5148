/**
 * What a dispatcher must see at a glance on Heathrow to Frankfurt as the demo computes it (issue
 * 40 §3), in headless Chromium at the sizes of a laptop and a desktop, light and dark: the
 * notices folded into one line, so the filters and the crossings stay in view; the NOTAM briefing
 * with what concerns the flight; the conflicts and the FIRs labelled at the route's zoom, and the
 * names of a highlighted airway never run together.
 * Screenshots: test-results/webview/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MapHighlight, MapView } from '../../common/protocol/mapMessages';
import { packMapView } from '../../common/protocol/packedMapView';
import { collisions, labelBoxes } from './support/labels';
import { londonFrankfurtView } from './support/londonFrankfurt';
import { mapPageSuite, type MapPage } from './support/mapPage';
import type { ThemeName } from './support/themes';

const withPage = mapPageSuite();

const SIZES = [
  { width: 1280, height: 800, theme: 'light' },
  { width: 1600, height: 1000, theme: 'dark' },
] as const satisfies readonly { width: number; height: number; theme: ThemeName }[];

async function inViewport(map: MapPage, selector: string): Promise<boolean> {
  const box = await map.page.locator(selector).first().boundingBox();
  const size = map.page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} (${size.theme}) the notices are one line with a count; the filters and the crossings stay in view`, async () => {
    await withPage({ theme: size.theme, size }, async (map) => {
      const view = londonFrankfurtView();
      assert.ok(view.notices.length >= 3, 'the recorded view has several notices');
      await map.show({ type: 'snapshot', view: packMapView(view) });
      const summary = map.page.locator('#map-notices > summary');
      assert.match((await summary.textContent()) ?? '', new RegExp(`^${view.notices.length} notices`));
      const line = await summary.evaluate((s) => parseFloat(getComputedStyle(s).lineHeight) || 16);
      assert.ok((await summary.boundingBox())!.height < line * 1.6, 'the notices take one line');
      for (const selector of ['#layer-route', '#layer-notams', '#corridor-nm', '#map-crossings tbody tr'])
        assert.ok(await inViewport(map, selector), `${selector} is in view`);
      await map.screenshot(`notices-folded-${size.width}x${size.height}-${size.theme}`);
      // Opened, every notice is there, each once.
      await summary.click();
      assert.deepEqual(await map.page.locator('#map-notices li').allTextContents(), view.notices);
      assert.equal(await map.page.locator('#map-notices li').first().isVisible(), true);
      assert.equal((await map.state())?.panels?.['map-notices'], true, 'kept open across reloads');
    });
  });
}

/** The side panel's NOTAM rows: the group each is under (the rest: "rest"), and what it shows. */
function notamRows(map: MapPage) {
  return map.page.locator('#map-notam-list li').evaluateAll((items) =>
    items.map((li) => ({
      group: li.closest('.notam-rest') ? 'rest' : (li.closest('.notam-group')?.querySelector('h3')?.textContent ?? ''),
      button: li.querySelector('button')?.textContent ?? '',
      subject: li.querySelector('.subject')?.textContent ?? '',
      validity: li.querySelector('.validity')?.textContent ?? '',
      visible: li.checkVisibility(),
    })),
  );
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} (${size.theme}) the NOTAM briefing lists what concerns the flight; the other aerodromes’ NOTAMs fold under one line`, async () => {
    await withPage({ theme: size.theme, size }, async (map) => {
      const view = londonFrankfurtView();
      await map.show({ type: 'snapshot', view: packMapView(view) });
      const groups = await map.page.locator('#map-notam-list .notam-group h3').allTextContents();
      assert.equal(groups[0], 'Departure EGLL');
      assert.deepEqual(groups.slice(-2), ['Destination EDDF', 'Alternate EDDK']);
      assert.ok(
        groups.slice(1, -2).every((g) => g.startsWith('En route · FIR ')),
        groups.join(' | '),
      );
      const rows = await notamRows(map);
      const listed = rows.filter((r) => r.group !== 'rest');
      // The aerodromes' own NOTAMs (taxiway, apron, lights, birds, ILS, obstacles) only for the
      // aerodromes the flight uses; the demo's 51 NOTAMs come down to the flight's.
      const ownUse = /^(Taxiway|Apron|Runway|Aerodrome|Obstacle|Instrument|All landing)/;
      for (const r of listed)
        assert.ok(!ownUse.test(r.subject) || /^\S+ (EGLL|EDDF|EDDK)$/.test(r.button), `${r.button}: ${r.subject}`);
      assert.ok(listed.length > 0 && listed.length < 20, `${listed.length} NOTAMs listed for the flight`);
      assert.ok(listed.every((r) => r.visible));
      // The rest: one line, folded; the NOTAMs under it not shown until it is opened.
      const rest = map.page.locator('#map-notam-list details.notam-rest');
      assert.equal(await rest.getAttribute('open'), null);
      const line = (await rest.locator('summary').textContent()) ?? '';
      assert.match(line, /^\d+ more NOTAMs, not for this flight: \d+ about the use of aerodromes the route passes \(/);
      const others = rows.filter((r) => r.group === 'rest');
      assert.ok(others.length >= 20 && others.every((r) => !r.visible), `${others.length} folded away`);
      // Times as a dispatcher reads them; no ISO time and no entity anywhere in the panel.
      assert.ok(
        listed.every((r) => r.validity === '' || /^\d{1,2} [A-Z][a-z]{2}( \d{4})? \d\d:\d\dZ to /.test(r.validity)),
        listed.map((r) => r.validity).join(' | '),
      );
      await map.page.locator('#map-notam-list .notam-group button').first().click();
      const validity = (await map.page.locator('#map-details .validity').textContent()) ?? '';
      assert.match(validity, /^\d{1,2} [A-Z][a-z]{2}( \d{4})? \d\d:\d\dZ to /);
      const side = (await map.page.locator('#side').textContent()) ?? '';
      assert.doesNotMatch(side, /\d{4}-\d\d-\d\dT\d\d:\d\d/);
      assert.doesNotMatch(side, /&(lt|gt|amp|quot|#\d+);/);
      await rest.scrollIntoViewIfNeeded();
      await map.screenshot(`briefing-${size.width}x${size.height}-${size.theme}`);
      await rest.locator('summary').click();
      assert.ok((await notamRows(map)).filter((r) => r.group === 'rest').every((r) => r.visible));
    });
  });
}

/** L607 from KONAN to RUDUS, as the host highlights it when the cursor is on the airway. */
function airwayHighlight(view: MapView): MapHighlight {
  const legs = view.legs.filter((l) => l.via === 'L607');
  return {
    legIds: legs.map((l) => l.id),
    pointIds: [...new Set(legs.flatMap((l) => [l.fromId, l.toId]))],
  };
}

for (const size of [
  ...SIZES,
  { width: 1280, height: 800, theme: 'dark' as const },
  { width: 1600, height: 1000, theme: 'light' as const },
]) {
  test(`at ${size.width}×${size.height} (${size.theme}) the areas that conflict with the flight are labelled first, then every FIR; point names never run together`, async () => {
    await withPage({ theme: size.theme, size }, async (map) => {
      const view = londonFrankfurtView();
      await map.show({ type: 'snapshot', view: packMapView(view) });
      await map.show({ type: 'status', message: '' });
      const conflicts = view.airspaces.filter((a) => view.verdicts?.[a.id]?.conflict).map((a) => a.name);
      assert.ok(conflicts.length >= 4, `the demo's flight conflicts with ${conflicts.join(', ')}`);
      let boxes = await labelBoxes(map);
      assert.deepEqual(collisions(boxes), [], 'no label box overlaps another feature’s label or symbol');
      const labelled = (kind: string) => new Set(boxes.filter((b) => !b.symbol && b.kind === kind).map((b) => b.text));
      // The conflicts are named (their names never go back across the area and the route): all
      // but one where five crowd round Frankfurt (the page's test of its rule; before it, none).
      const named = conflicts.filter((c) => labelled('airspace').has(c));
      assert.ok(
        named.length >= conflicts.length - 1,
        `conflicts named: ${named.join(', ')} of ${conflicts.join(', ')}`,
      );
      await map.screenshot(`labels-route-zoom-${size.width}x${size.height}-${size.theme}`);
      // Each FIR the route crosses, on the route (its outline's centre is off the map).
      assert.deepEqual([...labelled('fir')].sort(), view.firs.map((f) => f.designator).sort());
      // The names of the route's points stay.
      for (const name of ['EGLL', 'EDDF', 'DVR']) assert.ok(labelled('point').has(name), `${name} is named`);
      await map.screenshot(`labels-route-zoom-${size.width}x${size.height}-${size.theme}`);

      // With an airway highlighted (the cursor on L607), its names come first but never run together.
      const highlight = airwayHighlight(view);
      await map.show({ type: 'highlight', uri: view.uri, version: view.version, highlight });
      await map.show({ type: 'status', message: '' });
      boxes = await labelBoxes(map);
      assert.deepEqual(collisions(boxes), [], 'no two names overlap with the airway highlighted');
      const highlighted = new Set(view.points.filter((p) => highlight.pointIds.includes(p.id)).map((p) => p.name));
      const shown = [...labelled('point')].filter((name) => highlighted.has(name));
      assert.ok(shown.length >= 5, `highlighted names shown: ${shown.join(', ')}`);
      await map.screenshot(`labels-airway-highlighted-${size.width}x${size.height}-${size.theme}`);
    });
  });
}
