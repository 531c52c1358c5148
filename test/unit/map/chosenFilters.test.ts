import assert from 'node:assert/strict';
import test from 'node:test';
import { chooseFilters, chosenFromState } from '../../../client/src/map/chosenFilters';
import { filtersFrom } from '../../../server/src/lsp/mapRequests';
import type { MapSettings } from '../../../server/src/lsp/settings';
import { DEFAULT_MAP_FILTERS, type MapFilters } from '../../../server/src/protocol/mapMessages';

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

test('the settings judge until the user changes a filter on the page', () => {
  assert.equal(shown.corridorNm, 20);
  // A page that only switched a layer posts every filter, equal to the view on screen.
  const layersOnly = chooseFilters({}, page({ layers: { ...shown.layers, notams: false } }), shown);
  assert.deepEqual(layersOnly, { chosen: {}, judgementChanged: false });
  assert.deepEqual(filtersFrom(settings, layersOnly.chosen), shown);
  // The page posts its filters only when the user changes one: with no view on screen yet,
  // every judging filter it sends is the user's.
  const beforeAnyView = chooseFilters({}, structuredClone(DEFAULT_MAP_FILTERS), undefined);
  assert.equal(beforeAnyView.judgementChanged, true);
  assert.equal(beforeAnyView.chosen.corridorNm, DEFAULT_MAP_FILTERS.corridorNm);
});

test('a filter changed on the page is kept, and the settings give the rest', () => {
  const first = chooseFilters({}, page({ corridorNm: 50 }), shown);
  assert.deepEqual(first, { chosen: { corridorNm: 50 }, judgementChanged: true });
  const asked = filtersFrom(settings, first.chosen);
  assert.equal(asked.corridorNm, 50);
  assert.deepEqual(asked.levels, { mode: 'all' }, 'the level setting still applies');
  assert.equal(asked.timeMarginMin, 10);
  // Next change: the level band; the corridor chosen before stays chosen.
  const band = { mode: 'band' as const, lowerFt: 24_500, upperFt: 36_000 };
  const second = chooseFilters(first.chosen, { ...asked, levels: band }, asked);
  assert.deepEqual(second, { chosen: { corridorNm: 50, levels: band }, judgementChanged: true });
});

test('after a reload the saved page filters judge as before', () => {
  const saved = page({ corridorNm: 45, layers: { ...shown.layers, firs: false } });
  const chosen = chosenFromState(saved);
  assert.deepEqual(filtersFrom(settings, chosen), { ...saved, layers: DEFAULT_MAP_FILTERS.layers });
  assert.deepEqual(chosenFromState(undefined), {});
});
