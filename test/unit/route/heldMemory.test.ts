/**
 * What the language server holds for a parsed document stays proportional to the text, with a
 * small factor, whatever its shape (issue 11.1): each shape is parsed in a child process with a
 * capped heap, as the server parses it (incremental parser and the diagnostics it publishes),
 * and the heap it holds afterwards is measured per character of text.
 *
 * The bounds are what the model costs today with room to spare (measured: 58 bytes a character
 * for blocks of three characters, each a block object with its lines; 11 for tiny routes; 1–6
 * for the rest). Before findings were read on demand, a block of three characters with a finding
 * held its message and range: 90 and 15 bytes a character, and the child ran out of heap.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import test from 'node:test';

const MEGABYTES = 4;
const HEAP_MB = 320;
const CHILD = path.join(__dirname, 'heldMemoryChild.ts');

const BOUNDS: Record<string, number> = {
  'tiny blocks, each with a finding': 70,
  'tiny routes, each with a finding': 13,
  'one huge block on one line': 8,
  'one huge block, a word a line': 8,
  'an FPL message of dashes': 8,
  'long lines without spaces': 8,
};

for (const [shape, bound] of Object.entries(BOUNDS)) {
  test(`${MEGABYTES} MB of ${shape}: at most ${bound} bytes of heap a character`, () => {
    const run = spawnSync(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, '--expose-gc', '--import', 'tsx', CHILD, shape, String(MEGABYTES)],
      { encoding: 'utf8', cwd: path.join(__dirname, '../../..') },
    );
    assert.equal(run.status, 0, run.stderr.slice(0, 800));
    const { bytesPerChar, published } = JSON.parse(run.stdout) as { bytesPerChar: number; published: number };
    assert.ok(published > 0, 'every shape has findings to publish');
    assert.ok(bytesPerChar <= bound, `${bytesPerChar.toFixed(1)} bytes a character`);
  });
}
