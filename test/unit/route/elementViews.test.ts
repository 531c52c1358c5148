/**
 * Elements as views on a store of kinds and spans (issue 27.4): each reads exactly like the
 * element the full reader builds from the same text, and kinds and ranges are read without
 * building any element in full.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IncrementalRouteParser, parseRouteDocument, type RouteBlock } from '../../../server/src/route';
import { readBlock } from '../../../server/src/route/block';
import { splitBlocks, splitLines } from '../../../server/src/route/blocks';
import { fullBuilds } from '../../../server/src/route/elementViews';
import { buildElements } from '../../../server/src/route/routeText';
import { EXAMPLES } from './examples';
import { generateRouteFile } from './generate';

const SAMPLES = join(__dirname, '../../../samples');

/** Every block's elements as the full reader builds them from the block read in full. */
function builtInFull(text: string): unknown[] {
  const out: unknown[] = [];
  for (const raw of splitBlocks(splitLines(text), false)) {
    const read = readBlock(raw);
    if (read) out.push(JSON.parse(JSON.stringify(buildElements(read.routeSegments))));
  }
  return out;
}

function sameAsFullRead(
  text: string,
  what: string,
  blocks: readonly RouteBlock[] = parseRouteDocument(text).blocks,
): void {
  const expected = builtInFull(text);
  assert.equal(blocks.length, expected.length, what);
  blocks.forEach((block, i) => {
    const full = expected[i] as { kind: string; text: string; range: unknown }[];
    const views = block.elements;
    assert.equal(views.length, full.length, `${what}: block ${i}`);
    // Kind, text and range as the store gives them, before anything is built in full.
    views.forEach((e, k) => {
      assert.equal(e.kind, full[k].kind, `${what}: block ${i} element ${k} kind`);
      assert.equal(e.text, full[k].text, `${what}: block ${i} element ${k} text`);
      assert.deepEqual(e.range, full[k].range, `${what}: block ${i} element ${k} range`);
    });
    assert.deepEqual(JSON.parse(JSON.stringify(views)), full, `${what}: block ${i}`);
  });
}

test('views read as the elements the full reader builds: generated routes and FPL messages, with mistakes', () => {
  sameAsFullRead(generateRouteFile(150, 5, 0.6), 'generated');
});

test('views read as the elements the full reader builds: the samples and every rule example', () => {
  for (const name of readdirSync(SAMPLES).filter((f) => f.endsWith('.route'))) {
    sameAsFullRead(readFileSync(join(SAMPLES, name), 'utf8'), name);
  }
  for (const ex of EXAMPLES) sameAsFullRead(ex.text, ex.code);
});

test('kinds and ranges of every element are read without building any element in full', () => {
  const doc = parseRouteDocument(generateRouteFile(40, 9));
  const before = fullBuilds.elements;
  let read = 0;
  for (const block of doc.blocks)
    for (const e of block.elements) {
      if (e.kind && e.range.end.character > e.range.start.character) read++;
    }
  assert.ok(read > 400, `${read} elements`);
  assert.equal(fullBuilds.elements, before, 'no element built in full');
  // A hover's description builds that one element.
  const one = doc.blocks[3].elements[2];
  assert.equal(typeof one.description, 'string');
  assert.equal(one.description, one.description);
  assert.equal(fullBuilds.elements, before + 1);
});

test('a moved block views the same store, lines shifted, and reads as the full parse', () => {
  const text = generateRouteFile(20, 13, 0.5);
  const parser = new IncrementalRouteParser();
  const first = parser.parse(text);
  const views = first.blocks.map((b) => b.elements);
  const moved = parser.parse(`\n\n\n${text}`);
  assert.equal(parser.lastStats.shifted, first.blocks.length);
  sameAsFullRead(`\n\n\n${text}`, 'moved', moved.blocks);
  moved.blocks.forEach((b, i) =>
    assert.deepEqual(
      b.elements.map((e) => e.range.start.line),
      views[i].map((e) => e.range.start.line + 3),
    ),
  );
});
