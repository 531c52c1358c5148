/** The incremental parser: same result as a full parse; unchanged blocks reused or shifted. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalRouteParser, parseRouteDocument } from '../../../server/src/route';
import { generateRouteFile } from './generate';
import { assertSameJson } from './sameJson';
import { first, nth } from './helpers';

const BASE = generateRouteFile(30, 7);

test('first parse equals the full parse', () => {
  const parser = new IncrementalRouteParser();
  assertSameJson(parser.parse(BASE), parseRouteDocument(BASE));
  assert.deepEqual(parser.lastStats, { reused: 0, shifted: 0, parsed: 30 });
});

test('an edit inside one block re-parses only that block; the others are the same objects', () => {
  const parser = new IncrementalRouteParser();
  const before = parser.parse(BASE);
  const lines = BASE.split('\n');
  const target = lines.findIndex((l, i) => i > 40 && /^N0|^M0|^K0/.test(l));
  lines[target] = nth(lines, target, 'route line after line 40').replace(/ (\S+)$/, ' UL9');
  const edited = lines.join('\n');
  const after = parser.parse(edited);
  assert.deepEqual(parser.lastStats, { reused: 29, shifted: 0, parsed: 1 });
  assertSameJson(after, parseRouteDocument(edited));
  const changed = after.blocks.findIndex((b) => b.range.start.line <= target && b.range.end.line >= target);
  after.blocks.forEach((b, i) => {
    if (i === changed) assert.notEqual(b, before.blocks[i]);
    else assert.equal(b, before.blocks[i], `block ${i} should be reused as is`);
  });
});

test('inserting lines shifts the blocks below without re-reading them', () => {
  const parser = new IncrementalRouteParser();
  const before = parser.parse(BASE);
  const edited = `# a new header\n\nN0450F350 DVR DCT KONAN\n\n${BASE}`;
  const after = parser.parse(edited);
  // Parsed: the new comment group and the new route.
  assert.deepEqual(parser.lastStats, { reused: 0, shifted: 30, parsed: 2 });
  assertSameJson(after, parseRouteDocument(edited));
  assert.equal(nth(after.blocks, 1).range.start.line, first(before.blocks).range.start.line + 4);
  // A shifted block builds its elements at the new lines.
  assert.equal(
    first(nth(after.blocks, 1).elements).range.start.line,
    first(first(before.blocks).elements).range.start.line + 4,
  );
});

test('a series of random edits always matches the full parse', () => {
  const parser = new IncrementalRouteParser();
  let text = BASE;
  parser.parse(text);
  let seed = 12345;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const pieces = ['\n', '\n\n', ' DCT ', 'UL9', '#', '(FPL-', ')', ':', '\r\n', 'x', ''];
  for (let step = 0; step < 40; step++) {
    const at = rand(text.length + 1);
    const cut = rand(8);
    text = text.slice(0, at) + pieces[rand(pieces.length)] + text.slice(at + cut);
    assertSameJson(parser.parse(text), parseRouteDocument(text), `after edit ${step}`);
  }
});

test('identical blocks at different places both come out right', () => {
  const parser = new IncrementalRouteParser();
  const text = 'N0450F350 DVR UL9\n\nN0450F350 DVR UL9\n';
  const doc = parser.parse(text);
  assert.deepEqual(
    doc.blocks.map((b) => first(b.diagnostics).range.start.line),
    [0, 2],
  );
  assertSameJson(parser.parse(text), parseRouteDocument(text));
});

test('a moved block that was already built carries its elements over, shifted, not read again', () => {
  const parser = new IncrementalRouteParser();
  const text = 'N0450F350 DVR DCT KONAN\n\n(FPL-ABC123-IS-B738/M-S/C-EHAM0900\n-N0440F260 SPY DCT DVR-EGLL0040-0)\n';
  const before = parser.parse(text);
  const built = before.blocks.map((b) => b.elements);
  const moved = parser.parse(`\n\n${text}`);
  assert.deepEqual(parser.lastStats, { reused: 0, shifted: 2, parsed: 0 });
  moved.blocks.forEach((b, i) => {
    assert.deepEqual(
      b.elements.map((e) => [e.text, e.description, e.range.start.line]),
      nth(built, i).map((e) => [e.text, e.description, e.range.start.line + 2]),
    );
  });
  assertSameJson(moved, parseRouteDocument(`\n\n${text}`));
  // The earlier document is left as it was.
  assert.equal(first(first(before.blocks).elements).range.start.line, 0);
});

test('blocks moved several times before anyone reads them still come out right', () => {
  const parser = new IncrementalRouteParser();
  const text = 'N0450F350 DVR DCT KONAN UL9\n\nM082F370 KOK DCT 46N078W\n';
  const first = parser.parse(text);
  first.blocks.forEach((b) => b.elements);
  let current = text;
  for (let i = 1; i <= 7; i++) {
    current = `\n${current}`;
    const doc = parser.parse(current);
    if (i % 3 === 0) assertSameJson(doc, parseRouteDocument(current), `after move ${i}`);
  }
  assertSameJson(parser.parse(current), parseRouteDocument(current));
});
