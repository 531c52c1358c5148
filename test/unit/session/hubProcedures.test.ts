/**
 * A hub key and a navigation data folder with CIFP files: the hub (simulator) expands the route
 * and leaves SIDs and STARs as markers; the procedures data adds its checks (saying so), the
 * procedure's description, and the fixes the hub did not place (saying whose they are).
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { parseRouteDocument } from '../../../server/src/route';
import { HubSource, NavdataSource } from '../../../server/src/session/sources';
import { FOUND_BY_PROCEDURES } from '../../../server/src/expansion/hubProcedures';
import { startSim } from '../hub/simHelpers';
import { requireRouteExpansion } from '../../shared/routeExpansion';

const PROCEDURES = resolve(__dirname, '../../fixtures/procedures');
const EXCERPT = resolve(__dirname, '../../fixtures/navdata');

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

const expand = (source: HubSource, text: string) =>
  source.expand(parseRouteDocument(text).blocks[0]!, new AbortController().signal);

const ROUTE = 'origin: EGLL\ndestination: EDDF\nN0450F350 CPT3F DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';

test("with CIFP beside the folder's data: the hub's points, the procedures' checks and fixes, each saying its source", async () => {
  requireRouteExpansion(sim);
  const result = await expand(new HubSource(hub, new NavdataSource(PROCEDURES)), ROUTE);
  const p002 = result.findings.find((f) => f.code === 'P002');
  assert.ok(p002, result.findings.map((f) => f.code).join());
  assert.ok(p002.message.endsWith(FOUND_BY_PROCEDURES), p002.message);
  assert.match(p002.message, /CIFP\/EGLL\.dat \(cycle 2013\.10\)/);
  const names = result.points.map((p) => `${p.designator}${p.procedure ? `(${p.procedure})` : ''}`);
  assert.deepEqual(names.slice(0, 4), ['EGLL', 'BUR(sid)', 'CPT(sid)', 'DVR']);
  assert.deepEqual(names.slice(-4), ['ROLIS', 'TABUM(star)', 'NIBME(star)', 'EDDF']);
  const sid = result.procedures.find((p) => p.kind === 'sid')!.detail!;
  assert.equal(
    sid.note,
    "The hub's expansion has no fixes for CPT3F: the fixes drawn are CIFP/EGLL.dat (cycle 2013.10)'s.",
  );
});

test('without CIFP files the hub expansion keeps its markers and says nothing of procedures', async () => {
  requireRouteExpansion(sim);
  const result = await expand(new HubSource(hub, new NavdataSource(EXCERPT)), ROUTE);
  assert.deepEqual(
    result.findings.filter((f) => f.code.startsWith('P')),
    [],
  );
  assert.deepEqual(
    result.points.filter((p) => p.procedure),
    [],
  );
  assert.equal(result.procedures[0]!.detail, undefined);
});
