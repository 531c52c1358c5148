/**
 * A NOTAM's own geometry, end to end through the real built server: with the simulator in its
 * v1 AIXM Digital NOTAM variant, a temporary restricted area published by NOTAM only (no airspace
 * bears it; its outline comes with the event) lies across the first sample route of each FIR at
 * FL300–FL400, so europe.route (cruising at FL350/FL360) gets an F002 that names the NOTAM.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { SET_HUB_KEY_NOTIFICATION } from '../../common/protocol/lspMessages';
import { startHubSimulator, type HubSimulator } from '../hub-sim/server';
import { sample, ServerUnderTest } from './support/server';

let sim: HubSimulator;
let server: ServerUnderTest | undefined;

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: { notams: 'v1-aixm' } } });
});

after(async () => {
  await server?.stop();
  await sim?.close();
});

const textOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

test('a restricted area published by NOTAM only: F002 on a route of europe.route', { timeout: 120_000 }, async () => {
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: { diagnostics: { debounceMs: 0 }, hub: { baseUrl: sim.url, timeoutSeconds: 10 } },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
  const uri = 'file:///notams/europe.route';
  const isNotamOnly = (d: Diagnostic) =>
    d.code === 'F002' && /\(FL300–FL400\).*TEMPORARY RESTRICTED AREA ACTIVATED/.test(textOf(d));
  await server.open(uri, sample('europe.route'));
  const found = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some(isNotamOnly));
  const f002 = found.diagnostics.filter(isNotamOnly);
  assert.ok(f002.length >= 1);
  const lines = sample('europe.route').split('\n');
  for (const d of f002) {
    assert.match(lines[d.range.start.line]!, /^N0\d{3}F3\d0 /, 'on a route line');
    assert.match(
      textOf(d),
      /^at FL3\d0 over \w+–\w+ at \d\d:\d\dZ the route crosses the area of NOTAM [A-Z]\d{4}\/\d\d/,
    );
  }
});
