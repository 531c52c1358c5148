/**
 * Insert EET/ run right after start-up (issue 35, item 10): the VS Code client says in
 * `initialize` that its hub key follows (icaoRoute/setHubKey, sent once the server runs), and a
 * command that comes first waits for it instead of answering that a hub key or navigation data is
 * needed. A client that says nothing of the kind (another editor) is answered at once, with what
 * to set.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { INSERT_EET_REQUEST, SET_HUB_KEY_NOTIFICATION, type InsertEetResult } from '../../common/protocol/lspMessages';
import { ROOT } from './support/build';
import { hubForFile } from './support/hubServer';
import { ServerUnderTest } from './support/server';

const hub = hubForFile();
const SAMPLE = readFileSync(path.join(ROOT, 'samples/fpl-message.route'), 'utf8');
/** The first message's field 18 (EET/ of the sample, computed again). */
const FIELD_18 = 8;

async function startWithoutKey(hubKeyFollows: boolean): Promise<ServerUnderTest> {
  const sim = await hub.simulator();
  return ServerUnderTest.start({
    initializationOptions: {
      ...(hubKeyFollows ? { hubKeyFollows: true } : {}),
      icaoRoute: { diagnostics: { debounceMs: 0 }, hub: { baseUrl: sim.url, timeoutSeconds: 10 } },
    },
  });
}

test('asked before the hub key came, Insert EET/ waits for the key and answers the edit', async () => {
  const server = await startWithoutKey(true);
  try {
    const uri = 'file:///startup/fpl.route';
    await server.open(uri, SAMPLE);
    const asked = server.connection.sendRequest(INSERT_EET_REQUEST, {
      uri,
      position: { line: FIELD_18, character: 1 },
    }) as Promise<InsertEetResult>;
    // The client reads SecretStorage and sends the key a moment later.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
    const answer = await asked;
    assert.ok(!('error' in answer), JSON.stringify(answer));
    assert.match(answer.newText, /^EET\/EBBU\d{4} EDGG\d{4}$/);
  } finally {
    await server.stop();
  }
});

test('a client that sends no key: answered at once, saying what to set', async () => {
  const server = await startWithoutKey(false);
  try {
    const uri = 'file:///startup/fpl-other-editor.route';
    await server.open(uri, SAMPLE);
    const started = Date.now();
    const answer = (await server.connection.sendRequest(INSERT_EET_REQUEST, {
      uri,
      position: { line: FIELD_18, character: 1 },
    })) as InsertEetResult;
    assert.ok('error' in answer, JSON.stringify(answer));
    assert.match(answer.error, /set a hub key \("ICAO Route: Set Hub Key"\) or icaoRoute\.navdata\.folder/);
    assert.ok(Date.now() - started < 5000, 'no wait for a key that does not follow');
  } finally {
    await server.stop();
  }
});
