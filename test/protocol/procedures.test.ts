/**
 * SIDs and STARs through the real built server and the built checker, on a navigation data
 * folder with CIFP files (test/fixtures/procedures): the P findings in the editor and in
 * `cli.js check --navdata` with the same words, ranges and quick fix; the hover on a SID; the
 * completion of the departure's SIDs and of the STARs that begin at the last point.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import {
  CompletionRequest,
  type CompletionList,
  type Diagnostic,
  type MarkupContent,
} from 'vscode-languageserver-protocol';
import { buildOnce, CLI_JS, ROOT } from './support/build';
import { applyEdits, editsOf, eventually, ServerUnderTest } from './support/server';

const PROCEDURES = path.join(ROOT, 'test', 'fixtures', 'procedures');
const TEXT = [
  '# A wrong SID, a right STAR',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 CPT3F DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
  '',
  '# A right SID, a STAR that does not begin at the point before it',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS UNOKO2B',
  '',
].join('\n');

let server: ServerUnderTest;
let folder: string;

before(async () => {
  server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: PROCEDURES } } },
  });
  folder = mkdtempSync(path.join(tmpdir(), 'procedures-'));
});

after(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const procedureFindings = (diagnostics: { code?: unknown }[]) =>
  diagnostics.filter((d) => String(d.code).startsWith('P'));

interface CheckedFinding {
  code: string;
  message: string;
  range: Diagnostic['range'];
  data?: unknown;
}

test('the editor and check --navdata report the same P findings, with the file and its cycle', async () => {
  const uri = 'file:///procedures/both.route';
  await server.open(uri, TEXT);
  const published = await server.diagnosticsWhere(uri, (p) => procedureFindings(p.diagnostics).length === 2);
  const editor = procedureFindings(published.diagnostics) as Diagnostic[];
  assert.deepEqual(
    editor.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
    [
      ['P002', 3, 10, 15],
      ['P004', 8, 52, 59],
    ],
  );
  assert.equal(
    editor[0]!.message,
    "CPT3F ends at CPT or KENET or KIDLI, not at DVR, the point written after it (CIFP/EGLL.dat (cycle 2013.10)). EGLL's SIDs that end at DVR: DVR6J.",
  );

  buildOnce();
  const file = path.join(folder, 'both.route');
  writeFileSync(file, TEXT);
  let stdout = '';
  try {
    stdout = execFileSync(process.execPath, [CLI_JS, 'check', '--navdata', PROCEDURES, '--format', 'json', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
  } catch (error) {
    // Exit 1: the file has findings.
    stdout = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(stdout) as { files: { diagnostics: CheckedFinding[] }[] };
  const checker = procedureFindings(report.files[0]!.diagnostics) as CheckedFinding[];
  assert.deepEqual(
    checker.map((f) => ({ code: f.code, message: f.message, range: f.range, data: f.data })),
    editor.map((d) => ({ code: String(d.code), message: d.message, range: d.range, data: d.data })),
  );

  const actions = await server.codeActions(uri, editor[0]!.range, [editor[0]!]);
  const replace = actions.find((a) => a.title === 'Replace CPT3F by DVR6J');
  assert.ok(replace, actions.map((a) => a.title).join(', '));
  assert.equal(replace.isPreferred, true);
  assert.match(applyEdits(TEXT, editsOf(replace, uri)), /N0450F350 DVR6J DVR UL9/);
  await server.close(uri);
});

test('the hover on a SID: its aerodrome, runways, legs with constraints, and the data it rests on', async () => {
  const uri = 'file:///procedures/hover.route';
  await server.open(uri, TEXT);
  await server.diagnosticsWhere(uri, (p) => procedureFindings(p.diagnostics).length === 2);
  const value = ((await server.hover(uri, 8, 12))!.contents as MarkupContent).value;
  assert.match(value, /\*\*SID of EGLL\*\*, from CIFP\/EGLL\.dat \(cycle 2013\.10\)/);
  assert.match(value, /\*\*Runways:\*\* 27L, 27R/);
  assert.match(
    value,
    /1\. climb on course 273° to at or above 600 ft\n2\. direct to EPM turning left — at or above 3,000 ft\n3\. to DET — at or above 6,000 ft, at or below 250 kt\n4\. to DVR/,
  );
  await server.close(uri);
});

async function complete(uri: string, line: number, character: number): Promise<CompletionList> {
  return (await server.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line, character },
  })) as CompletionList;
}

/** The completion list once it holds `label` (the aerodrome's file is read when completion first asks). */
function completeWith(uri: string, line: number, character: number, label: string): Promise<CompletionList> {
  return eventually(
    async () => {
      const list = await complete(uri, line, character);
      return list.items.some((i) => i.label === label) && list;
    },
    `${label} among the completions`,
    100,
  );
}

test('completion: the SIDs of the departure after the speed/level group, the STARs that begin at the last point', async () => {
  const uri = 'file:///procedures/complete.route';
  await server.open(uri, 'origin: EGLL\ndestination: EDDF\nN0450F350 ');
  // The aerodrome's file is read when completion first asks; the list is incomplete, asked again as one types.
  const sids = await completeWith(uri, 2, 10, 'DVR6J');
  assert.equal(sids.isIncomplete, true);
  assert.deepEqual(
    sids.items.slice(0, 3).map((i) => i.label),
    ['DVR6J', 'BPK7G', 'CPT3F'],
  );
  assert.match(sids.items[0]!.detail!, /^SID of EGLL · ends at DVR/);

  await server.change(uri, [
    {
      range: { start: { line: 2, character: 10 }, end: { line: 2, character: 10 } },
      text: 'DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ',
    },
  ]);
  const stars = await completeWith(uri, 2, 52, 'ROLIS1A');
  assert.equal(stars.items[0]!.label, 'ROLIS1A');
  assert.equal(stars.items[0]!.detail, 'STAR of EDDF from ROLIS · runways 25L, 07R');
  await server.close(uri);
});
