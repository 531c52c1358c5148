/**
 * EET/ of an FPL message through the real built server against the hub simulator (issue 24,
 * item 3): an EET/ naming a FIR the route does not cross is published as F003 with its stated
 * fix; icaoRoute/insertEet answers the edit that replaces EET/ with the FIRs the map's crossings
 * find; the code action at a cursor in the message runs the command; plain route text gets none.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { COMMANDS } from '../../common/commands';
import { INSERT_EET_REQUEST, type InsertEetResult } from '../../common/protocol/lspMessages';
import { ROOT } from './support/build';
import { hubForFile } from './support/hubServer';
import type { ServerUnderTest } from './support/server';

const hub = hubForFile();
let server: ServerUnderTest;

before(async () => {
  server = await hub.start({ awaitHub: false });
});

const SAMPLE = readFileSync(path.join(ROOT, 'samples/fpl-message.route'), 'utf8');
/** The first message's field 18, with LSAS (south of the route) in place of EBBU. */
const WRONG = SAMPLE.replace('EET/EBBU0015 EDGG0038', 'EET/LSAS0010 EDGG0038');
const LINE = 8;
const EET_AT = WRONG.split('\n')[LINE]!.indexOf('EET/');

test('F003 on an EET/ FIR not crossed, with the edit that writes the computed EET/', async () => {
  const uri = 'file:///eet/wrong.route';
  await server.open(uri, WRONG);
  const published = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'F003'));
  const f003 = published.diagnostics.find((d) => d.code === 'F003')!;
  assert.equal(f003.severity, 2, 'a warning');
  assert.deepEqual(f003.range, {
    start: { line: LINE, character: EET_AT + 4 },
    end: { line: LINE, character: EET_AT + 12 },
  });
  const message = String(f003.message);
  // The simulator's FIR detail gives LSAS's box (gml:boundedBy); the route does not touch it either.
  assert.match(
    message,
    /^EET\/LSAS0010: the route does not cross LSAS by the hub's box around LSAS \(its outline is not known\);/,
  );
  const actions = await server.codeActions(uri, f003.range, [f003]);
  const fix = actions.find((a) => a.title === 'Insert EET/ for the FIR boundaries' && a.edit);
  const edit = fix?.edit?.changes?.[uri]?.[0];
  assert.ok(edit, JSON.stringify(actions));
  assert.match(edit.newText, /^EET\/EBBU\d{4} EDGG\d{4}$/);
  // The computed EET/ ends the message, then what it leaves out: the simulator's FIRs leave a stretch
  // over the Channel in no FIR, which the message says.
  assert.ok(message.includes(`: ${edit.newText}`), message);
  assert.match(
    message.slice(message.indexOf(`: ${edit.newText}`) + edit.newText.length + 2),
    /^( \(no known FIR .+\))?$/,
  );

  const answer = (await server.connection.sendRequest(INSERT_EET_REQUEST, {
    uri,
    position: { line: LINE, character: 1 },
  })) as InsertEetResult;
  assert.ok(!('error' in answer), JSON.stringify(answer));
  assert.equal(answer.newText, edit.newText);
  assert.deepEqual(answer.range, {
    start: { line: LINE, character: EET_AT },
    end: { line: LINE, character: EET_AT + 'EET/LSAS0010 EDGG0038'.length },
  });
  assert.match(answer.summary, /still air/);
  assert.match(answer.summary, /the hub's boundary of EBBU/);

  const atCursor = await server.codeActions(
    uri,
    { start: { line: LINE - 3, character: 2 }, end: { line: LINE - 3, character: 2 } },
    [],
  );
  const command = atCursor.find((a) => a.title === 'Insert EET/ for the FIR boundaries');
  assert.equal(command?.command?.command, COMMANDS.insertEet);
});

test('plain route text: no EET/ to write', async () => {
  const uri = 'file:///eet/plain.route';
  await server.open(uri, 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN\n');
  const answer = (await server.connection.sendRequest(INSERT_EET_REQUEST, {
    uri,
    position: { line: 2, character: 3 },
  })) as InsertEetResult;
  assert.ok('error' in answer && /FPL message/.test(answer.error), JSON.stringify(answer));
  const actions = await server.codeActions(
    uri,
    { start: { line: 2, character: 3 }, end: { line: 2, character: 3 } },
    [],
  );
  assert.ok(!actions.some((a) => a.title === 'Insert EET/ for the FIR boundaries'));
});
