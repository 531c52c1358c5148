/**
 * The airline reference in the real built server, against the hub simulator's reference family
 * on 127.0.0.1: the credentials arrive (and change) while an FPL document is open; field 7's
 * operator is checked (good, unknown, inactive), explained on hover and completed; both error
 * modes, 401, 403 and 500 become one status each and never a diagnostic; a stale disk cache
 * serves while the service is unreachable, said once. The appKey never appears in any output.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import {
  CompletionRequest,
  DidChangeConfigurationNotification,
  type CompletionList,
  type MarkupContent,
} from 'vscode-languageserver-protocol';
import { ReferenceClient } from '../../server/src/hub/referenceClient';
import { SET_REFERENCE_CREDENTIALS_NOTIFICATION } from '../../common/protocol/lspMessages';
import { startHubSimulator, type HubSimulator } from '../hub-sim/server';
import { at, eventually, ServerUnderTest } from './support/server';

const SECRET = 'demo';
const TEXT = [
  '(FPL-DLH4AB-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DET L6 DVR UL9 KONAN',
  '-EDDF0105',
  '-DOF/261121)',
  '',
  '(FPL-AZA610-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-LIRF0900',
  '-N0450F350 DCT',
  '-EGLL0230',
  '-0)',
  '',
  '(FPL-XQZ123-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DET',
  '-EDDF0105',
  '-0)',
  '',
  '(FPL-AZ610-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-LIRF0900',
  '-N0450F350 DCT',
  '-EGLL0230',
  '-0)',
].join('\n');

const airlineCodes = (server: ServerUnderTest, uri: string) =>
  (server.published.get(uri)?.at(-1)?.diagnostics ?? []).map(at).filter((c) => c.startsWith('A'));

let sim: HubSimulator;
let server: ServerUnderTest;
let settingsVersion = 0;

/**
 * Pushes reference settings; each push differs (the airline cache's age, still days) so the
 * session makes a new client: the reference family has no time-out setting of its own.
 */
async function pushReference(extra: Record<string, unknown> = {}): Promise<void> {
  settingsVersion++;
  await server.connection.sendNotification(DidChangeConfigurationNotification.type, {
    settings: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        reference: {
          baseUrl: sim.referenceUrl,
          retries: 0,
          timeoutSeconds: 5,
          airlineCacheDays: 7 - settingsVersion / 10,
          ...extra,
        },
      },
    },
  });
}

async function statusWhere(accept: (message: string) => boolean, from = 0): Promise<string> {
  return eventually(
    () => server.statuses.slice(from).find((s) => accept(s.message))?.message,
    () => `such a status; got ${JSON.stringify(server.statuses.map((s) => s.message))}\n${server.stderr}`,
    25,
  );
}

function noSecretAnywhere(): void {
  const all = [...server.statuses.map((s) => s.message), ...server.logMessages, server.stderr].join('\n');
  assert.ok(!/appKey=(?!\*)/i.test(all), 'no appKey value in any output');
}

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true });
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        reference: { baseUrl: sim.referenceUrl, retries: 0, timeoutSeconds: 5 },
      },
    },
  });
});

afterEach(() => sim.faults.clear());

after(async () => {
  await server?.stop();
  await sim?.close();
});

test('credentials arriving while an FPL document is open: unknown and inactive operators warned on the designator, good ones not', async () => {
  const uri = 'file:///airlines/flights.route';
  const before = await server.open(uri, TEXT);
  assert.deepEqual(
    before.map(at).filter((c) => c.startsWith('A')),
    [],
    'no airline check without credentials',
  );
  await statusWhere((m) => m.includes('Airline reference off'));

  await server.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, {
    appId: SECRET,
    appKey: SECRET,
    source: 'secretStorage',
  });
  const published = await server.diagnosticsWhere(uri, (p) =>
    p.diagnostics.some((d) => String(d.code).startsWith('A')),
  );
  const airline = published.diagnostics.filter((d) => String(d.code).startsWith('A'));
  // AZA (Alitalia, inactive) on 7:5-8, XQZ (unknown) on 14:5-8; DLH (active) and the IATA AZ610 not warned.
  assert.deepEqual(airline.map(at), ['A002@7:5-8', 'A001@14:5-8']);
  assert.match(String(airline[0]?.message), /Alitalia \(ICAO AZA, IATA AZ, inactive, from 1946-09-16 to 2021-10-14\)/);
  assert.match(String(airline[1]?.message), /XQZ is not an ICAO operator designator/);
  await statusWhere((m) => /Airline reference: \d+ airlines \(list of \d{4}-\d\d-\d\d, from the service\)/.test(m));
  noSecretAnywhere();
});

test('hover on field 7 names the airline; an IATA code says that IATA codes are reused', async () => {
  const uri = 'file:///airlines/flights.route';
  const dlh = ((await server.hover(uri, 0, 6))!.contents as MarkupContent).value;
  assert.match(dlh, /Looked up by ICAO designator `DLH` \(ICAO designators are unique\)/);
  assert.match(dlh, /\*\*Lufthansa\*\*: ICAO `DLH`, IATA `LH`, service code `LH`, active \(since 1955-04-01\)/);
  const az = ((await server.hover(uri, 21, 6))!.contents as MarkupContent).value;
  assert.match(az, /Looked up by IATA code `AZ`: IATA codes are reused/);
  assert.match(az, /ITA Airways/);
  assert.match(az, /Alitalia.*\*\*inactive\*\*/);
});

test('completion of airline designators in field 7', async () => {
  const uri = 'file:///airlines/complete.route';
  await server.open(uri, '(FPL-DL');
  const list = (await server.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 0, character: 7 },
  })) as CompletionList;
  const dlh = list.items.find((i) => i.label === 'DLH');
  assert.ok(dlh, JSON.stringify(list.items.map((i) => i.label)));
  assert.match(dlh.detail ?? '', /^Lufthansa · IATA LH · active$/);
  assert.deepEqual(dlh.textEdit, {
    range: { start: { line: 0, character: 5 }, end: { line: 0, character: 7 } },
    newText: 'DLH',
  });
  assert.ok(list.items.every((i) => String(i.label).startsWith('DL')));
  await server.close(uri);
});

const FAILURES: { fault: 'unauthorized' | 'usageLimit' | 'forbidden' | 'serverError'; status: RegExp }[] = [
  { fault: 'unauthorized', status: /did not accept the application credentials .*HTTP 401/ },
  { fault: 'usageLimit', status: /usage limit is exceeded \(HTTP 403\)/ },
  { fault: 'forbidden', status: /no permission .*HTTP 403/ },
  { fault: 'serverError', status: /failed while answering .*HTTP 500\) \(error id [0-9a-f-]{36}\)/ },
];

for (const useHttpErrors of [false, true]) {
  for (const { fault, status } of FAILURES) {
    test(`${fault} (${useHttpErrors ? 'useHttpErrors' : 'error object in HTTP 200'}): one status, no airline diagnostics, none lost from the rest`, async () => {
      const uri = 'file:///airlines/flights.route';
      sim.faults.add({ kind: fault, path: '/reference/*' });
      const from = server.statuses.length;
      await pushReference({ useHttpErrors });
      // The airline reference's own status: the live flight lookup asks the same service (flight
      // status) and says its failure in a status of its own ("Live flights: …"), which at load 20
      // came within this test's edits.
      const ofReference = (m: string) => m.startsWith('Airline reference unavailable: ') && status.test(m);
      const message = await statusWhere(ofReference, from);
      assert.match(
        message,
        /^Airline reference unavailable: .*FPL operator designators are not checked until it answers\.$/,
      );
      // More edits, more look-ups: still one status for this failure.
      await server.change(uri, [
        { range: { start: { line: 26, character: 3 }, end: { line: 26, character: 3 } }, text: '' },
      ]);
      const version = await server.sendChange(uri, [
        { range: { start: { line: 5, character: 5 }, end: { line: 5, character: 11 } }, text: '261122' },
      ]);
      const after = await server.diagnosticsFor(uri, version);
      assert.deepEqual(
        after.diagnostics.map(at).filter((c) => c.startsWith('A')),
        [],
      );
      assert.equal(server.statuses.slice(from).filter((s) => ofReference(s.message)).length, 1);
      const logged = sim.requests.list().filter((r) => r.url.includes('/airlines/'));
      assert.ok(logged.length > 0);
      if (useHttpErrors) assert.ok(logged.some((r) => r.url.includes('extendedOptions=useHttpErrors')));
      noSecretAnywhere();
    });
  }
}

test('the service answering again (new settings) brings the checks back; cleared credentials remove them', async () => {
  const uri = 'file:///airlines/flights.route';
  await pushReference();
  const back = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'A002'));
  assert.deepEqual(
    back.diagnostics.map(at).filter((c) => c.startsWith('A')),
    ['A002@7:5-8', 'A001@14:5-8'],
  );

  await server.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, {
    appId: 'someone',
    appKey: 'wrong-key',
    source: 'secretStorage',
  });
  await statusWhere((m) => /HTTP 401/.test(m) && m.includes('Check the application'), 0);
  assert.deepEqual(airlineCodes(server, uri), []);
  await server.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, { appId: null, appKey: null, source: 'none' });
  await server.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, {
    appId: SECRET,
    appKey: SECRET,
    source: 'secretStorage',
  });
  await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'A002'));
  const all = [...server.statuses.map((s) => s.message), ...server.logMessages, server.stderr].join('\n');
  assert.ok(!all.includes('wrong-key'), 'the appKey never appears');
});

test('a stale disk cache serves while the service is unreachable, and the status says so once', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'icao-route-airlines-'));
  const stale = await startHubSimulator({ port: 0, quiet: true });
  let second: ServerUnderTest | undefined;
  try {
    // The list as fetched 30 days ago: written by the reference client itself, with its clock set back.
    const month = 30 * 24 * 60 * 60 * 1000;
    const filler = new ReferenceClient(
      { baseUrl: stale.referenceUrl, cacheFolder: folder },
      { appId: SECRET, appKey: SECRET },
      { now: () => Date.now() - month },
    );
    await filler.allAirlines({ extendedOptions: { includeNewFields: true } });
    await filler.close();
    stale.faults.add({ kind: 'reset', path: '/reference/*' });

    second = await ServerUnderTest.start({
      initializationOptions: {
        icaoRoute: {
          diagnostics: { debounceMs: 0 },
          reference: { baseUrl: stale.referenceUrl, retries: 0, timeoutSeconds: 5 },
        },
        referenceCacheFolder: folder,
      },
    });
    const uri = 'file:///airlines/stale.route';
    await second.open(uri, TEXT);
    await second.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, {
      appId: SECRET,
      appKey: SECRET,
      source: 'environment',
    });
    const published = await second.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'A002'));
    assert.deepEqual(
      published.diagnostics.map(at).filter((c) => c.startsWith('A')),
      ['A002@7:5-8', 'A001@14:5-8'],
    );
    const day = new Date(Date.now() - month).toISOString().slice(0, 10);
    const isStale = (m: string) =>
      m.includes(`Airline data from ${day} are shown because the reference service could not be reached`);
    const started = second;
    await eventually(() => started.statuses.some((s) => isStale(s.message)), 'the stale status', 25);
    for (let k = 0; k < 3; k++)
      await second.change(uri, [
        { range: { start: { line: 5, character: 5 }, end: { line: 5, character: 11 } }, text: `26112${k}` },
      ]);
    assert.equal(second.statuses.filter((s) => isStale(s.message)).length, 1, JSON.stringify(second.statuses));
    assert.equal(second.statuses.find((s) => isStale(s.message))!.level, 'warning');
    assert.ok(
      stale.requests.list().some((r) => r.url.includes('/airlines/')),
      'the service was asked for a refresh',
    );
  } finally {
    await second?.stop();
    await stale.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
