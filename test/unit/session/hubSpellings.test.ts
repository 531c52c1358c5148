/**
 * A misspelt point with the hub as the expansion source (issue 40): the hub (simulator) only
 * says it left the point out (H002); with a navigation data folder set too, the point one edit
 * away on the airway or near the route is named in the warning and written by its quick fix,
 * and the route then expands without the finding. Without the folder nothing is guessed.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { parseRouteDocument } from '../../../server/src/route';
import { HubSource, NavdataSource } from '../../../server/src/session/sources';
import { codeActions } from '../../../server/src/services/codeActions';
import { LineIndex } from '../../../server/src/route/ranges';
import { startSim } from '../hub/simHelpers';
import { requireRouteExpansion } from '../../shared/routeExpansion';
import { applyEdits } from '../services/edits';
import { defined } from '../../shared/defined';

const NAVDATA = resolve(__dirname, '../../fixtures/navdata');
const URI = 'file:///routes/spelling.route';
const live = { isCancellationRequested: false };

let sim: HubSimulator;
let hub: HubClient;

before(async () => {
  sim = await startSim();
  hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
});
after(async () => {
  await hub.close();
  await sim.close();
});

async function hubFindings(source: HubSource, text: string) {
  const document = parseRouteDocument(text);
  const result = await source.expand(defined(document.blocks[0], 'a route block'), new AbortController().signal);
  return { document, findings: result.findings };
}

async function fixesFor(source: HubSource, text: string, code: string) {
  const { document, findings } = await hubFindings(source, text);
  const finding = findings.find((f) => f.code === code);
  assert.ok(finding, `${code} for ${text} in ${JSON.stringify(findings.map((f) => f.code))}`);
  const diagnostic: Diagnostic = {
    range: finding.range,
    code,
    source: 'icao-route',
    message: finding.message,
    severity: 2,
    data: finding.data,
  };
  return { finding, actions: codeActions(URI, document, new LineIndex(text), finding.range, [diagnostic], live) };
}

test('hub H002 with navigation data: AMSAI after UL607 gets AMASI, in the warning and as the quick fix', async () => {
  requireRouteExpansion(sim);
  const source = new HubSource(hub, new NavdataSource(NAVDATA));
  const text = 'N0450F350 DVR UL9 KONAN UL607 AMSAI';
  const { finding, actions } = await fixesFor(source, text, 'H002');
  assert.match(finding.message, /^The hub left AMSAI out of its expansion/);
  assert.match(finding.message, /The navigation data has AMASI on the airway, one typing slip away/);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Replace AMSAI by AMASI (on the airway)'],
  );
  assert.equal(actions[0]?.isPreferred, true);
  const fixed = applyEdits(text, defined(actions[0]?.edit?.changes?.[URI], "the quick fix's edits"));
  assert.equal(fixed, 'N0450F350 DVR UL9 KONAN UL607 AMASI');
  assert.deepEqual((await hubFindings(source, fixed)).findings, []);
});

test('hub H002 with navigation data: KNOAN between two DCTs gets KONAN, the name near the route', async () => {
  requireRouteExpansion(sim);
  const source = new HubSource(hub, new NavdataSource(NAVDATA));
  const text = 'N0450F350 DVR DCT KNOAN DCT KOK';
  const { actions } = await fixesFor(source, text, 'H002');
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Replace KNOAN by KONAN (near the route)'],
  );
  const fixed = applyEdits(text, defined(actions[0]?.edit?.changes?.[URI], "the quick fix's edits"));
  assert.deepEqual((await hubFindings(source, fixed)).findings, []);
});

test('hub H002 without navigation data: the warning stays as the hub gives it, and no point is guessed', async () => {
  requireRouteExpansion(sim);
  const { finding, actions } = await fixesFor(new HubSource(hub), 'N0450F350 DVR UL9 KONAN UL607 AMSAI', 'H002');
  assert.doesNotMatch(finding.message, /navigation data has/);
  assert.deepEqual(actions, []);
});
