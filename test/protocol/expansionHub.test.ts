/**
 * Route expansion through the hub in the real built server, against the real hub simulator on
 * 127.0.0.1: the key arrives by icaoRoute/setHubKey, the hub's findings join the local ones,
 * hovers show the hub's points. Then the simulator's faults: each failure of the service gives
 * ONE status notification and no flood of diagnostics or log lines, local diagnostics keep
 * coming, and clearing the fault brings the status back to ok.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { afterEach, before, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { SET_HUB_KEY_NOTIFICATION, type ExpansionStatusParams } from '../../common/protocol/lspMessages';
import type { HubSimulator } from '../hub-sim/server';
import { hubForFile } from './support/hubServer';
import { ROOT } from './support/build';
import { applyEdits, at, editsOf, sample, eventually, ServerUnderTest } from './support/server';
import { defined } from '../shared/defined';

const fromHub = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => /^H\d{3}$/.test(String(d.code)));

const hub = hubForFile();
let sim: HubSimulator;
let server: ServerUnderTest;

before(async () => {
  sim = await hub.simulator();
  server = await hub.start({ key: null, timeoutSeconds: 5 });
  await server.expansionStatus((s) => s.state === 'local');
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
});

/**
 * The server with a navigation data folder too, the key from the environment: the two tests on it
 * open documents of their own, and whichever runs first starts it.
 */
const withNavdata = () =>
  hub.shared('with navdata', {
    keySource: 'environment',
    icaoRoute: { hub: { baseUrl: sim.url }, navdata: { folder: path.join(ROOT, 'test', 'fixtures', 'navdata') } },
  });

// A failed test must not leave its fault on for the next one.
afterEach(() => sim.faults.clear());

test('broken.route through the hub: its findings on their exact ranges, merged with the local ones', async () => {
  const uri = 'file:///hub/broken.route';
  const local = await server.open(uri, sample('broken.route'));
  const merged = (await server.diagnosticsWhere(uri, (p) => p.version === 1 && fromHub(p))).diagnostics;
  assert.deepEqual(
    merged.map(at).filter((c) => c.startsWith('H')),
    ['H002@15:20-27', 'H002@27:18-23'],
  );
  assert.deepEqual(
    merged.map(at).filter((c) => c.startsWith('R')),
    local.map(at),
  );
  // One call per route block, the key never in the logged request.
  const expansions = () => sim.requests.list().filter((r) => r.endpoint === 'routeExpansion');
  assert.equal(expansions().length, 11);
  assert.ok(expansions().every((r) => !r.url.includes('demo')));

  // An edit in one block expands that block only; the others come from the cache.
  const version = await server.sendChange(uri, [
    { range: { start: { line: 27, character: 18 }, end: { line: 27, character: 23 } }, text: 'KONAN' },
  ]);
  const fixed = await server.diagnosticsWhere(uri, (p) => p.version === version);
  assert.deepEqual(
    fixed.diagnostics.map(at).filter((c) => c.startsWith('H')),
    ['H002@15:20-27'],
  );
  await eventually(
    () => expansions().length > 11,
    () => `a twelfth expansion (${expansions().length} so far)`,
  );
  await settle();
  assert.equal(expansions().length, 12);
});

test('ambiguous-first-fix.route through the hub: the first fix is reported, the others expand', async () => {
  const uri = 'file:///hub/ambiguous.route';
  await server.open(uri, sample('ambiguous-first-fix.route'));
  const merged = (await server.diagnosticsWhere(uri, (p) => p.version === 1 && fromHub(p))).diagnostics;
  // The hub stays literal: H003 on the route from EGHI too, and on the route without origin.
  assert.deepEqual(merged.map(at), ['H003@7:10-13', 'H003@31:10-13']);
  const h003 = defined(merged[0], 'the H003');
  assert.match(String(h003.message), /referenceFix/);

  // The hub lists no candidates, but it placed the origin: its position picks the SAM nearest EGHI.
  const [action] = await server.codeActions(uri, h003.range, [h003]);
  assert.ok(action, 'a quick fix for H003');
  assert.match(action.title, /^Use the SAM nearest the origin EGHI: referenceFix 5\d{3}N00\d{3}W$/);
  const text = sample('ambiguous-first-fix.route');
  const fixed = applyEdits(text, editsOf(action, uri));
  const version = await server.sendChange(uri, [{ text: fixed }]);
  const after = await server.diagnosticsWhere(uri, (p) => p.version === version);
  assert.deepEqual(after.diagnostics.map(at), ['H003@32:10-13']);
  const southampton = await server.hoverMatching(uri, 8, 11, /Resolved/);
  assert.match(southampton, /SOUTHAMPTON/);
  await server.sendChange(uri, [{ text }]);
  const hover = await server.hoverMatching(uri, 7, 11, /Not selected/);
  assert.match(hover, /Route expansion \(the hub\)/);
  // The block with a referenceFix got its point from the hub.
  const chosen = await server.hoverMatching(uri, 13, 11, /Resolved/);
  assert.match(chosen, /\*\*Resolved:\*\* VOR at 50°57\.\d'N 001°20\.\d'W/);
  assert.match(chosen, /SOUTHAMPTON/);
});

test("with a navdata folder too, the hub's ambiguous first fix gets the candidates from it", async () => {
  const both = await withNavdata();
  const uri = 'file:///hub/both.route';
  const text = sample('ambiguous-first-fix.route');
  await both.open(uri, text);
  const merged = (await both.diagnosticsWhere(uri, (p) => p.version === 1 && fromHub(p))).diagnostics;
  // From EGHI the departure settles SAM: information (H005); without origin the hub's warning stays.
  assert.deepEqual(merged.filter((d) => d.code === 'H003' || d.code === 'H005').map(at), [
    'H005@7:10-13',
    'H003@31:10-13',
  ]);
  const h005 = defined(merged[0], 'the H005');
  const candidates = (h005.data as { candidates: { name?: string; distanceToOriginNm?: number }[] }).candidates;
  assert.equal(candidates.length, 4);
  assert.match(candidates[0]?.name ?? '', /SOUTHAMPTON/, 'nearest the origin EGHI first');
  const actions = await both.codeActions(uri, h005.range, [h005]);
  assert.equal(actions.filter((a) => /\(referenceFix\)$/.test(a.title)).length, 4);
  assert.ok(actions.some((a) => /nearest the origin EGHI/.test(a.title)));
  const samos = actions.find((a) => /SAMOS/.test(a.title));
  const version = await both.sendChange(uri, [{ text: applyEdits(text, editsOf(samos, uri)) }]);
  await both.diagnosticsWhere(uri, (p) => p.version === version);
  // The hub now takes the Samos VOR, far from EGHI: the hover shows it.
  assert.match(await both.hoverMatching(uri, 8, 11, /Resolved/), /SAMOS/);
});

test("hover shows the hub's points of an airway between entry and exit", async () => {
  const uri = 'file:///hub/airway.route';
  await server.open(uri, 'N0450F350 DVR UL9 KONAN UL607 AMASI');
  await server.diagnosticsWhere(uri, () => true);
  const airway = await server.hoverMatching(uri, 0, 26, /MATUG/);
  assert.match(airway, /`UL607` from `KONAN` to `AMASI`/);
  for (const point of ['KOK', 'FERDI', 'BUPAL', 'REMBA', 'SPI', 'PELIX', 'MATUG'])
    assert.match(airway, new RegExp(`\`${point}\``));
  const dvr = await server.hoverMatching(uri, 0, 11, /Resolved/);
  assert.match(dvr, /51°09\.\d'N 001°21\.\d'E/);
});

const FAULTS: {
  name: string;
  fault: Parameters<HubSimulator['faults']['add']>[0];
  state: ExpansionStatusParams['state'];
  message: RegExp;
}[] = [
  { name: 'a server error (500)', fault: { kind: 'serverError' }, state: 'degraded', message: /hub/i },
  { name: 'a connection reset', fault: { kind: 'reset' }, state: 'offline', message: /cannot be reached/ },
  { name: 'a refusal (403)', fault: { kind: 'forbidden' }, state: 'degraded', message: /hub/i },
  {
    name: 'a malformed answer',
    fault: { kind: 'malformedBody' },
    state: 'degraded',
    message: /not what was expected|malformed/i,
  },
];

for (const [k, { name, fault, state, message }] of FAULTS.entries()) {
  test(`${name}: one status, no flood, local diagnostics go on; clearing it recovers`, async () => {
    const uri = `file:///hub/fault-${fault.kind}.route`;
    // A speed of its own per test, so no block is known from an earlier test.
    const speed = `N0${400 + 10 * k}`;
    const blocks = [`${speed}F350 DVR UL9 KONAN`, `${speed}F350 DVR KONAN UL607 AMASI`, `${speed}F350 LOPIK UN852 LNO`];
    await hubQuiet();
    sim.faults.add(fault);
    const statusesBefore = server.expansionStatuses.length;
    const logsBefore = server.logMessages.length;
    const linesBefore = server.statuses.length;
    const local = await server.open(uri, blocks.join('\n\n'));
    assert.deepEqual(local.map(at), ['R206@2:14-19']);
    const failed = await server.expansionStatus((s) => s.state !== 'ok', statusesBefore);
    assert.equal(failed.state, state);
    assert.equal(failed.source, 'hub');
    assert.match(failed.message, message);
    assert.match(failed.message, /Local checks continue/);

    // Typing on: every edit is a new route for the hub, every call fails; the status stays put.
    for (let i = 0; i < 4; i++) {
      const version = await server.sendChange(uri, [
        { range: { start: { line: 0, character: 6 }, end: { line: 0, character: 9 } }, text: `${330 - 20 * i}` },
      ]);
      const diagnostics = (await server.diagnosticsFor(uri, version)).diagnostics;
      assert.deepEqual(diagnostics.map(at), ['R206@2:14-19'], 'local diagnostics keep coming');
    }
    await settle();
    const during = server.expansionStatuses.slice(statusesBefore);
    assert.equal(during.length, 1, JSON.stringify(during));
    // Editors other than VS Code read the same line as a window/logMessage.
    assert.deepEqual(server.logMessages.slice(logsBefore), [failed.message]);
    // One status line; each hub call sent is its own record for the output log (level 'log'), never a status.
    const lines = server.statuses.slice(linesBefore);
    const statusLines = lines.filter((l) => l.level !== 'log');
    assert.equal(statusLines.length, 1, JSON.stringify(statusLines));
    assert.ok(
      lines.some((l) => l.level === 'log' && /^Hub call \d+: routeExpansion/.test(l.message)),
      'each call is counted in the output log',
    );
    assert.ok((server.published.get(uri) ?? []).every((p) => !fromHub(p)));

    sim.faults.clear();
    const version = await server.sendChange(uri, [
      { range: { start: { line: 0, character: 6 }, end: { line: 0, character: 9 } }, text: '350' },
    ]);
    const recovered = await server.expansionStatus((s) => s.state === 'ok', statusesBefore + 1);
    assert.equal(recovered.source, 'hub');
    await server.diagnosticsFor(uri, version);
    assert.equal(server.expansionStatuses.length - statusesBefore, 2);
  });
}

test('a key the hub refuses is one status that says so, and the key shows nowhere', async () => {
  const statusesBefore = server.expansionStatuses.length;
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'not-a-valid-key-4711', source: 'secretStorage' });
  const uri = 'file:///hub/refused.route';
  await server.open(uri, 'N0450F350 DVR UL9 KONAN\n\nN0450F350 DVR UL9 KOK');
  const refused = await server.expansionStatus((s) => s.state === 'degraded', statusesBefore);
  assert.match(refused.message, /key|authori[sz]/i);
  await settle();
  const everything = JSON.stringify([
    server.expansionStatuses,
    server.statuses,
    server.logMessages,
    [...server.published.values()],
  ]);
  assert.ok(!everything.includes('not-a-valid-key-4711'), 'the key never leaves the server');
  assert.ok(!/user_key=demo/.test(everything));

  // Back to the good key: the open documents are expanded again.
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  await server.expansionStatus((s) => s.state === 'ok', statusesBefore + 1);
});

test('without a key the server falls back to local checks and says so once', async () => {
  const statusesBefore = server.expansionStatuses.length;
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: null, source: 'none' });
  const local = await server.expansionStatus((s) => s.state === 'local', statusesBefore);
  assert.match(local.message, /Local checks only/);
  const uri = 'file:///hub/broken.route';
  const version = await server.sendChange(uri, [{ text: sample('broken.route') }]);
  const diagnostics = (await server.diagnosticsFor(uri, version)).diagnostics;
  assert.ok(
    diagnostics.every((d) => String(d.code).startsWith('R')),
    diagnostics.map(at).join(' '),
  );
});

/**
 * Until the hub has had no call for a second: the earlier tests' documents go on calling it after
 * their expansion (the NOTAMs of the FIRs they cross), later on a loaded machine. A fault added
 * before they are done failed those calls too, and their status (NOTAMs paused) was counted as
 * this test's flood.
 */
async function hubQuiet(): Promise<void> {
  const lastCall = () => sim.requests.list().at(-1)?.seq ?? 0;
  for (let tries = 0, seen = -1; tries < 60 && seen !== lastCall(); tries++) {
    seen = lastCall();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Long enough for a background expansion run to end; the assertions do not depend on speed. */
async function settle(): Promise<void> {
  const info = await server.serverInfo();
  assert.ok(info.expansion);
  await new Promise((resolve) => setTimeout(resolve, 300));
}

test("broken.route with a hub key and navigation data: the airway mistakes found on the hub's points and by the data", async () => {
  const both = await withNavdata();
  const uri = 'file:///hub/broken.route';
  await both.open(uri, sample('broken.route'));
  const merged = (
    await both.diagnosticsWhere(uri, (p) => p.version === 1 && p.diagnostics.some((d) => d.code === 'X002'))
  ).diagnostics;
  const x002 = merged.filter((d) => d.code === 'X002');
  assert.deepEqual(x002.map(at), ['X002@31:18-23', 'X002@34:14-16', 'X002@34:17-20']);
  for (const d of x002) assert.match(String(d.message), /Found on the hub's points and by the navigation data\.$/);
  assert.match(String(x002[0]?.message), /^UL9 does not pass KONAM/);
});
