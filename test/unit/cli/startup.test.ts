/**
 * The plain check starts without the session (route expansion, the hub's HTTP client, the
 * navigation data reader): those are a bundle of their own (dist/cli-session.js) that only
 * --navdata, --hub or --reference load. Which modules a run loaded is read in the run itself.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { buildOnce, CLI_JS, ROOT } from '../../protocol/support/build';

let dir: string;
let probe: string;

before(() => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-startup-'));
  writeFileSync(
    path.join(dir, 'small.route'),
    'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN UL607 AMASI\n',
  );
  // Preloaded: at exit, says on stderr which of Node's HTTP modules and which bundles were loaded,
  // and whether Node's scanner of CommonJS export names ran (an import() of a CommonJS file).
  probe = path.join(dir, 'probe.cjs');
  writeFileSync(
    probe,
    `process.on('exit', () => {
      const native = process.moduleLoadList.filter((m) => /^NativeModule (http2|https|zlib|internal\\/deps\\/cjs-module-lexer\\/lexer)$/.test(m));
      const bundles = Object.keys(require.cache).filter((f) => f.includes('${path.join(ROOT, 'dist').replace(/\\/g, '\\\\')}'));
      process.stderr.write('LOADED ' + JSON.stringify({ native, bundles: bundles.map((b) => require('path').basename(b)) }) + '\\n');
    });`,
  );
});

after(() => rmSync(dir, { recursive: true, force: true }));

function loaded(...args: string[]): { native: string[]; bundles: string[]; status: number | null } {
  const run = spawnSync(process.execPath, ['--require', probe, CLI_JS, ...args], { cwd: dir, encoding: 'utf8' });
  const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  assert.ok(line, run.stderr);
  return { ...JSON.parse(line.slice('LOADED '.length)), status: run.status };
}

test('the plain check loads neither the session bundle nor the HTTP client', () => {
  for (const format of ['text', 'json']) {
    const run = loaded('check', '--format', format, 'small.route');
    assert.equal(run.status, 0);
    assert.deepEqual(run.bundles, ['cli.js']);
    assert.deepEqual(run.native, []);
  }
});

test('--navdata loads the session bundle', () => {
  const run = loaded('check', '--navdata', path.join(ROOT, 'test/fixtures/navdata'), 'small.route');
  assert.deepEqual(run.bundles.sort(), ['cli-session.js', 'cli.js']);
  // Required, not import()ed: an import() would first scan the whole 2 MB bundle for its export
  // names, which cost more CPU than the rest of its load.
  assert.ok(!run.native.includes('NativeModule internal/deps/cjs-module-lexer/lexer'), run.native.join(', '));
});
