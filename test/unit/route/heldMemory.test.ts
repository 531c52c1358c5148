/**
 * What the language server holds for a document stays proportional to the text, with a small
 * factor, whatever its shape (issue 11.1). Each shape of heldShapes.ts is opened as the server
 * opens it and then edited once (heldMemoryChild.ts), in a child process whose heap is capped
 * just above what the bound allows, and the heap held afterwards is measured per character.
 *
 * The bounds, in bytes a character, are what each state costs with some room (measured at 2 MB).
 * The worst shape is a document of blocks of three characters (`X`, a blank line): 24 open and
 * 64 after an edit, of which 20 are the text document's own line offsets and the editor's array
 * of lines; every other shape stays within 11 open and 25 after an edit. Before blocks kept their
 * text instead of their lines, the parser a map by text and the editor an entry beside each
 * block, the same shapes held up to 58 open and 133 after an edit.
 *
 * The child is bundled once for the file by esbuild, as dist/server.js is, and each of the 20
 * children runs the bundle with plain node: through tsx, every child spent about 0.5 s of CPU
 * loading tsx (and its module-hooks thread) and compiling the modules again, and the parse ran
 * tsx's keep-names wrappers the shipped bundle does not have. The heap is measured the same way
 * either way (after the modules are loaded, before the document is opened).
 */
import { buildSync } from 'esbuild';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';

const MEGABYTES = 2;
const ROOT = path.join(__dirname, '../../..');

/** Bytes of heap a character at most: with the document open, and after one edit. */
const BOUNDS: Record<string, { open: number; edited: number }> = {
  'tiny blocks, each with a finding': { open: 26, edited: 72 },
  'tiny blocks of a speed and level, each with a finding': { open: 12, edited: 28 },
  'tiny routes, each with a finding': { open: 7.5, edited: 17 },
  'routes of eight elements': { open: 4.4, edited: 10 },
  'blocks of a directive, each with a finding': { open: 10, edited: 23 },
  'one huge block on one line': { open: 2, edited: 4 },
  'one huge block, a word a line': { open: 3, edited: 11.5 },
  'one huge block, a letter a line': { open: 3, edited: 17 },
  'many FPL messages': { open: 3.5, edited: 7 },
  'an FPL message of many fields': { open: 2, edited: 4 },
  'an FPL message of many field 18 indicators': { open: 2, edited: 4 },
  'an FPL message whose field 18 runs over many lines': { open: 3, edited: 11.5 },
  'an FPL message of dashes': { open: 2, edited: 4 },
  'an FPL message of dashes, one a line': { open: 7, edited: 21 },
  'garbage words': { open: 2, edited: 4 },
  'long lines without spaces': { open: 3, edited: 5 },
  'white space only': { open: 2, edited: 14 },
  'comment lines only': { open: 2, edited: 9 },
  'one directive repeated': { open: 3, edited: 9 },
  'words between U+2028': { open: 3, edited: 7 },
  'words between no-break spaces': { open: 2, edited: 4 },
};

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('heap held per character of text, for every shape', { concurrency: 2 }, () => {
  let folder = '';
  let child = '';
  before(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'held-memory-'));
    child = path.join(folder, 'heldMemoryChild.js');
    buildSync({
      entryPoints: [path.join(__dirname, 'heldMemoryChild.ts')],
      outfile: child,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'warning',
    });
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  for (const [shape, bound] of Object.entries(BOUNDS)) {
    // The text, what the bound allows, and room for the parse's passing arrays and the runtime.
    const heapMb = Math.ceil(MEGABYTES * (bound.edited + 4) * 1.25) + 48;
    test(`${MEGABYTES} MB of ${shape}: at most ${bound.open} bytes a character open, ${bound.edited} edited (heap ${heapMb} MB)`, async () => {
      const result = await run([`--max-old-space-size=${heapMb}`, '--expose-gc', child, shape, String(MEGABYTES)]);
      assert.equal(result.status, 0, result.stderr.slice(0, 800));
      const held = JSON.parse(result.stdout) as { open: number; idle: number; edited: number; published: number };
      assert.ok(held.open <= bound.open, `open: ${held.open.toFixed(1)} bytes a character`);
      // Once the editor is built in the idle time after the open, it holds what an edited document does.
      assert.ok(held.idle <= bound.edited, `open, after the idle time: ${held.idle.toFixed(1)} bytes a character`);
      assert.ok(held.edited <= bound.edited, `edited: ${held.edited.toFixed(1)} bytes a character`);
    });
  }
});
