/**
 * The route map's requests in the real built server against the real hub simulator: the view of
 * a sample route with its FIRs, airspaces and NOTAMs; the highlight of the element under the
 * cursor; resultsChanged after an expansion; and, without a key or without the airspace group,
 * the route alone with plain notices. No key ever appears in a view.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { SET_HUB_KEY_NOTIFICATION } from '../../common/protocol/lspMessages';
import {
  MAP_HIGHLIGHT_REQUEST,
  MAP_VIEW_REQUEST,
  RESULTS_CHANGED_NOTIFICATION,
  type MapHighlightResult,
  type MapView,
  type ResultsChangedParams,
} from '../../common/protocol/mapMessages';
import { startHubSimulator, type HubSimulator } from '../hub-sim/server';
import { ROOT } from './support/build';
import { eventually, sample, ServerUnderTest } from './support/server';

let sim: HubSimulator;
const servers: ServerUnderTest[] = [];

async function serverWith(
  key: string | null,
  extra: Record<string, unknown> = {},
): Promise<{ server: ServerUnderTest; changed: ResultsChangedParams[] }> {
  const server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: { diagnostics: { debounceMs: 0 }, hub: { baseUrl: sim.url, timeoutSeconds: 10 }, ...extra },
    },
  });
  servers.push(server);
  const changed: ResultsChangedParams[] = [];
  server.connection.onNotification(RESULTS_CHANGED_NOTIFICATION, (p: ResultsChangedParams) => {
    changed.push(p);
  });
  if (key) {
    await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: key, source: 'secretStorage' });
    await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
  }
  return { server, changed };
}

const view = (server: ServerUnderTest, uri: string, line: number) =>
  server.connection.sendRequest(MAP_VIEW_REQUEST, { uri, position: { line, character: 0 } }) as Promise<MapView | null>;

/**
 * The view once the block is expanded: resultsChanged comes with every new version (before the
 * expansion) and again when the expansion brings results, so the test asks until the legs are in.
 */
async function expandedView(server: ServerUnderTest, uri: string, line: number): Promise<MapView> {
  return eventually(async () => {
    const v = await view(server, uri, line);
    return v && v.legs.length > 0 && v.points.every((p) => p.status === 'resolved') && v;
  }, `the expanded view of ${uri}`);
}

/**
 * The hour the views are flown at, and the simulator's clock half an hour before it. Its NOTAMs are
 * drawn from its date and hour: on the real clock, an EST NOTAM that ends while the flight is in its
 * corridor is, rightly, "only partly known", so the notices these tests expect held or failed by the
 * hour they ran (on 3 December 2026 from 00:00Z: a NOTAM near ROLIS–EDDF valid to 00:05Z EST, the
 * flight there at 00:53Z).
 */
const DEPARTURE = '2026-11-25T10:30Z';
const SIM_NOW = new Date(Date.parse(DEPARTURE) - 30 * 60_000).toISOString();
const FLOWN = { flight: { departureTime: DEPARTURE } };

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true, settings: { fixedNow: SIM_NOW } });
});

after(async () => {
  for (const s of servers) await s.stop();
  await sim?.close();
});

/** The view's aerodromes and FIRs: the places whose NOTAMs it asks for. */
function placesOf(v: MapView): Set<string> {
  return new Set([v.points[0]!.name, v.points[v.points.length - 1]!.name, ...v.firs.map((f) => f.designator)]);
}

/** The NOTAM requests for the view's places since request `from`, with the place each asked for. */
function notamRequests(v: MapView, from: number) {
  const places = placesOf(v);
  return sim.requests
    .list()
    .slice(from)
    .filter((r) => r.endpoint === 'aerodromeNotams' || r.endpoint === 'firNotams')
    .map((r) => ({ ...r, place: r.url.split('?')[0]!.split('/').filter(Boolean).at(-2)! }))
    .filter((r) => places.has(r.place));
}

/**
 * The notices a view must give when nothing failed, from what the simulator served since request
 * `from` (its NOTAMs follow its clock): one "No NOTAMs at the moment" naming the view's
 * aerodromes and FIRs it answered 404 for (late in a day an aerodrome may have none left), and
 * one "not shown" when a NOTAMR it served replaces a NOTAM it also served (its numbers are drawn
 * at random, so some days two of them meet). The answers (AIXM) are asked again, as they were.
 */
async function expectedNotices(v: MapView, from: number): Promise<string[]> {
  const requests = notamRequests(v, from);
  const none = [...new Set(requests.filter((r) => r.status === 404).map((r) => r.place))].sort();
  const notices = none.length
    ? [`No NOTAMs at the moment for ${none.join(', ')} (the hub answered 404 "not found").`]
    : [];
  const served = new Set<string>();
  const replacedIds = new Set<string>();
  const origin = new URL(sim.url).origin;
  for (const r of requests.filter((q) => q.status === 200)) {
    const body = await (
      await fetch(origin + r.url.replace('REDACTED', 'demo'), { headers: { user_key: 'demo' } })
    ).text();
    // Each NOTAM of the AIXM answer: its series, number and year, and for a NOTAMR the one it replaces.
    for (const [notam] of body.matchAll(/<event:NOTAM\b[\s\S]*?<\/event:NOTAM>/g)) {
      const field = (name: string) => new RegExp(`<event:${name}>([^<]*)<`).exec(notam)?.[1];
      served.add(`${field('series')}${field('number')}/${field('year')}`);
      if (field('type') === 'R')
        replacedIds.add(`${field('referredSeries')}${field('referredNumber')}/${field('referredYear')}`);
    }
  }
  const replaced = [...replacedIds].filter((id) => served.has(id)).length;
  if (replaced > 0)
    notices.push(
      `${replaced} NOTAM${replaced === 1 ? '' : 's'} not shown: ${replaced} replaced by a later NOTAM (NOTAMR).`,
    );
  return notices;
}

test('europe.route with a key: the route, the FIRs it crosses, airspaces and NOTAMs of the corridor; no key in the view', async () => {
  const from = sim.requests.list().length;
  const { server, changed } = await serverWith('demo', FLOWN);
  const uri = 'file:///map/europe.route';
  await server.open(uri, sample('europe.route'));
  await eventually(() => changed.some((c) => c.uri === uri), 'resultsChanged after the expansion', 20);

  const v = await expandedView(server, uri, 6);
  assert.ok(v, 'a view for the first block');
  assert.equal(v.blockIndex, 0);
  assert.equal(v.title, 'EGLL → EDDF');
  assert.equal(v.points[0]!.name, 'EGLL');
  assert.equal(v.points[v.points.length - 1]!.name, 'EDDF');
  assert.ok(v.points.every((p) => p.status === 'resolved' && p.position));
  assert.equal(v.legs.length, v.points.length - 1);
  assert.ok(
    v.legs.some((l) => l.via === 'UL9'),
    'legs along the airways name them',
  );
  const total = v.points[v.points.length - 1]!.cumulativeNm!;
  assert.ok(total > 330 && total < 420, `EGLL to EDDF along the route: ${total} NM`);

  const firs = v.firs.map((f) => f.designator);
  assert.ok(firs.includes('EGTT') && firs.includes('EDGG'), `FIRs: ${firs}`);
  assert.ok(
    v.firs.every((f) => !f.approximate && f.crossings!.length > 0),
    'FIR outlines from their airspaces',
  );
  const ctr = v.airspaces.find((a) => a.type === 'CTR' && /HEATHROW/.test(a.name));
  assert.ok(ctr, 'the route starts inside the Heathrow CTR');
  assert.match(ctr.label, /^SFC–\d+ ft$/);
  assert.ok(ctr.crossed);
  assert.equal(ctr.crossings![0]!.entryNm, 0);
  assert.ok(
    v.airspaces.some((a) => (a.type === 'R' || a.type === 'D') && a.crossed && a.schedule),
    'a restricted or danger area crossed, with its schedule',
  );
  assert.ok(
    v.airspaces.some((a) => !a.crossed && a.distanceNm > 0),
    'areas beside the route, within the corridor',
  );
  assert.ok(v.airspaces.every((a) => a.crossed || a.distanceNm <= 30));
  assert.ok(
    v.airspaces.some((a) => /^FL\d{3}$/.test(a.upper)),
    'a TMA up to a flight level',
  );

  assert.ok(v.notams.length > 0, 'NOTAMs');
  assert.ok(
    v.notams.some((n) => n.inCorridor && n.circle),
    'NOTAMs in the corridor, drawn from item Q or the text',
  );
  assert.ok(
    v.notams.some((n) => n.location === 'EGLL' && n.inCorridor),
    'the origin aerodrome NOTAMs',
  );
  for (const n of v.notams)
    assert.equal(n.inCorridor, n.distanceNm <= 30 || /aerodromes|aerodrome NOTAM|whole FIR/i.test(n.reason), n.reason);
  assert.ok(
    v.microlights.length > 0 && v.microlights.every((m) => m.distanceNm <= 30),
    'microlight fields near the route',
  );
  assert.deepEqual(v.notices, await expectedNotices(v, from));
  assert.ok(!JSON.stringify(v).includes('user_key') && !/\bdemo\b/.test(JSON.stringify(v)), 'no key in the view');
  assert.ok(
    sim.requests.list().some((r) => r.endpoint === 'fir'),
    'FIRs found through the navigation',
  );

  // Highlight: the airway under the cursor is its legs; a point is its point.
  const line = sample('europe.route').split('\n')[6]!;
  const onAirway = (await server.connection.sendRequest(MAP_HIGHLIGHT_REQUEST, {
    uri,
    position: { line: 6, character: line.indexOf('UL9') + 1 },
  })) as MapHighlightResult;
  assert.ok(onAirway && onAirway.legIds.length > 0);
  assert.ok(onAirway.legIds.every((id) => v.legs.find((l) => l.id === id)?.via === 'UL9'));
  const onPoint = (await server.connection.sendRequest(MAP_HIGHLIGHT_REQUEST, {
    uri,
    position: { line: 6, character: line.indexOf('KONAN') + 1 },
  })) as MapHighlightResult;
  assert.deepEqual(
    onPoint!.pointIds.map((id) => v.points.find((p) => p.id === id)!.name),
    ['KONAN'],
  );
  // A click on KONAN reveals its element.
  const konan = v.points.find((p) => p.name === 'KONAN')!;
  assert.equal(line.slice(konan.range.start.character, konan.range.end.character), 'KONAN');
});

test('without a key: the route from local navigation data, and a notice that airspaces and NOTAMs need one', async () => {
  const { server, changed } = await serverWith(null, { navdata: { folder: path.join(ROOT, 'test/fixtures/navdata') } });
  const uri = 'file:///map/offline.route';
  await server.open(uri, sample('europe.route'));
  await eventually(() => changed.some((c) => c.uri === uri), 'resultsChanged after the offline expansion', 20);
  const v = await expandedView(server, uri, 6);
  assert.ok(v && v.points.length > 2 && v.legs.length > 0);
  assert.deepEqual([v.firs.length, v.airspaces.length, v.notams.length], [0, 0, 0]);
  assert.equal(v.notices.length, 1);
  assert.match(v.notices[0]!, /need a hub key/);
});

test('a key without the Airspaces group: NOTAMs still come, FIRs as boxes, one notice says what is missing', async () => {
  const { server, changed } = await serverWith('demo-basic', FLOWN);
  const uri = 'file:///map/basic.route';
  await server.open(uri, sample('europe.route'));
  await eventually(() => changed.some((c) => c.uri === uri), 'resultsChanged', 20);
  const v = await expandedView(server, uri, 6);
  assert.ok(v);
  assert.equal(v.airspaces.length, 0);
  assert.ok(v.notams.length > 0);
  assert.ok(v.firs.length > 0 && v.firs.every((f) => f.approximate));
  assert.equal(v.notices.filter((n) => /Airspaces group \(403\)/.test(n)).length, 1, v.notices.join(' | '));
  assert.equal(v.notices.filter((n) => /Aerodromes group \(403\)/.test(n)).length, 1, v.notices.join(' | '));
  assert.deepEqual(v.microlights, []);
});

test("a FIR without an airspace list of its own: its country's airspaces stand in", async () => {
  sim.faults.add({ kind: 'notFound', path: '/v2/icao-prefixes/E/firs/EBBU/airspaces' });
  try {
    const from = sim.requests.list().length;
    const { server, changed } = await serverWith('demo', FLOWN);
    const uri = 'file:///map/country.route';
    await server.open(uri, sample('europe.route'));
    await eventually(() => changed.some((c) => c.uri === uri), 'resultsChanged', 20);
    const v = await expandedView(server, uri, 6);
    assert.ok(v);
    assert.ok(
      sim.requests.list().some((r) => r.endpoint === 'countryAirspaces' && r.url.includes('/countries/BE/')),
      'the Belgian list asked for',
    );
    assert.ok(
      v.airspaces.some((a) => /BRUSSELS/.test(a.name) && a.crossed),
      'Brussels airspaces from the country list',
    );
    assert.deepEqual(v.notices, await expectedNotices(v, from));
  } finally {
    sim.faults.clear();
  }
});

test('the map follows every edit: a new version says resultsChanged, also with no expansion source', async () => {
  // No key, no navigation data: nothing is ever expanded, yet the route the map draws changes.
  const { server, changed } = await serverWith(null);
  const uri = 'file:///map/local.route';
  await server.open(uri, 'N0450F350 5100N00200E DCT 5200N00300E\n');
  await eventually(
    () => changed.some((c) => c.uri === uri && c.version === 1),
    'resultsChanged for the opened version',
    20,
  );
  await server.change(uri, [{ text: 'N0450F350 5100N00200E DCT 5200N00300E DCT 5300N00400E\n' }]);
  await eventually(
    () => changed.some((c) => c.uri === uri && c.version === 2),
    'resultsChanged for the edited version',
    20,
  );
  const v = await view(server, uri, 0);
  assert.equal(v?.version, 2);
  assert.deepEqual(
    v?.points.map((p) => p.name),
    ['5100N00200E', '5200N00300E', '5300N00400E'],
  );
});
