/**
 * What counts as installed in the e2e environment's cache: only a folder whose marker, written
 * after verification, names the expected versions. What an interrupted install leaves never counts.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';

const load = () => import('../../../scripts/e2e/env.mjs');

let dir: string;
const savedCacheHome = process.env.XDG_CACHE_HOME;

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-markers-'));
  process.env.XDG_CACHE_HOME = dir;
});

after(() => {
  if (savedCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedCacheHome;
  rmSync(dir, { recursive: true, force: true });
});

/** A Node folder as an interrupted `npm install` can leave it: the binary there and working. */
function halfInstalledNode(bin: string, version: string): void {
  mkdirSync(path.dirname(bin), { recursive: true });
  writeFileSync(bin, `#!/bin/sh\necho v${version}\n`);
  chmodSync(bin, 0o755);
}

test('the cache follows XDG_CACHE_HOME', async () => {
  const { cacheRoot } = await load();
  assert.equal(cacheRoot(), path.join(dir, 'icao-route-e2e'));
});

test('a marker counts only whole and naming the expected versions', async () => {
  const { hasMarker, writeMarker } = await load();
  const folder = path.join(dir, 'marked');
  mkdirSync(folder);
  assert.equal(hasMarker(folder, { node: '24.21.0' }), false, 'no marker');
  writeFileSync(path.join(folder, '.complete.json'), '{"node":"24.2');
  assert.equal(hasMarker(folder, { node: '24.21.0' }), false, 'a truncated marker');
  writeMarker(folder, { node: '24.20.0' });
  assert.equal(hasMarker(folder, { node: '24.21.0' }), false, 'another version');
  writeMarker(folder, { node: '24.21.0' });
  assert.equal(hasMarker(folder, { node: '24.21.0' }), true);
  assert.deepEqual(readdirSync(folder), ['.complete.json'], 'no temporary file left');
});

test('a Node folder an interrupted install left is not installed, however usable it looks', async () => {
  const { cacheRoot, installedNode, nodePaths, NODE_VERSION, writeMarker } = await load();
  const node = nodePaths(cacheRoot());
  halfInstalledNode(node.bin, NODE_VERSION);
  assert.equal(installedNode(cacheRoot()), undefined);
  writeMarker(node.prefix, node.marker);
  assert.equal(installedNode(cacheRoot())?.bin, node.bin);
  rmSync(node.bin);
  assert.equal(installedNode(cacheRoot()), undefined, 'a marker without its files does not count either');
});

test('code-server extracted but not through its postinstall is not installed, and the message says what to run', async () => {
  const {
    cacheRoot,
    codeServerPaths,
    installedCodeServer,
    installedE2eEnvironment,
    missingE2eEnvironment,
    nodePaths,
    writeMarker,
  } = await load();
  const codeServer = codeServerPaths(cacheRoot());
  mkdirSync(path.dirname(codeServer.entry), { recursive: true });
  writeFileSync(codeServer.entry, '// half-extracted\n');
  const node = nodePaths(cacheRoot());
  halfInstalledNode(node.bin, '24.21.0');
  writeMarker(node.prefix, node.marker);
  assert.equal(installedCodeServer(cacheRoot()), undefined);
  assert.equal(installedE2eEnvironment({ browser: false }), undefined);
  const missing = missingE2eEnvironment({ browser: false }) ?? '';
  assert.match(missing, /code-server 4\.139\.1/);
  assert.doesNotMatch(missing, /Node/);
  assert.match(missing, /run node scripts\/e2e-env\.mjs/);
  assert.ok(
    codeServer.prefix.includes(`node${node.marker.node}`),
    'code-server is kept per Node version (native modules)',
  );
});
