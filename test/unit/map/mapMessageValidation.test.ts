import assert from 'node:assert/strict';
import test from 'node:test';
import { readShowMapArguments, validateMapToHostMessage } from '../../../client/src/map/mapMessageValidation';
import { readMapFilters } from '../../../common/mapFilters';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';

const range = { start: { line: 3, character: 10 }, end: { line: 3, character: 13 } };

test('well-formed messages pass, copied without extra fields', () => {
  assert.deepEqual(validateMapToHostMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
  assert.deepEqual(
    validateMapToHostMessage({ type: 'reveal', uri: 'file:///a.route', version: 4, range, evil: '<img>' }),
    {
      type: 'reveal',
      uri: 'file:///a.route',
      version: 4,
      range,
      focus: false,
    },
  );
  // The focus moves only when the page says the user asked for it, in so many words.
  assert.equal(
    (
      validateMapToHostMessage({ type: 'reveal', uri: 'file:///a.route', version: 4, range, focus: true }) as {
        focus: boolean;
      }
    ).focus,
    true,
  );
  assert.equal(
    (
      validateMapToHostMessage({ type: 'reveal', uri: 'file:///a.route', version: 4, range, focus: 'yes' }) as {
        focus: boolean;
      }
    ).focus,
    false,
  );
  assert.deepEqual(validateMapToHostMessage({ type: 'filters', filters: DEFAULT_MAP_FILTERS, changed: [] }), {
    type: 'filters',
    filters: DEFAULT_MAP_FILTERS,
    changed: [],
  });
  assert.deepEqual(
    validateMapToHostMessage({ type: 'filters', filters: DEFAULT_MAP_FILTERS, changed: ['levels', 'levels'] }),
    { type: 'filters', filters: DEFAULT_MAP_FILTERS, changed: ['levels'] },
  );
  assert.deepEqual(validateMapToHostMessage({ type: 'export', format: 'gpx' }), { type: 'export', format: 'gpx' });
  // "Export briefing" carries nothing: whatever else the page sends with it is dropped.
  assert.deepEqual(validateMapToHostMessage({ type: 'exportBriefing', markdown: '# injected' }), {
    type: 'exportBriefing',
  });
});

test('malformed messages are refused', () => {
  const bad: unknown[] = [
    null,
    'ready',
    [],
    { type: 'run', command: 'rm' },
    { type: 'reveal', uri: 'file:///a.route', version: -1, range },
    { type: 'reveal', uri: 'file:///a.route', version: 1.5, range },
    { type: 'reveal', uri: 42, version: 1, range },
    { type: 'reveal', uri: 'file:///a.route', version: 1 },
    {
      type: 'reveal',
      uri: 'file:///a.route',
      version: 1,
      range: { start: { line: 3, character: 9 }, end: { line: 2, character: 0 } },
    },
    {
      type: 'reveal',
      uri: 'file:///a.route',
      version: 1,
      range: { start: { line: '3', character: 1 }, end: { line: 3, character: 2 } },
    },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, corridorNm: -5 } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, corridorNm: Number.NaN } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, aerodromeCorridorNm: 1e9 } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, layers: { ...DEFAULT_MAP_FILTERS.layers, notams: 'yes' } } },
    { type: 'filters', filters: { corridorNm: 30, aerodromeCorridorNm: 50 } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, levels: { mode: 'cruise' } } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, levels: 'all' } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, levels: { mode: 'band', lowerFt: 30000, upperFt: 10000 } } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, levels: { mode: 'band', lowerFt: 0 } } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, levels: { mode: 'band', lowerFt: 0, upperFt: 1e7 } } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, levels: { mode: 'band', lowerFt: '0', upperFt: 100 } } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, timeMarginMin: -1 } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, timeMarginMin: 24 * 60 + 1 } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, timeMarginMin: Number.POSITIVE_INFINITY } },
    { type: 'filters', filters: { ...DEFAULT_MAP_FILTERS, timeMarginMin: '30' } },
    // What the user changed is a list of judging filters, and always given.
    { type: 'filters', filters: DEFAULT_MAP_FILTERS },
    { type: 'filters', filters: DEFAULT_MAP_FILTERS, changed: ['layers'] },
    { type: 'filters', filters: DEFAULT_MAP_FILTERS, changed: 'corridorNm' },
    { type: 'export', format: 'kml' },
  ];
  for (const message of bad) assert.equal(validateMapToHostMessage(message), undefined, JSON.stringify(message));
});

test('the level and time filters the page posts pass as they are, copied', () => {
  for (const levels of [
    { mode: 'all' },
    { mode: 'planned' },
    { mode: 'band', lowerFt: 10000, upperFt: 30000 },
    { mode: 'band', lowerFt: 24500, upperFt: 24500 },
  ] as const) {
    const filters = { ...DEFAULT_MAP_FILTERS, levels: { ...levels, extra: '<img>' }, timeMarginMin: 45 };
    assert.deepEqual(validateMapToHostMessage({ type: 'filters', filters, changed: ['levels', 'timeMarginMin'] }), {
      type: 'filters',
      filters: { ...DEFAULT_MAP_FILTERS, levels, timeMarginMin: 45 },
      changed: ['levels', 'timeMarginMin'],
    });
  }
});

test('state saved before the level and time filters existed reads with their defaults', () => {
  const { levels: _levels, timeMarginMin: _margin, ...older } = DEFAULT_MAP_FILTERS;
  assert.deepEqual(readMapFilters({ ...older, corridorNm: 20 }), { ...DEFAULT_MAP_FILTERS, corridorNm: 20 });
});

test('the traffic layer switch: a boolean only; state saved before the layer existed reads it off', () => {
  assert.deepEqual(validateMapToHostMessage({ type: 'trafficLayer', on: true, extra: 1 }), {
    type: 'trafficLayer',
    on: true,
  });
  assert.equal(validateMapToHostMessage({ type: 'trafficLayer', on: 'yes' }), undefined);
  assert.equal(validateMapToHostMessage({ type: 'trafficLayer' }), undefined);
  assert.equal(DEFAULT_MAP_FILTERS.layers.traffic, false, 'off by default');
  const { traffic: _traffic, ...olderLayers } = DEFAULT_MAP_FILTERS.layers;
  assert.deepEqual(readMapFilters({ ...DEFAULT_MAP_FILTERS, layers: olderLayers }), DEFAULT_MAP_FILTERS);
  assert.equal(
    readMapFilters({ ...DEFAULT_MAP_FILTERS, layers: { ...DEFAULT_MAP_FILTERS.layers, traffic: 'on' } }),
    undefined,
  );
  assert.equal(
    readMapFilters({ ...DEFAULT_MAP_FILTERS, layers: { ...olderLayers, traffic: true } })?.layers.traffic,
    true,
  );
});

test('showMap arguments: a Uri from a menu, (uri, position) from a code lens, { uri, position, itemId } from a code action', () => {
  const position = { line: 4, character: 2 };
  const menuUri = { scheme: 'file', path: '/a.route', toString: () => 'file:///a.route' };
  assert.deepEqual(readShowMapArguments(undefined), {});
  assert.deepEqual(readShowMapArguments(menuUri), { uri: 'file:///a.route' });
  assert.deepEqual(readShowMapArguments('file:///a.route', position), { uri: 'file:///a.route', position });
  assert.deepEqual(readShowMapArguments({ uri: 'file:///a.route', position, itemId: 'a12', extra: 1 }), {
    uri: 'file:///a.route',
    position,
    itemId: 'a12',
  });
  assert.deepEqual(readShowMapArguments({ uri: 'file:///a.route', itemId: 'n3' }), {
    uri: 'file:///a.route',
    itemId: 'n3',
  });
  // Malformed parts are left out; a malformed uri leaves nothing.
  assert.deepEqual(readShowMapArguments({ uri: 'file:///a.route', position: { line: -1, character: 0 }, itemId: 7 }), {
    uri: 'file:///a.route',
  });
  assert.deepEqual(readShowMapArguments({ uri: 'file:///a.route', itemId: 'x'.repeat(300) }), {
    uri: 'file:///a.route',
  });
  assert.deepEqual(readShowMapArguments({ uri: '' }), {});
  assert.deepEqual(readShowMapArguments('x'.repeat(5000)), {});
  assert.deepEqual(readShowMapArguments(42, position), { position });
});
