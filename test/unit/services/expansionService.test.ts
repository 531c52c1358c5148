/**
 * The expansion layer on the project's navdata excerpt: source choice and status, per-block
 * caching (an edit re-expands only the block it touched, a block that moved keeps its result on
 * its new lines), cancellation by a newer run, and a folder without data as one status.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { blockKey, ExpansionCache, resultAt } from '../../../server/src/session/expansionCache';
import { DocumentExpansions, MAX_EXPANDED_BLOCKS } from '../../../server/src/session/documentExpansions';
import { ParsedDocuments } from '../../../server/src/lsp/parsedDocuments';
import type { ExpansionStatusParams } from '../../../common/protocol/lspMessages';
import { LineIndex } from '../../../server/src/route/ranges';
import { startHubSimulator } from '../../hub-sim/server';
import { first, nth } from '../route/helpers';

const NAVDATA = path.resolve(__dirname, '../../fixtures/navdata');
const NO_HUB = { userKey: null, hub: {} };
const at = (f: { code: string; range: { start: { line: number; character: number } } }) =>
  `${f.code}@${f.range.start.line}:${f.range.start.character}`;

const ROUTES = [
  '# typo',
  'N0450F350 DVR DCT KNOAN DCT KOK',
  '',
  '# wrong airway',
  'N0450F350 DET L6 DVR',
  '',
  'N0450F350 DVR UL9 KONAN',
].join('\n');

function setup(loadNavdata?: (folder: string) => Promise<NavDatabase>) {
  const statuses: ExpansionStatusParams[] = [];
  const logged: string[] = [];
  let reruns = 0;
  const expansions = new DocumentExpansions(
    { status: (s) => statuses.push(s), rerun: () => reruns++, log: (m) => logged.push(m) },
    { retryMs: 0, loadNavdata },
  );
  const parsed = new ParsedDocuments();
  let version = 0;
  const parse = (text: string) => parsed.get(TextDocument.create('file:///t.route', 'icao-route', ++version, text));
  return { expansions, statuses, logged, parse, reruns: () => reruns };
}

test('no key and no folder: local checks only, said once, nothing expanded', async () => {
  const { expansions, statuses, parse } = setup();
  expansions.configure({ ...NO_HUB, navdataFolder: '' });
  expansions.configure({ ...NO_HUB, navdataFolder: '  ' });
  assert.deepEqual(
    statuses.map((s) => s.state),
    ['local'],
  );
  assert.equal(await expansions.run(parse(ROUTES)), undefined);
  assert.equal(expansions.expandedBlocks, 0);
});

test('offline: loads once, expands every block, then only the block an edit touched', async () => {
  let loads = 0;
  const { expansions, statuses, parse, reruns } = setup((folder) => (loads++, loadNavDatabase(folder)));
  expansions.configure({ ...NO_HUB, navdataFolder: NAVDATA });
  assert.equal(reruns(), 1, 'a new source expands the open documents again');
  const opened = parse(ROUTES);
  assert.deepEqual(expansions.known(opened), []);
  const findings = await expansions.run(opened);
  assert.deepEqual(findings?.map(at), ['X001@1:18', 'X002@4:14', 'X002@4:17']);
  assert.deepEqual(
    statuses.map((s) => s.state),
    ['loading', 'ok'],
  );
  assert.match(nth(statuses, 1).message, /\d+ fixes/);
  assert.equal(expansions.expandedBlocks, 3);

  // Nothing changed: nothing to expand, nothing new to publish.
  assert.equal(await expansions.run(parse(ROUTES)), undefined);
  assert.equal(expansions.expandedBlocks, 3);

  // Two lines inserted at the top and the typo fixed: one block expanded, the others moved.
  const edited = parse(`# new header\n\n${ROUTES.replace('KNOAN', 'KONAN')}`);
  assert.deepEqual(expansions.known(edited).map(at), ['X002@6:14', 'X002@6:17']);
  assert.deepEqual((await expansions.run(edited))?.map(at), ['X002@6:14', 'X002@6:17']);
  assert.equal(expansions.expandedBlocks, 4);
  assert.equal(loads, 1);
  const dvr = expansions
    .resultFor(first(edited.document.blocks), edited.lines)
    ?.points.find((p) => p.designator === 'DVR');
  assert.ok(dvr && Math.abs(dvr.lat - 51.16) < 0.01);
  await expansions.dispose();
});

test('a newer run cancels the older one for the same document', async () => {
  const { expansions, parse } = setup();
  // 40 different routes with no finding: F350 is within UL9's band (FL245–FL460 on DVR–KONAN) and
  // an eastbound level for DVR–KONAN (X014); the speeds tell the routes apart.
  expansions.configure({ ...NO_HUB, navdataFolder: NAVDATA });
  const many = Array.from({ length: 40 }, (_, i) => `N0${400 + i}F350 DVR UL9 KONAN`).join('\n\n');
  // While the data loads.
  const older = expansions.run(parse(many));
  const newer = expansions.run(parse(`${many}\n\nN0450F350 DVR DCT KOK`));
  assert.equal(await older, undefined, 'the older run stops and publishes nothing');
  assert.deepEqual(await newer, []);
  assert.equal(expansions.expandedBlocks, 41);

  // While blocks are being expanded, one per turn of the event loop.
  const others = Array.from({ length: 40 }, (_, i) => `N0${500 + i}F370 DVR UL9 KONAN`).join('\n\n');
  const midway = expansions.run(parse(others));
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  const before = expansions.expandedBlocks;
  const latest = expansions.run(parse('N0450F350 DVR DCT KOK'));
  assert.equal(await midway, undefined);
  assert.ok(expansions.expandedBlocks - before <= 1, 'the older run stopped at its next block');
  assert.equal(await latest, undefined, 'that block was known already');
  await expansions.dispose();
});

test('a huge document is expanded up to the limit, and the output says so once', async () => {
  const { expansions, logged, parse } = setup();
  expansions.configure({ ...NO_HUB, navdataFolder: NAVDATA });
  const limit = MAX_EXPANDED_BLOCKS.navdata;
  const routes = Array.from(
    { length: limit + 3 },
    (_, i) =>
      `N${String(100 + (i % 500)).padStart(4, '0')}F${String(100 + Math.floor(i / 500) * 10).padStart(3, '0')} DVR DCT KNOAN`,
  );
  const findings = await expansions.run(parse(routes.join('\n\n')));
  assert.equal(findings?.length, limit, 'one X001 per expanded block');
  assert.equal(expansions.expandedBlocks, limit);
  assert.equal(await expansions.run(parse(`${routes.join('\n\n')}\n`)), undefined);
  assert.equal(logged.length, 1);
  assert.match(first(logged), new RegExp(`more than ${limit} routes: route expansion covers the first ${limit}`));
  await expansions.dispose();
});

test('a folder without navigation data is one degraded status, however often it is tried', async () => {
  const { expansions, statuses, parse } = setup();
  const missing = path.join(NAVDATA, 'no-such-folder');
  expansions.configure({ ...NO_HUB, navdataFolder: missing });
  for (let i = 0; i < 3; i++)
    assert.equal(await expansions.run(parse(`${ROUTES}\n\nN0450F${300 + i * 10} DVR`)), undefined);
  assert.deepEqual(
    statuses.map((s) => s.state),
    ['loading', 'degraded'],
  );
  assert.match(nth(statuses, 1).message, /could not be read/);
  assert.ok(nth(statuses, 1).message.includes(missing));

  // Pointing the setting at the data recovers.
  expansions.configure({ ...NO_HUB, navdataFolder: NAVDATA });
  assert.ok(await expansions.run(parse(ROUTES)));
  assert.deepEqual(
    statuses.map((s) => s.state),
    ['loading', 'degraded', 'loading', 'ok'],
  );
});

test('a hub key takes precedence over the folder; a base URL the client refuses is a status', () => {
  const { expansions, statuses } = setup();
  expansions.configure({ userKey: 'demo', hub: { baseUrl: 'http://hub.example.com' }, navdataFolder: NAVDATA });
  assert.equal(statuses.at(-1)?.source, 'hub');
  assert.equal(statuses.at(-1)?.state, 'degraded');
  assert.ok(!statuses.at(-1)!.message.includes('demo'));
  expansions.configure({ userKey: 'demo', hub: { baseUrl: 'http://127.0.0.1:9' }, navdataFolder: NAVDATA });
  assert.deepEqual(statuses.at(-1), {
    state: 'ok',
    source: 'hub',
    message:
      'Route expansion by the hub at http://127.0.0.1:9/ (not the default address https://api.laminardata.aero: the hub key is sent there).',
  });
});

test('cache keys are the block lines; results move with their block; the oldest entries go first', () => {
  const text = 'N0450F350 DVR UL9 KONAN\n\n# comment\nN0450F350 DVR UL9 KONAN';
  const document = parseRouteDocument(text);
  const lines = new LineIndex(text);
  assert.equal(blockKey(first(document.blocks), lines), 'N0450F350 DVR UL9 KONAN');
  assert.equal(blockKey(nth(document.blocks, 1), lines), '# comment\nN0450F350 DVR UL9 KONAN');
  const range = { start: { line: 0, character: 14 }, end: { line: 0, character: 17 } };
  const cached = {
    line: 0,
    result: {
      points: [],
      procedures: [],
      findings: [{ code: 'X002' as const, severity: 'warning' as const, message: 'm', range }],
      ambiguousFirstFix: { ident: 'DVR', range, candidates: [] },
    },
  };
  const moved = resultAt(cached, 3);
  assert.deepEqual(first(moved.findings).range, { start: { line: 3, character: 14 }, end: { line: 3, character: 17 } });
  assert.equal(moved.ambiguousFirstFix?.range.start.line, 3);
  assert.equal(first(cached.result.findings).range.start.line, 0, 'the cached result is not changed');
  assert.equal(resultAt(cached, 0), cached.result);

  const cache = new ExpansionCache(2);
  cache.set('a', cached);
  cache.set('b', cached);
  cache.get('a');
  cache.set('c', cached);
  assert.ok(cache.get('a') && cache.get('c') && !cache.get('b'));
});

test('through the hub simulator: a server failure is tried again by itself, a refused key is not', async () => {
  const sim = await startHubSimulator({ port: 0, quiet: true });
  try {
    const statuses: ExpansionStatusParams[] = [];
    let reruns = 0;
    let rerun: () => void = () => {};
    const rerunHappened = new Promise<void>((resolve) => (rerun = resolve));
    const expansions = new DocumentExpansions(
      { status: (s) => statuses.push(s), rerun: () => (reruns++, reruns > 1 && rerun()) },
      { retryMs: 20 },
    );
    const parsed = new ParsedDocuments();
    const doc = (text: string, version: number) =>
      parsed.get(TextDocument.create('file:///hub.route', 'icao-route', version, text));
    expansions.configure({ userKey: 'demo', hub: { baseUrl: sim.url }, navdataFolder: '' });
    assert.deepEqual((await expansions.run(doc('N0450F350 DVR UL9 KONAN', 1)))?.length, 0);

    sim.faults.add({ kind: 'serverError' });
    assert.equal(await expansions.run(doc('N0450F350 DVR UL9 KOK', 2)), undefined);
    assert.equal(statuses.at(-1)?.state, 'degraded');
    assert.equal(expansions.retryPending, true);
    await rerunHappened;
    sim.faults.clear();
    assert.deepEqual(await expansions.run(doc('N0450F350 DVR UL9 KOK', 3)), []);
    assert.equal(statuses.at(-1)?.state, 'ok');

    expansions.configure({ userKey: 'wrong-key', hub: { baseUrl: sim.url }, navdataFolder: '' });
    const rerunsBefore = reruns;
    assert.equal(await expansions.run(doc('N0450F350 DVR UL9 KONAN', 4)), undefined);
    assert.equal(statuses.at(-1)?.state, 'degraded');
    assert.match(statuses.at(-1)!.message, /key|authori[sz]/i);
    assert.ok(!JSON.stringify(statuses).includes('wrong-key'));
    assert.equal(expansions.retryPending, false, 'no retry is planned');
    assert.equal(reruns, rerunsBefore);
    await expansions.dispose();
  } finally {
    await sim.close();
  }
});
