/**
 * A NOTAM's own geometry, end to end through the real built server: with the simulator in its
 * v1 AIXM Digital NOTAM variant, a temporary restricted area published by NOTAM only (no airspace
 * bears it; its outline comes with the event) lies across the first sample route of each FIR at
 * FL110–FL150, 0600–1600, from yesterday to tomorrow. europe.route as it ships flies above it;
 * flown at FL130 in the morning its routes get an F002 that names the NOTAM.
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
  sim = await startHubSimulator({
    port: 0,
    quiet: true,
    settings: { variants: { notams: 'v1-aixm' }, fixedNow: '2026-11-26T08:00:00Z' },
  });
});

after(async () => {
  await server?.stop();
  await sim?.close();
});

const textOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

test('a restricted area published by NOTAM only: F002 on a route of europe.route', { timeout: 120_000 }, async () => {
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        hub: { baseUrl: sim.url, timeoutSeconds: 10 },
        flight: { departureTime: '2026-11-26T09:00Z' },
      },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
  const uri = 'file:///notams/europe.route';
  const isNotamOnly = (d: Diagnostic) =>
    d.code === 'F002' && /\(FL110–FL150\).*TEMPORARY RESTRICTED AREA ACTIVATED/.test(textOf(d));
  const text = sample('europe.route').replace(/N0(\d{3})F3\d0/g, 'N0$1F130');
  await server.open(uri, text);
  const found = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some(isNotamOnly));
  const f002 = found.diagnostics.filter(isNotamOnly);
  assert.ok(f002.length >= 1);
  const lines = text.split('\n');
  for (const d of f002) {
    assert.match(lines[d.range.start.line]!, /^N0\d{3}F130 /, 'on a route line');
    assert.match(
      textOf(d),
      /^at FL130 over \w+–\w+ at \d\d:\d\dZ the route crosses the area of NOTAM [A-Z]\d{4}\/\d\d/,
    );
  }
});
