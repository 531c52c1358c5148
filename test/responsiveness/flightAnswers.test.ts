/**
 * Hovers answered within 4 s while the server reads a hostile flight answer (issue 35, item 1),
 * through the built server against the simulator's hostile `flights` variants: a Flight nested
 * 60 deep around 20,000 empty elements, 100,000 flights in 30 MB, a 2.4 MB route text. Opening
 * an FPL message asks its live flight (GeoJSON, #2); completion on an empty route line asks the
 * routes filed by others (FIXM, #5). Hovers are sent once the simulator has answered, while the
 * server reads, and each must come back within the bound: a bound on responsiveness, not a
 * speed figure. The simulator runs in a process of its own (writing 30 MB answers would hold
 * this process's event loop, and the hovers' answers with it).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-protocol';
import { SET_HUB_KEY_NOTIFICATION } from '../../common/protocol/lspMessages';
import { ServerUnderTest } from '../protocol/support/server';

const BOUND_MS = 4_000;

/** Run queue per core (1-minute load average) above which another test run shares the machine. */
const SHARED_LOAD_PER_CORE = 3;

/**
 * The bound for now: 4 s, as long as the machine is not shared (this step alone: its own server,
 * simulator and the tail of the earlier steps stay under 3 per core). Beside a second test run (at
 * load 20 on 2 cores a hover took 4.3 s) the time spent waiting for a core is no part of the
 * server's answer, so the bound grows with the run queue per core beyond that, at most fourfold.
 */
function boundMs(): number {
  const perCore = os.loadavg()[0]! / os.availableParallelism();
  return Math.round(BOUND_MS * Math.min(4, Math.max(1, perCore / SHARED_LOAD_PER_CORE)));
}
const ROOT = path.resolve(__dirname, '../..');

/** `npm run hub-sim` in a process of its own, in the variant; its base URL once it listens. */
async function simulator(variant: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/hub-sim/main.ts', '--port', '0', '--quiet', '--flights', variant],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const url = /^hub-sim listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    if (url) return { url, child };
  }
  throw new Error('the simulator did not start');
}

async function serverOnSim(url: string): Promise<ServerUnderTest> {
  const server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: { diagnostics: { debounceMs: 0 }, hub: { baseUrl: url, timeoutSeconds: 120 } },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  return server;
}

function dof(): string {
  const d = new Date();
  return `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

const FPL =
  `(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL1200\n` +
  `-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n-EDDF0105 EDDK\n-DOF/${dof()})\n\n` +
  `origin: EGLL\ndestination: EDDF\n\n`;

/** Resolves once the simulator has answered `count` requests of the endpoint (its control API's log). */
async function answered(sim: { url: string; child: ChildProcess }, endpoint: string, count: number): Promise<void> {
  for (;;) {
    assert.equal(sim.child.exitCode, null, 'the simulator is still running');
    // While it writes a 30 MB answer the simulator may not answer its control API: asked again.
    const requests = await fetch(`${sim.url}/__control/requests`)
      .then((res) => res.json() as Promise<{ requests: { endpoint?: string; status?: number }[] }>)
      .then((log) => log.requests)
      .catch(() => []);
    if (requests.filter((r) => r.endpoint === endpoint && r.status !== undefined).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The longest a hover took, of hovers sent one after the other for `forMs`. */
async function longestHover(server: ServerUnderTest, uri: string, line: number, character: number, forMs: number) {
  let longest = 0;
  let text = '';
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const sent = Date.now();
    const hover = await server.hover(uri, line, character);
    longest = Math.max(longest, Date.now() - sent);
    text = hover ? (hover.contents as MarkupContent).value : '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { longest, text };
}

for (const variant of ['nested', 'many', 'long-route'] as const) {
  test(`hovers are answered within ${BOUND_MS / 1000} s (more on a loaded machine) while the server reads the ${variant} answers`, async (t) => {
    const sim = await simulator(variant);
    t.after(async () => {
      sim.child.kill('SIGTERM');
      if (sim.child.exitCode === null) await once(sim.child, 'exit');
    });
    const server = await serverOnSim(sim.url);
    t.after(() => server.stop());
    const uri = `file:///hostile/${variant}.route`;
    await server.open(uri, FPL);
    // The routes filed by others (FIXM): asked by completion on the empty route line, not awaited.
    const completion = server.connection
      .sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 9, character: 0 } })
      .catch(() => undefined);
    // The live flight (GeoJSON): asked by the hover on field 7 (and once the document is still).
    const onField7 = server.hover(uri, 0, 7).catch(() => undefined);
    // Every status of both lookups (the simulator writes each answer in this process first).
    await answered(sim, 'airlineFlightNumber', 3);
    await answered(sim, 'flightsBetween', 3);
    const field13 = await longestHover(server, uri, 2, 2, 3_000);
    const bound = boundMs();
    t.diagnostic(
      `longest hover on field 13: ${field13.longest} ms (bound ${bound} ms at load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    assert.ok(field13.longest < bound, `a hover on field 13 took ${field13.longest} ms (bound ${bound} ms)`);
    const sent = Date.now();
    const live = await server.hover(uri, 0, 7);
    const took = Date.now() - sent;
    const boundNow = boundMs();
    t.diagnostic(`hover on field 7: ${took} ms`);
    assert.ok(took < boundNow, `the hover on field 7 took ${took} ms (bound ${boundNow} ms)`);
    assert.match((live?.contents as MarkupContent).value, /Live flight `DLH4AB`/);
    await onField7;
    // What the bounds left out of the routes filed by others is said with them.
    const items = ((await completion) as { items?: CompletionItem[] } | undefined)?.items ?? [];
    const said = items.map((item) => item.documentation ?? '').join('\n');
    if (variant === 'many') assert.match(String(said), /left out: [\d,]+ of [\d,]+\+ flights read/);
    if (variant === 'long-route') assert.match(String(said), /left out: \d routes? over 10,000 characters not read/);
  });
}
