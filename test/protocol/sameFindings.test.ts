/**
 * The editor and `cli.js check` say the same thing about the same route: with every source on
 * (the same hub with its areas for the flight conflicts, the same navigation data, the same
 * airline reference), the built language server and the built checker report the same findings
 * (code, severity, words, range, data) for each sample file. Both go through the session's
 * document pipeline; before it, the checker reported the hub's H003 and the offline X005 for
 * the same ambiguous first fix, and had no A or F codes at all.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { SET_HUB_KEY_NOTIFICATION, SET_REFERENCE_CREDENTIALS_NOTIFICATION } from '../../common/protocol/lspMessages';
import { startHubSimulator, type HubSimulator } from '../hub-sim/server';
import { buildOnce, CLI_JS, ROOT } from './support/build';
import { ServerUnderTest } from './support/server';
import { requireRouteExpansion } from '../shared/routeExpansion';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

interface Finding {
  code: string;
  severity: string;
  message: string;
  range: Diagnostic['range'];
  data?: unknown;
}

const canonical = (findings: Finding[]) =>
  findings
    .map((f) =>
      JSON.stringify({ code: f.code, severity: f.severity, message: f.message, range: f.range, data: f.data }),
    )
    .sort();

/** FPL messages with an operator the airline list does not know (A001) beside known ones. */
const OPERATORS = [
  '(FPL-DLH4AB-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DET L6 DVR UL9 KONAN',
  '-EDDF0105',
  '-DOF/261121)',
  '',
  '(FPL-XQZ123-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DET',
  '-EDDF0105',
  '-0)',
].join('\n');

/** Both fly plain route text at this time: judged "now", a minute between them names other times. */
const DEPARTURE = '2026-11-26T10:00Z';

let sim: HubSimulator;
let server: ServerUnderTest;
/** The FPL sample's first message with an EET/ FIR the route does not cross and a total EET far off (F003, F005). */
const FPL_TIMES =
  readFileSync(path.join(ROOT, 'samples', 'fpl-message.route'), 'utf8')
    .replace('EET/EBBU0015', 'EET/LSAS0010')
    .replace('-EDDF0105', '-EDDF0300') +
  // EET/ against the route (issue 37 §1): a point the route does not pass (F008), a point's time off (F004).
  '\n(FPL-DLH5AB-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL1200\n-N0450F350 DVR UL9 KONAN L607 RUDUS\n-EDDF0050\n' +
  '-PBN/A1B1C1D1 EET/XAMAN0020 KONAN0035)\n';

/**
 * London–Frankfurt at FL230, inside the simulator's weekday TRA (FL100–FL245): flown at the
 * checker's and the editor's time (a Thursday, active), then with departure: on a Saturday (not).
 */
const DEPARTURE_ROUTE = 'N0450F230 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
const DEPARTURES = [
  'origin: EGLL',
  'destination: EDDF',
  DEPARTURE_ROUTE,
  '',
  'origin: EGLL',
  'destination: EDDF',
  'departure: 261128 1000',
  DEPARTURE_ROUTE,
].join('\n');

let folder: string;

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true });
  folder = mkdtempSync(path.join(tmpdir(), 'same-findings-'));
  writeFileSync(path.join(folder, 'operators.route'), OPERATORS);
  writeFileSync(path.join(folder, 'fpl-times.route'), FPL_TIMES);
  writeFileSync(path.join(folder, 'departure.route'), DEPARTURES);
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        // Every source on: the flight conflicts are on by default, stated here so it stays so.
        diagnostics: { debounceMs: 0, flightConflicts: true },
        navdata: { folder: NAVDATA },
        hub: { baseUrl: sim.url, timeoutSeconds: 10 },
        reference: { baseUrl: sim.referenceUrl },
        flight: { departureTime: DEPARTURE },
      },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  await server.notify(SET_REFERENCE_CREDENTIALS_NOTIFICATION, {
    appId: 'demo',
    appKey: 'demo',
    source: 'secretStorage',
  });
  await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
});

after(async () => {
  await server?.stop();
  await sim?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/**
 * The built checker's findings for one file. Every file the tests compare is checked in one run of
 * it, made by the first test that asks (a start and a navigation data load instead of one per file);
 * the findings stay per file, as `check --format json` lists them.
 */
async function checker(file: string): Promise<Finding[]> {
  checkedOnce ??= runChecker([
    ...SAMPLES.map((name) => path.join(ROOT, 'samples', name)),
    path.join(folder, 'operators.route'),
    path.join(folder, 'fpl-times.route'),
    path.join(folder, 'departure.route'),
  ]);
  const checked = await checkedOnce;
  const findings = checked.get(file);
  assert.ok(findings, `${file} not among the checked files: ${[...checked.keys()].join(', ')}`);
  return findings;
}
let checkedOnce: Promise<Map<string, Finding[]>> | undefined;

/** The built checker, run asynchronously: the simulator answers from this very process. */
async function runChecker(files: string[], { navdata = true } = {}): Promise<Map<string, Finding[]>> {
  buildOnce();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HUB_USER_KEY: 'demo',
    REFERENCE_APP_ID: 'demo',
    REFERENCE_APP_KEY: 'demo',
  };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) delete env[name];
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [
        CLI_JS,
        'check',
        '--hub',
        sim.url,
        ...(navdata ? ['--navdata', NAVDATA] : []),
        '--reference',
        sim.referenceUrl,
        '--departure',
        DEPARTURE,
        '--format',
        'json',
        ...files,
      ],
      { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { files: { file: string; diagnostics: Finding[] }[] };
  return new Map(report.files.map((f) => [f.file, f.diagnostics]));
}

const asFindings = (diagnostics: Diagnostic[]): Finding[] =>
  diagnostics.map((d) => ({
    code: String(d.code),
    severity: SEVERITY[d.severity ?? 1]!,
    message: String(d.message),
    range: d.range,
    ...(d.data !== undefined ? { data: d.data } : {}),
  }));

/**
 * The editor's findings of version 1 once every source has spoken: its first publication has the
 * local findings, later ones add the expansion's, the airline list's and the conflicts' as they
 * come. Waits for the publication with the checker's findings; when none comes, the wait fails
 * naming every publication seen, and the last one is compared for a readable difference.
 */
async function editor(name: string, text: string, expected: Finding[], on = server): Promise<Finding[]> {
  const uri = `file:///same/${name}`;
  await on.open(uri, text);
  const want = JSON.stringify(canonical(expected));
  try {
    await on.diagnosticsWhere(
      uri,
      (p) => p.version === 1 && JSON.stringify(canonical(asFindings(p.diagnostics))) === want,
    );
  } catch {
    // Falls through to the comparison of the last publication, which shows the difference.
  }
  return asFindings(
    on.published
      .get(uri)!
      .filter((p) => p.version === 1)
      .at(-1)!.diagnostics,
  );
}

const SAMPLES = ['ambiguous-first-fix.route', 'broken.route', 'europe.route', 'fpl-message.route', 'asia.route'];
const codesSeen = new Set<string>();

for (const name of SAMPLES) {
  test(`${name}: the checker and the editor report the same findings with the same words`, async () => {
    requireRouteExpansion(sim);
    const file = path.join(ROOT, 'samples', name);
    const inChecker = await checker(file);
    const inEditor = await editor(name, readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), inChecker);
    assert.deepEqual(canonical(inEditor), canonical(inChecker));
    for (const f of inChecker) codesSeen.add(f.code[0]!);
  });
}

test('FPL operators: the airline reference speaks in both, with the same A findings', async () => {
  requireRouteExpansion(sim);
  const inChecker = await checker(path.join(folder, 'operators.route'));
  const inEditor = await editor('operators.route', OPERATORS, inChecker);
  assert.deepEqual(canonical(inEditor), canonical(inChecker));
  assert.ok(
    inChecker.some((f) => f.code === 'A001'),
    inChecker.map((f) => f.code).join(','),
  );
});

test("an FPL message's times: EET/ (F003, F008) and the total EET (F005) in both, with the same words", async () => {
  requireRouteExpansion(sim);
  const inChecker = await checker(path.join(folder, 'fpl-times.route'));
  const inEditor = await editor('fpl-times.route', FPL_TIMES, inChecker);
  assert.deepEqual(canonical(inEditor), canonical(inChecker));
  const codes = inChecker.map((f) => f.code);
  assert.ok(codes.includes('F003') && codes.includes('F005') && codes.includes('F008'), codes.join(','));
});

test("a block's departure: before --departure and the setting: the same F findings in both, none for the Saturday block", async () => {
  requireRouteExpansion(sim);
  const inChecker = await checker(path.join(folder, 'departure.route'));
  const inEditor = await editor('departure.route', DEPARTURES, inChecker);
  assert.deepEqual(canonical(inEditor), canonical(inChecker));
  const reservedOn = (line: number) =>
    inChecker.filter(
      (f) =>
        f.code === 'F001' &&
        f.range.start.line === line &&
        /temporary reserved area .+ \(FL100–FL245\)/.test(f.message),
    );
  assert.ok(reservedOn(2).length > 0, inChecker.map((f) => `${f.code}@${f.range.start.line}`).join(','));
  assert.deepEqual(reservedOn(7), []);
});

test('every source spoke: expansion (H), flight conflicts (F) on the samples', () => {
  requireRouteExpansion(sim);
  assert.ok(codesSeen.has('H') && codesSeen.has('F'), [...codesSeen].join(','));
});

test('the ambiguous first fix: the hub finding with the candidates of the navigation data, no offline duplicate', async () => {
  requireRouteExpansion(sim);
  const findings = await checker(path.join(ROOT, 'samples', 'ambiguous-first-fix.route'));
  const h003 = findings.filter((f) => f.code === 'H003' || f.code === 'H005');
  // The route from EGHI and the one without origin: the hub stays literal for both; from EGHI the
  // departure settles the point, which makes it information (H005).
  assert.deepEqual(
    h003.map((f) => `${f.code} ${f.severity}`),
    ['H005 information', 'H003 warning'],
  );
  assert.ok(
    ((h003[0]!.data as { candidates?: unknown[] }).candidates?.length ?? 0) >= 2,
    JSON.stringify(h003[0]!.data),
  );
  assert.deepEqual(
    findings.filter((f) => f.code === 'X005'),
    [],
  );
});

/** With the hub as the only source (issue 37 §4): KONAM near Warsaw, 723 NM from DVR, on no point of UL9. */
const HUB_ONLY = 'N0450F350 DVR UL9 KONAM\n';

test("the hub as the only source: DVR UL9 KONAM is F010 in both, found on the hub's points and FIR outlines", async () => {
  requireRouteExpansion(sim);
  const file = path.join(folder, 'hub-only.route');
  writeFileSync(file, HUB_ONLY);
  const inChecker = (await runChecker([file], { navdata: false })).get(file)!;
  const f010 = inChecker.filter((f) => f.code === 'F010');
  assert.deepEqual(
    f010.map((f) => [f.severity, f.range.start.line, f.range.start.character, f.range.end.character]),
    [['warning', 0, 18, 23]],
  );
  assert.match(f010[0]!.message, /^UL9 to KONAM, where you leave it, is one leg of 723 NM in the hub's expansion/);
  assert.ok(f010[0]!.message.endsWith("Found on the hub's points and the hub's FIR outlines."), f010[0]!.message);
  const hubOnly = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0, flightConflicts: true },
        hub: { baseUrl: sim.url, timeoutSeconds: 10 },
        flight: { departureTime: DEPARTURE },
      },
    },
  });
  try {
    await hubOnly.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
    await hubOnly.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
    const inEditor = await editor('hub-only.route', HUB_ONLY, inChecker, hubOnly);
    assert.deepEqual(canonical(inEditor), canonical(inChecker));
  } finally {
    await hubOnly.stop();
  }
});
