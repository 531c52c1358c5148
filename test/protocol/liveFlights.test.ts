/**
 * The live flight behind an FPL call sign through the real built server against the hub
 * simulator (issue 22, items 2 and 3's last bullet): the hover on field 7, the L findings
 * published once the document is still, and field 7's flight numbers for the operator typed
 * (the operator's flights asked once, then cached).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { hubForFile } from './support/hubServer';
import type { ServerUnderTest } from './support/server';

const hub = hubForFile();
let server: ServerUnderTest;

before(async () => {
  server = await hub.start({ timeoutSeconds: 5, awaitHub: false });
});

const asked = (endpoint: string) => hub.sim.requests.list().filter((r) => r.endpoint === endpoint).length;

/** Today's date as DOF/ (UTC): the simulator flies DLH4AB from EGLL at 12:00 every day. */
function dof(): string {
  const d = new Date();
  return `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

const message = (callsign: string, eobt: string) =>
  `(FPL-${callsign}-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL${eobt}\n` +
  `-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n-EDDF0105 EDDK\n-DOF/${dof()})\n`;

test('the hover on field 7 shows the live flight; an EOBT an hour off gives L001 once the document is still', async () => {
  const uri = 'file:///live/a.route';
  await server.open(uri, message('DLH4AB', '1300'));
  // The hover waits 1 s for the lookup, then says it is still being looked up: hovered again.
  const text = await server.hoverMatching(uri, 0, 7, /Status:/, 500);
  assert.match(text, /Live flight `DLH4AB`/);
  assert.match(text, /Status: [A-Z]+ \(hub\)/);
  assert.match(text, /\| Off-block \| EGLL \| 12:00Z/);
  const published = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'L001'));
  const l001 = published.diagnostics.find((d) => d.code === 'L001')!;
  assert.equal(l001.severity, 3, 'information');
  assert.equal(l001.range.start.line, 2, 'on field 13');
  assert.match(String(l001.message), /60 min after DLH4AB's scheduled off-block/);
  assert.equal(asked('airlineFlightNumber'), 3, "the hover's lookup serves the diagnostics");
});

test("field 7's flight numbers after the operator's designator; the operator's flights asked once", async () => {
  const uri = 'file:///live/b.route';
  await server.open(uri, message('DLH', '1200'));
  const first = (await server.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: 8 },
  })) as CompletionList;
  const dlh4ab = first.items.find((i) => i.label === 'DLH4AB');
  assert.ok(dlh4ab, JSON.stringify(first.items.map((i) => i.label)));
  assert.match(String(dlh4ab.detail), /^EGLL → EDDF · 12:00Z/);
  assert.deepEqual((dlh4ab.textEdit as { range: unknown }).range, {
    start: { line: 0, character: 5 },
    end: { line: 0, character: 8 },
  });
  assert.ok(first.items.every((i) => i.label.startsWith('DLH')));
  await server.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: 8 },
  });
  assert.equal(asked('airlineFlights'), 1, 'once per operator');
  await server.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: 6 },
  });
  assert.equal(asked('airlineFlights'), 1, 'not before the designator is whole');
});
