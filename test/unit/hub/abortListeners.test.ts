/**
 * One signal shared by many failing hub calls (a map view's FIRs, airspaces and NOTAMs, with
 * retries) holds one 'abort' listener, not one per call: Node printed a
 * MaxListenersExceededWarning past ten.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { HubClient } from '../../../server/src/hub/hubClient';
import { expectServiceError } from './expectServiceError';
import { startLocalServer } from './localServer';

test('forty failing calls on one signal: one listener on it, no MaxListenersExceededWarning, all cancelled by it', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  let answered = 0;
  // Airspaces fail at once; NOTAMs never answer, so those calls wait until their signal aborts.
  const server = await startLocalServer((req, res) => {
    if (/notam/i.test(req.url ?? '')) return;
    answered++;
    res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
  });
  const hub = new HubClient(
    { baseUrl: server.url, retries: 2, retryBaseDelayMs: 5, maxConcurrency: 4 },
    { userKey: 'demo' },
  );
  try {
    const failing = new AbortController();
    const calls = Array.from({ length: 40 }, (_, i) =>
      hub.firAirspaces('E', `EG${String(i).padStart(2, '0')}`, { signal: failing.signal }).catch((e: unknown) => e),
    );
    await Promise.all(calls);
    assert.ok(answered >= 40);
    assert.ok(getEventListeners(failing.signal, 'abort').length <= 1);

    const cancelling = new AbortController();
    const pending = Array.from({ length: 40 }, (_, i) =>
      hub.firNotams('E', `EH${String(i).padStart(2, '0')}`, { signal: cancelling.signal }),
    );
    const outcomes = Promise.allSettled(pending);
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(getEventListeners(cancelling.signal, 'abort').length <= 1, 'one listener while 40 calls wait');
    cancelling.abort();
    await outcomes;
    for (const call of pending) await expectServiceError(call, 'cancelled');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      warnings.filter((w) => /MaxListeners/.test(w)),
      [],
    );
  } finally {
    process.off('warning', onWarning);
    await hub.close();
    await server.close();
  }
});
