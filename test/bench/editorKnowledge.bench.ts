/**
 * What expansion and the airline reference add to the editor, timed: completion in the middle of
 * a 2,000-route file with the full navigation data loaded (after a point, after an airway, after
 * DCT; the block under the cursor is expanded afresh each time, as in the server), and the
 * airline look-up of field 7 from the warm cache (the list fetched once from the hub simulator's
 * reference family, then read back from the disk cache as a restarted server would).
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { BenchFigure } from './run';
import { loadNavDatabase } from '../../server/src/navdata/loader';
import { ReferenceClient } from '../../server/src/hub/referenceClient';
import { parseRouteDocument } from '../../server/src/route';
import { AirlineDirectory, airlineFindings, airlineHoverSection } from '../../server/src/remote/airlineDirectory';
import { completions } from '../../server/src/services/completion';
import { LineIndex } from '../../server/src/route/ranges';
import { startHubSimulator } from '../hub-sim/server';
import { defined } from '../shared/defined';

export const name = 'completion and airline look-up';

const ROOT = path.resolve(__dirname, '../..');
const SHARED = path.resolve(ROOT, '../shared/navdata');
const EXCERPT = path.join(ROOT, 'test/fixtures/navdata');
const live = { isCancellationRequested: false };

/** Real European routes, repeated to 2,000 blocks. */
const ROUTES = [
  'origin: EGLL\ndestination: EDDF\nN0450F350 DET L6 DVR UL9 KONAN UL607 AMASI',
  'origin: EGLL\ndestination: VTBS\nN0480F350 DVR UL9 KONAN L607 RUDUS UL984 PW A87 KEKAL',
  'origin: EHAM\ndestination: LFPG\nN0420F250 ARNEM DCT NIK DCT BUB',
];

function percentile(sorted: number[], p: number): number {
  return defined(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))], 'a measurement');
}

export async function run(): Promise<BenchFigure[]> {
  const full = fs.existsSync(path.join(SHARED, 'fix.dat.gz'));
  const db = await loadNavDatabase(full ? SHARED : EXCERPT);
  const which = full ? 'full navdata' : 'navdata excerpt (no ../shared/navdata)';

  const blocks = Array.from({ length: 2000 }, (_, i) => `# route ${i + 1}\n${ROUTES[i % ROUTES.length]}`);
  // The cursor's block: in the middle of the file, cursor after `KONAN UL607 `, after `DVR ` and after `DCT `.
  const middle = 1000;
  blocks[middle] = '# the route being written\norigin: EGLL\ndestination: EDDF\nN0450F350 DET L6 DVR UL9 KONAN UL607 ';
  const text = blocks.join('\n\n');
  const lines = new LineIndex(text);
  const document = parseRouteDocument(text);
  const line = lines.positionAt(text.indexOf('N0450F350 DET L6 DVR UL9 KONAN UL607 ')).line;
  const positions = [
    { line, character: 'N0450F350 DET L6 DVR UL9 KONAN UL607 '.length },
    { line, character: 'N0450F350 DET L6 DVR '.length },
    { line, character: 'N0450F350 DET L6 DVR UL9 KONAN '.length },
  ] as const;
  let started = performance.now();
  const firstItems = completions(document, lines, positions[0], { db }, live).length;
  const firstMs = performance.now() - started;
  // Warm-up: the JIT, and the lazily built indexes of every kind of list.
  for (let i = 0; i < 60; i++) completions(document, lines, positions[i % positions.length]!, { db }, live);
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < 300; i++) {
    const position = positions[i % positions.length]!; // i modulo the length: in range
    started = performance.now();
    items += completions(document, lines, position, { db }, live).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);

  // Airlines: fetched once into a disk cache, then a fresh client reads it back (the warm cache).
  const sim = await startHubSimulator({ port: 0, quiet: true });
  const folder = fs.mkdtempSync(path.join(tmpdir(), 'icao-route-bench-airlines-'));
  let lookupUs: number;
  let warmLoadMs: number;
  let airlines: number;
  try {
    const credentials = { appId: 'demo', appKey: 'demo' };
    const options = { extendedOptions: { includeNewFields: true } };
    const cold = new ReferenceClient({ baseUrl: sim.referenceUrl, cacheFolder: folder }, credentials);
    await cold.allAirlines(options);
    await cold.close();
    started = performance.now();
    const warm = new ReferenceClient({ baseUrl: sim.referenceUrl, cacheFolder: folder }, credentials);
    const result = await warm.allAirlines(options);
    const directory = new AirlineDirectory(result.airlines, result.fetchedAt);
    warmLoadMs = performance.now() - started;
    await warm.close();
    if (result.source !== 'disk') throw new Error('the airline list did not come from the disk cache');
    airlines = result.airlines.length;
    const fpl = parseRouteDocument(
      '(FPL-AZA610-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-LIRF0900\n-N0450F350 DCT\n-EGLL0230\n-0)',
    );
    const field = defined(
      fpl.blocks[0]?.fpl?.fields.find((f) => f.number === 7),
      'field 7',
    );
    const rounds = 20_000;
    started = performance.now();
    let found = 0;
    for (let i = 0; i < rounds; i++) {
      found += airlineFindings(fpl, directory, live).length;
      if (airlineHoverSection(field, directory)) found++;
    }
    lookupUs = ((performance.now() - started) / rounds) * 1000;
    if (found !== rounds * 2) throw new Error('the look-up did not find the inactive airline');
  } finally {
    await sim.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }

  return [
    {
      label: `first completion, 2,000-route file, ${which} (builds indexes)`,
      value: firstMs,
      unit: `ms (${firstItems} items)`,
    },
    {
      label: 'completion median (after point / airway / DCT)',
      value: percentile(times, 0.5),
      unit: `ms (${Math.round(items / times.length)} items avg)`,
    },
    { label: 'completion 95th percentile', value: p95, unit: 'ms', target: '< 20 ms', ok: p95 < 20 },
    { label: `airline list from the warm disk cache (${airlines} airlines)`, value: warmLoadMs, unit: 'ms' },
    {
      label: 'airline look-up (field 7 finding + hover), warm cache',
      value: lookupUs / 1000,
      unit: 'ms',
      target: '< 1 ms',
      ok: lookupUs < 1000,
    },
  ];
}
