import assert from 'node:assert/strict';
import test from 'node:test';
import { chooseFilters, chosenFromState, chosenKeysOfState } from '../../../client/src/map/chosenFilters';
import { filtersFrom } from '../../../server/src/lsp/mapRequests';
import type { MapSettings } from '../../../server/src/lsp/settings';
import { DEFAULT_MAP_FILTERS, JUDGING_FILTERS, type MapFilters } from '../../../common/protocol/mapMessages';

/** A user who set a 20 NM corridor, all levels and a 10-minute margin in the settings. */
const settings: MapSettings = {
  corridorNm: 20,
  aerodromeCorridorNm: 40,
  levels: { mode: 'all' },
  timeMarginMin: 10,
  airspaceFiles: [],
};
const shown = filtersFrom(settings, {});
const page = (change: Partial<MapFilters>): MapFilters => ({ ...structuredClone(shown), ...change });

test('the settings judge until the user changes a filter on the page; a layer switch changes none', () => {
  assert.equal(shown.corridorNm, 20);
  const layersOnly = chooseFilters({}, page({ layers: { ...shown.layers, notams: false } }), []);
  assert.deepEqual(layersOnly, { chosen: {}, judgementChanged: false });
  assert.deepEqual(filtersFrom(settings, layersOnly.chosen), shown);
  // Before any view came (no route here, a failure): a layer switch still fixes nothing.
  const beforeAnyView = chooseFilters({}, structuredClone(DEFAULT_MAP_FILTERS), []);
  assert.deepEqual(beforeAnyView, { chosen: {}, judgementChanged: false });
});

test('a filter changed on the page is kept, and the settings give the rest', () => {
  const first = chooseFilters({}, page({ corridorNm: 50 }), ['corridorNm', 'aerodromeCorridorNm']);
  assert.deepEqual(first, { chosen: { corridorNm: 50, aerodromeCorridorNm: 40 }, judgementChanged: true });
  const asked = filtersFrom(settings, first.chosen);
  assert.equal(asked.corridorNm, 50);
  assert.deepEqual(asked.levels, { mode: 'all' }, 'the level setting still applies');
  assert.equal(asked.timeMarginMin, 10);
  // Next change: the level band; the corridor chosen before stays chosen.
  const band = { mode: 'band' as const, lowerFt: 24_500, upperFt: 36_000 };
  const second = chooseFilters(first.chosen, { ...asked, levels: band }, ['levels']);
  assert.deepEqual(second, {
    chosen: { corridorNm: 50, aerodromeCorridorNm: 40, levels: band },
    judgementChanged: true,
  });
});

test('a change back to the value on screen, made before the answer came, is what is asked', () => {
  // 20 → 40, then back to 20 while the view on screen still says 20: the last choice counts.
  const first = chooseFilters({}, page({ corridorNm: 40 }), ['corridorNm', 'aerodromeCorridorNm']);
  const second = chooseFilters(first.chosen, page({ corridorNm: 20 }), ['corridorNm', 'aerodromeCorridorNm']);
  assert.equal(second.judgementChanged, true);
  assert.equal(filtersFrom(settings, second.chosen).corridorNm, 20);
});

test('after a reload the filters the user chose judge as before, and the settings give the others', () => {
  const saved = page({ corridorNm: 45, layers: { ...shown.layers, firs: false } });
  const chosen = chosenFromState(saved, chosenKeysOfState(['corridorNm', 'aerodromeCorridorNm']));
  // Settings changed after the reload: the levels follow them, the corridor chosen does not.
  const later = filtersFrom({ ...settings, corridorNm: 25, levels: { mode: 'planned' } }, chosen);
  assert.equal(later.corridorNm, 45);
  assert.deepEqual(later.levels, { mode: 'planned' });
  // Nothing chosen (only layers switched): every setting judges.
  assert.deepEqual(chosenFromState(saved, chosenKeysOfState([])), {});
  assert.deepEqual(chosenFromState(undefined, [...JUDGING_FILTERS]), {});
});

test('the saved list is read without trusting it; `true` of an earlier version stands for every filter', () => {
  assert.deepEqual(chosenKeysOfState(true), [...JUDGING_FILTERS]);
  assert.deepEqual(chosenKeysOfState(undefined), []);
  assert.deepEqual(chosenKeysOfState(['levels', 'levels']), ['levels']);
  assert.deepEqual(chosenKeysOfState(['layers']), []);
  assert.deepEqual(chosenKeysOfState('corridorNm'), []);
});
