/**
 * The editor and `cli.js check` say the same thing about the same route: with the same hub and
 * the same navigation data, the built language server and the built checker report the same
 * findings (code, severity, words, range, data) for each sample file. Both go through the
 * session core; before it, the checker reported the hub's H003 and the offline X005 for the
 * same ambiguous first fix.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { SET_HUB_KEY_NOTIFICATION } from '../../common/protocol/lspMessages';
import { startHubSimulator, type HubSimulator } from '../hub-sim/server';
import { buildOnce, CLI_JS, ROOT } from './support/build';
import { sample, ServerUnderTest } from './support/server';

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

let sim: HubSimulator;
let server: ServerUnderTest;

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true });
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        // The flight conflicts (F001/F002) are the editor's only: the checker does not judge areas yet.
        diagnostics: { debounceMs: 0, flightConflicts: false },
        navdata: { folder: NAVDATA },
        hub: { baseUrl: sim.url, timeoutSeconds: 10 },
      },
    },
  });
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
  await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
});

after(async () => {
  await server?.stop();
  await sim?.close();
});

/** The built checker, run asynchronously: the simulator answers from this very process. */
async function checker(file: string): Promise<Finding[]> {
  buildOnce();
  const env: NodeJS.ProcessEnv = { ...process.env, HUB_USER_KEY: 'demo' };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) delete env[name];
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [CLI_JS, 'check', '--hub', sim.url, '--navdata', NAVDATA, '--format', 'json', file],
      { cwd: ROOT, env },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { files: { diagnostics: Finding[] }[] }).files[0]!.diagnostics;
}

async function editor(name: string): Promise<Finding[]> {
  const uri = `file:///same/${name}`;
  await server.open(uri, sample(name));
  // The second publication of version 1 carries the expansion's findings.
  const expanded = await server.diagnosticsWhere(
    uri,
    (p) => p.version === 1 && (server.published.get(uri) ?? []).indexOf(p) >= 1,
  );
  return expanded.diagnostics.map((d) => ({
    code: String(d.code),
    severity: SEVERITY[d.severity ?? 1]!,
    message: String(d.message),
    range: d.range,
    ...(d.data !== undefined ? { data: d.data } : {}),
  }));
}

for (const name of ['ambiguous-first-fix.route', 'broken.route', 'europe.route']) {
  test(`${name}: the checker and the editor report the same findings with the same words`, async (t) => {
    if (sim.routeExpansionUnavailable) return t.skip(sim.routeExpansionUnavailable);
    const inEditor = await editor(name);
    const inChecker = await checker(path.join(ROOT, 'samples', name));
    assert.deepEqual(canonical(inChecker), canonical(inEditor));
  });
}

test('the ambiguous first fix: the hub finding with the candidates of the navigation data, no offline duplicate', async (t) => {
  if (sim.routeExpansionUnavailable) return t.skip(sim.routeExpansionUnavailable);
  const findings = await checker(path.join(ROOT, 'samples', 'ambiguous-first-fix.route'));
  const h003 = findings.filter((f) => f.code === 'H003');
  assert.equal(h003.length, 1);
  assert.ok(
    ((h003[0]!.data as { candidates?: unknown[] }).candidates?.length ?? 0) >= 2,
    JSON.stringify(h003[0]!.data),
  );
  assert.deepEqual(
    findings.filter((f) => f.code === 'X005'),
    [],
  );
});
