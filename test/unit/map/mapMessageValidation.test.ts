import assert from 'node:assert/strict';
import test from 'node:test';
import { validateMapToHostMessage } from '../../../client/src/map/mapMessageValidation';
import { DEFAULT_MAP_FILTERS } from '../../../server/src/protocol/mapMessages';

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
    },
  );
  assert.deepEqual(validateMapToHostMessage({ type: 'filters', filters: DEFAULT_MAP_FILTERS }), {
    type: 'filters',
    filters: DEFAULT_MAP_FILTERS,
  });
  assert.deepEqual(validateMapToHostMessage({ type: 'export', format: 'gpx' }), { type: 'export', format: 'gpx' });
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
    { type: 'export', format: 'kml' },
  ];
  for (const message of bad) assert.equal(validateMapToHostMessage(message), undefined, JSON.stringify(message));
});
