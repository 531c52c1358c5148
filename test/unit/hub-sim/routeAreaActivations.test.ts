/**
 * The activations a flight's conflicts open are served at any hour: the route areas' NOTAMs
 * ("TEMPORARY RESERVED AREA … ACTIVATED") are in force from yesterday to tomorrow, not in a window
 * drawn from the day that may have ended by the afternoon (a protocol and an e2e test of "Open
 * NOTAM" once passed or failed by the hour they ran).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { HubSimulator } from '../../hub-sim/server';
import { hub, startSim } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());

const HOUR_MS = 3600_000;

async function activationsAt(now: Date): Promise<{ areas: string[]; inForce: boolean }> {
  sim.settings.fixedNow = now.toISOString();
  const body = (await (await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EBBU/notams', { format: 'json' }))).json()) as {
    features: { properties: { text: string; effectiveStart: string; effectiveEnd: string | null } }[];
  };
  const activations = body.features
    .map((f) => f.properties)
    .filter((p) => /^TEMPORARY RESERVED AREA \S+ ACTIVATED/.test(p.text));
  return {
    areas: activations.map((p) => /AREA (\S+) ACTIVATED/.exec(p.text)![1]!).sort(),
    inForce: activations.every(
      (p) =>
        Date.parse(p.effectiveStart) <= now.getTime() &&
        p.effectiveEnd !== null &&
        Date.parse(p.effectiveEnd) > now.getTime(),
    ),
  };
}

test('the route areas of EBBU have their activation NOTAM in force at every hour of several days', async () => {
  const first = await activationsAt(new Date('2026-11-26T00:00:00Z'));
  assert.ok(first.areas.includes('EB-R972'), `the reserved area under the London–Frankfurt route: ${first.areas}`);
  for (const day of ['2026-11-25', '2026-11-26', '2026-12-02', '2027-01-01'])
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.parse(`${day}T00:00:00Z`) + hour * HOUR_MS + 30 * 60_000);
      const found = await activationsAt(now);
      assert.deepEqual(found.areas, first.areas, `the same areas activated at ${now.toISOString()}`);
      assert.ok(found.inForce, `each in force at ${now.toISOString()}`);
    }
});
