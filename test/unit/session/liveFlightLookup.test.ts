/**
 * The live flight behind an FPL call sign against the hub simulator (issue 22, item 2): the
 * hub's #2 and #4 and the reference's flight status, cached per call sign and date and shared
 * in flight; a 403 of a restricted group and the usage limit said once, never a flood, and not
 * asked again; the flights of an operator (#1) fetched once.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { after, afterEach } from 'node:test';
import type { HubSimulator } from '../../hub-sim/server';
import { startHubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { parseRouteDocument } from '../../../server/src/route';
import { LiveFlightLookup } from '../../../server/src/session/liveFlightLookup';
import { SourceStatuses, type SourceName, type SourceStatus } from '../../../server/src/session/status';
import { startLocalServer } from '../hub/localServer';

const sims: HubSimulator[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(() => sims.forEach((s) => (s.faults.clear(), s.requests.clear())));
after(async () => {
  await Promise.all(closers.map((c) => c()));
  await Promise.all(sims.map((s) => s.close()));
});

const NOW = Date.parse('2026-11-26T09:00:00Z');
const ROUTE = 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
const DLH_TEXT = `(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL1200\n-${ROUTE}\n-EDDF0105 EDDK\n-DOF/261126)\n`;
const DLH = parseRouteDocument(DLH_TEXT);
const AFR = parseRouteDocument(
  '(FPL-AFR1404-IS\n-A321/M-SDE2E3FGHIRWY/LB1\n-LFPG0935\n-N0460F360 SID OKASI UL612 SRN UM727 TAQ STAR\n' +
    '-LIRF0150 LIRN\n-DOF/261126)\n',
);

async function setUp(
  options: {
    userKey?: string;
    useHttpErrors?: boolean;
    now?: () => number;
    maxKept?: number;
    /** Nothing kept by the hub client: each call of the lookup reaches the simulator. */
    uncachedHub?: boolean;
    /** Folder of .route files the simulator flies (default: the project's samples). */
    samplesFolder?: string;
  } = {},
) {
  const sim = await startHubSimulator({
    port: 0,
    quiet: true,
    settings: { fixedNow: new Date(NOW).toISOString() },
    ...(options.samplesFolder ? { samplesFolder: options.samplesFolder } : {}),
  });
  sims.push(sim);
  // The hub client keeps flight answers a minute (issue 22, item 4): on the test's clock, like the lookup.
  const hubClient = new HubClient(
    {
      baseUrl: sim.url,
      retries: 0,
      ...(options.uncachedHub ? { cacheTtlMs: { airspaces: 0, notams: 0, navigation: 0, flights: 0 } } : {}),
    },
    { userKey: options.userKey ?? 'demo' },
    { now: options.now ?? (() => NOW) },
  );
  const referenceClient = new ReferenceClient(
    { baseUrl: sim.referenceUrl, retries: 0 },
    { appId: 'demo', appKey: 'demo' },
  );
  closers.push(
    () => hubClient.close(),
    () => referenceClient.close(),
  );
  const reported: { name: SourceName; status: SourceStatus }[] = [];
  const statuses = new SourceStatuses((name, status) => reported.push({ name, status }));
  const lookup = new LiveFlightLookup(
    { hubClient, referenceClient, statuses },
    {
      now: options.now ?? (() => NOW),
      useHttpErrors: () => options.useHttpErrors ?? false,
      ...(options.maxKept ? { maxKept: options.maxKept } : {}),
    },
  );
  const calls = (endpoint: string) => sim.requests.list().filter((r) => r.endpoint === endpoint).length;
  const said = () => reported.filter((r) => r.name === 'flights');
  return { sim, lookup, calls, said, statuses };
}

test('the sample call signs: #2 and #4 at the hub, the reference for a numeric flight; cached and shared', async () => {
  const { lookup, calls, statuses } = await setUp();
  const dlh = lookup.queryOf(DLH.blocks[0]!)!;
  const [first, second] = await Promise.all([lookup.lookup(dlh), lookup.lookup(dlh)]);
  assert.deepEqual(first, second);
  assert.equal(calls('airlineFlightNumber'), 3, 'active, cancelled and completed, once for both lookups');
  assert.equal(calls('flightDelay'), 1);
  assert.equal(calls('flightStatus'), 0, "DLH4AB's 4AB is no flight number");
  assert.ok(
    first.hub.some((f) => f.callsign === 'DLH4AB' && f.scheduledOffBlockMs === Date.parse('2026-11-26T12:00:00Z')),
  );
  assert.equal(typeof first.delay?.minutes, 'number');
  assert.match(first.notes.join(' '), /not a flight number/);
  assert.deepEqual(lookup.findings(DLH), [], 'flown as filed: nothing to say');
  assert.equal(statuses.get('flights').state, 'ok');
  await lookup.lookup(dlh);
  assert.equal(calls('airlineFlightNumber'), 3, 'cached');

  const afr = await lookup.lookup(lookup.queryOf(AFR.blocks[0]!)!);
  assert.equal(calls('flightStatus'), 1);
  assert.equal(afr.reference.length, 1, "the reference's status of AFR 1404 on 26 Nov");
  assert.equal(afr.reference[0]!.departure, 'LFPG');
  assert.equal(afr.reference[0]!.scheduledOffBlockMs, Date.parse('2026-11-26T09:35:00Z'));
});

test("the reference is asked for the EOBT's UTC date with utc=true, not the date local to the departure airport", async (t) => {
  // CPA500 leaves Hong Kong daily at 23:30Z, 07:30 local time on the next day there.
  const samples = mkdtempSync(join(tmpdir(), 'live-late-departure-'));
  t.after(() => rmSync(samples, { recursive: true, force: true }));
  const text =
    '(FPL-CPA500-IS\n-A359/H-SDE2E3FGIJ1RWY/LB1\n-VHHH2330\n-N0490F390 SID ELATO A1 KEC Y21 XAC STAR\n' +
    '-RJTT0400 RJAA\n-DOF/261126)\n';
  writeFileSync(join(samples, 'late.route'), text);
  const { sim, lookup } = await setUp({ samplesFolder: samples });
  const document = parseRouteDocument(text);
  const answer = await lookup.lookup(lookup.queryOf(document.blocks[0]!)!);
  const asked = sim.requests.list().filter((r) => r.endpoint === 'flightStatus');
  assert.equal(asked.length, 1);
  assert.match(asked[0]!.url, /\/CPA\/500\/dep\/2026\/11\/26\?(.*&)?utc=true(&|$)/);
  assert.deepEqual(
    answer.reference.map((r) => new Date(r.scheduledOffBlockMs!).toISOString()),
    ['2026-11-26T23:30:00.000Z'],
    'the flight of EOBT 2330 on DOF 261126, not the one of the day before (26 Nov in Hong Kong)',
  );
  assert.equal(answer.reference[0]!.departure, 'VHHH');
});

test('an EOBT an hour off the schedule: L001 from the cached answer, no new call', async () => {
  const { lookup, calls } = await setUp();
  await lookup.refresh(DLH);
  const before = calls('airlineFlightNumber');
  const late = parseRouteDocument(DLH_TEXT.replace('EGLL1200', 'EGLL1300'));
  const findings = await lookup.refresh(late);
  assert.deepEqual(
    findings.map((f) => f.code),
    ['L001'],
  );
  assert.equal(calls('airlineFlightNumber'), before, 'same call sign and date: the cached answer');
});

test('403 of a restricted group (the delay): said once, #2 kept, the delay not asked again', async () => {
  let clock = NOW;
  const { sim, lookup, calls, said } = await setUp({ now: () => clock });
  sim.faults.add({ kind: 'forbidden', path: '/v1/flights/*/delay' });
  const first = await lookup.lookup(lookup.queryOf(DLH.blocks[0]!)!);
  assert.ok(first.hub.length > 0, 'the flights #2 gave are kept');
  assert.equal(first.delay, undefined);
  assert.match(first.notes.join(' '), /flight delay needs access to a restricted group.*403/);
  clock += 60 * 60_000;
  const second = await lookup.lookup(lookup.queryOf(DLH.blocks[0]!)!);
  assert.ok(second.hub.length > 0);
  assert.equal(calls('flightDelay'), 1, 'refused once, not asked again');
  assert.equal(calls('airlineFlightNumber'), 6, '#2 still asked');
  assert.equal(said().length, 1, 'one status');
  assert.equal(said()[0]!.status.state, 'degraded');
  assert.match(said()[0]!.status.message, /restricted group/);
});

test("the hub's usage limit: one status, and nothing more asked of the hub", async () => {
  let clock = NOW;
  const { sim, lookup, calls, said } = await setUp({ now: () => clock });
  sim.faults.add({ kind: 'usageLimit', path: '/v1/airlines/*' });
  const first = await lookup.lookup(lookup.queryOf(DLH.blocks[0]!)!);
  assert.deepEqual(first.hub, []);
  assert.match(first.notes.join(' '), /usage limit is exceeded/);
  const asked = calls('airlineFlightNumber');
  assert.ok(asked >= 1 && asked <= 3);
  clock += 6 * 60_000; // past the answers' 5 minutes, within the 15 minutes' pause
  await lookup.lookup(lookup.queryOf(DLH.blocks[0]!)!);
  assert.deepEqual(await lookup.flightsOf('DLH'), [], 'the operator completion does not ask either');
  assert.equal(calls('airlineFlightNumber'), asked, 'not asked again');
  assert.equal(calls('airlineFlights'), 0);
  assert.equal(said().length, 1);
  assert.match(said()[0]!.status.message, /usage limit/);
  // The limit's window may end: after the pause the hub is asked again.
  sim.faults.clear();
  clock += 16 * 60_000;
  const later = await lookup.lookup(lookup.queryOf(DLH.blocks[0]!)!);
  assert.ok(later.hub.length > 0);
  assert.equal(said().at(-1)!.status.state, 'ok');
});

for (const useHttpErrors of [false, true]) {
  test(`the reference's usage limit, ${useHttpErrors ? 'as a real HTTP 403' : 'as HTTP 200 with an error object'}: one status, not asked again`, async () => {
    let clock = NOW;
    const { sim, lookup, calls, said } = await setUp({ useHttpErrors, now: () => clock });
    sim.faults.add({ kind: 'usageLimit', path: '/reference/flex/flightstatus/*' });
    const query = lookup.queryOf(AFR.blocks[0]!)!;
    const first = await lookup.lookup(query);
    assert.ok(first.hub.length > 0, "the hub's part is kept");
    assert.deepEqual(first.reference, []);
    assert.match(first.notes.join(' '), /reference service.*usage limit is exceeded/);
    clock += 6 * 60_000; // past the answers' 5 minutes, within the 15 minutes' pause
    await lookup.lookup(query);
    assert.equal(calls('flightStatus'), 1);
    assert.equal(said().length, 1);
    assert.equal(said()[0]!.status.source, 'reference');
  });
}

test('the flights of an operator: fetched once, shared, cached', async () => {
  const { lookup, calls } = await setUp();
  const [a, b] = await Promise.all([lookup.flightsOf('DLH'), lookup.flightsOf('dlh')]);
  assert.equal(a, b);
  assert.ok(a.some((f) => f.callsign === 'DLH4AB' && f.number === '4AB'));
  assert.equal(new Set(a.map((f) => f.number)).size, a.length, 'one item per number');
  await lookup.flightsOf('DLH');
  assert.equal(calls('airlineFlights'), 1);
});

test('answers kept at most maxKept: the oldest is asked again', async () => {
  // The lookup's own eviction is what is counted: the hub client keeps nothing here.
  const { lookup, calls } = await setUp({ maxKept: 1, uncachedHub: true });
  const dlh = lookup.queryOf(DLH.blocks[0]!)!;
  await lookup.lookup(dlh);
  await lookup.lookup(dlh);
  assert.equal(calls('airlineFlightNumber'), 3, 'kept');
  await lookup.lookup(lookup.queryOf(AFR.blocks[0]!)!);
  await lookup.lookup(dlh);
  assert.equal(calls('airlineFlightNumber'), 9, 'DLH4AB dropped for AFR1404, then asked again');
});

test('a file of many FPL messages asks the first 50 call signs once, then nothing more after each pause; the rest on hover', async () => {
  const { lookup, calls } = await setUp({ maxKept: 100 });
  const logged: string[] = [];
  (lookup as unknown as { options: { log: (m: string) => void } }).options.log = (m) => logged.push(m);
  // 120 messages, 60 call signs each named twice (the same call sign and date is one lookup).
  const messages = Array.from({ length: 120 }, (_, i) => DLH_TEXT.replace('DLH4AB', `DLH${100 + (i % 60)}`));
  const document = parseRouteDocument(messages.join('\n'));
  await lookup.refresh(document);
  const atOpen = calls('airlineFlightNumber');
  assert.equal(atOpen, 50 * 3, 'the first 50 call signs, three statuses each');
  assert.match(
    logged.join('\n'),
    /names 60 call signs .*the first 50 are looked up once it is still, the others when field 7 is hovered/,
  );
  // After each pause in typing (the same document settled again): nothing asked again.
  await lookup.refresh(document);
  await lookup.refresh(document);
  assert.equal(calls('airlineFlightNumber'), atOpen);
  // A message past the 50th is asked when hovered.
  const last = document.blocks.find((b) => lookup.queryOf(b)?.callsign === 'DLH159')!;
  await lookup.lookup(lookup.queryOf(last)!);
  assert.equal(calls('airlineFlightNumber'), atOpen + 3);
  assert.equal(logged.length, 1, 'said once');
});

test('two legs of one flight number on one day: each message gets the delay of its own leg (issue 37)', async () => {
  const sim = await startHubSimulator({
    port: 0,
    quiet: true,
    // The operations scenario: DLH2090 EGLL → EDDF two hours before the hour (90 min late), EDDF → LFPG on it.
    settings: { fixedNow: new Date(NOW + 5 * 60_000).toISOString(), variants: { flights: 'operations' } },
  });
  sims.push(sim);
  const hubClient = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' }, { now: () => NOW });
  closers.push(() => hubClient.close());
  const statuses = new SourceStatuses(() => undefined);
  const lookup = new LiveFlightLookup({ hubClient, referenceClient: undefined, statuses }, { now: () => NOW });
  const leg = (origin: string, eobt: string, destination: string) =>
    `(FPL-DLH2090-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-${origin}${eobt}\n-N0450F350 DCT\n-${destination}0105\n-DOF/261126)\n`;
  const document = parseRouteDocument(leg('EGLL', '0700', 'EDDF') + '\n' + leg('EDDF', '0900', 'LFPG'));
  const [first, second] = document.blocks.flatMap((b) => lookup.queryOf(b) ?? []);
  assert.equal(first!.key, second!.key, 'one call sign and date');
  // The second leg asked first: its delay must not become the first leg's.
  const secondAnswer = await lookup.lookup(second!);
  const firstAnswer = await lookup.lookup(first!);
  const calls = (endpoint: string) => sim.requests.list().filter((r) => r.endpoint === endpoint).length;
  assert.equal(calls('airlineFlightNumber'), 3, "the legs' flights asked once");
  assert.equal(calls('flightDelay'), 2, 'one delay per leg');
  assert.equal(firstAnswer.delay?.minutes, 90, 'EGLL → EDDF left 90 min late');
  assert.equal(secondAnswer.delay?.minutes, 0, 'EDDF → LFPG on time');
  assert.equal(lookup.cached(first!)?.delay?.minutes, 90);
  assert.equal(lookup.cached(second!)?.delay?.minutes, 0);
  await Promise.all([lookup.lookup(first!), lookup.lookup(second!), lookup.refresh(document)]);
  assert.equal(calls('flightDelay'), 2, 'cached per flight');
});

test('a reference entry that is no record: the others compared, the left-out one said (issue 37)', async (t) => {
  const good = {
    flightId: 1,
    carrierFsCode: 'AF',
    flightNumber: '1404',
    departureAirportFsCode: 'CDG',
    arrivalAirportFsCode: 'FCO',
    departureAirport: { icao: 'LFPG' },
    arrivalAirport: { icao: 'LIRF' },
    status: 'S',
    operationalTimes: { scheduledGateDeparture: { dateUtc: '2026-11-26T09:35:00.000Z' } },
  };
  const server = await startLocalServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ flightStatuses: [null, good] })),
  );
  const referenceClient = new ReferenceClient({ baseUrl: server.url, retries: 0 }, { appId: 'id', appKey: 'key' });
  t.after(async () => {
    await referenceClient.close();
    await server.close();
  });
  const statuses = new SourceStatuses(() => undefined);
  const lookup = new LiveFlightLookup({ hubClient: undefined, referenceClient, statuses }, { now: () => NOW });
  const answer = await lookup.lookup(lookup.queryOf(AFR.blocks[0]!)!);
  assert.equal(answer.reference.length, 1);
  assert.equal(answer.reference[0]!.departure, 'LFPG');
  assert.match(answer.notes.join(' '), /held 1 flight status entry that is not a record, left out/);
});
