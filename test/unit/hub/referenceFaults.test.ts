/** Every simulator fault on the reference family, in both error modes. */
import test, { after, afterEach, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import type { FaultKind } from '../../hub-sim/faults';
import type { ServiceErrorKind } from '../../../server/src/hub/errors';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { expectServiceError } from './expectServiceError';
import { logged, startSim } from './simHelpers';

let sim: HubSimulator;
const clients: ReferenceClient[] = [];

function client(extra: Partial<ConstructorParameters<typeof ReferenceClient>[0]> = {}): ReferenceClient {
  const ref = new ReferenceClient(
    { baseUrl: sim.referenceUrl, retries: 0, retryBaseDelayMs: 5, ...extra },
    { appId: 'demo', appKey: 'demo' },
  );
  clients.push(ref);
  return ref;
}

before(async () => {
  sim = await startSim();
});
afterEach(() => {
  sim.faults.clear();
  sim.requests.clear();
});
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim.close();
});

const EXPECTED: [FaultKind, ServiceErrorKind][] = [
  ['serverError', 'serverFailure'],
  ['forbidden', 'notAuthorised'],
  ['unauthorized', 'notAuthorised'],
  ['usageLimit', 'usageLimit'],
  ['notFound', 'notFound'],
  ['malformedBody', 'malformedResponse'],
  ['truncatedGzip', 'malformedResponse'],
  ['reset', 'network'],
];

for (const useHttpErrors of [false, true]) {
  for (const [fault, kind] of EXPECTED) {
    test(`${fault} (${useHttpErrors ? 'useHttpErrors' : 'errors in HTTP 200'}) → ${kind}`, async () => {
      sim.faults.add({ kind: fault, path: '/reference/*' });
      const err = await expectServiceError(client().airlineByFs('LH', { extendedOptions: { useHttpErrors } }), kind);
      assert.ok(!/appKey=(?!\*\*\*)/.test(`${err.message} ${err.url}`), 'no appKey value in the error');
      if (fault === 'serverError') {
        assert.match(err.supportId ?? '', /^[0-9a-f-]{36}$/, 'the errorId is kept for support');
        assert.equal(err.status, 500);
      }
      if (useHttpErrors && ['serverError', 'unauthorized', 'notFound', 'usageLimit', 'forbidden'].includes(fault)) {
        assert.equal(
          logged(sim).at(-1)!.status,
          err.status,
          'the real HTTP status was read from the text/plain answer',
        );
      }
    });
  }
}

test('slowDrip and latency: time-outs on the reference family too', async () => {
  sim.faults.add({ kind: 'slowDrip', path: '/reference/*', chunkBytes: 4, intervalMs: 200 });
  await expectServiceError(client({ timeoutMs: 300 }).allAirlines(), 'timeout');
  sim.faults.clear();
  sim.faults.add({ kind: 'latency', path: '/reference/*', latencyMs: 2000 });
  await expectServiceError(client({ timeoutMs: 100 }).allAirlines(), 'timeout');
});

test('a transient failure is retried for the GET lookups', async () => {
  sim.faults.add({ kind: 'reset', path: '/reference/*', count: 1 });
  const { airlines } = await client({ retries: 1 }).airlineByFs('LH');
  assert.equal(airlines[0]?.icao, 'DLH');
});
