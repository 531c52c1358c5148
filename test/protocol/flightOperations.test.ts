/**
 * Flights as the real services send them (issue 36, cases 1–5), through the real built server
 * against the simulator's `operations` variants (test/hub-sim/README.md "Variants"): the hour's
 * scenario flights, their times counted from the start of the simulator's (fixed) hour.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { SET_REFERENCE_CREDENTIALS_NOTIFICATION } from '../../common/protocol/lspMessages';
import { MAP_TRAFFIC_REQUEST, type MapTraffic } from '../../common/protocol/mapMessages';
import { hubForFile } from './support/hubServer';
import { eventually, type ServerUnderTest } from './support/server';

const hub = hubForFile();
/** The start of the simulator's hour: every scenario flight's time is counted from it. */
let hour = 0;

before(async () => {
  const sim = await hub.simulator();
  // A fixed clock a few minutes into the current hour: the scenario flights do not move while the file runs.
  const now = Date.now();
  hour = Math.floor(now / 3600_000) * 3600_000;
  sim.settings.fixedNow = new Date(hour + 5 * 60_000).toISOString();
  sim.settings.variants = { ...sim.settings.variants, flights: 'operations', flightStatus: 'operations' };
});

/** A server with the hub key (null: none) and, if asked, the reference family's credentials. */
async function serverWith(options: { key?: string | null; reference?: boolean }): Promise<ServerUnderTest> {
  const sim = await hub.simulator();
  const server = await hub.start({
    key: options.key === undefined ? 'demo' : options.key,
    awaitHub: false,
    ...(options.reference
      ? { icaoRoute: { reference: { baseUrl: sim.referenceUrl, retries: 0, timeoutSeconds: 5 } } }
      : {}),
  });
  if (options.reference)
    await server.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, {
      appId: 'demo',
      appKey: 'demo',
      source: 'secretStorage',
    });
  return server;
}

const two = (n: number) => String(n).padStart(2, '0');
/** "0915" of an instant. */
const hhmm = (ms: number) => `${two(new Date(ms).getUTCHours())}${two(new Date(ms).getUTCMinutes())}`;
/** "09:15Z" of an instant, as the hover writes it. */
const clock = (ms: number) => `${two(new Date(ms).getUTCHours())}:${two(new Date(ms).getUTCMinutes())}Z`;
const dof = (ms: number) => {
  const d = new Date(ms);
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
};
const minutes = (n: number) => n * 60_000;

/** An FPL of `callsign` from `origin` at `eobtMs` to `destination`, its DOF the EOBT's date. */
const message = (callsign: string, origin: string, eobtMs: number, destination: string, route = 'N0450F350 DCT') =>
  `(FPL-${callsign}-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-${origin}${hhmm(eobtMs)}\n-${route}\n-${destination}0105\n-DOF/${dof(eobtMs)})\n`;

/** The hover on field 7 once the services have answered (it says "still being looked up" before). */
async function liveHover(server: ServerUnderTest, uri: string, line = 0): Promise<string> {
  return server.hoverMatching(uri, line, 7, /Status:|No flight of/, 250);
}

/** The L findings once the live flight is compared (published after the lookup). */
async function liveCodes(server: ServerUnderTest, uri: string, expected: string): Promise<string[]> {
  const published = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === expected));
  return published.diagnostics.map((d) => String(d.code)).filter((c) => c.startsWith('L'));
}

test('case 1, hub: a flight that left 28 min late shows its actual off-block, the delay and their sources', async () => {
  const server = await serverWith({});
  const uri = 'file:///operations/late.route';
  const scheduled = hour - minutes(45);
  await server.open(uri, message('BAW2028', 'EGLL', scheduled, 'EDDF'));
  const text = await liveHover(server, uri);
  assert.match(text, /Status: AIRBORNE \(hub\)/, text);
  // Scheduled and estimated both at the schedule (as the service leaves it), the actual 28 min later.
  const offBlock = text.split('\n').find((l) => l.startsWith('| Off-block'))!;
  assert.ok(offBlock, text);
  const cells = offBlock.split('|').map((c) => c.trim());
  assert.match(cells[3]!, new RegExp(`^${clock(scheduled)} .*\\(hub\\)$`));
  assert.match(cells[4]!, new RegExp(`^${clock(scheduled)} .*\\(hub\\)$`));
  assert.match(cells[5]!, new RegExp(`^${clock(scheduled + minutes(28))} .*\\(hub\\)$`), 'the actual off-block');
  assert.match(text, /Delay: 28 min late \(the hub's delay/, text);
});

test('case 1, reference: landed 3 h 47 min late with runway actual times only and no delays: the delay computed, named', async () => {
  const server = await serverWith({ key: null, reference: true });
  const uri = 'file:///operations/landed.route';
  const scheduled = hour - minutes(360);
  await server.open(uri, message('AFR2047', 'LFPG', scheduled, 'LIRF'));
  const text = await liveHover(server, uri);
  assert.match(text, /Status: LANDED \(reference\)/, text);
  const takeOff = text.split('\n').find((l) => l.startsWith('| Take-off'));
  assert.ok(takeOff, text);
  assert.match(takeOff, new RegExp(`\\| ${clock(scheduled + minutes(227))} .*\\(reference\\) \\|$`));
  assert.ok(
    text.split('\n').some((l) => l.startsWith('| Landing') && /\(reference\) \|$/.test(l)),
    text,
  );
  assert.match(
    text,
    new RegExp(
      `Delay: 3 h 47 min late \\(computed: actual take-off, taxi-out included, ${clock(scheduled + minutes(227))} ` +
        `\\(reference\\) against the scheduled off-block ${clock(scheduled)} \\(reference\\); no delay given\\)`,
    ),
    text,
  );
});

test('case 2: a diverted flight says where it landed (ICAO and name) and does not call field 16 wrong', async () => {
  const server = await serverWith({ reference: true });
  const uri = 'file:///operations/diverted.route';
  const scheduled = hour - minutes(240);
  await server.open(uri, message('BAW2016', 'EGLL', scheduled, 'EDDF'));
  const text = await liveHover(server, uri);
  assert.match(text, /Diverted: landed at EDDK \([^)]+\), not at EDDF\./, text);
  assert.match(text, /DIVERTED \(reference\)/, text);
  const codes = await liveCodes(server, uri, 'L006');
  assert.ok(!codes.includes('L004'), `field 16 is not called wrong: ${codes.join(', ')}`);
  const l006 = server.published
    .get(uri)!
    .at(-1)!
    .diagnostics.find((d) => d.code === 'L006')!;
  assert.equal(l006.range.start.line, 4, 'on field 16');
  assert.match(
    String(l006.message),
    /landed at EDDK \([^)]+\), not at EDDF, the destination field 16 names as planned/,
  );
});

test('case 3: one number flying two legs: the leg from field 13 is chosen, though the other is nearer the EOBT', async () => {
  const server = await serverWith({ reference: true });
  const uri = 'file:///operations/legs.route';
  // The first leg (EGLL 2 h before the hour) left 90 min late: its EOBT is 30 min before the
  // second leg's (EDDF on the hour) schedule.
  const eobt = hour - minutes(30);
  await server.open(uri, message('DLH2090', 'EGLL', eobt, 'EDDF'));
  const text = await liveHover(server, uri);
  assert.match(text, new RegExp(`\\| Off-block \\| EGLL \\| ${clock(hour - minutes(120))}`), text);
  const codes = await liveCodes(server, uri, 'L001');
  assert.ok(!codes.includes('L003') && !codes.includes('L004'), `no "departs from EDDF": ${codes.join(', ')}`);
  const l001 = server.published
    .get(uri)!
    .at(-1)!
    .diagnostics.find((d) => d.code === 'L001')!;
  assert.match(String(l001.message), /90 min after DLH2090's scheduled off-block/);
});

test("DLH2090's two legs in one document: each message's hover shows its own leg's delay (issue 37)", async () => {
  const server = await serverWith({});
  const uri = 'file:///operations/two-legs.route';
  // EGLL → EDDF 2 h before the hour (left 90 min late), EDDF → LFPG on the hour (on time so far).
  const first = message('DLH2090', 'EGLL', hour - minutes(120), 'EDDF');
  await server.open(uri, `${first}\n${message('DLH2090', 'EDDF', hour, 'LFPG')}`);
  const secondLine = first.split('\n').length;
  const second = await liveHover(server, uri, secondLine);
  assert.match(second, /Delay: 0 min \(the hub's delay/, second);
  const firstHover = await liveHover(server, uri);
  assert.match(firstHover, /Delay: 1 h 30 min late \(the hub's delay/, firstHover);
});

test('case 4: traffic summaries keep their aerodromes and times: no ?→?, the hour’s departures counted', async () => {
  const server = await serverWith({});
  const uri = 'file:///operations/traffic.route';
  await server.open(
    uri,
    message(
      'BAW2028',
      'EGLL',
      hour - minutes(30),
      'EDDF',
      'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    ),
  );
  let last: MapTraffic | null = null;
  const traffic = await eventually(
    async () => {
      last = (await server.connection.sendRequest(MAP_TRAFFIC_REQUEST, {
        uri,
        position: { line: 3, character: 5 },
      })) as MapTraffic | null;
      return last?.flights.length ? last : undefined;
    },
    () => `traffic; notices: ${JSON.stringify(last?.notices)}`,
    250,
  );
  for (const f of traffic.flights) {
    assert.match(f.departure ?? '', /^[A-Z]{4}$/, `${f.callsign}: departure`);
    assert.match(f.arrival ?? '', /^[A-Z]{4}$/, `${f.callsign}: arrival`);
  }
  const departures = traffic.aerodromes.find((a) => a.aerodrome === 'EGLL' && a.movement === 'departures');
  assert.ok(departures, JSON.stringify(traffic.aerodromes));
  assert.equal(departures.untimed, 0, 'every departure timed');
  // BAW2028, EZY2019 and DLH2090's first leg left EGLL within the hour before; more are generated.
  assert.ok(departures.count >= 3, JSON.stringify(departures));
  // Case 5 on the map: the flight without aircraftIdentification is its operator and number.
  const unnamed = traffic.flights.find((f) => f.callsign === 'EZY 2019');
  assert.ok(unnamed, traffic.flights.map((f) => f.callsign).join(', '));
  assert.equal(unnamed.notAtcCallsign, true);
  assert.ok(!traffic.flights.some((f) => /^[A-Z]{3}$/.test(f.callsign)), 'no bare operator as a call sign');
});

test('case 5: a flight without aircraftIdentification: the hover and completion say it is not the ATC call sign', async () => {
  const server = await serverWith({});
  const uri = 'file:///operations/unnamed.route';
  await server.open(uri, message('EZY2019', 'EGLL', hour - minutes(20), 'EDDF'));
  const text = await liveHover(server, uri);
  assert.match(text, /Status: AIRBORNE \(hub\)/, text);
  assert.match(text, /No ATC call sign given: the hub names this flight EZY 2019 \(operator and flight number\)/, text);
  assert.match(text, /That is not the ATC call sign/);
  const list = (await server.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: 12 },
  })) as CompletionList;
  const item = list.items.find((i) => i.label === 'EZY2019');
  assert.ok(item, JSON.stringify(list.items.map((i) => i.label)));
  assert.match(String(item.detail), /operator and number, not the ATC call sign/);
  assert.match(JSON.stringify(item.documentation), /no ATC call sign/);
});
