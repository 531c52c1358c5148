/**
 * The NOTAM list as a briefing (issue 25), in headless Chromium: grouped by departure, en route
 * by FIR in route order, destination; each NOTAM by its decoded subject, then its E line; a
 * click shows the whole NOTAM in ICAO form.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MapNotam } from '../../common/protocol/mapMessages';
import { europeView } from './support/fixtures';
import { mapPageSuite } from './support/mapPage';

const withPage = mapPageSuite();

function briefingView() {
  const base = europeView();
  const [n0, n1, n2] = base.notams;
  const extra = (id: string, number: string, location: string, text: string): MapNotam => ({
    ...n1!,
    id,
    number,
    location,
    text,
  });
  // In the host's order, which is not the briefing's.
  const notams: MapNotam[] = [
    { ...n2!, decoded: 'Obstacle erected', code: 'QOBCE', briefing: { section: 'enroute', fir: 'EDGG', alongNm: 280 } },
    {
      ...extra('n5', 'A0990/26', 'EDDF', 'RWY 07C/25C EDGE LIGHTS U/S'),
      decoded: 'Runway edge lights unserviceable',
      code: 'QLEAS',
      briefing: { section: 'destination', alongNm: 340 },
    },
    {
      ...n1!,
      decoded: 'Restricted area activated',
      code: 'QRRCA',
      fir: 'EBBU',
      briefing: { section: 'enroute', fir: 'EBBU', alongNm: 150 },
    },
    {
      ...n0!,
      text: 'RWY 09L/27R CLSD',
      decoded: 'Runway closed',
      code: 'QMRLC',
      briefing: { section: 'departure', alongNm: 0 },
    },
    {
      ...extra('n4', 'G0321/26', 'EGTT', 'DANGER AREA EG-D044 ACTIVE'),
      decoded: 'Danger area activated',
      code: 'QRDCA',
      briefing: { section: 'enroute', fir: 'EGTT', alongNm: 40 },
    },
  ];
  return europeView({ notams });
}

test('the NOTAM list reads as a briefing: departure, en route by FIR in route order, destination; subject, then E line', async () => {
  await withPage({ theme: 'light', size: { width: 1600, height: 1000 } }, async (map) => {
    await map.show({ type: 'snapshot', view: briefingView() });
    const groups = await map.page.locator('#map-notam-list .notam-group h3').allTextContents();
    assert.deepEqual(groups, [
      'Departure EGLL',
      'En route · FIR EGTT',
      'En route · FIR EBBU',
      'En route · FIR EDGG',
      'Destination EDDF',
    ]);
    const rows = await map.page.locator('#map-notam-list li').evaluateAll((items) =>
      items.map((li) => ({
        button: li.querySelector('button')?.textContent,
        subject: li.querySelector('.subject')?.textContent,
        e: li.querySelector('.e-line')?.textContent,
      })),
    );
    assert.deepEqual(rows, [
      { button: 'A1234/26 EGLL', subject: 'Runway closed', e: 'RWY 09L/27R CLSD' },
      { button: 'G0321/26 EGTT', subject: 'Danger area activated', e: 'DANGER AREA EG-D044 ACTIVE' },
      { button: 'B0456/26 EBBU', subject: 'Restricted area activated', e: 'TEMPO RESTRICTED AREA ACTIVATED' },
      { button: 'C0789/26 EDGG', subject: 'Obstacle erected', e: 'CRANE 350 FT AGL' },
      { button: 'A0990/26 EDDF', subject: 'Runway edge lights unserviceable', e: 'RWY 07C/25C EDGE LIGHTS U/S' },
    ]);
    // The subject comes before the E line on screen.
    const first = map.page.locator('#map-notam-list li').first();
    const [subject, eLine] = [
      (await first.locator('.subject').boundingBox())!,
      (await first.locator('.e-line').boundingBox())!,
    ];
    assert.ok(subject.y < eLine.y);

    // Opening one shows the whole NOTAM in ICAO form, in view.
    await map.page.locator('#map-notam-list button', { hasText: 'B0456/26' }).click();
    const details = map.page.locator('#map-details');
    assert.equal(await details.locator('.subject').textContent(), 'Restricted area activated');
    assert.equal(
      await details.locator('pre.notam-icao').textContent(),
      [
        'B0456/26 NOTAMN',
        'Q) EBBU/QRRCA////000/100/5054N00412E015',
        'A) EBBU B) 2611230600 C) 2611231800',
        'E) TEMPO RESTRICTED AREA ACTIVATED',
        'F) SFC G) FL100',
      ].join('\n'),
    );
    assert.equal(await details.isVisible(), true);
    const box = (await details.boundingBox())!;
    assert.ok(box.y >= 0 && box.y < 1000, 'the details are in view');
    await map.screenshot('briefing-light');
  });
});
