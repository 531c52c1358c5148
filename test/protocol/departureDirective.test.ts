/**
 * A block's `departure:` times its flight for the conflicts, before `icaoRoute.flight.departureTime`:
 * through the real built server and the real hub simulator, whose temporary reserved area along
 * London–Frankfurt is active MON–THU 07:00–22:30Z and FRI 07:00–16:00Z (its published hours,
 * test/hub-sim/route-areas.ts). Flown at FL230, inside its lower layer: on Thursday 26 November
 * 2026 at 10:00Z the route conflicts with it, on Saturday 28 November at 10:00Z it does not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { hubForFile } from './support/hubServer';

const hub = hubForFile();
const THURSDAY = '2026-11-26T10:00Z';
const SATURDAY = '2026-11-28T10:00Z';

/** London–Frankfurt as europe.route flies it, at FL230. */
const ROUTE = 'N0450F230 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
const block = (departure?: string) =>
  ['origin: EGLL', 'destination: EDDF', ...(departure ? [`departure: ${departure}`] : []), ROUTE].join('\n');

const textOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const isReservedArea = (d: Diagnostic) =>
  d.code === 'F001' && /the route crosses active temporary reserved area .+ \(FL100–FL245\);/.test(textOf(d));
const reservedOn = (diagnostics: Diagnostic[], line: number) =>
  diagnostics.filter((d) => isReservedArea(d) && d.range.start.line === line);

/** Every source's findings have come for the version (the conflicts come after the expansion). */
const settle = () => new Promise((r) => setTimeout(r, 3000));

test('with the setting on a Saturday: departure: on the Thursday makes the conflict appear; edited to the Saturday, it goes', async () => {
  const server = await hub.shared('saturday', { icaoRoute: { flight: { departureTime: SATURDAY } } });
  const uri = 'file:///departure/appears.route';
  // Line 3 is the route of the block with the directive.
  const text = block('261126 1000');
  await server.open(uri, text);
  const found = await server.diagnosticsWhere(uri, (p) => p.version === 1 && reservedOn(p.diagnostics, 3).length > 0);
  for (const d of reservedOn(found.diagnostics, 3)) {
    assert.match(textOf(d), /^at FL230 over \w+–\w+ at \d\d:\d\dZ the route crosses active temporary reserved area/);
    assert.match(textOf(d), /it is active 07:00–22:30Z when the flight is there\.$/);
  }

  // To the Saturday: the area is not active then, and the conflict goes once the block is judged again.
  const at = text.split('\n')[2]!.indexOf('261126');
  const version = await server.sendChange(uri, [
    { range: { start: { line: 2, character: at }, end: { line: 2, character: at + 6 } }, text: '261128' },
  ]);
  await server.diagnosticsWhere(uri, (p) => p.version === version);
  await settle();
  const last = server.published
    .get(uri)!
    .filter((p) => p.version === version)
    .at(-1)!;
  assert.deepEqual(reservedOn(last.diagnostics, 3).map(textOf), []);
});

test('with the setting on a Thursday: the block without departure: conflicts, the same route with departure: on the Saturday does not', async () => {
  const server = await hub.shared('thursday', { icaoRoute: { flight: { departureTime: THURSDAY } } });
  const uri = 'file:///departure/disappears.route';
  // Lines 0–2: no directive (the setting's Thursday); lines 4–7: departure: on the Saturday, route on line 7.
  await server.open(uri, `${block()}\n\n${block('2026-11-28T10:00Z')}`);
  const found = await server.diagnosticsWhere(uri, (p) => p.version === 1 && reservedOn(p.diagnostics, 2).length > 0);
  assert.ok(reservedOn(found.diagnostics, 2).length > 0);
  await settle();
  const last = server.published
    .get(uri)!
    .filter((p) => p.version === 1)
    .at(-1)!;
  assert.ok(reservedOn(last.diagnostics, 2).length > 0, 'the Thursday block keeps its conflict');
  assert.deepEqual(reservedOn(last.diagnostics, 7).map(textOf), []);
  assert.deepEqual(
    last.diagnostics.filter((d) => d.range.start.line >= 4 && String(d.code).startsWith('R')),
    [],
    'the directive itself is clean',
  );
});

test('the hover on a time without a date names the date the setting places it on', async () => {
  const server = await hub.shared('saturday', { icaoRoute: { flight: { departureTime: SATURDAY } } });
  const uri = 'file:///departure/hover.route';
  await server.open(uri, block('0715'));
  const hover = await server.hover(uri, 2, 12);
  assert.ok(hover, 'a hover on the value');
  assert.match(
    (hover.contents as MarkupContent).value,
    /\*\*Means:\*\* 29 Nov 2026 07:15Z \(UTC\): no date, so the first 07:15Z at or after 28 Nov 2026 10:00Z/,
  );
});
