/** The small pieces of the server's wiring that the protocol tests cannot reach reliably. */
import assert from 'node:assert/strict';
import test from 'node:test';
import { inspect } from 'node:util';
import { CancellationTokenSource, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { HubCredentials } from '../../../server/src/lsp/credentials';
import { guard } from '../../../server/src/lsp/guard';
import { DEFAULT_SETTINGS, mergeSettings, readSettings } from '../../../server/src/lsp/settings';
import { first } from '../route/helpers';

test('guard answers RequestCancelled for a cancelled request without running it', () => {
  const log: string[] = [];
  let ran = false;
  const handler = guard(
    'hover',
    (m) => log.push(m),
    null,
    () => {
      ran = true;
      return 'result';
    },
  );
  const source = new CancellationTokenSource();
  source.cancel();
  const answer = handler({}, source.token);
  assert.ok(answer instanceof ResponseError);
  assert.equal(answer.code, LSPErrorCodes.RequestCancelled);
  assert.equal(ran, false);
  assert.deepEqual(log, []);
});

test('guard turns an exception into the empty answer and a log line', () => {
  const log: string[] = [];
  const handler = guard(
    'document symbols',
    (m) => log.push(m),
    [] as string[],
    () => {
      throw new TypeError('boom');
    },
  );
  assert.deepEqual(handler({}, new CancellationTokenSource().token), []);
  assert.equal(log.length, 1);
  assert.match(first(log), /^document symbols failed: TypeError: boom/);
});

test('guard covers asynchronous handlers: a rejected promise is logged and answered with the empty result', async () => {
  const log: string[] = [];
  const handler = guard(
    'airline lookup',
    (m) => log.push(m),
    [] as string[],
    async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('reference down');
    },
  );
  assert.deepEqual(await handler({}, new CancellationTokenSource().token), []);
  assert.equal(log.length, 1);
  assert.match(first(log), /^airline lookup failed: Error: reference down/);
  const fine = guard(
    'map view',
    () => {},
    null,
    async () => 'view',
  );
  assert.equal(await fine({}, new CancellationTokenSource().token), 'view');
  const source = new CancellationTokenSource();
  const late = guard(
    'map view',
    () => {},
    null,
    async () => {
      source.cancel();
      return 'late';
    },
  );
  const answer = await late({}, source.token);
  assert.ok(answer instanceof ResponseError && answer.code === LSPErrorCodes.RequestCancelled);
});

test('guard answers RequestCancelled when cancellation came while it ran', () => {
  const source = new CancellationTokenSource();
  const handler = guard(
    'hover',
    () => {},
    null,
    () => {
      source.cancel();
      return 'late';
    },
  );
  const answer = handler({}, source.token);
  assert.ok(answer instanceof ResponseError && answer.code === LSPErrorCodes.RequestCancelled);
});

test('settings are read from every shape editors send, invalid values ignored', () => {
  assert.deepEqual(readSettings({ icaoRoute: { diagnostics: { debounceMs: 20 }, navdata: { folder: '/nav' } } }), {
    debounceMs: 20,
    navdataFolder: '/nav',
  });
  assert.deepEqual(readSettings({ diagnostics: { debounceMs: 20.6 } }), { debounceMs: 21 });
  assert.deepEqual(readSettings({ 'icaoRoute.diagnostics.debounceMs': -5 }), { debounceMs: 0 });
  assert.deepEqual(readSettings({ diagnostics: { debounceMs: '20' }, navdata: { folder: null } }), {});
  assert.deepEqual(readSettings(null), {});
  assert.deepEqual(readSettings([1, 2]), {});
  assert.deepEqual(mergeSettings(DEFAULT_SETTINGS, { debounceMs: 0 }, { navdataFolder: 'x' }), {
    debounceMs: 0,
    navdataFolder: 'x',
    hub: {},
    reference: {},
    referenceHttpErrors: false,
    inlayLegDistances: false,
    map: DEFAULT_SETTINGS.map,
    departureMs: undefined,
    flightConflicts: true,
    semicircular: 'icao',
    climbDescent: { climbFtPerMin: 2000, descentFtPerNm: 300 },
    eobtToleranceMinutes: 15,
  });
  assert.deepEqual(readSettings({ icaoRoute: { levels: { semicircular: 'off' } } }), { semicircular: 'off' });
  assert.deepEqual(readSettings({ 'icaoRoute.levels.semicircular': 'quadrantal' }), {});
});

test('map settings: corridor widths clamped, airspace files as a list of strings, merged key by key', () => {
  const layer = readSettings({
    icaoRoute: {
      map: {
        corridorNm: 12,
        aerodromeCorridorNm: -3,
        timeMarginMin: 9999,
        levels: 'FL100-FL200',
        airspaceFiles: ['/a.geojson', 7, ''],
      },
    },
  });
  assert.deepEqual(layer.map, {
    corridorNm: 12,
    aerodromeCorridorNm: 0,
    timeMarginMin: 1440,
    levels: { mode: 'band', lowerFt: 10_000, upperFt: 20_000 },
    airspaceFiles: ['/a.geojson'],
  });
  const merged = mergeSettings(DEFAULT_SETTINGS, readSettings({ 'icaoRoute.map.corridorNm': 40 }));
  assert.deepEqual(merged.map, {
    corridorNm: 40,
    aerodromeCorridorNm: 50,
    levels: { mode: 'planned' },
    timeMarginMin: 30,
    airspaceFiles: [],
  });
  assert.equal(readSettings({ map: { corridorNm: '40' } }).map, undefined);
});

test('hub settings come with a layer that speaks of the hub, and replace the lower layers only then', () => {
  const initial = readSettings({ icaoRoute: { hub: { baseUrl: 'http://127.0.0.1:4010', timeoutSeconds: 3 } } });
  assert.equal(initial.hub?.baseUrl, 'http://127.0.0.1:4010');
  assert.equal(initial.hub?.timeoutMs, 3000);
  const pulledWithoutHub = readSettings({ diagnostics: { debounceMs: 10 } });
  assert.equal(pulledWithoutHub.hub, undefined);
  assert.equal(mergeSettings(DEFAULT_SETTINGS, initial, pulledWithoutHub).hub.baseUrl, 'http://127.0.0.1:4010');
  const dotted = readSettings({ 'icaoRoute.hub.baseUrl': 'https://hub.example' });
  assert.equal(mergeSettings(DEFAULT_SETTINGS, initial, dotted).hub.baseUrl, 'https://hub.example');
  // VS Code's proxy setting reaches the hub client.
  assert.equal(readSettings({ hub: {} }, { proxy: 'http://proxy.local:3128' }).hub?.proxy, 'http://proxy.local:3128');
});

test('the hub key never shows in the credentials object’s string forms', () => {
  const credentials = new HubCredentials();
  credentials.set({ userKey: '  s3cret-key  ', source: 'environment' });
  assert.equal(credentials.userKey, 's3cret-key');
  assert.equal(String(credentials), 'hub key set (from environment)');
  assert.ok(!JSON.stringify({ credentials }).includes('s3cret'));
  assert.ok(!inspect(credentials, { showHidden: true, depth: 5 }).includes('s3cret'));
  credentials.set({ userKey: '   ', source: 'secretStorage' });
  assert.equal(credentials.userKey, null);
  assert.equal(credentials.source, 'none');
});
