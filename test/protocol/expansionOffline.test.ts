/**
 * Route expansion offline in the real built server: with `icaoRoute.navdata.folder` set to the
 * project's navdata excerpt, the expansion findings (X…) join the local ones (R…) on their exact
 * ranges, the ambiguous first fix gets its referenceFix quick fixes, and hovers show what each
 * point resolved to.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { ROOT } from './support/build';
import { applyEdits, at, editsOf, sample, eventually, ServerUnderTest } from './support/server';
import { defined } from '../shared/defined';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
const hasExpansion = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => /^X\d{3}$/.test(String(d.code)));

let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: NAVDATA } } },
  });
});

after(async () => {
  await server?.stop();
});

test('the navigation data is read and the status says so', async () => {
  // Reading starts with the first document that needs it.
  await server.open('file:///offline/first.route', 'N0450F350 DVR UL9 KONAN');
  const ok = await server.expansionStatus((s) => s.state === 'ok');
  assert.equal(ok.source, 'navdata');
  assert.match(ok.message, /fixture|navdata/);
  assert.match(ok.message, /\d+ fixes/);
  const loading = server.expansionStatuses.findIndex((s) => s.state === 'loading');
  assert.ok(loading >= 0 && loading < server.expansionStatuses.indexOf(ok), JSON.stringify(server.expansionStatuses));
  assert.equal((await server.serverInfo()).expansion?.state, 'ok');
});

test('broken.route: expansion findings on their exact ranges, merged with the local ones', async () => {
  const uri = 'file:///offline/broken.route';
  const local = await server.open(uri, sample('broken.route'));
  // The first publication does not wait for the expansion: local findings only.
  assert.ok(
    local.every((d) => String(d.code).startsWith('R')),
    local.map(at).join(' '),
  );
  const localCodes = local.map(at);
  assert.ok(localCodes.length >= 10, localCodes.join(' '));
  const merged = (await server.diagnosticsWhere(uri, (p) => p.version === 1 && hasExpansion(p))).diagnostics;
  assert.deepEqual(
    merged.map(at).filter((c) => c.startsWith('X')),
    ['X001@27:18-23', 'X002@31:18-23', 'X002@34:14-16', 'X002@34:17-20'],
  );
  // Every local finding is still there, and the list stays in document order.
  assert.deepEqual(
    merged.map(at).filter((c) => c.startsWith('R')),
    localCodes,
  );
  const lines = merged.map((d) => d.range.start.line);
  assert.deepEqual(
    lines,
    [...lines].sort((a, b) => a - b),
  );
  const knoan = merged.find((d) => d.code === 'X001')!;
  assert.equal(knoan.severity, 2);
  assert.equal(knoan.source, 'icao-route');
  assert.match(String(knoan.message), /KNOAN is not in the navigation data/);
});

test('an edit to one block keeps the known findings of the others in the first publication', async () => {
  const uri = 'file:///offline/broken.route';
  // Fix the typo on line 27 (KNOAN → KONAN): the other blocks are unchanged and already expanded.
  const version = await server.sendChange(uri, [
    { range: { start: { line: 27, character: 18 }, end: { line: 27, character: 23 } }, text: 'KONAN' },
  ]);
  const first = (await server.diagnosticsFor(uri, version)).diagnostics;
  assert.deepEqual(
    first.map(at).filter((c) => c.startsWith('X')),
    ['X002@31:18-23', 'X002@34:14-16', 'X002@34:17-20'],
  );
});

test('ambiguous-first-fix.route: the first fix is reported and its quick fixes choose a candidate', async () => {
  const uri = 'file:///offline/ambiguous.route';
  const text = sample('ambiguous-first-fix.route');
  await server.open(uri, text);
  const merged = (await server.diagnosticsWhere(uri, (p) => p.version === 1 && hasExpansion(p))).diagnostics;
  // From EGHI Southampton is clearly nearest and taken (X011, its referenceFix fixes still offered);
  // the last route has no origin and stays ambiguous (X005).
  assert.deepEqual(merged.map(at), ['X011@7:10-13', 'X005@31:10-13']);
  const ambiguous = defined(merged[0], 'the X011');
  const candidates = (ambiguous.data as { candidates: { ident: string }[] }).candidates;
  assert.ok(candidates.length >= 2);

  const actions = await server.codeActions(uri, ambiguous.range, [ambiguous]);
  assert.equal(actions.length, candidates.length);
  for (const action of actions) assert.match(action.title, /^Use SAM .*\(referenceFix\)$/);
  const southampton = actions.find((a) => /GB|England|SOUTHAMPTON/i.test(a.title)) ?? actions[0];
  const fixed = applyEdits(text, editsOf(southampton, uri));
  assert.match(fixed.split('\n').slice(4, 8).join('\n'), /^referenceFix: \d{4}[NS]\d{5}[EW]$/m);

  // Applying it: the block is expanded again and the first fix is no longer ambiguous.
  const version = await server.sendChange(uri, [{ text: fixed }]);
  const after = await server.diagnosticsWhere(uri, (p) => p.version === version);
  assert.deepEqual(after.diagnostics.map(at), ['X005@32:10-13']);
});

test('quick fixes read from the finding data also reach a client that drops the data (Neovim 0.7)', async () => {
  const uri = 'file:///offline/no-data-support.route';
  await server.open(uri, sample('ambiguous-first-fix.route'));
  const merged = (await server.diagnosticsWhere(uri, (p) => p.version === 1 && hasExpansion(p))).diagnostics;
  const ambiguous = merged.find((d) => d.code === 'X005')!;
  assert.ok(ambiguous.data !== undefined, 'the server sends the candidates in the data');
  // What Neovim 0.7 sends back: the diagnostic without its data.
  const { data: _dropped, ...withoutData } = ambiguous;
  const withData = (await server.codeActions(uri, ambiguous.range, [ambiguous])).map((a) => a.title);
  const withoutDataTitles = (await server.codeActions(uri, ambiguous.range, [withoutData])).map((a) => a.title);
  assert.ok(withData.length >= 2, withData.join(' | '));
  assert.deepEqual(withoutDataTitles, withData);
});

test('hover on a point shows what it resolved to, with its coordinates', async () => {
  const uri = 'file:///offline/hover.route';
  const text = [
    'origin: EGLL',
    'destination: EDDF',
    'N0450F350 DVR UL9 KONAN UL607 AMASI/N0440F330 DCT 5030N00500E',
  ].join('\n');
  await server.open(uri, text);
  await server.diagnosticsWhere(uri, () => true);
  const dvr = await server.hoverMatching(uri, 2, 11, /Resolved/);
  assert.match(dvr, /\*\*Resolved:\*\* VOR at 51°09\.\d'N 001°21\.\d'E/);
  assert.match(dvr, /DVR VOR/);
  assert.match(dvr, /\*Route expansion \(navdata\)\*/);

  const airway = await server.hoverMatching(uri, 2, 24, /KONAN/);
  assert.match(airway, /`UL607` from `KONAN` to `AMASI`/);
  for (const point of ['KOK', 'FERDI', 'BUPAL', 'REMBA', 'SPI', 'PELIX', 'MATUG'])
    assert.match(airway, new RegExp(`\`${point}\``));

  const change = await server.hoverMatching(uri, 2, 33, /Resolved/);
  assert.match(change, /AMASI/);
  const latLon = await server.hoverMatching(uri, 2, 55, /Resolved/);
  assert.match(latLon, /lat\/lon point at 50°30\.0'N 005°00\.0'E/);
  const origin = await server.hoverMatching(uri, 0, 9, /Resolved/);
  assert.match(origin, /aerodrome at 51°28\.\d'N 000°2\d\.\d'W/);
});

test('hover on an ambiguous first fix lists the candidates', async () => {
  const uri = 'file:///offline/ambiguous-hover.route';
  await server.open(uri, sample('ambiguous-first-fix.route'));
  // The route without origin (from EGHI, Southampton is taken: resolved, not listed).
  const text = await server.hoverMatching(uri, 31, 11, /Candidates/);
  assert.match(text, /\*\*Not selected:\*\* `SAM`/);
  assert.match(await server.hoverMatching(uri, 7, 11, /Resolved/), /SOUTHAMPTON/);
  const listed = text.split('\n').filter((l) => l.startsWith('- `SAM`'));
  assert.ok(listed.length >= 2, text);
  for (const line of listed) assert.match(line, /\d{2}°\d{2}\.\d'[NS] \d{3}°\d{2}\.\d'[EW]/);
});

const FULL_NAVDATA = path.resolve(ROOT, '..', 'shared', 'navdata');

/**
 * The samples' only expansion findings on the full data: airways flown outside their segments'
 * level bands in cycle 2013.10 (docs/testing.md): L607 and T150 at FL350, UN536 at FL320 (every
 * level fits the magnetic track of its first leg: no X014).
 */
const LEVEL_FINDINGS: Record<string, string[]> = {
  europe: ['X012@6:30-34', 'X012@6:41-45'],
  'fpl-message': ['X012@6:31-35', 'X012@6:42-46'],
  'north-atlantic': ['X012@11:14-19'],
};

test(
  'with the full navigation data the real sample routes expand without findings but the level bands of their airways',
  { skip: !existsSync(FULL_NAVDATA) && `no ${FULL_NAVDATA} (only beside the project's own clone)` },
  async () => {
    const full = await ServerUnderTest.start({
      initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: FULL_NAVDATA } } },
    });
    try {
      for (const name of ['europe', 'north-atlantic', 'asia', 'fpl-message']) {
        const uri = `file:///full/${name}.route`;
        await full.open(uri, sample(`${name}.route`));
        await full.expansionStatus((s) => s.state === 'ok');
        // Local findings first, then again once the expansion ran (even when it found nothing).
        await eventually(() => (full.published.get(uri) ?? []).length >= 2, `${name}: its expanded publication`);
        const publications = full.published.get(uri)!;
        assert.equal(publications.length, 2, name);
        const last = defined(publications[1]);
        assert.deepEqual(
          last.diagnostics.filter((d) => !String(d.code).startsWith('R')).map(at),
          LEVEL_FINDINGS[name] ?? [],
          name,
        );
      }
      const uri = 'file:///full/broken.route';
      await full.open(uri, sample('broken.route'));
      const merged = (await full.diagnosticsWhere(uri, (p) => p.version === 1 && hasExpansion(p))).diagnostics;
      assert.ok(merged.map(at).includes('X001@27:18-23'), merged.map(at).join(' '));
      const ok = full.expansionStatuses.find((s) => s.state === 'ok')!;
      const fixes = Number(/(\d+) fixes/.exec(ok.message)?.[1]);
      assert.ok(fixes > 100_000, ok.message);
    } finally {
      await full.stop();
    }
  },
);
