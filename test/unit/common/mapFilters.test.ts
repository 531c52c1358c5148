/**
 * Every reader of the map's judging filters gives the same answer: the host (a page's message),
 * the server (a view request), the settings (`icaoRoute.map.levels`) and the page's own fields
 * all go through common/mapFilters.ts. A value one of them refuses, none uses; none clamps.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateMapToHostMessage } from '../../../client/src/map/mapMessageValidation';
import { levelBandOfFlightLevels, MAP_FILTER_LIMITS } from '../../../common/mapFilters';
import { DEFAULT_MAP_FILTERS, type MapFilters, type MapLevelFilter } from '../../../common/protocol/mapMessages';
import { SETTINGS } from '../../../common/settings/definitions';
import { filtersFrom } from '../../../server/src/lsp/mapRequests';
import { DEFAULT_SETTINGS, levelFilterSetting } from '../../../server/src/lsp/settings';

/** The server's settings, with values no case below asks for, so a fallback is seen as one. */
const SETTINGS_MAP = {
  ...DEFAULT_SETTINGS.map,
  corridorNm: 7,
  aerodromeCorridorNm: 9,
  levels: { mode: 'band', lowerFt: 1_100, upperFt: 1_200 } as MapLevelFilter,
  timeMarginMin: 11,
};

function hostAccepts(filters: MapFilters): boolean {
  return validateMapToHostMessage({ type: 'filters', filters, changed: [] }) !== undefined;
}

function serverUses(filters: MapFilters): boolean {
  const read = filtersFrom(SETTINGS_MAP, filters);
  const { layers: _l, ...judged } = read;
  const { layers: _a, ...asked } = filters;
  return JSON.stringify(judged) === JSON.stringify(asked);
}

const BANDS: [lowerFt: number, upperFt: number, valid: boolean][] = [
  [0, 10_000, true],
  [24_500, 24_500, true],
  [0, 99_900, true],
  [-2_000, 10_000, false],
  [-5, 30_000, false],
  [30_000, 10_000, false],
  [0, 100_000, false],
  [0, Number.NaN, false],
];

test('a level band: the host, the server and the page accept the same ones', () => {
  for (const [lowerFt, upperFt, valid] of BANDS) {
    const filters = { ...DEFAULT_MAP_FILTERS, levels: { mode: 'band' as const, lowerFt, upperFt } };
    const name = `${lowerFt}–${upperFt} ft`;
    assert.equal(hostAccepts(filters), valid, `host: ${name}`);
    assert.equal(serverUses(filters), valid, `server: ${name}`);
    if (Number.isInteger(lowerFt / 100) && Number.isInteger(upperFt / 100))
      assert.equal(levelBandOfFlightLevels(lowerFt / 100, upperFt / 100) !== undefined, valid, `page: ${name}`);
  }
});

test("the level setting's words reach exactly the band's limits", () => {
  const { min, max } = MAP_FILTER_LIMITS.levelFt;
  const words = (ft: number) => `FL${String(ft / 100).padStart(3, '0')}`;
  assert.deepEqual(levelFilterSetting(`${words(min)}-${words(max)}`), { mode: 'band', lowerFt: min, upperFt: max });
  assert.match(`${words(min)}-${words(max)}`, new RegExp(SETTINGS['icaoRoute.map.levels'].schema.pattern));
});

test('corridors and the time margin: the host and the server accept the same ones, the settings have the same limits', () => {
  const corridor = MAP_FILTER_LIMITS.corridorNm;
  const margin = MAP_FILTER_LIMITS.timeMarginMin;
  const cases: [Partial<MapFilters>, boolean][] = [
    [{ corridorNm: corridor.min }, true],
    [{ corridorNm: corridor.max }, true],
    [{ corridorNm: corridor.max + 100 }, false],
    [{ aerodromeCorridorNm: -1 }, false],
    [{ timeMarginMin: margin.max }, true],
    [{ timeMarginMin: margin.max + 1 }, false],
    [{ timeMarginMin: 30.5 }, false],
    [{ timeMarginMin: -1 }, false],
  ];
  for (const [change, valid] of cases) {
    const filters = { ...DEFAULT_MAP_FILTERS, ...change };
    assert.equal(hostAccepts(filters), valid, `host: ${JSON.stringify(change)}`);
    assert.equal(serverUses(filters), valid, `server: ${JSON.stringify(change)}`);
  }
  for (const key of ['icaoRoute.map.corridorNm', 'icaoRoute.map.aerodromeCorridorNm'] as const)
    assert.deepEqual([SETTINGS[key].schema.minimum, SETTINGS[key].schema.maximum], [corridor.min, corridor.max]);
  const schema = SETTINGS['icaoRoute.map.timeMarginMin'].schema;
  assert.deepEqual([schema.type, schema.minimum, schema.maximum], ['integer', margin.min, margin.max]);
});

test("the settings' defaults are the map's defaults", () => {
  const map = DEFAULT_SETTINGS.map;
  assert.deepEqual(
    [map.corridorNm, map.aerodromeCorridorNm, map.levels, map.timeMarginMin],
    [
      DEFAULT_MAP_FILTERS.corridorNm,
      DEFAULT_MAP_FILTERS.aerodromeCorridorNm,
      DEFAULT_MAP_FILTERS.levels,
      DEFAULT_MAP_FILTERS.timeMarginMin,
    ],
  );
});
