/**
 * Routes filed by others through the real built server against the hub simulator (issue 22,
 * item 1): completion on an empty route line, the code action, icaoRoute/filedRoutes for the
 * quick pick; the hub asked once per city pair (cached), and not at all elsewhere.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { COMMANDS } from '../../common/commands';
import {
  FILED_ROUTE_EDIT_REQUEST,
  FILED_ROUTES_REQUEST,
  SET_HUB_KEY_NOTIFICATION,
  type FiledRouteEditResult,
  type FiledRoutesResult,
} from '../../common/protocol/lspMessages';
import { startHubSimulator, type HubSimulator } from '../hub-sim/server';
import { applyEdits, ServerUnderTest } from './support/server';

let sim: HubSimulator;
let server: ServerUnderTest;

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: { flights: 'fixm' } } });
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        // A call that times out is asked again (icaoRoute.hub.retries): on a loaded machine a 5 s
        // timeout ended a list's call and the count below saw it twice.
        hub: { baseUrl: sim.url, timeoutSeconds: 60 },
      },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
});

after(async () => {
  await server?.stop();
  await sim?.close();
});

const lists = () => sim.requests.list().filter((r) => r.endpoint === 'flightsBetween').length;

test('completion on the empty route line offers the routes filed for EGLL → EDDF; elsewhere no hub call', async () => {
  const uri = 'file:///filed/a.route';
  await server.open(uri, 'origin: EGLL\ndestination: EDDF\n\n');
  await server.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: 12 },
  });
  assert.equal(lists(), 0, 'no call from completion on a directive');
  const answer = (await server.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 2, character: 0 },
  })) as CompletionList;
  assert.ok(answer.items.length > 0);
  assert.match(String(answer.items[0]!.detail), /^filed by \d+ flights?/);
  assert.match(answer.items[0]!.label, /^[NKM]\d{3,4}/);
  assert.equal(lists(), 3, 'FILED, SCHEDULED, AIRBORNE once');

  const actions = await server.codeActions(
    uri,
    { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    [],
  );
  const use = actions.find((a) => a.title === 'Use a route filed by others (EGLL → EDDF)');
  assert.equal(use?.command?.command, COMMANDS.useFiledRoute);
  assert.equal(lists(), 3, 'the code action asks nothing');

  const result = (await server.connection.sendRequest(FILED_ROUTES_REQUEST, {
    uri,
    position: { line: 2, character: 0 },
  })) as FiledRoutesResult;
  assert.ok(!('error' in result), JSON.stringify(result));
  assert.equal(result.routes[0]!.text, answer.items[0]!.label);
  assert.equal(result.routes[0]!.differences, 'no route written yet');
  assert.deepEqual(result.anchor, { origin: 'EGLL', destination: 'EDDF', route: '' });
  assert.equal(lists(), 3, 'the cached answer serves the command');
});

test('the edit is made on the text as it is when the user has chosen: lines typed above meanwhile, comment and destination lines kept', async () => {
  const uri = 'file:///filed/b.route';
  const text = 'origin: EGLL\nN0450F150 DVR L9 KONAN\n# via Belgium\ndestination: EDDF\nUL607 SPI\n';
  await server.open(uri, text);
  const result = (await server.connection.sendRequest(FILED_ROUTES_REQUEST, {
    uri,
    position: { line: 1, character: 3 },
  })) as FiledRoutesResult;
  assert.ok(!('error' in result), JSON.stringify(result));
  assert.deepEqual(result.anchor, { origin: 'EGLL', destination: 'EDDF', route: 'N0450F150 DVR L9 KONAN UL607 SPI' });
  const [choice] = result.routes;
  assert.ok(choice!.text.startsWith('N0450F150 '), `the user's speed/level kept: ${choice!.text}`);
  for (const route of result.routes) assert.doesNotMatch(route.differences, /via|Belgium|destination|EDDF/);
  // While the pick was open, the user typed two lines above the block.
  const typed = '# London to Frankfurt\n# checked 2 Dec\n';
  const version = await server.sendChange(uri, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: typed },
  ]);
  const now = typed + text;
  const answer = (await server.connection.sendRequest(FILED_ROUTE_EDIT_REQUEST, {
    uri,
    position: { line: 1, character: 3 },
    anchor: result.anchor,
    route: choice!.text,
  })) as FiledRouteEditResult;
  assert.ok(!('error' in answer), JSON.stringify(answer));
  assert.equal(answer.version, version, 'computed on the version the editor has');
  assert.equal(
    applyEdits(now, answer.edits),
    `${typed}origin: EGLL\n${choice!.text}\n# via Belgium\ndestination: EDDF\n`,
  );
  // The route itself changed meanwhile: nothing is written, and the answer says why.
  await server.sendChange(uri, [
    { range: { start: { line: 3, character: 14 }, end: { line: 3, character: 16 } }, text: 'UL9' },
  ]);
  const gone = (await server.connection.sendRequest(FILED_ROUTE_EDIT_REQUEST, {
    uri,
    position: { line: 1, character: 3 },
    anchor: result.anchor,
    route: choice!.text,
  })) as FiledRouteEditResult;
  assert.ok('error' in gone && /changed meanwhile: nothing was written/.test(gone.error), JSON.stringify(gone));
});
