/**
 * Hostile answers over real sockets: billion laughs, deep nesting, links to other hosts, keys
 * echoed back in error pages. None may hang, exhaust memory, or leak the key.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { HubClient } from '../../../server/src/hub/hubClient';
import { ServiceError } from '../../../server/src/hub/errors';
import { parseXml } from '../../../server/src/hub/xml';
import { ShapeError } from '../../../server/src/hub/errors';
import { expectServiceError } from './expectServiceError';
import { startLocalServer, type LocalServer } from './localServer';

const KEY = 'secret-key-1234567890';

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<icaoPrefixes><prefix xlink:href="/v1/icao-prefixes/E">&lol9;</prefix></icaoPrefixes>`;

function deepXml(levels: number): string {
  return `<?xml version="1.0"?>${'<a>'.repeat(levels)}x${'</a>'.repeat(levels)}`;
}

async function serve(body: string, contentType = 'application/xml', status = 200): Promise<LocalServer> {
  return startLocalServer((_req, res) => res.writeHead(status, { 'content-type': contentType }).end(body));
}

test('billion laughs is refused as malformed, without expanding anything', async (t) => {
  const server = await serve(BILLION_LAUGHS);
  const hub = new HubClient({ baseUrl: server.url, retries: 0 }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const before = process.memoryUsage().heapUsed;
  const err = await expectServiceError(hub.icaoPrefixes(), 'malformedResponse');
  assert.match(err.message, /entities/);
  assert.ok(process.memoryUsage().heapUsed - before < 100 * 1024 * 1024);
});

test('an entity declaration hidden past the DOCTYPE start is refused too', () => {
  const sneaky = `<?xml version="1.0"?><!DOCTYPE x SYSTEM "x.dtd"><!-- ${' '.repeat(5000)} --><x/>`;
  assert.doesNotThrow(() => parseXml(sneaky, 64));
  assert.throws(
    () => parseXml(`<?xml version="1.0"?>${' '.repeat(5000)}<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>`, 64),
    ShapeError,
  );
});

test('deep nesting is refused at the depth limit, for 100 000 levels too', async (t) => {
  assert.throws(() => parseXml(deepXml(65), 64), /deeper than 64/);
  assert.doesNotThrow(() => parseXml(deepXml(60), 64));
  const server = await serve(deepXml(100_000));
  const hub = new HubClient({ baseUrl: server.url, retries: 0, maxXmlDepth: 32 }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const err = await expectServiceError(hub.firs('E'), 'malformedResponse');
  assert.match(err.message, /deeper than 32 levels/);
});

test('text with the predefined entities is decoded by hand, entity processing stays off', async (t) => {
  const server = await serve(
    `<?xml version="1.0"?><firs xmlns:xlink="http://www.w3.org/1999/xlink"><fir xlink:href="/v1/icao-prefixes/E/firs/EGTT" xlink:title="London &amp; Co &lt;FIR&gt;"/></firs>`,
  );
  const hub = new HubClient({ baseUrl: server.url }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const { links } = await hub.firs('E');
  assert.deepEqual(links, [
    { href: '/v1/icao-prefixes/E/firs/EGTT', element: 'fir', id: 'EGTT', title: 'London & Co <FIR>' },
  ]);
});

test('links to another host are refused, so the key is never sent there', async (t) => {
  let requests = 0;
  const server = await startLocalServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/xml' }).end('<x/>');
  });
  const hub = new HubClient({ baseUrl: server.url }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const err = await expectServiceError(
    hub.followLinks('https://evil.example/v1/icao-prefixes?user_key=stolen'),
    'malformedResponse',
  );
  assert.match(err.message, /another host \(evil\.example\)/);
  assert.equal(requests, 0);
  const same = hub.resolveLink('firs/EGTT?user_key=other');
  assert.equal(same.host, new URL(server.url).host);
  assert.equal(same.searchParams.get('user_key'), null, 'a key inside a link is dropped; ours is added when sending');
});

test('a key echoed back by an error page never reaches the error message', async (t) => {
  const server = await startLocalServer((req, res) => {
    res
      .writeHead(500, { 'content-type': 'text/html' })
      .end(
        `<html><body><h1>Error 500</h1><p>Request ${req.url} failed for key ${KEY}. Support id: 7f3e-AB12</p></body></html>`,
      );
  });
  const hub = new HubClient({ baseUrl: server.url, retries: 0 }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const err = await expectServiceError(hub.aerodromeNotams('EGLL'), 'serverFailure');
  assert.equal(err.supportId, '7f3e-AB12');
  const everything = `${err.message} ${err.url} ${err.stack} ${JSON.stringify(err)}`;
  assert.ok(!everything.includes(KEY), everything);
  assert.match(err.url ?? '', /user_key=\*\*\*/);
});

test('plain http to a remote host is refused; https or loopback http are accepted', () => {
  assert.throws(
    () => new HubClient({ baseUrl: 'http://api.laminardata.aero' }, { userKey: KEY }),
    (err: unknown) => err instanceof ServiceError && err.kind === 'configuration' && /https/.test(err.message),
  );
  assert.throws(() => new HubClient({ baseUrl: 'not a url' }, { userKey: KEY }), /not a valid URL/);
  assert.throws(
    () => new HubClient({ baseUrl: 'https://x.example/?user_key=abc' }, { userKey: KEY }),
    /must not carry a query/,
  );
  assert.throws(() => new HubClient({ baseUrl: 'https://x.example' }, { userKey: '' }), /Set Hub Key/);
  for (const ok of ['https://api.laminardata.aero', 'http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9']) {
    const hub = new HubClient({ baseUrl: ok }, { userKey: KEY });
    void hub.close();
  }
});

test('an HTML page with status 200 (a captive portal) is a malformed answer, not data', async (t) => {
  const server = await serve('<!DOCTYPE html><html><body>Sign in to the hotel Wi-Fi</body></html>', 'text/html');
  const hub = new HubClient({ baseUrl: server.url }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const err = await expectServiceError(hub.microlights('GB'), 'malformedResponse');
  assert.match(err.message, /captive portal/);
});

test('a GeoJSON answer with a bad position keeps the other features and names the exact place of the one left out', async (t) => {
  const body = JSON.stringify({
    type: 'FeatureCollection',
    features: [0, 1, 2, 3].map((i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: i === 3 ? ['x', 51] : [0, 51] },
      properties: { designator: `P${i}`, name: 'x' },
    })),
  });
  const server = await serve(body, 'application/geo+json');
  const hub = new HubClient({ baseUrl: server.url }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  const answer = await hub.microlights('GB');
  assert.deepEqual(
    answer.features.map((f) => f.properties.designator),
    ['P0', 'P1', 'P2'],
  );
  assert.equal(answer.leftOut?.count, 1);
  assert.match(answer.leftOut!.reasons[0]!, /features\[3\]\.geometry\.coordinates is not a \[lon, lat\] pair/);
});

test('a 404 NOTAM list that says "no NOTAMs" is an empty list; other 404 pages are errors', async (t) => {
  const server = await startLocalServer((req, res) => {
    const page = req.url?.startsWith('/v1/aerodromes/EGXX')
      ? 'No NOTAMs for aerodrome EGXX.'
      : 'The endpoint does not exist.';
    res
      .writeHead(404, { 'content-type': 'text/html' })
      .end(`<html><body><h1>Error 404</h1><p>${page}</p></body></html>`);
  });
  const hub = new HubClient({ baseUrl: server.url }, { userKey: KEY });
  t.after(async () => {
    await hub.close();
    await server.close();
  });
  assert.deepEqual(await hub.aerodromeNotams('EGXX'), { format: 'aixm', notams: [], noneFound: true });
  await expectServiceError(hub.aerodromeNotams('EGYY'), 'notFound');
});
