/**
 * The session's document pipeline: one object per document holds its version and the findings
 * of every source; each change is one event {uri, version, document, findings}. A new version is
 * said at once with what every source knows; what comes later is said once per change, never
 * for an older version; a version whose blocks every source already knows is one event with all
 * their findings. Against the navigation data fixture and the real hub simulator.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import { LineIndex } from '../../../server/src/route/ranges';
import type { DocumentFindings } from '../../../server/src/session/documentPipeline';
import { RouteSession } from '../../../server/src/session/routeSession';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { parsedDocument } from '../../../server/src/services/parsedDocument';

const NAVDATA = path.resolve(__dirname, '../../fixtures/navdata');
const EUROPE = readFileSync(path.resolve(__dirname, '../../../samples/europe.route'), 'utf8');
/** An FPL whose operator the airline list does not know. */
const UNKNOWN_OPERATOR = [
  '(FPL-XQZ123-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DET',
  '-EDDF0105',
  '-0)',
];

let sim: HubSimulator;
before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true });
});
after(() => sim.close());

const versionOf = (uri: string, version: number, text: string) =>
  parsedDocument(uri, version, parseRouteDocument(text), new LineIndex(text));

function listen(session: RouteSession): DocumentFindings[] {
  const events: DocumentFindings[] = [];
  session.documents.onDidChangeFindings((event) => events.push(event));
  return events;
}

const codes = (event: DocumentFindings) => event.findings.map((f) => f.code).sort();

test('a new version is one event at once, its expansion one more; a version all known is one event', async () => {
  const session = new RouteSession({}, { retryMs: 0 });
  session.configure({ hub: {}, reference: {}, navdataFolder: NAVDATA }, { hubUserKey: null, reference: null });
  const events = listen(session);
  const uri = 'file:///pipeline/a.route';
  const text = 'N0450F350 DVR DCT KNOAN DCT KOK';

  const first = session.documents.update(versionOf(uri, 1, text));
  assert.deepEqual([first.version, first.changed, codes(first)], [1, ['local'], []]);
  assert.equal(events.length, 1, 'said at once, to the listeners too');
  await session.documents.settled(uri);
  assert.deepEqual(
    events.map((e) => [e.version, e.changed, codes(e)]),
    [
      [1, ['local'], []],
      [1, ['expansion'], ['X001']],
    ],
  );

  // The same blocks again (a keystroke undone): every source knows them, one event says it all.
  session.documents.update(versionOf(uri, 2, text));
  await session.documents.settled(uri);
  assert.deepEqual(
    events.slice(2).map((e) => [e.version, e.changed, codes(e)]),
    [[2, ['local'], ['X001']]],
  );
  await session.dispose();
});

test('a newer version drops the late findings of the older one', async () => {
  const session = new RouteSession({}, { retryMs: 0 });
  session.configure({ hub: {}, reference: {}, navdataFolder: NAVDATA }, { hubUserKey: null, reference: null });
  const events = listen(session);
  const uri = 'file:///pipeline/b.route';
  session.documents.update(versionOf(uri, 1, 'N0450F350 DVR DCT KNOAN DCT KOK'));
  session.documents.update(versionOf(uri, 2, 'N0450F350 DVR DCT KOK'));
  await session.documents.settled(uri);
  assert.deepEqual(
    events.map((e) => e.version),
    [1, 2, 2],
  );
  assert.deepEqual(codes(events.at(-1)!), []);
  assert.equal(session.documents.versionOf(uri), 2);
  session.forget(uri);
  assert.equal(session.documents.versionOf(uri), undefined);
  await session.dispose();
});

test('every source in one event: expansion by the hub, flight conflicts and the airline reference', async () => {
  const statuses: string[] = [];
  const session = new RouteSession({ status: (name, s) => statuses.push(`${name}:${s.state}`) }, { retryMs: 0 });
  session.configure(
    {
      hub: { baseUrl: sim.url },
      reference: { baseUrl: sim.referenceUrl },
      navdataFolder: '',
      // A departure time of its own: flown "now", a judgement a minute later names other times.
      conflicts: { departureMs: Date.parse('2026-11-26T10:00Z') },
    },
    { hubUserKey: 'demo', reference: { appId: 'demo', appKey: 'demo' } },
  );
  const events = listen(session);
  const uri = 'file:///pipeline/europe.route';
  // London–Frankfurt at FL230, not its FL350: inside the lower layer of the simulator's reserved
  // area FL100–FL245 along it, active on that Thursday morning (the sample itself flies above it).
  const text = `${EUROPE.replace('N0450F350 DVR6J', 'N0450F230 DVR6J').trimEnd()}\n\n${UNKNOWN_OPERATOR.join('\n')}\n`;
  session.documents.update(versionOf(uri, 1, text));
  // The airline list and the areas come in the background; each change is said once.
  for (let i = 0; i < 50 && !events.at(-1)?.findings.some((f) => f.code === 'A001'); i++) {
    await session.documents.settled(uri);
    await session.airlines.settled();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await session.documents.settled(uri);
  const settled = events.at(-1)!;
  assert.ok(codes(settled).includes('F001'), codes(settled).join(','));
  assert.ok(codes(settled).includes('A001'), codes(settled).join(','));
  assert.ok(events.every((e) => e.version === 1));
  // Consecutive events never say the same thing twice, unless new expansion results came.
  for (let i = 1; i < events.length; i++)
    if (!events[i]!.changed.includes('expansion'))
      assert.notDeepEqual(codes(events[i]!), codes(events[i - 1]!), `event ${i} repeats ${codes(events[i]!)}`);
  // The map's calls went through the session: the airspaces and NOTAMs statuses are true.
  assert.ok(statuses.includes('airspaces:ok'), statuses.join(' '));
  assert.ok(statuses.includes('notams:ok'), statuses.join(' '));

  // A new version of the same blocks: one event, with every source's findings already.
  const before = events.length;
  session.documents.update(versionOf(uri, 2, text));
  await session.documents.settled(uri);
  const second = events.slice(before);
  assert.equal(second.length, 1, second.map((e) => `${e.changed}:${codes(e)}`).join(' | '));
  assert.deepEqual(codes(second[0]!), codes(settled));

  // The checker's way: the same findings, each source run to its end.
  const checked = await session.documents.check(versionOf('file:///pipeline/check.route', 1, text));
  assert.deepEqual(checked.findings.map((f) => f.code).sort(), codes(settled));
  await session.dispose();
});

test('the map areas through the session: every NOTAM call failing is one notams status, airspaces stay ok', async () => {
  const statuses: [string, string][] = [];
  const session = new RouteSession({ status: (name, s) => statuses.push([name, s.state]) }, { retryMs: 0 });
  session.configure(
    { hub: { baseUrl: sim.url, retries: 0 }, reference: {}, navdataFolder: '' },
    { hubUserKey: 'demo', reference: null },
  );
  sim.faults.add({ kind: 'serverError', path: '*notams*' });
  try {
    const uri = 'file:///pipeline/notams.route';
    session.documents.update(versionOf(uri, 1, EUROPE));
    await session.documents.settled(uri);
    const notamCalls = sim.requests.list().filter((r) => /notams/i.test(r.url)).length;
    assert.ok(notamCalls > 1, `${notamCalls} NOTAM calls`);
    const of = (name: string) => statuses.filter(([n]) => n === name).map(([, state]) => state);
    assert.deepEqual(of('notams'), ['degraded']);
    assert.deepEqual(of('airspaces'), ['ok']);
  } finally {
    sim.faults.clear();
    await session.dispose();
  }
});
