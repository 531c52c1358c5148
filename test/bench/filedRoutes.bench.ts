/**
 * Routes filed by others (issue 22): from the hub's answers to the grouped routes for 500
 * flights, under 50 ms. The answers are the simulator's FIXM lists of flights between the sample
 * routes' aerodromes (#5, FILED, SCHEDULED and AIRBORNE, with the route text as the real service
 * writes it), each list repeated under new GUFIs until 500 flights; what is timed is what the
 * lookup does with them (server/src/session/filedRouteLookup.ts): each body's flights read as it
 * is parsed, each flight once, then grouped by route. Process CPU time, best of several rounds.
 * `node --import tsx test/bench/run.ts filedRoutes`.
 */
import { request } from 'undici';
import { startHubSimulator } from '../hub-sim/server';
import type { FlightSummary } from '../../server/src/hub/hubXml';
import { readFixmFlights } from '../../server/src/hub/fixmFlights';
import { groupFiledRoutes } from '../../server/src/remote/filedRoutes';
import type { BenchFigure } from './run';

export const name = 'Routes filed by others (answers to grouped routes)';

const FLIGHTS = 500;
const TARGET_MS = 50;
const PAIRS = [
  ['EGLL', 'EDDF'],
  ['EGLL', 'LFPG'],
  ['LFPG', 'EDDM'],
  ['EHAM', 'LEMD'],
  ['WSSS', 'VTBS'],
];
const STATUSES = ['FILED', 'SCHEDULED', 'AIRBORNE'];

function cpuMs(rounds: number, fn: () => void): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * The simulator's FIXM answers for the sample pairs, as one lookup gets them: one answer per
 * status, together holding `FLIGHTS` flights (the simulator's flights of every pair, repeated
 * under new GUFIs: more flights on the same routes).
 */
async function answers(): Promise<string[]> {
  const sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: { flights: 'fixm' } } });
  try {
    const byStatus = new Map<string, string[]>();
    let head = '';
    for (const status of STATUSES) {
      const flights: string[] = [];
      for (const [origin, destination] of PAIRS) {
        const url = `${sim.url}/v1/aerodromes/${origin}/destinations/${destination}/flights?status=${status}&format=xml&user_key=demo`;
        const res = await request(url, { headers: { accept: 'application/xml' } });
        const text = await res.body.text();
        if (res.statusCode !== 200) continue;
        const open = text.indexOf('<fx:Flight');
        const close = text.lastIndexOf('</flightMessage>');
        if (open < 0 || close < 0) continue;
        head ||= text.slice(0, open);
        flights.push(...(text.slice(open, close).match(/<fx:Flight[\s>][\s\S]*?<\/fx:Flight>/g) ?? []));
      }
      byStatus.set(status, flights);
    }
    const all = [...byStatus.values()].reduce((n, list) => n + list.length, 0);
    if (all === 0) throw new Error('the simulator answered no flights between the sample aerodromes');
    const out: string[] = [];
    let total = 0;
    for (const [status, flights] of byStatus) {
      // Each status's share of the 500, by its share of the simulator's flights.
      const share = status === STATUSES.at(-1) ? FLIGHTS - total : Math.round((FLIGHTS * flights.length) / all);
      const body: string[] = [];
      for (let i = 0; i < share && flights.length > 0; i++) {
        const copy = Math.floor(i / flights.length);
        const flight = flights[i % flights.length]!;
        body.push(copy === 0 ? flight : flight.replace(/(<fx:gufi[^>]*>)/, `$1c${copy}-`));
      }
      total += body.length;
      out.push(`${head}${body.join('')}</flightMessage>`);
    }
    return out;
  } finally {
    await sim.close();
  }
}

function groupAnswers(bodies: readonly string[]) {
  const seen = new Set<string>();
  const flights: FlightSummary[] = [];
  for (const body of bodies)
    for (const f of readFixmFlights(body)) {
      if (f.gufi && seen.has(f.gufi)) continue;
      if (f.gufi) seen.add(f.gufi);
      flights.push(f);
    }
  return { flights, groups: groupFiledRoutes(flights) };
}

export async function run(): Promise<BenchFigure[]> {
  const bodies = await answers();
  const { flights, groups } = groupAnswers(bodies);
  const withRoute = flights.filter((f) => f.routeText).length;
  if (withRoute < FLIGHTS) throw new Error(`only ${withRoute} of ${flights.length} flights carry a route`);
  groupAnswers(bodies); // warm
  const ms = cpuMs(7, () => groupAnswers(bodies));
  // Where the time goes: the FIXM reader (saxes, strict, one walk while parsing), the grouping.
  const readMs = cpuMs(7, () => bodies.flatMap((b) => readFixmFlights(b)));
  const groupMs = cpuMs(7, () => groupFiledRoutes(flights));
  return [
    { label: `flights read (${bodies.length} answers)`, value: flights.length, unit: 'flights' },
    { label: 'routes after grouping', value: groups.length, unit: 'routes' },
    {
      label: `  of which reading the FIXM flights (${Math.round(bodies.join('').length / 1024)} KB)`,
      value: readMs,
      unit: 'ms',
    },
    { label: '  of which grouping', value: groupMs, unit: 'ms' },
    {
      label: `answers to grouped routes, ${flights.length} flights`,
      value: ms,
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      ok: ms < TARGET_MS,
    },
  ];
}
