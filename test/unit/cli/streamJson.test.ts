/**
 * The plain check's JSON reads each block once and holds its facts until the findings are
 * written, up to a bound; past the bound the rest are read again. Either way the document is the
 * same, its findings are the text output's, and its blocks' facts (read by the check pass) are
 * those of the complete read.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnosticJson, JsonReportWriter } from '../../../server/src/cli/output';
import { blockReport, streamFile } from '../../../server/src/cli/stream';
import { parseRouteDocument, type RouteDiagnostic } from '../../../server/src/route';
import type { Counts } from '../../../server/src/cli/output';
import { generateRouteFile } from '../route/generate';

/** A generated file with a mistake (DCT straight after an airway) in about a third of its routes. */
function mixedFile(): string {
  return generateRouteFile(60, 5)
    .split('\n')
    .map((line, i) => (i % 3 === 0 ? line.replace(/ (UL9|L6|UN850) /, ' $1 DCT UL607 ') : line))
    .join('\n');
}

const noCounts = (): Counts => ({ error: 0, warning: 0, information: 0, hint: 0 });

async function json(text: string, blocksHeld?: number): Promise<{ document: string; counts: Counts }> {
  const lines: string[] = [];
  const counts = noCounts();
  const writer = new JsonReportWriter((line) => void lines.push(line), '0');
  await streamFile('mixed.route', text, counts, { json: writer, ...(blocksHeld === undefined ? {} : { blocksHeld }) });
  await writer.end({ unreadable: [], files: 1, counts });
  return { document: lines.join('\n'), counts };
}

test('the JSON is the same whether every block, some or none of them are held', async () => {
  const text = mixedFile();
  const all = await json(text);
  const report = JSON.parse(all.document) as { files: { diagnostics: unknown[]; blocks: { routeText: string }[] }[] };
  assert.ok(report.files[0]!.diagnostics.length > 10, 'the file has findings');
  assert.equal(report.files[0]!.blocks.length, 60);
  for (const held of [0, 1, 2000, 20000]) assert.equal((await json(text, held)).document, all.document, `held ${held}`);
});

test('the JSON findings are the text output’s, in the same order', async () => {
  const text = mixedFile();
  const lines: string[] = [];
  const counts = noCounts();
  await streamFile('mixed.route', text, counts, { lines: (line) => void lines.push(line) });
  const { document, counts: jsonCounts } = await json(text);
  const findings = (
    JSON.parse(document) as { files: { diagnostics: { code: string; line: number; column: number }[] }[] }
  ).files[0]!.diagnostics;
  assert.deepEqual(
    findings.map((d) => `${d.line}:${d.column} ${d.code}`),
    lines.map((line) => line.replace(/^mixed\.route:(\d+:\d+) (\S+) .*$/, '$1 $2')),
  );
  assert.deepEqual(jsonCounts, counts);
});

/** Blocks of every shape: directives only, FPL messages cut short or followed by text, CRLF, comments only. */
const EDGES = [
  'origin: EGLL\n# c\n\n(FPL-ABC-IS\n-A320/M-S/C\n-EGLL1200\n-N0450F350 DVR\n-EDDF0100\n-0)\nextra',
  '  \t route:  x',
  'origin: egll\ndestination: eddf\nreferenceFix: dvr\n  N0450F350   dvr  ul9   konan  ',
  '# only',
  '(FPL-X',
  '(FPL-AB-IS-A320/M-S/C-EGLL1200--EDDF-0)\r\nN0450F350 DCT DCT\r\n',
].join('\n\n');

test('the blocks’ facts are those of the complete read of each block', async () => {
  for (const text of [mixedFile(), EDGES]) {
    const { document } = await json(text);
    const blocks = (JSON.parse(document) as { files: { blocks: unknown[] }[] }).files[0]!.blocks;
    const complete = JSON.parse(JSON.stringify(parseRouteDocument(text).blocks.map(blockReport))) as unknown[];
    assert.deepEqual(blocks, complete);
  }
});

test('a finding written out directly is the JSON of its fields, with data and with characters to escape', () => {
  const range = { start: { line: 3, character: 7 }, end: { line: 4, character: 0 } };
  const findings: RouteDiagnostic[] = [
    { code: 'R205', severity: 'error', message: 'plain', range },
    { code: 'R010', severity: 'warning', message: 'quote " backslash \\ newline \n tab \t \u2028 ü', range },
    { code: 'X012', severity: 'information', message: 'with data', range, data: { candidates: ['A', 'B'], n: 2 } },
  ];
  for (const d of findings) {
    const generic = {
      code: d.code,
      severity: d.severity,
      message: d.message,
      range: d.range,
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      ...(d.data !== undefined ? { data: d.data } : {}),
    };
    assert.equal(diagnosticJson(d), JSON.stringify(generic));
  }
});
