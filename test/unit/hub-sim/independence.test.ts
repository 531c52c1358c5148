/**
 * The simulator stands for the real service, not for the product: it imports nothing from the
 * product's code (server/src, client/, media/, common/), so a path, version or shape the product
 * gets wrong is not "fixed" by the simulator sharing the mistake.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REPO = resolve(__dirname, '../../..');
const SIMULATOR = join(REPO, 'test/hub-sim');
const PRODUCT = ['server/src', 'client', 'media', 'common'].map((p) => join(REPO, p));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|cts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** Every module specifier: static and dynamic imports, re-exports, `import('…')` types, require. */
export function specifiersOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  // Each pattern captures its one group whenever it matches.
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The product folder a relative specifier of `file` lands in, or undefined. */
function productTarget(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(file), specifier);
  return PRODUCT.find((folder) => target === folder || target.startsWith(`${folder}/`));
}

test('the import scanner sees every form of import (so the check below can fail)', () => {
  const sample = [
    "import { a } from '../../server/src/route';",
    "import type { B } from '../../server/src/hub/endpoints';",
    "export { c } from '../../client/src/x';",
    "import '../../media/src/side-effect';",
    "type T = import('../../server/src/hub/endpoints').HubEndpointId;",
    "const d = require('../../common/protocol');",
  ].join('\n');
  const file = join(SIMULATOR, 'example.ts');
  const hits = specifiersOf(sample).filter((s) => productTarget(file, s));
  assert.equal(hits.length, 6, hits.join(', '));
});

test('test/hub-sim imports nothing from server/src, client/, media/ or common/', () => {
  const files = sourceFiles(SIMULATOR);
  assert.ok(files.length > 20, 'the simulator sources were found');
  const offending = files.flatMap((file) =>
    specifiersOf(readFileSync(file, 'utf8'))
      .filter((s) => productTarget(file, s))
      .map((s) => `${relative(REPO, file)} imports ${s}`),
  );
  assert.deepEqual(offending, []);
});
