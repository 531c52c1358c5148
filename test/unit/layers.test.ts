/**
 * CONTRIBUTING.md's list of layers is true: every relative import of the server, the client, the
 * page and common/ goes to its own layer or to one above it in that list, the client and the page
 * use only common/, and every folder of the server has its place in the list.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '../..');
/** Runtimes apart from the server: they share only common/. */
const APART = ['client/src/', 'media/src/'];

/** The layers, top first, as CONTRIBUTING.md lists them (the first word of each line of its block). */
export function layersOf(contributing: string): string[] {
  const section = contributing.slice(contributing.indexOf('## The layers'));
  const block = /```\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('CONTRIBUTING.md has no list of layers');
  return block[1]!
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s+/)[0]!);
}

function layerOf(file: string, layers: readonly string[]): number {
  let best = -1;
  for (const [index, layer] of layers.entries()) {
    const matches = layer.endsWith('/') ? file.startsWith(layer) : file === layer;
    if (matches && (best < 0 || layer.length > layers[best]!.length)) best = index;
  }
  return best;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')));
}

/** The files a source imports by relative path, as repository paths (folders as written). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g))
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)));
  return found;
}

/** Every import that goes below its own layer, or out of a runtime kept apart. */
export function violations(layers: readonly string[], files: readonly string[]): string[] {
  const common = layers.indexOf('common/');
  const out: string[] = [];
  for (const file of files) {
    const from = layerOf(file, layers);
    for (const target of importsOf(file)) {
      const asFile = existsSync(path.join(ROOT, `${target}.ts`)) ? `${target}.ts` : `${target}/`;
      const to = layerOf(asFile, layers);
      if (to < 0 || from < 0) continue;
      const apart = APART.includes(layers[from]!) && to !== from && to !== common;
      if (to > from || apart) out.push(`${file} imports ${asFile} (${layers[from]} uses ${layers[to]})`);
    }
  }
  return out;
}

const layers = layersOf(readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8'));
const files = ['common', 'server/src', 'client/src', 'media/src'].flatMap(sourceFiles);

test('the list names common/, every folder of the server, the client and the page', () => {
  const serverFolders = readdirSync(path.join(ROOT, 'server/src'))
    .filter((name) => statSync(path.join(ROOT, 'server/src', name)).isDirectory())
    .map((name) => `server/src/${name}/`);
  for (const layer of ['common/', ...serverFolders, ...APART]) assert.ok(layers.includes(layer), layer);
  for (const file of files) assert.ok(layerOf(file, layers) >= 0, `${file} has no layer`);
});

test('a layer uses only the layers above it; the client and the page use only common/', () => {
  assert.deepEqual(violations(layers, files), []);
});

test('an import that breaks the order is found', () => {
  // The real imports against the list with route/ and services/ swapped: services/ imports route/,
  // which then sits below it.
  const swapped = [...layers];
  const [route, services] = [swapped.indexOf('server/src/route/'), swapped.indexOf('server/src/services/')];
  [swapped[route], swapped[services]] = [swapped[services]!, swapped[route]!];
  assert.ok(violations(swapped, files).some((v) => v.startsWith('server/src/services/')));
});
