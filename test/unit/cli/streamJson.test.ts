/**
 * The plain check's JSON reads each block once and holds its facts until the findings are
 * written, up to a bound; past the bound the rest are read again. Either way the document is the
 * same, and its findings are the text output's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonReportWriter } from '../../../server/src/cli/output';
import { streamFile } from '../../../server/src/cli/stream';
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
  await streamFile('mixed.route', text, counts, { json: writer, blocksHeld });
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
