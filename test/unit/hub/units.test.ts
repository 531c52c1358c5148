/** The small pieces: redaction, base URL and template rules, settings reading, GeoJSON validators, error pages. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { redactText, redactUrl } from '../../../server/src/hub/redact';
import { checkBaseUrl, fillTemplate, hubEndpoint, hubSettings } from '../../../server/src/hub/config';
import { readClientSettings } from '../../../server/src/hub/clientSettings';
import { AIRSPACE_RULES, validateFeatureCollection, WAYPOINT_RULES } from '../../../server/src/hub/geojson';
import { ShapeError } from '../../../server/src/hub/errors';
import { pageText, restrictedGroups, supportId } from '../../../server/src/hub/errorPages';
import { parseNotamCoordinates } from '../../../server/src/hub/notams';

test('redactUrl hides user_key, appId/appKey and URL credentials, and nothing else', () => {
  assert.equal(
    redactUrl('https://h.example/v1/x?user_key=abc123&status=FILED'),
    'https://h.example/v1/x?user_key=***&status=FILED',
  );
  assert.equal(redactUrl('https://h.example/a?appId=1&appKey=2'), 'https://h.example/a?appId=***&appKey=***');
  assert.equal(redactUrl('http://me:secret@proxy.example:8080/'), 'http://***@proxy.example:8080/');
  assert.equal(redactUrl(new URL('https://h.example/v1/icao-prefixes')), 'https://h.example/v1/icao-prefixes');
  assert.equal(
    redactText('failed for GET /v1/x?USER_KEY=zzz9 with key zzz9', ['zzz9']),
    'failed for GET /v1/x?USER_KEY=*** with key ***',
  );
  assert.equal(redactText('echoed k3y back', ['k3y']), 'echoed *** back');
  assert.equal(redactText('a b c', ['b']), 'a b c');
});

test('base URLs: https anywhere, http only on loopback, no query; trailing slash dropped', () => {
  assert.equal(checkBaseUrl('https://api.example.com/', 's').href, 'https://api.example.com/');
  assert.equal(checkBaseUrl('https://api.example.com/hub/', 's').pathname, '/hub');
  assert.equal(checkBaseUrl('http://127.0.0.1:8080', 's').port, '8080');
  assert.throws(() => checkBaseUrl('http://10.0.0.1', 's'), /https/);
  assert.throws(() => checkBaseUrl('ftp://api.example.com', 's'), /https/);
});

test('path templates: values percent-encoded, unknown placeholders are configuration errors', () => {
  assert.equal(
    fillTemplate('/{version}/aerodromes/{aerodrome}/arrivals', { version: 'v1', aerodrome: 'EG/LL?x' }),
    '/v1/aerodromes/EG%2FLL%3Fx/arrivals',
  );
  assert.throws(() => fillTemplate('/{version}/{typo}', { version: 'v1' }), /\{typo\}/);
  const settings = hubSettings({
    endpoints: { routeExpansion: { method: 'GET', path: '/{version}/expand' } },
    versions: { routes: 'v3' } as never,
  });
  assert.deepEqual(hubEndpoint(settings, 'routeExpansion'), {
    method: 'GET',
    path: '/{version}/expand',
    set: 'routes',
  });
  assert.equal(settings.versions.routes, 'v3');
  assert.equal(settings.versions.airspaces, 'v2', 'other sets keep their defaults');
});

test('settings: nested or dotted, wrong types ignored, proxy from http.*', () => {
  const nested = readClientSettings(
    {
      icaoRoute: {
        hub: {
          baseUrl: ' https://x.example ',
          timeoutSeconds: 3,
          retries: 'many',
          versions: { airspaces: 'v3', notams: 'latest' },
          endpoints: { fir: { path: '/{version}/f/{prefix}/{fir}' }, firs: { path: 'no-slash' } },
        },
        reference: { credentialsIn: 'query', airlineCacheDays: 30 },
      },
    },
    { proxy: 'http://proxy.local:3128', proxyStrictSSL: false },
    '/tmp/store',
  );
  assert.equal(nested.hub.baseUrl, 'https://x.example');
  assert.equal(nested.hub.timeoutMs, 3000);
  assert.equal(nested.hub.retries, undefined);
  assert.equal(nested.hub.versions?.airspaces, 'v3');
  assert.equal(nested.hub.versions?.notams, 'v1');
  assert.deepEqual(nested.hub.endpoints, { fir: { path: '/{version}/f/{prefix}/{fir}' } });
  assert.equal(nested.hub.proxy, 'http://proxy.local:3128');
  assert.equal(nested.reference.proxyStrictSSL, false);
  assert.equal(nested.reference.credentialsIn, 'query');
  assert.equal(nested.reference.airlineMaxAgeMs, 7 * 24 * 3600 * 1000, 'at most weekly');
  assert.equal(nested.reference.cacheFolder, '/tmp/store');
  const dotted = readClientSettings({
    'icaoRoute.hub.maxResponseMegabytes': 2,
    'icaoRoute.reference.cacheFolder': '/c',
  });
  assert.equal(dotted.hub.maxResponseBytes, 2 * 1024 * 1024);
  assert.equal(dotted.reference.cacheFolder, '/c');
  assert.deepEqual(readClientSettings(null).hub.endpoints, {});
});

const polygon = (ring: unknown) => ({
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [ring] },
  properties: { designator: 'EGD001', name: 'X', type: 'D' },
});

test('GeoJSON validators name the exact place of a problem', () => {
  const closed = [
    [0, 50],
    [1, 50],
    [1, 51],
    [0, 50],
  ];
  assert.equal(
    validateFeatureCollection(
      { type: 'FeatureCollection', features: [polygon(closed)], results: { total: 1, status: 'ok' } },
      AIRSPACE_RULES,
    ).features.length,
    1,
  );
  const cases: [unknown, RegExp][] = [
    [{ type: 'FeatureCollection' }, /^features is not an array/],
    [[], /^body is not an object/],
    [{ type: 'Feature' }, /^type is "Feature", not "FeatureCollection"/],
    [
      {
        type: 'FeatureCollection',
        features: [
          polygon([
            [0, 50],
            [1, 50],
            [1, 51],
            [0, 51],
          ]),
        ],
      },
      /features\[0\]\.geometry\.coordinates\[0\] is not a closed ring/,
    ],
    [
      {
        type: 'FeatureCollection',
        features: [
          polygon([
            [0, 50],
            [1, 50],
            [0, 50],
          ]),
        ],
      },
      /has 3 positions, at least 4/,
    ],
    [
      {
        type: 'FeatureCollection',
        features: [
          polygon([
            [0, 50],
            [1, 95],
            [1, 51],
            [0, 50],
          ]),
        ],
      },
      /coordinates\[0\]\[1\] is not a \[lon, lat\] pair within/,
    ],
    [
      { type: 'FeatureCollection', features: [{ ...polygon(closed), properties: { name: 'no designator' } }] },
      /features\[0\]\.properties\.designator is missing/,
    ],
    [
      {
        type: 'FeatureCollection',
        features: [{ ...polygon(closed), geometry: { type: 'Point', coordinates: [0, 0] } }],
      },
      /geometry\.type is Point; expected Polygon or MultiPolygon/,
    ],
    [{ type: 'FeatureCollection', features: [], results: { total: 'many' } }, /results\.total is not a count/],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => validateFeatureCollection(value, AIRSPACE_RULES),
      (err: unknown) => err instanceof ShapeError && message.test(err.message),
      String(message),
    );
  }
  const route = validateFeatureCollection(
    {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: null, properties: { designator: 'QQQQQ' } }],
      results: { total: '1' },
    },
    WAYPOINT_RULES,
  );
  assert.equal(route.results?.total, 1, 'a string total (route expansion) is read as a number');
  assert.equal(route.features[0]!.geometry, null);
});

test('error pages: visible text, the refused group first, support ids labelled or bare', () => {
  const page =
    '<html><head><title>x</title><style>p{}</style></head><body><h1>Error 403 - Authentication Failed</h1><p>Your application is not approved for the Navaids API.</p><p>The following API groups are restricted: Route Segments, Aerodromes, Airspaces, Navaids.</p></body></html>';
  const text = pageText(page);
  assert.ok(!text.includes('<') && !text.includes('p{}'));
  assert.deepEqual(restrictedGroups(text), ['Navaids']);
  assert.deepEqual(restrictedGroups('Restricted to approved customers: Designated Points and Regulations.'), [
    'Designated Points',
    'Regulations',
  ]);
  assert.equal(
    supportId('Please quote this identifier: 0b5a3f1e-1d2c-4e5f-8a9b-0c1d2e3f4a5b'),
    '0b5a3f1e-1d2c-4e5f-8a9b-0c1d2e3f4a5b',
  );
  assert.equal(supportId('Support ID: ABC-123-XYZ'), 'ABC-123-XYZ');
  assert.equal(supportId('nothing here'), undefined);
});

test('NOTAM coordinates (item Q) decode to decimal degrees', () => {
  assert.deepEqual(parseNotamCoordinates('5130N00030W'), { lat: 51.5, lon: -0.5 });
  assert.deepEqual(parseNotamCoordinates('3345S15112E'), { lat: -33.75, lon: 151.2 });
  assert.equal(parseNotamCoordinates('9999N99999E'), undefined);
  assert.equal(parseNotamCoordinates('garbage'), undefined);
});
