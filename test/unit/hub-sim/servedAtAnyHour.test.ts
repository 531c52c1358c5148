/**
 * What a flight's checks rely on is served at any hour, whatever the simulator's clock: its NOTAMs
 * are drawn from the day and those that have ended are left out, so without these two rules a test
 * passed or failed by the hour it ran.
 * - The route areas' activations ("TEMPORARY RESERVED AREA … ACTIVATED") are in force from
 *   yesterday to tomorrow ("Open NOTAM" of a conflict once failed at 15:00Z).
 * - A controlled aerodrome has a standing NOTAM (Heathrow once answered 404 late in the evening,
 *   every NOTAM of its day ended).
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

test("Heathrow's NOTAMs answer at every hour, on the days its drawn ones had all ended", async () => {
  // Found by a scan of 400 days: every drawn NOTAM of EGLL ended on these days at the hour given.
  for (const iso of ['2026-12-11T23:05:00Z', '2027-01-22T23:55:00Z', '2027-02-18T16:40:00Z', '2027-02-22T12:00:00Z']) {
    sim.settings.fixedNow = iso;
    const res = await fetch(hub(sim, '/v1/aerodromes/EGLL/notams', { format: 'json' }));
    assert.equal(res.status, 200, `EGLL's NOTAMs at ${iso}`);
    const body = (await res.json()) as {
      features: { properties: { location: string; effectiveEnd: string | null } }[];
    };
    const standing = body.features.filter(
      (f) => f.properties.location === 'EGLL' && f.properties.effectiveEnd === 'PERM',
    );
    assert.ok(
      standing.length >= 1,
      `a standing NOTAM at ${iso}: ${JSON.stringify(body.features.map((f) => f.properties))}`,
    );
  }
});
