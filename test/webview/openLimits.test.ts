/**
 * An airspace whose ceiling is AIXM's FLOOR (issue 37 §4): the profile draws its box fading out
 * at the top, with a question mark there and the reason in its title, not as a box reaching an
 * unlimited ceiling.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import type { MapProfile } from '../../common/protocol/mapMessages';
import { packMapView } from '../../common/protocol/packedMapView';
import { flightView } from './support/fixtures';
import { mapPageSuite } from './support/mapPage';

const withPage = mapPageSuite();

/**
 * The colour of one CSS pixel of the page as drawn: a 1×1 screenshot. Its one row's filter
 * predicts from nothing (no pixel to the left or above), so the bytes after the filter type are
 * the pixel itself, whatever the filter.
 */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  assert.equal(png.readUInt32BE(16), 1, 'one pixel wide (a device pixel ratio of 1)');
  return [...zlib.inflateSync(Buffer.concat(idat)).subarray(1, 4)];
}

const difference = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

const WHY =
  "upper limit 'FLOOR' (AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere) is not known here";

test("a FLOOR ceiling in the profile: the box fades out at the top, a '?' there, the reason in its title", async () => {
  await withPage({ theme: 'dark', size: { width: 1300, height: 900 } }, async (map) => {
    const base = flightView();
    const profile: MapProfile = structuredClone(base.profile!);
    const tsa = {
      itemId: 'a9',
      kind: 'airspace' as const,
      name: 'EBTSA-K',
      fromNm: profile.totalNm * 0.3,
      toNm: profile.totalNm * 0.6,
      floorFt: 19_500,
      ceilingFt: 66_000,
      label: 'FL195–FLOOR',
      applies: true,
      openLimit: { side: 'upper' as const, why: WHY },
    };
    // Alone, so that nothing else is drawn where its pixels are read.
    profile.areas = [tsa];
    await map.show({ type: 'snapshot', view: packMapView({ ...base, profile }) });

    const box = map.page.locator('#map-profile rect[data-item-id="a9"]');
    assert.match((await box.getAttribute('class')) ?? '', /\bopen-upper\b/);
    assert.equal(await box.getAttribute('mask'), 'url(#profile-open-upper)');
    assert.equal(await box.locator('title').textContent(), `EBTSA-K FL195–FLOOR: ${WHY}`);
    // The mask fades from nothing at the box's top (1/12 of the mask, which reaches beyond the box) to whole halfway down.
    const stops = await map.page
      .locator('#profile-fade-upper stop')
      .evaluateAll((all) => all.map((s) => [s.getAttribute('offset'), s.getAttribute('stop-opacity')]));
    assert.deepEqual(stops, [
      ['0.0833', '0'],
      ['0.5000', '1'],
    ]);
    assert.equal(await map.page.locator('#map-profile mask#profile-open-upper').count(), 1);
    // Drawn by the browser: the box's top is the page behind it, its lower part is filled.
    const place = await box.evaluate((rect) => {
      const svgBox = (rect as SVGRectElement).ownerSVGElement!.getBoundingClientRect();
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
      return { left: svgBox.left + x!, top: svgBox.top + y!, width: w!, height: h! };
    });
    const centre = place.left + place.width / 2;
    const outside = place.left - 6;
    const nearTop = place.top + 2;
    const low = place.top + place.height * 0.75;
    const [topInside, topOutside] = [await pixel(map.page, centre, nearTop), await pixel(map.page, outside, nearTop)];
    const [lowInside, lowOutside] = [await pixel(map.page, centre, low), await pixel(map.page, outside, low)];
    assert.ok(difference(topInside, topOutside) <= 6, `near the top ${topInside} against ${topOutside} beside it`);
    assert.ok(difference(lowInside, lowOutside) > 20, `lower down ${lowInside} against ${lowOutside} beside it`);
    // A question mark at its open top.
    const marks = map.page.locator('#map-profile .area-labels text.open-limit');
    assert.equal(await marks.count(), 1);
    assert.equal(await marks.textContent(), '?');
    const [markY, boxY] = [Number(await marks.getAttribute('y')), Number(await box.getAttribute('y'))];
    assert.ok(markY > boxY && markY < boxY + 16, `the '?' at ${markY}, the box's top at ${boxY}`);
    await map.screenshot('profile-open-ceiling-dark');
  });
});
