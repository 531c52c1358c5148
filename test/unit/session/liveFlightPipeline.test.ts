/**
 * The live flights in the document pipeline (issue 22, item 2): asked once the document has been
 * still for LIVE_FLIGHT_SETTLE_MS, never for each version typed; their L findings said in an
 * event of the version they belong to; the checker waits for them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import { LineIndex } from '../../../server/src/route/ranges';
import { LIVE_FLIGHT_SETTLE_MS, type DocumentFindings } from '../../../server/src/session/documentPipeline';
import { RouteSession } from '../../../server/src/session/routeSession';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { parsedDocument } from '../../../server/src/services/parsedDocument';

const NOW = Date.parse('2026-11-26T09:00:00Z');
let sim: HubSimulator;
before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true, settings: { fixedNow: new Date(NOW).toISOString() } });
});
after(() => sim.close());

const fpl = (callsign: string, eobt: string) =>
  `(FPL-${callsign}-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL${eobt}\n` +
  '-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n-EDDF0105 EDDK\n-DOF/261126)\n';

const versionOf = (version: number, text: string) =>
  parsedDocument('file:///flight.route', version, parseRouteDocument(text), new LineIndex(text));

test('typed letter by letter, asked once when still; L001 said for the version it belongs to', async () => {
  const session = new RouteSession({}, { retryMs: 0, now: () => NOW });
  session.configure(
    { hub: { baseUrl: sim.url, retries: 0 }, reference: {}, navdataFolder: '', eobtToleranceMinutes: 15 },
    { hubUserKey: 'demo', reference: null },
  );
  const events: DocumentFindings[] = [];
  session.documents.onDidChangeFindings((event) => events.push(event));
  sim.requests.clear();
  const typed = ['DLH4', 'DLH4A', 'DLH4AB'];
  typed.forEach((callsign, i) => session.documents.update(versionOf(i + 1, fpl(callsign, '1300'))));
  const asked = () => sim.requests.list().filter((r) => r.endpoint === 'airlineFlightNumber');
  await new Promise((resolve) => setTimeout(resolve, LIVE_FLIGHT_SETTLE_MS / 2));
  assert.equal(asked().length, 0, 'nothing asked while the document changes');
  const live = await waitFor(() => events.find((e) => e.changed.includes('live')), 10_000);
  assert.equal(live.version, 3);
  assert.deepEqual(
    live.findings.filter((f) => f.code.startsWith('L')).map((f) => f.code),
    ['L001'],
    'EOBT 1300 is an hour after the 1200 schedule',
  );
  assert.ok(
    asked().every((r) => /\/DLH\/flights\/4AB\b/.test(r.url)),
    'only the call sign left standing',
  );
  assert.equal(asked().length, 3);

  // The checker's way waits for them, from the cache.
  const checked = await session.documents.check(versionOf(4, fpl('DLH4AB', '1300')));
  assert.deepEqual(
    checked.findings.filter((f) => f.code.startsWith('L')).map((f) => f.code),
    ['L001'],
  );
  assert.equal(asked().length, 3, 'cached');

  // A wider tolerance (icaoRoute.flights.eobtToleranceMinutes): the findings again, from the cache.
  events.length = 0;
  session.configure(
    { hub: { baseUrl: sim.url, retries: 0 }, reference: {}, navdataFolder: '', eobtToleranceMinutes: 90 },
    { hubUserKey: 'demo', reference: null },
  );
  const wider = await waitFor(() => events.find((e) => e.changed.includes('live')), 5000);
  assert.deepEqual(
    wider.findings.filter((f) => f.code.startsWith('L')),
    [],
    'an hour is within 90 minutes',
  );
  assert.equal(asked().length, 3, 'nothing asked again');
  await session.dispose();
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
