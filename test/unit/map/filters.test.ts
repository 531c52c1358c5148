/**
 * The map's filters as the server takes them: what the page asks (through the client, so not
 * trusted) is checked over the settings' defaults; the level filter setting is read from its
 * words; and a view without expansion, or of an FPL message, is judged without a crash, timed by
 * the FPL's own EOBT and DOF.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filtersFrom } from '../../../server/src/lsp/mapRequests';
import { DEFAULT_SETTINGS, levelFilterSetting, mergeSettings, readSettings } from '../../../server/src/lsp/settings';
import { buildMapView, NO_MAP_DATA } from '../../../server/src/map/mapView';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';

const MAP = DEFAULT_SETTINGS.map;

test('the level filter setting: planned, all, or a band in flight levels; anything else is not read', () => {
  assert.deepEqual(levelFilterSetting('planned'), { mode: 'planned' });
  assert.deepEqual(levelFilterSetting('all'), { mode: 'all' });
  assert.deepEqual(levelFilterSetting('FL245-FL100'), { mode: 'band', lowerFt: 10_000, upperFt: 24_500 });
  for (const bad of ['FL1-FL2', 'band', 42, null, {}]) assert.equal(levelFilterSetting(bad), undefined);
  assert.deepEqual(MAP.levels, { mode: 'planned' });
  assert.equal(MAP.timeMarginMin, 30);
});

test('the departure time setting: ISO UTC only; empty means now', () => {
  const read = (value: unknown) =>
    mergeSettings(DEFAULT_SETTINGS, readSettings({ icaoRoute: { flight: { departureTime: value } } })).departureMs;
  assert.equal(read('2026-11-24T09:30Z'), Date.UTC(2026, 10, 24, 9, 30));
  assert.equal(read(''), undefined);
  assert.equal(read('24 Nov 2026 09:30'), undefined, 'not ISO: the default (now) stays');
  assert.equal(read('2026-11-24T09:30'), undefined, 'no zone: not read as local time');
});

test('what the page asks is checked: a bad level filter or margin falls back to the settings', () => {
  const settings = { ...MAP, levels: { mode: 'all' as const }, timeMarginMin: 15 };
  assert.deepEqual(filtersFrom(settings, undefined).levels, { mode: 'all' });
  assert.equal(filtersFrom(settings, undefined).timeMarginMin, 15);
  const asked = filtersFrom(settings, {
    levels: { mode: 'band', lowerFt: 30_000, upperFt: -5 },
    timeMarginMin: 1e9,
  });
  assert.deepEqual(asked.levels, { mode: 'all' }, 'a band below 0 ft is refused, not clamped');
  assert.equal(asked.timeMarginMin, 15, 'a margin beyond a day is refused, not clamped');
  const hostile = filtersFrom(settings, {
    levels: { mode: '<script>' } as never,
    timeMarginMin: Number.NaN,
    corridorNm: 'wide' as never,
  });
  assert.deepEqual([hostile.levels, hostile.timeMarginMin, hostile.corridorNm], [{ mode: 'all' }, 15, MAP.corridorNm]);
});

test('an FPL message is timed by its EOBT and DOF; a block without expansion gets an empty judgement', () => {
  const fpl =
    '(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGHIRWY/LB1\n-EGLL2330\n-N0450F350 DVR UL9 KONAN\n-EDDF0105 EDDK\n-DOF/261123)\n';
  const block = parseRouteDocument(fpl).blocks.find((b) => b.fpl)!;
  const view = buildMapView({
    uri: 'file:///f.route',
    version: 1,
    blockIndex: 0,
    referenceMs: Date.UTC(2026, 0, 1),
    block,
    expansion: undefined,
    data: NO_MAP_DATA,
    filters: DEFAULT_MAP_FILTERS,
  }).view;
  assert.match(view.flightTime!, /^EOBT 2330Z on DOF 261123: from the first point at 23 Nov 2026 23:30Z\./);
  assert.deepEqual([view.verdicts, view.crossings], [{}, []]);
  assert.deepEqual(view.profile!.flight, []);
});
