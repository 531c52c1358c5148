/**
 * A flight summary's scheduled and estimated off-block and in-block times (the live flight's
 * hover and its EOBT comparison), read from every shape the simulator writes: GeoJSON (its own
 * dialect and the real service's FIXM-like properties) and FIXM XML (`scheduledOffBlockTime`
 * elements, or the real service's `departureFixTime` with `fb:initial`/`fb:estimated`).
 */
import assert from 'node:assert/strict';
import test, { after } from 'node:test';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';

const NOW = '2026-11-26T09:00:00.000Z';
const sims: HubSimulator[] = [];
const clients: HubClient[] = [];
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(sims.map((s) => s.close()));
});

for (const variant of ['sim', 'fixm'] as const) {
  for (const format of ['json', 'xml'] as const) {
    test(`DLH4AB's times, ${variant} dialect, ${format}`, async () => {
      const sim = await startHubSimulator({
        port: 0,
        quiet: true,
        settings: { fixedNow: NOW, variants: { flights: variant } },
      });
      sims.push(sim);
      const hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
      clients.push(hub);
      const { flights } = await hub.airlineFlightNumber('DLH', '4AB', { format });
      const today = flights.find(
        (f) => f.scheduledDeparture && Date.parse(f.scheduledDeparture) === Date.parse('2026-11-26T12:00:00Z'),
      );
      assert.ok(today, JSON.stringify(flights));
      assert.ok(
        Date.parse(today.estimatedDeparture!) >= Date.parse(today.scheduledDeparture!),
        'estimated, delayed or not',
      );
      assert.ok(Date.parse(today.scheduledArrival!) > Date.parse(today.scheduledDeparture!));
      assert.ok(Date.parse(today.estimatedArrival!) >= Date.parse(today.scheduledArrival!));
    });
  }
}
