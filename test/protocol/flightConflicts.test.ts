/**
 * Conflict diagnostics through the real built server and the real hub simulator: europe.route at
 * FL350 crosses the simulator's danger area FL245–FL360 (active round the clock), near its top of
 * climb, and the diagnostic sits on the token that produces the leg, with its code actions; the
 * level lowered to FL230, below the area's floor, clears it once the block is expanded again; with the setting off there are none; a hub that
 * fails gives no conflict diagnostics at all.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { RESULTS_CHANGED_NOTIFICATION } from '../../common/protocol/mapMessages';
import { OPEN_NOTAM_COMMAND, SHOW_MAP_COMMAND } from '../../common/commands';
import { hubForFile } from './support/hubServer';
import { sample } from './support/server';

const hub = hubForFile();
/** The server with the default settings: the tests that need them open documents of their own on it. */
const byDefault = () => hub.shared('default');

/** Line 7 of europe.route (0-based 6): London–Frankfurt. */
const LINE = 6;
const TEXT = sample('europe.route');
const ROUTE_TEXT = TEXT.split('\n')[LINE]!;
/** The message as text (LSP 3.18 allows markup; this server writes plain text). */
const textOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const isUpperDanger = (d: Diagnostic) =>
  d.code === 'F001' &&
  d.range.start.line === LINE &&
  /the route crosses active danger area .+ \(FL245–FL360\);/.test(textOf(d));
const tokenOf = (d: Diagnostic, text = ROUTE_TEXT) => text.slice(d.range.start.character, d.range.end.character);

test('the level crosses an active danger area: F001 on the airway of the leg; FL230 clears it', async () => {
  const server = await byDefault();
  const uri = 'file:///flight/europe.route';
  await server.open(uri, TEXT);
  const found = await server.diagnosticsWhere(uri, (p) => p.version === 1 && p.diagnostics.some(isUpperDanger));
  const conflicts = found.diagnostics.filter((d) => d.code === 'F001' || d.code === 'F002');
  const danger = conflicts.filter(isUpperDanger);
  assert.ok(danger.length >= 1, conflicts.map((d) => textOf(d)).join('\n'));
  for (const d of danger) {
    assert.equal(d.severity, 2, 'warning');
    // EB-D9xx on KOK–MAK, just before the top of climb (131 NM out at 2,000 ft/min), ED-D9xx on
    // the descent into EDDF (from 117 NM out at 300 ft/NM).
    assert.match(
      textOf(d),
      /^(at FL350|(climbing|descending) through FL\d{3}–FL\d{3}) over \w+–\w+ at \d\d:\d\dZ the route crosses active danger area/,
    );
    // It says why this crossing is a conflict, unlike the CTRs every flight crosses.
    assert.match(
      textOf(d),
      /; a conflict: (FL\d{3}–)?FL\d{3} is within FL245–FL360 and it is active( H24| \d\d:\d\d–\d\d:\d\dZ)? when the flight is there\.$/,
    );
    assert.ok(
      /^(UL9|L607|T150|DCT)$/.test(tokenOf(d)),
      `on an airway of the route: '${tokenOf(d)}' at ${JSON.stringify(d.range)}`,
    );
    // The leg named in the message is one the token produces: its last point is on or after the token.
    const legEnd = /over \w+–(\w+)/.exec(textOf(d))![1]!;
    assert.ok(ROUTE_TEXT.includes(tokenOf(d)), legEnd);
  }
  // One diagnostic per area and token.
  const keys = conflicts.map((d) => `${d.range.start.character}|${(d.data as { itemId: string }).itemId}`);
  assert.equal(new Set(keys).size, keys.length);

  const actions = await server.codeActions(uri, danger[0]!.range, [danger[0]!]);
  const reveal = actions.find((a) => a.command?.command === SHOW_MAP_COMMAND);
  assert.ok(reveal, actions.map((a) => a.title).join(', '));
  assert.match(reveal.title, /^Reveal .+ on the map$/);
  assert.deepEqual(reveal.command!.arguments, [
    { uri, position: danger[0]!.range.start, itemId: (danger[0]!.data as { itemId: string }).itemId },
  ]);
  const open = actions.find((a) => a.command?.command === OPEN_NOTAM_COMMAND);
  assert.ok(open, 'the activation NOTAM opens from the area');
  assert.match((open.command!.arguments![0] as { text: string }).text, /DANGER AREA .+ ACTIVATED/);

  // FL230 is below the area's floor (reached 86 NM out, before KONAN): gone once the block is
  // expanded again. FL370 would not clear it: the flight would still be climbing through it.
  const at = ROUTE_TEXT.indexOf('F350');
  const version = await server.sendChange(uri, [
    { range: { start: { line: LINE, character: at }, end: { line: LINE, character: at + 4 } }, text: 'F230' },
  ]);
  const edited = ROUTE_TEXT.replace('F350', 'F230');
  const cleared = await server.diagnosticsWhere(
    uri,
    (p) =>
      p.version === version &&
      p.diagnostics.some((d) => d.code === 'F001' && d.range.start.line === LINE) &&
      !p.diagnostics.some((d) => d.range.start.line === LINE && /FL245–FL360/.test(textOf(d))),
  );
  // The restricted area FL195–FL660 is still crossed at FL230: the conflicts were recomputed, not dropped.
  assert.ok(
    cleared.diagnostics.some(
      (d) => d.code === 'F001' && d.range.start.line === LINE && /^at FL230 over/.test(textOf(d)) && tokenOf(d, edited),
    ),
  );
});

test('a keystroke that leaves every route block as it was: one publication with all the findings, one resultsChanged', async () => {
  // Flown at a time of its own: judged again at "now", a minute later names other ETOs (a real change).
  const server = await hub.start({ icaoRoute: { flight: { departureTime: '2026-11-26T10:00Z' } } });
  const changed: { uri: string; version: number }[] = [];
  server.connection.onNotification(RESULTS_CHANGED_NOTIFICATION, (p: { uri: string; version: number }) => {
    changed.push(p);
  });
  const uri = 'file:///flight/keystroke.route';
  await server.open(uri, TEXT);
  const before = await server.diagnosticsWhere(uri, (p) => p.version === 1 && p.diagnostics.some(isUpperDanger));
  // Every source has spoken for version 1 (expansion, then the conflicts on it).
  await new Promise((r) => setTimeout(r, 1500));
  const lines = TEXT.split('\n');
  const end = { line: lines.length - 1, character: lines.at(-1)!.length };
  const version = await server.sendChange(uri, [{ range: { start: end, end }, text: '\n\n# a note' }]);
  await server.diagnosticsWhere(uri, (p) => p.version === version);
  await new Promise((r) => setTimeout(r, 1500));
  const published = server.published.get(uri)!.filter((p) => p.version === version);
  assert.equal(published.length, 1, published.map((p) => p.diagnostics.map((d) => d.code).join(',')).join(' | '));
  const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${String(d.code)}@${d.range.start.line}`).sort();
  assert.deepEqual(codes(published[0]!.diagnostics), codes(before.diagnostics));
  assert.equal(changed.filter((c) => c.uri === uri && c.version === version).length, 1);
});

test('icaoRoute.flight.climbRateFtPerMin reaches the conflicts: planned at FL370, the default climb crosses the danger area FL245–FL360 on the way up; a 6,000 ft/min climb passes above it', async () => {
  const text = TEXT.replace(ROUTE_TEXT, ROUTE_TEXT.replace('F350', 'F370'));
  const climbingThrough = (d: Diagnostic) =>
    d.code === 'F001' && /^climbing through FL\d{3}–FL\d{3} over .*\(FL245–FL360\)/.test(textOf(d));
  const server = await byDefault();
  await server.open('file:///flight/climb.route', text);
  const found = await server.diagnosticsWhere('file:///flight/climb.route', (p) => p.diagnostics.some(climbingThrough));
  assert.ok(found.diagnostics.some(climbingThrough));
  const fast = await hub.start({ icaoRoute: { flight: { climbRateFtPerMin: 6000 } } });
  const uri = 'file:///flight/fast-climb.route';
  await fast.open(uri, text);
  // Judged: the restricted area FL195–FL660 is crossed at FL370 en route.
  const judged = await fast.diagnosticsWhere(uri, (p) =>
    p.diagnostics.some((d) => d.code === 'F001' && /^at FL370 over/.test(textOf(d))),
  );
  assert.deepEqual(judged.diagnostics.filter(climbingThrough).map(textOf), []);
});

test('icaoRoute.diagnostics.flightConflicts off: no conflict diagnostics', async () => {
  const server = await hub.start({ icaoRoute: { diagnostics: { debounceMs: 0, flightConflicts: false } } });
  const uri = 'file:///flight/off.route';
  await server.open(uri, TEXT);
  // The expansion's publication comes after the first one: wait for the hub's results, then a moment more.
  await server.diagnosticsWhere(uri, (p) => p.version === 1);
  await new Promise((r) => setTimeout(r, 1500));
  const all = server.published.get(uri)!.flatMap((p) => p.diagnostics);
  assert.deepEqual(
    all.filter((d) => d.code === 'F001' || d.code === 'F002'),
    [],
  );
});

test('a hub that fails every airspace and NOTAM call: no conflict diagnostics, no flood', async () => {
  const sim = hub.sim;
  // A server of its own: nothing cached from the other tests.
  sim.faults.add({ kind: 'serverError', path: '*airspaces*' });
  sim.faults.add({ kind: 'serverError', path: '*notams*' });
  try {
    const server = await hub.start();
    const uri = 'file:///flight/failing.route';
    sim.requests.clear();
    await server.open(uri, TEXT);
    const asked = () => sim.requests.list().filter((r) => /airspaces|notams/.test(r.url)).length;
    const end = Date.now() + 20_000;
    while (asked() === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    assert.ok(asked() > 0, 'the areas were asked for');
    await new Promise((r) => setTimeout(r, 1500));
    const published = server.published.get(uri)!;
    assert.deepEqual(
      published.flatMap((p) => p.diagnostics).filter((d) => d.code === 'F001' || d.code === 'F002'),
      [],
    );
    // Nothing but the ordinary publications: one per version and expansion, not one per failing call.
    assert.ok(published.length <= 3, `${published.length} publications`);
  } finally {
    sim.faults.clear();
  }
});
