/**
 * The page's flight views in headless Chromium, fed what the host would post (issue 13): the
 * vertical profile and the crossing table, the level and time filters, the verdicts restyle
 * and revealItem. Screenshots: test-results/webview/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MapToHostMessage } from '../../common/protocol/mapMessages';
import { viewDelta } from '../../client/src/map/viewDelta';
import { packMapView } from '../../common/protocol/packedMapView';
import { europeView, flightView, XSS_AIRSPACE_NAME } from './support/fixtures';
import { mapPageSuite, type MapPage } from './support/mapPage';

const withPage = mapPageSuite();

/** The x and y of one entry ("x,y") of an SVG polyline's points. */
function xyOf(point: string | undefined): [number, number] {
  const [x, y] = (point ?? '').split(',').map(Number);
  assert.ok(x !== undefined && y !== undefined, `no x,y in ${point}`);
  return [x, y];
}

const filtersPosted = async (map: MapPage) =>
  (await map.posted()).filter((m): m is Extract<MapToHostMessage, { type: 'filters' }> => m.type === 'filters');

/** The verdicts message the host posts after the "all levels" filter (same version, same geometry). */
function allLevelsVerdicts() {
  const view = flightView('all');
  return {
    type: 'verdicts' as const,
    uri: view.uri,
    version: view.version,
    blockIndex: view.blockIndex,
    filters: view.filters,
    verdicts: view.verdicts!,
    crossings: view.crossings!,
    ...(view.profile ? { profile: view.profile } : {}),
  };
}

test('the crossing table and the profile show the posted rows and boxes; names with markup stay characters', async () => {
  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    await withPage({ theme, size: { width: 1300, height: 900 } }, async (map) => {
      const view = flightView();
      await map.show({ type: 'snapshot', view: packMapView(view) });
      const rows = map.page.locator('#map-crossings tbody tr');
      assert.equal(await rows.count(), 9);
      assert.match(
        (await map.page.locator('#map-crossings caption').textContent()) ?? '',
        /Crossings \(9, 8 applying\)/,
      );
      const danger = await rows.nth(4).locator('td').allTextContents();
      assert.equal(danger[3], XSS_AIRSPACE_NAME, 'the name is shown as it is written');
      assert.deepEqual(danger.slice(4), ['FL245–FL660', 'FL350', 'yes', 'yes']);
      assert.match(danger[2] ?? '', /^10:\d\dZ–10:\d\dZ$/);
      const ebr = await rows.nth(6).locator('td').allTextContents();
      assert.deepEqual(ebr.slice(3), ['EBR18', 'SFC–FL100', 'FL350', 'yes', 'no']);
      assert.equal(await rows.nth(6).getAttribute('class'), 'airspace left-out activity-active');

      // The profile: one box per area crossed, the applying ones emphasised, the route's points on the axis.
      const boxes = map.page.locator('#map-profile rect.area');
      assert.equal(await boxes.count(), 6);
      assert.equal(await map.page.locator('#map-profile rect.area.applies').count(), 5);
      assert.equal(await map.page.locator('#map-profile rect.area.left-out').getAttribute('data-item-id'), 'a2');
      assert.equal(
        await map.page.locator('#map-profile rect[data-item-id="a4"] title').textContent(),
        `${XSS_AIRSPACE_NAME} FL245–FL660`,
      );
      const names = await map.page.locator('#map-profile .axis text').allTextContents();
      assert.ok(names.includes('EGLL') && names.includes('EDDF'), names.join(' '));
      assert.match((await map.page.locator('#map-profile .grid text').allTextContents()).join(' '), /FL350|FL400/);
      // The flight climbs from the surface to FL350: its line goes from the axis to the top part of the plot.
      const points = (await map.page.locator('#map-profile polyline.flight').getAttribute('points'))!.split(' ');
      assert.equal(points.length, 4);
      const [, y0] = xyOf(points[0]);
      const [x1, y1] = xyOf(points[1]);
      assert.ok(y0 - y1 > 80, `the climb rises ${y0 - y1} px`);
      // The top of climb and of descent sit on the flight's line, named with their times over.
      assert.deepEqual(await map.page.locator('#map-profile .marks text').allTextContents(), [
        'TOC 10:17Z',
        'TOD 10:58Z',
      ]);
      const toc = map.page.locator('#map-profile .mark.toc circle');
      const [cx, cy] = [Number(await toc.getAttribute('cx')), Number(await toc.getAttribute('cy'))];
      assert.ok(
        Math.abs(cx - x1) < 0.5 && Math.abs(cy - y1) < 0.5,
        `TOC at ${cx},${cy}, the line's top at ${x1},${y1}`,
      );
      assert.match(
        (await map.page.locator('#map-profile .mark.tod title').textContent()) ?? '',
        /^Top of descent: FL350, \d+ NM, 10:58Z$/,
      );
      // Boxes named where they fit; below the distance axis, the time axis: each point's NM and ETO.
      const labels = await map.page.locator('#map-profile .area-labels text').allTextContents();
      assert.ok(labels.includes('LONDON TMA'), labels.join(' | '));
      const times = await map.page.locator('#map-profile .time-axis text').allTextContents();
      assert.ok(times.includes('0 NM') && times.includes('10:30Z'), times.join(' '));
      // No two texts of a row under the axis overlap (a distance is often wider than its name).
      const overlaps = await map.page.evaluate(() => {
        const texts = Array.from(
          document.querySelectorAll<SVGTextElement>('#map-profile .axis text, #map-profile .time-axis text'),
        );
        const boxes = texts.map((t) => ({ text: t.textContent, row: t.getAttribute('y'), box: t.getBBox() }));
        const found: string[] = [];
        for (const a of boxes)
          for (const b of boxes)
            if (a !== b && a.row === b.row && a.box.x < b.box.x && a.box.x + a.box.width > b.box.x)
              found.push(`${a.text} / ${b.text}`);
        return found;
      });
      assert.deepEqual(overlaps, []);

      // Markup in a name ran nothing and made no element.
      assert.equal(await map.page.locator('img').count(), 0);
      assert.equal(await map.page.locator('b').count(), 0);
      assert.equal(await map.page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
      await map.screenshot(`profile-table-${theme}`);
    });
  }
});

test('a row click selects its item on the map; a map click selects its row; a profile box click selects too', async () => {
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    const view = flightView();
    await map.show({ type: 'snapshot', view });
    await map.page.locator('#map-crossings tbody tr[data-item-id="a1"]').click();
    await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { rendered(): Promise<void> } }).icaoRouteMap.rendered(),
    );
    let counts = await map.counts();
    assert.deepEqual(counts.selected, ['a1']);
    assert.equal(counts.selectedItem, 'a1');
    const details = (await map.page.locator('#map-details').textContent()) ?? '';
    assert.match(details, /DOVER CTA/);
    assert.match(details, /Applies · active when the flight is there/);
    assert.match(details, /Crossed 62–80 NM at FL120–FL300/);
    assert.equal(await map.page.locator('#map-profile rect.area.selected').getAttribute('data-item-id'), 'a1');

    // A click on the danger area on the map (north of the route between KONAN and AMASI).
    await map.page.mouse.click(...(await map.pixelOf([3.5, 51.3])));
    await map.page.locator('#map-crossings tbody tr.selected[data-item-id="a4"]').waitFor();
    assert.deepEqual(
      await map.page
        .locator('#map-crossings tbody tr.selected')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.itemId)),
      ['a4'],
    );
    assert.equal(await map.page.locator('#map-details ol.stack strong').textContent(), XSS_AIRSPACE_NAME);
    assert.match((await map.page.locator('#map-details').textContent()) ?? '', /At FL350 over KONAN–AMASI at 10:42Z/);

    // A click on a box in the profile.
    await map.page.locator('#map-profile rect[data-item-id="a3"]').click({ force: true });
    counts = await map.counts();
    assert.deepEqual(counts.selected, ['a3']);
    assert.equal(await map.page.locator('#map-crossings tbody tr.selected').getAttribute('data-item-id'), 'a3');
    assert.match((await map.page.locator('#map-details').textContent()) ?? '', /FRANKFURT CTR/);
    await map.screenshot('profile-table-selected');
  });
});

test('the level and time controls post well-formed filters and keep them in the webview state', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    await map.show({ type: 'snapshot', view: flightView() });
    assert.equal(await map.page.locator('#levels-planned').isChecked(), true);
    assert.equal(await map.page.locator('#band-lower-fl').isVisible(), false);

    await map.page.locator('#levels-all').check();
    let last = (await filtersPosted(map)).at(-1)!;
    assert.deepEqual(last.filters.levels, { mode: 'all' });
    assert.match((await map.page.locator('#map-status').textContent()) ?? '', /Judging/);

    await map.page.locator('#levels-band').check();
    await map.page.locator('#band-lower-fl').fill('100');
    await map.page.locator('#band-lower-fl').dispatchEvent('change');
    await map.page.locator('#band-upper-fl').fill('300');
    await map.page.locator('#band-upper-fl').dispatchEvent('change');
    last = (await filtersPosted(map)).at(-1)!;
    assert.deepEqual(last.filters.levels, { mode: 'band', lowerFt: 10000, upperFt: 30000 });

    // A band upside down is not a filter: nothing is posted and the field says so.
    const before = (await filtersPosted(map)).length;
    await map.page.locator('#band-upper-fl').fill('50');
    await map.page.locator('#band-upper-fl').dispatchEvent('change');
    assert.equal((await filtersPosted(map)).length, before);
    assert.equal(
      await map.page.locator('#band-upper-fl').evaluate((e) => (e as HTMLInputElement).validity.valid),
      false,
    );

    await map.page.locator('#time-margin-min').fill('45');
    await map.page.locator('#time-margin-min').dispatchEvent('change');
    last = (await filtersPosted(map)).at(-1)!;
    assert.equal(last.filters.timeMarginMin, 45);
    assert.deepEqual(last.filters.levels, { mode: 'band', lowerFt: 10000, upperFt: 30000 });
    assert.deepEqual(last.changed, ['timeMarginMin'], 'each message names the filter the user just changed');
    const state = await map.state();
    assert.deepEqual(state?.filtersChosen, ['levels', 'timeMarginMin']);
    assert.equal(state?.filters?.timeMarginMin, 45);
    assert.deepEqual(state?.filters?.levels, { mode: 'band', lowerFt: 10000, upperFt: 30000 });
  });

  // After a reload, the saved band is shown (the host's next view confirms it).
  const state = {
    uri: europeView().uri,
    filters: {
      ...flightView().filters,
      levels: { mode: 'band' as const, lowerFt: 9500, upperFt: 24500 },
      timeMarginMin: 15,
    },
  };
  await withPage({ theme: 'light', state }, async (map) => {
    assert.equal(await map.page.locator('#levels-band').isChecked(), true);
    assert.equal(await map.page.locator('#band-lower-fl').inputValue(), '95');
    assert.equal(await map.page.locator('#band-upper-fl').inputValue(), '245');
    assert.equal(await map.page.locator('#time-margin-min').inputValue(), '15');
  });
});

test('a verdicts message restyles the features by id without making them again; another version is ignored', async () => {
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    await map.show({ type: 'snapshot', view: packMapView(flightView()) });
    await map.page.locator('#map-crossings tbody tr[data-item-id="a4"]').click();
    let counts = await map.counts();
    assert.equal(counts.airspaces, 4);
    assert.equal(counts.leftOutAirspaces, 1);
    assert.equal(counts.notams, 2);
    // C0789/26 (left out by level); D0001/26, outside the corridor, travels without its shape.
    assert.equal(counts.leftOutNotams, 1);
    const made = counts.featuresMade;

    await map.page.locator('#levels-all').check();
    await map.show(allLevelsVerdicts());
    counts = await map.counts();
    assert.equal(counts.featuresMade, made, 'no feature was made again');
    assert.equal(counts.airspaces, 5);
    assert.equal(counts.leftOutAirspaces, 0);
    assert.equal(counts.notams, 3);
    assert.equal(await map.page.locator('#map-crossings tbody tr.left-out').count(), 0);
    assert.equal(await map.page.locator('#map-profile rect.area.left-out').count(), 0);
    assert.match((await map.page.locator('#map-notam-list h2').textContent()) ?? '', /NOTAMs \(3, 1 left out\)/);
    assert.equal(await map.page.locator('#map-status').isHidden(), true, 'the "Judging…" status is gone');
    assert.deepEqual(counts.selected, ['a4'], 'the selection stays');
    assert.equal(await map.page.locator('#map-crossings tbody tr.selected').getAttribute('data-item-id'), 'a4');

    // Verdicts for another version (the document changed meanwhile) are not applied.
    await map.show({ ...allLevelsVerdicts(), version: 2, verdicts: flightView('planned').verdicts! });
    assert.equal((await map.counts()).leftOutAirspaces, 0);
  });
});

test('new verdicts update the NOTAM list in place: unchanged rows stay, rows come and go in order', async () => {
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    await map.show({ type: 'snapshot', view: packMapView(flightView()) });
    const rows = () =>
      map.page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLIElement>('#map-notam-list li')).map((li) => ({
          id: li.dataset.itemId,
          text: li.textContent,
          kept: (li as unknown as { __mark?: boolean }).__mark === true,
        })),
      );
    const before = await rows();
    assert.deepEqual(
      before.map((r) => r.id),
      ['n0', 'n1'],
    );
    await map.page.evaluate(() => {
      for (const li of Array.from(document.querySelectorAll('#map-notam-list li')))
        (li as unknown as { __mark: boolean }).__mark = true;
    });
    await map.show(allLevelsVerdicts());
    const after = await rows();
    // C0789/26 (n2) now applies: it joins in the host's order; the rows that read the same are the same elements.
    assert.deepEqual(
      after.map((r) => [r.id, r.kept]),
      [
        ['n0', true],
        ['n1', true],
        ['n2', false],
      ],
    );
    assert.match(after[2]?.text ?? '', /C0789\/26/);
    // A kept row opens the NOTAM of the view shown now.
    await map.page.locator('#map-notam-list li[data-item-id="n0"] button').click();
    await map.page.locator('#map-details h2', { hasText: 'NOTAM' }).waitFor();
    assert.match((await map.page.locator('#map-details h2').textContent()) ?? '', /NOTAM A1234\/26/);
    // Back to the planned levels: n2 leaves, the others stay.
    await map.show({ ...allLevelsVerdicts(), verdicts: flightView('planned').verdicts! });
    assert.deepEqual(
      (await rows()).map((r) => [r.id, r.kept]),
      [
        ['n0', true],
        ['n1', true],
      ],
    );
  });
});

test('left-out items are hidden, or drawn faded with the switch, which is kept in the state', async () => {
  await withPage({ theme: 'dark', size: { width: 1300, height: 900 } }, async (map) => {
    await map.show({ type: 'snapshot', view: flightView() });
    // EBR18 (left out) is not drawn: a click there finds nothing to select.
    await map.page.mouse.click(...(await map.pixelOf([5.75, 50.85])));
    await map.page.waitForTimeout(400);
    assert.equal((await map.counts()).selectedItem, undefined);
    assert.equal(await map.page.locator('#map-notam-list li').count(), 2);

    await map.page.locator('#show-left-out').check();
    await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { rendered(): Promise<void> } }).icaoRouteMap.rendered(),
    );
    assert.equal((await map.counts()).showLeftOut, true);
    assert.equal((await map.state())?.showLeftOut, true);
    assert.equal(await map.page.locator('#map-notam-list li.left-out').count(), 2);
    await map.page.mouse.click(...(await map.pixelOf([5.75, 50.85])));
    await map.page.locator('#map-details .verdict').first().waitFor();
    const details = (await map.page.locator('#map-details').textContent()) ?? '';
    assert.match(details, /EBR18/);
    assert.match(details, /Left out · active when the flight is there/);
    assert.match(details, /SFC–FL100 does not include FL350/);
    await map.screenshot('left-out-shown-dark');
  });
});

test('revealItem selects the item, fits the view to it and opens its popup', async () => {
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    await map.show({ type: 'snapshot', view: flightView() });
    const zoomBefore = await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { zoom(): number } }).icaoRouteMap.zoom(),
    );
    await map.show({ type: 'revealItem', itemId: 'a4' });
    const counts = await map.counts();
    assert.deepEqual(counts.selected, ['a4']);
    const zoom = await map.page.evaluate(() =>
      (window as unknown as { icaoRouteMap: { zoom(): number } }).icaoRouteMap.zoom(),
    );
    assert.ok(zoom > zoomBefore, `zoomed in from ${zoomBefore} to ${zoom}`);
    // The area fills the map: both of its corners are in view, its middle near the map's.
    const box = (await map.page.locator('#map').boundingBox())!;
    for (const corner of [
      [2.6, 50.6],
      [4.4, 51.4],
    ] as [number, number][]) {
      const [x, y] = await map.pixelOf(corner);
      assert.ok(x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height, `${corner} in view`);
    }
    const [cx, cy] = await map.pixelOf([3.5, 51.0]);
    assert.ok(
      Math.abs(cx - (box.x + box.width / 2)) < box.width / 6 &&
        Math.abs(cy - (box.y + box.height / 2)) < box.height / 6,
    );
    assert.equal(await map.page.locator('#map-details ol.stack strong').textContent(), XSS_AIRSPACE_NAME);
    assert.equal(await map.page.locator('#map-crossings tbody tr.selected').getAttribute('data-item-id'), 'a4');
    await map.screenshot('reveal-item');

    // A left-out NOTAM is revealed too (outlined even though its layer hides it).
    await map.show({ type: 'revealItem', itemId: 'n2' });
    assert.deepEqual((await map.counts()).selected, ['n2']);
    assert.match((await map.page.locator('#map-details').textContent()) ?? '', /NOTAM C0789\/26/);

    await map.show({ type: 'revealItem', itemId: 'nothing-here' });
    assert.match((await map.page.locator('#map-status').textContent()) ?? '', /not on this map/);
  });
});

test('a snapshot by difference (keepShapes) of the block drawn keeps the areas the page has and draws like a full one', async () => {
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    const full = flightView();
    const first = { ...full, airspaces: full.airspaces.filter((a) => a.id !== 'a3') };
    await map.show({ type: 'snapshot', view: packMapView(first) });
    const before = await map.counts();
    assert.equal(before.airspaces, 3);
    // An edit (a new version) with a wider corridor: FRANKFURT CTR comes in.
    const next = { ...full, version: full.version + 1 };
    const light = viewDelta(first, next)!;
    // Only the new airspace travels; the unchanged ones are the page's.
    assert.deepEqual(
      light.view.airspaces.map((a) => a.id),
      ['a3'],
    );
    await map.show({ type: 'snapshot', ...light });
    const after = await map.counts();
    assert.equal(after.airspaces, 4);
    assert.equal(after.leftOutAirspaces, 1);
    assert.equal(after.notams, 2);
    assert.equal(after.firs, 3);
    // Made again: the route (6 points, 5 legs), the microlight and the one new airspace; nothing else.
    assert.equal(after.featuresMade - before.featuresMade, 6 + 5 + 1 + 1);
    // The kept areas are where they were, with their data: a click on the danger area finds it.
    await map.page.mouse.click(...(await map.pixelOf([3.5, 51.3])));
    await map.page.locator('#map-crossings tbody tr.selected[data-item-id="a4"]').waitFor();
    assert.equal(await map.page.locator('#map-details ol.stack strong').textContent(), XSS_AIRSPACE_NAME);
    assert.match((await map.page.locator('#map-notam-list h2').textContent()) ?? '', /NOTAMs \(2, 2 left out\)/);
    await map.page.mouse.click(...(await map.pixelOf([8.75, 49.95])));
    await map.page.locator('#map-crossings tbody tr.selected[data-item-id="a3"]').waitFor();
  });
  // A page that does not have the block (it was reloaded meanwhile) asks for all of it.
  await withPage({ theme: 'light' }, async (map) => {
    const full = flightView();
    await map.show({ type: 'snapshot', ...viewDelta(full, full)! });
    // At load the page says it is ready and the traffic switch's state; then it asks again.
    assert.deepEqual(
      (await map.posted()).map((m) => m.type),
      ['ready', 'trafficLayer', 'ready'],
    );
    assert.equal((await map.counts()).airspaces, 0);
  });
});
