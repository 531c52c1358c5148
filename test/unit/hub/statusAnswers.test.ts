/**
 * Answers that are neither data nor a failure page: 204 No Content and redirects. They are
 * named for what they are ("no content", "redirected to <where>"), never "try again later", and a
 * redirect is not followed (the key would go with it).
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { HubClient } from '../../../server/src/hub/hubClient';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { expectServiceError } from './expectServiceError';
import { startLocalServer, type LocalServer } from './localServer';

const KEY = 'status-key-91827364';
let server: LocalServer;
let elsewhere: LocalServer;
const seenElsewhere: string[] = [];

before(async () => {
  elsewhere = await startLocalServer((req, res) => {
    seenElsewhere.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  server = await startLocalServer((req, res) => {
    const mode = (req.url ?? '').split('/')[1];
    if (mode === 'nocontent') return res.writeHead(204).end();
    if (mode === 'accepted') return res.writeHead(202, { 'content-type': 'text/plain' }).end('queued');
    if (mode === 'moved')
      return res.writeHead(301, { location: `${elsewhere.url}/new/v1/routes/expand?user_key=${KEY}` }).end();
    if (mode === 'relative') return res.writeHead(307, { location: '/v2/routes/expand' }).end();
    if (mode === 'nowhere') return res.writeHead(302).end();
    res.writeHead(404).end();
  });
});
after(async () => {
  await server.close();
  await elsewhere.close();
});

function hub(mode: string): HubClient {
  return new HubClient({ baseUrl: `${server.url}/${mode}`, retries: 0 }, { userKey: KEY });
}

const route = { routeText: 'N0450F350 DVR UL9 KONAN' };

test('204 is "no content", not a server failure to try again later', async () => {
  const err = await expectServiceError(hub('nocontent').expandRoute(route), 'malformedResponse');
  assert.match(err.message, /answered the hub's route expansion with no content \(HTTP 204\)/);
  assert.doesNotMatch(err.message, /try again later/i);
  assert.equal(err.status, 204);
  const other = await expectServiceError(hub('accepted').expandRoute(route), 'malformedResponse');
  assert.match(other.message, /HTTP 202 instead of 200/);
});

test('a redirect says where to, is not followed, and the key is not in the message', async () => {
  const err = await expectServiceError(hub('moved').expandRoute(route), 'configuration');
  assert.match(
    err.message,
    new RegExp(
      `redirected the hub's route expansion to ${elsewhere.url.replace(/[.]/g, '\\.')}/new/v1/routes/expand\\?user_key=\\*\\*\\* \\(HTTP 301\\)`,
    ),
  );
  assert.match(err.message, /not followed.*base URL/);
  assert.doesNotMatch(err.message, /try again later/i);
  assert.ok(!err.message.includes(KEY));
  assert.deepEqual(seenElsewhere, [], 'nothing was sent to the other address');

  const relative = await expectServiceError(hub('relative').expandRoute(route), 'configuration');
  assert.match(relative.message, new RegExp(`to ${server.url.replace(/[.]/g, '\\.')}/v2/routes/expand \\(HTTP 307\\)`));
  const nowhere = await expectServiceError(hub('nowhere').expandRoute(route), 'configuration');
  assert.match(nowhere.message, /redirected .* to another address \(it did not say which\) \(HTTP 302\)/);
});

test('the reference family names them the same way', async () => {
  const ref = (mode: string) =>
    new ReferenceClient({ baseUrl: `${server.url}/${mode}`, retries: 0 }, { appId: 'id-1', appKey: KEY });
  const none = ref('nocontent');
  const moved = ref('moved');
  try {
    const err = await expectServiceError(none.allAirlines(), 'malformedResponse');
    assert.match(err.message, /The reference service answered the list of all airlines with no content \(HTTP 204\)/);
    const redirect = await expectServiceError(moved.allAirlines(), 'configuration');
    assert.match(
      redirect.message,
      /The reference service redirected the list of all airlines to http:\/\/127\.0\.0\.1:\d+\/new\/v1\/routes\/expand\?user_key=\*\*\* \(HTTP 301\)/,
    );
  } finally {
    await none.close();
    await moved.close();
  }
});
