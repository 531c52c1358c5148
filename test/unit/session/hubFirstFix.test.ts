/**
 * H003 with a navigation data folder: the hub (simulator, following the contract literally)
 * selects no point for a duplicate first fix without referenceFix; the session names the likely
 * place by the offline engine's rule and the first quick fix writes its referenceFix.
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
import { defined } from '../../shared/defined';

const NAVDATA = resolve(__dirname, '../../fixtures/navdata');
const URI = 'file:///routes/first.route';
const live = { isCancellationRequested: false };

let sim: HubSimulator;
let hub: HubClient;
let source: HubSource;

before(async () => {
  sim = await startSim();
  hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  source = new HubSource(hub, new NavdataSource(NAVDATA));
});
after(async () => {
  await hub.close();
  await sim.close();
});

async function h003(text: string, code: 'H003' | 'H005' = 'H003') {
  const document = parseRouteDocument(text);
  const result = await source.expand(defined(document.blocks[0], 'a route block'), new AbortController().signal);
  const finding = result.findings.find((f) => f.code === code);
  assert.ok(finding, `${code} for ${text}: ${result.findings.map((f) => f.code).join(',')}`);
  const diagnostic: Diagnostic = {
    range: finding.range,
    code,
    source: 'icao-route',
    message: finding.message,
    severity: finding.severity === 'information' ? 3 : 2,
    data: finding.data,
  };
  const actions = codeActions(URI, document, new LineIndex(text), finding.range, [diagnostic], live);
  return { finding, actions, result };
}

test('hub H005: the only namesake near the origin settles the point (information, issue 40); its referenceFix is the first quick fix', async () => {
  requireRouteExpansion(sim);
  const { finding, actions, result } = await h003(
    'origin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY',
    'H005',
  );
  assert.equal(finding.severity, 'information');
  assert.equal(
    result.points.some((p) => p.elementIndex === 1),
    false,
    'the hub selected no point for SAM',
  );
  assert.match(
    finding.message,
    /^The hub selected no point for the first fix SAM \(4 places bear this name\), but the navigation data settles it: the one near the origin EGHI, SOUTHAMPTON .*The first quick fix writes its referenceFix, so that the hub takes it too\.$/,
  );
  const first = defined(actions[0], 'a quick fix');
  assert.match(first.title, /^Use SAM .*SOUTHAMPTON.* at 5057N00121W, \d+ NM from origin \(referenceFix\)$/);
  assert.equal(first.isPreferred, true);
  assert.ok(
    actions.slice(1).every((a) => !a.isPreferred),
    'only the likely place is preferred',
  );
  assert.ok(
    actions.some((a) => /nearest the origin EGHI/.test(a.title)),
    'the origin as referenceFix is still offered, later',
  );
});

test('hub H005: without an origin, the only namesake on the following airway settles it and is named first', async () => {
  requireRouteExpansion(sim);
  const { finding, actions } = await h003('N0280F190 SAM H59 NISOS UR32 LIKNI', 'H005');
  assert.match(finding.message, /the one on H59, SAMOS/);
  assert.match(defined(actions[0], 'a quick fix').title, /^Use SAM .*SAMOS.* at 374\dN0265\dE \(referenceFix\)$/);
});

test('hub H003: no likely place (no origin, no airway), the warning and the fixes stay as the hub gives them', async () => {
  requireRouteExpansion(sim);
  const { finding, actions } = await h003('N0280F190 SAM DCT NISOS');
  assert.doesNotMatch(finding.message, /most likely meant/);
  assert.equal((finding.data as { likely?: boolean }).likely, undefined);
  assert.ok(actions.length >= 2);
});
