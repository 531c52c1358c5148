import { startHubSimulator } from '../test/hub-sim/server';
import { HubClient } from '../server/src/hub/hubClient';
(async () => {
  const sim = await startHubSimulator({ port: 0, quiet: true });
  const hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  for (const fir of ['EGTT', 'EGPX', 'EHAA', 'EBBU', 'EDGG', 'EDWW', 'EDMM', 'LFFF', 'EDUU', 'EDYY']) {
    const l = await hub.firFlights('E' === fir[0] ? 'E' : 'L', fir).catch((e) => ({ flights: [], e: String(e).slice(0, 80) }));
    console.log(fir, l.flights.length, (l as any).e ?? '');
  }
  await hub.close(); await sim.close();
})();
