/**
 * Service client speed against the hub simulator on loopback: requests per second through the
 * client, and the client's own overhead per call over a raw undici request to the same URL
 * (target: under 1 ms per call besides parsing). Raw and client calls alternate one by one and
 * the medians are compared, so drift on this shared machine hits both alike.
 */
import { Agent, request } from 'undici';
import type { BenchFigure } from './run';
import { startHubSimulator } from '../hub-sim/server';
import { HubClient } from '../../server/src/hub/hubClient';
import { readLinks } from '../../server/src/hub/hubXml';
import { parseXml } from '../../server/src/hub/xml';

export const name = 'service clients (hub simulator on loopback)';

const CALLS = 1500;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(): Promise<BenchFigure[]> {
  const sim = await startHubSimulator({ port: 0, quiet: true });
  const agent = new Agent({ connections: 6 });
  // No caching and no retries: every client call goes to the simulator, like the raw one.
  const hub = new HubClient(
    { baseUrl: sim.url, retries: 0, cacheTtlMs: { navigation: 0, airspaces: 0, notams: 0, flights: 0 } },
    { userKey: 'demo' },
  );
  try {
    const url = `${sim.url}/v1/icao-prefixes/E?user_key=demo`;
    let body = '';
    const raw = async (): Promise<void> => {
      const res = await request(url, { dispatcher: agent, headers: { accept: 'application/xml, text/xml;q=0.9' } });
      body = await res.body.text();
    };
    const parse = async (): Promise<void> => {
      readLinks(parseXml(body, 64));
    };
    const viaClient = async (): Promise<void> => {
      await hub.icaoPrefix('E');
    };
    for (let i = 0; i < 50; i++) {
      await raw();
      await viaClient();
      await parse();
    }
    // Alternate single calls, so drift on this shared machine hits both alike; medians drop spikes.
    const rawMs: number[] = [];
    const clientMs: number[] = [];
    const parseMs: number[] = [];
    const time = async (fn: () => Promise<void>): Promise<number> => {
      const t0 = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    for (let i = 0; i < CALLS; i++) {
      rawMs.push(await time(raw));
      clientMs.push(await time(viaClient));
      parseMs.push(await time(parse));
    }
    const overhead = median(clientMs) - median(rawMs) - median(parseMs);

    // Throughput: many calls at once through the client's concurrency limit.
    sim.requests.clear();
    const total = 600;
    const t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: total }, () => hub.icaoPrefix('E')));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

    return [
      { label: 'raw undici request (median per call)', value: median(rawMs), unit: 'ms' },
      { label: 'HubClient call (median per call)', value: median(clientMs), unit: 'ms' },
      { label: 'XML parse + link reading of the same body', value: median(parseMs), unit: 'ms' },
      {
        label: 'client overhead per call besides parsing',
        value: overhead,
        unit: 'ms',
        target: '< 1 ms',
        ok: overhead < 1,
      },
      {
        label: `throughput (${total} calls, concurrency ${hub.settings.maxConcurrency})`,
        value: Math.round(total / seconds),
        unit: 'req/s',
      },
    ];
  } finally {
    await hub.close();
    await agent.close();
    await sim.close();
  }
}
