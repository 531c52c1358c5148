/**
 * No secret travels in clear in a message the LSP trace prints. vscode-languageclient hands every
 * message to vscode-jsonrpc's tracer, which at `verbose` prints each notification's and request's
 * params and each answer's result (`icaoRoute.trace.server: verbose`, "ICAO Route: Show Output").
 * This test traces the real server's connection with that same tracer, sends the hub key and the
 * reference credentials as the VS Code client does (sealed under the key of the server's
 * environment), checks that the server uses them against a local service, and searches the
 * whole trace for them.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { SET_HUB_KEY_NOTIFICATION, SET_REFERENCE_CREDENTIALS_NOTIFICATION } from '../../common/protocol/lspMessages';
import {
  newSealKey,
  SEAL_KEY_ENVIRONMENT,
  sealHubKey,
  sealReferenceCredentials,
} from '../../common/protocol/sealedSecrets';
import { APP_KEY, leaks, KEY } from '../unit/hub/keyEcho';
import { startLocalServer, type LocalServer } from '../unit/hub/localServer';
import { eventually, ServerUnderTest } from './support/server';

const APP_ID = 'Id4711-TraceApp';
const FPL = ['(FPL-DLH4AB-IS', '-A320/M-SDFG/C', '-EGLL1200', '-N0450F350 DVR UL9 KONAN', '-EDDF0105', '-0)', ''].join(
  '\n',
);

let service: LocalServer;
const asked: { url: string; headers: IncomingHttpHeaders }[] = [];
const traced: string[] = [];
let server: ServerUnderTest;

before(async () => {
  service = await startLocalServer((req, res) => {
    asked.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(503, { 'content-type': 'text/plain' }).end('down for the test');
  });
  const sealKey = newSealKey();
  server = await ServerUnderTest.start({
    env: { [SEAL_KEY_ENVIRONMENT]: sealKey, HUB_USER_KEY: '', REFERENCE_APP_ID: '', REFERENCE_APP_KEY: '' },
    trace: (line) => traced.push(line),
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        hub: { baseUrl: service.url, retries: 0, timeoutSeconds: 5 },
        reference: { baseUrl: `${service.url}/reference`, retries: 0, timeoutSeconds: 5 },
      },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, sealHubKey({ userKey: KEY, source: 'secretStorage' }, sealKey));
  await server.notify(
    SET_REFERENCE_CREDENTIALS_NOTIFICATION,
    sealReferenceCredentials({ appId: APP_ID, appKey: APP_KEY, source: 'secretStorage' }, sealKey),
  );
});

after(async () => {
  await server?.stop();
  await service?.close();
});

test('the server opens the sealed secrets and uses them; the verbose trace holds none of them in any case', async () => {
  await server.open('file:///trace/route.route', 'N0450F350 DVR UL9 KONAN\n');
  await server.open('file:///trace/fpl.route', FPL);
  const hubKeyInQuery = new URLSearchParams({ user_key: KEY }).toString();
  await eventually(() => asked.some((a) => a.url.includes(hubKeyInQuery)), 'the hub was asked with the key');
  await eventually(
    () =>
      asked.some((a) => a.url.startsWith('/reference') && a.headers.appid === APP_ID && a.headers.appkey === APP_KEY),
    'the reference service was asked with appId and appKey',
  );
  assert.ok(server.statuses.some((s) => s.message === 'hub key set (from secretStorage)'));
  assert.ok(server.statuses.some((s) => s.message === 'airline reference credentials set (from secretStorage)'));

  const trace = traced.join('\n');
  assert.match(trace, /Sending notification 'icaoRoute\/setHubKey'[\s\S]*"sealed": true/);
  assert.match(trace, /Sending notification 'icaoRoute\/setReferenceCredentials'/);
  for (const secret of [KEY, APP_KEY, APP_ID]) assert.deepEqual(leaks(trace, secret), [], `the trace holds ${secret}`);
});

test('a sealed key that cannot be opened (another server’s seal key) counts as no key, in one status line', async () => {
  await server.notify(SET_HUB_KEY_NOTIFICATION, sealHubKey({ userKey: KEY, source: 'secretStorage' }, newSealKey()));
  await eventually(
    () => server.statuses.some((s) => /sealed key .* could not be opened/.test(s.message)),
    'the status says so',
  );
});
