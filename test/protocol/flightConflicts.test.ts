/**
 * Conflict diagnostics through the real built server and the real hub simulator. europe.route as
 * it ships flies above the simulator's reserved area (FL100–FL245 along London–Frankfurt, active
 * on weekdays, as real TRAs are): no conflict. Flown at FL230 on a Thursday morning it crosses it
 * while it is active: F001 on the token that produces the leg, with its code actions; back at
 * FL350 it clears once the block is expanded again; with the setting off there are none; a hub
 * that fails gives no conflict diagnostics at all.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { RESULTS_CHANGED_NOTIFICATION } from '../../common/protocol/mapMessages';
import { OPEN_NOTAM_COMMAND, SHOW_MAP_COMMAND } from '../../common/commands';
import { hubForFile } from './support/hubServer';
import { eventually, sample } from './support/server';

const hub = hubForFile();
/** A Thursday morning: the simulator's reserved areas are active (MON–THU 07:00–22:30Z). */
const THURSDAY = '2026-11-26T10:00Z';
// The simulator's clock is fixed the day before: which areas it activates by NOTAM, and when, is
// drawn from its own date and hour, so on the real clock these tests passed or failed by the hour
// they ran (on 2 December: passed at 14:00Z, failed at 15:00Z, the activation NOTAM missing).
before(async () => {
  (await hub.simulator()).settings.fixedNow = '2026-11-25T10:00:00Z';
});
/** The server flying plain route text on that Thursday: the tests that need it open documents of their own on it. */
const onThursday = () => hub.shared('thursday', { icaoRoute: { flight: { departureTime: THURSDAY } } });

/** Line 7 of europe.route (0-based 6): London–Frankfurt. */
const LINE = 6;
const SHIPPED = sample('europe.route');
const SHIPPED_ROUTE = SHIPPED.split('\n')[LINE]!;
/** London–Frankfurt at FL230: inside the reserved area's lower layer. */
const ROUTE_TEXT = SHIPPED_ROUTE.replace('F350', 'F230');
const TEXT = SHIPPED.replace(SHIPPED_ROUTE, ROUTE_TEXT);
/** The message as text (LSP 3.18 allows markup; this server writes plain text). */
const textOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const isReservedArea = (d: Diagnostic) =>
  d.code === 'F001' &&
  d.range.start.line === LINE &&
  /the route crosses active temporary reserved area .+ \(FL100–FL245\);/.test(textOf(d));
const tokenOf = (d: Diagnostic, text = ROUTE_TEXT) => text.slice(d.range.start.character, d.range.end.character);

test('europe.route as it ships flies above the active reserved area: no conflict', async () => {
  const server = await onThursday();
  const uri = 'file:///flight/shipped.route';
  await server.open(uri, SHIPPED);
  // The expansion and the conflicts on it come after the first publication: a moment more. The
  // same server finds the conflict at FL230 (the next test), so nothing here is for want of areas.
  await server.diagnosticsWhere(uri, (p) => p.version === 1);
  await new Promise((r) => setTimeout(r, 3000));
  const all = server.published.get(uri)!.flatMap((p) => p.diagnostics);
  assert.deepEqual(all.filter((d) => d.code === 'F001' || d.code === 'F002').map(textOf), []);
});

test('FL230 crosses the active reserved area: F001 on the airway of the leg, with its code actions; FL350 clears it', async () => {
  const server = await onThursday();
  const uri = 'file:///flight/europe.route';
  await server.open(uri, TEXT);
  const found = await server.diagnosticsWhere(uri, (p) => p.version === 1 && p.diagnostics.some(isReservedArea));
  const conflicts = found.diagnostics.filter((d) => d.code === 'F001' || d.code === 'F002');
  const reserved = conflicts.filter(isReservedArea);
  assert.ok(reserved.length >= 1, conflicts.map((d) => textOf(d)).join('\n'));
  for (const d of reserved) {
    assert.equal(d.severity, 2, 'warning');
    assert.match(textOf(d), /^at FL230 over \w+–\w+ at \d\d:\d\dZ the route crosses active temporary reserved area/);
    // It says why this crossing is a conflict, unlike the CTRs every flight crosses.
    assert.match(
      textOf(d),
      /; a conflict: FL230 is within FL100–FL245 and it is active 07:00–22:30Z when the flight is there\.$/,
    );
    assert.ok(
      /^(UL9|L607|T150|DCT)$/.test(tokenOf(d)),
      `on an airway of the route: '${tokenOf(d)}' at ${JSON.stringify(d.range)}`,
    );
  }
  // One diagnostic per area and token.
  const keys = conflicts.map((d) => `${d.range.start.character}|${(d.data as { itemId: string }).itemId}`);
  assert.equal(new Set(keys).size, keys.length);

  const actions = await server.codeActions(uri, reserved[0]!.range, [reserved[0]!]);
  const reveal = actions.find((a) => a.command?.command === SHOW_MAP_COMMAND);
  assert.ok(reveal, actions.map((a) => a.title).join(', '));
  assert.match(reveal.title, /^Reveal .+ on the map$/);
  assert.deepEqual(reveal.command!.arguments, [
    { uri, position: reserved[0]!.range.start, itemId: (reserved[0]!.data as { itemId: string }).itemId },
  ]);
  const open = actions.find((a) => a.command?.command === OPEN_NOTAM_COMMAND);
  assert.ok(open, 'the activation NOTAM opens from the area');
  assert.match((open.command!.arguments![0] as { text: string }).text, /TEMPORARY RESERVED AREA .+ ACTIVATED/);

  // FL350, as the sample flies, is above the area: gone once the block is expanded again.
  const at = ROUTE_TEXT.indexOf('F230');
  const version = await server.sendChange(uri, [
    { range: { start: { line: LINE, character: at }, end: { line: LINE, character: at + 4 } }, text: 'F350' },
  ]);
  await server.diagnosticsWhere(uri, (p) => p.version === version);
  await new Promise((r) => setTimeout(r, 3000));
  const last = server.published
    .get(uri)!
    .filter((p) => p.version === version)
    .at(-1)!;
  assert.deepEqual(last.diagnostics.filter(isReservedArea).map(textOf), []);
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
  const before = await server.diagnosticsWhere(uri, (p) => p.version === 1 && p.diagnostics.some(isReservedArea));
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

test('icaoRoute.flight.climbRateFtPerMin reaches the conflicts: at FL350 the default climb is above the reserved area FL100–FL245 where it lies; a 1,000 ft/min climb is still inside it', async () => {
  const slowClimb = (d: Diagnostic) =>
    d.code === 'F001' && /^climbing through FL\d{3}–FL\d{3} over .*\(FL100–FL245\)/.test(textOf(d));
  const slow = await hub.start({ icaoRoute: { flight: { departureTime: THURSDAY, climbRateFtPerMin: 1000 } } });
  const uri = 'file:///flight/slow-climb.route';
  await slow.open(uri, SHIPPED);
  const found = await slow.diagnosticsWhere(uri, (p) => p.diagnostics.some(slowClimb));
  assert.ok(found.diagnostics.some(slowClimb), found.diagnostics.map(textOf).join('\n'));
  // The default climb: the shipped route has no conflict (the first test).
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
    await eventually(() => asked() > 0, 'the areas asked for');
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
