/**
 * The environment of the e2e environment's npm installs: whatever npm run started us, the install
 * sees its own Node, its own build settings and the caller's network settings only.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';

const load = () => import('../../../scripts/e2e/npm-env.mjs');

/** What an `npm test` on Node 20 exports to its scripts (abridged), plus a caller's NODE_OPTIONS. */
const OUTER_NPM_RUN = {
  HOME: '/home/pilot',
  HTTPS_PROXY: 'http://proxy.example:3128',
  PATH: [
    '/work/icao-route/node_modules/.bin',
    '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin',
    '/usr/local/bin',
    '/usr/bin',
  ].join(path.delimiter),
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_config_ignore_scripts: 'true',
  npm_config_nodedir: '/usr',
  npm_config_omit: 'optional',
  npm_config_registry: 'https://registry.example/',
  npm_config_cache: '/home/pilot/.npm',
  npm_package_name: 'icao-route',
  npm_lifecycle_event: 'test',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  NODE_OPTIONS: '--import tsx',
  NODE_TEST_CONTEXT: 'child-v8',
  INIT_CWD: '/work/icao-route',
};

test('the outer npm run never reaches the install: user agent, scripts, headers, package fields', async () => {
  const { npmInstallEnvironment } = await load();
  const env = npmInstallEnvironment(OUTER_NPM_RUN, { nodeBin: '/cache/node/bin/node', nodeDir: '/cache/node' });
  // npm's own template: npm fills in the Node that runs it.
  assert.equal(
    env.npm_config_user_agent,
    'npm/{npm-version} node/{node-version} {platform} {arch} workspaces/{workspaces} {ci}',
  );
  assert.equal(env.npm_config_ignore_scripts, 'false');
  assert.equal(env.npm_config_nodedir, '/cache/node');
  assert.equal(env.npm_config_omit, 'dev');
  for (const gone of [
    'npm_package_name',
    'npm_lifecycle_event',
    'npm_execpath',
    'NODE_OPTIONS',
    'NODE_TEST_CONTEXT',
    'INIT_CWD',
  ]) {
    assert.equal(env[gone], undefined, gone);
  }
});

test('where and how to download is the caller’s: registry, npm cache, proxy', async () => {
  const { npmInstallEnvironment } = await load();
  const env = npmInstallEnvironment(OUTER_NPM_RUN);
  assert.equal(env.npm_config_registry, 'https://registry.example/');
  assert.equal(env.npm_config_cache, '/home/pilot/.npm');
  assert.equal(env.HTTPS_PROXY, 'http://proxy.example:3128');
  assert.equal(env.HOME, '/home/pilot');
  assert.equal(env.npm_config_nodedir, undefined, 'no headers asked for: none named');
});

test('PATH: the Node to install with first, the project’s node_modules/.bin and npm’s node-gyp shim gone', async () => {
  const { npmInstallEnvironment } = await load();
  const env = npmInstallEnvironment(OUTER_NPM_RUN, { nodeBin: '/cache/node/bin/node' });
  assert.deepEqual(env.PATH?.split(path.delimiter), ['/cache/node/bin', '/usr/local/bin', '/usr/bin']);
});

test('a real npm in that environment reports the Node that runs it, not the one of the outer npm run', async () => {
  const { npmInstallEnvironment } = await load();
  const dir = mkdtempSync(path.join(tmpdir(), 'icao-route-npm-env-'));
  try {
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: 'probe',
        version: '1.0.0',
        scripts: { probe: 'echo "agent=$npm_config_user_agent scripts=$npm_config_ignore_scripts"' },
      }),
    );
    const poisoned = {
      ...process.env,
      npm_config_user_agent: 'npm/11.0.0 node/v1.2.3 linux x64 workspaces/false',
      npm_config_ignore_scripts: 'true',
    };
    const env = npmInstallEnvironment(poisoned, { nodeBin: process.execPath });
    const r = spawnSync('npm', ['run', '--silent', 'probe'], { cwd: dir, env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`agent=npm/\\S+ node/${process.version.replace(/\./g, '\\.')} `));
    assert.doesNotMatch(r.stdout, /v1\.2\.3/);
    assert.match(r.stdout, /scripts=false/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm failures the user can fix are explained with the command that fixes them', async () => {
  const { explainNpmFailure } = await load();
  const context = {
    spec: 'code-server@4.139.1',
    registry: 'https://registry.npmjs.org/',
    cache: '/c/icao-route-e2e',
    retry: 'node scripts/e2e-env.mjs',
  };
  const offline = explainNpmFailure('npm error code ECONNREFUSED\nnpm error syscall connect', context);
  assert.match(
    offline ?? '',
    /cannot download code-server@4\.139\.1 from the registry https:\/\/registry\.npmjs\.org\/ \(ECONNREFUSED\)/,
  );
  assert.match(offline ?? '', /npm config set registry <url>.*then run node scripts\/e2e-env\.mjs/);
  assert.match(explainNpmFailure('npm error code E404\nnpm error 404 Not Found', context) ?? '', /\(E404\)/);
  assert.match(explainNpmFailure('npm error code ENOTFOUND', context) ?? '', /\(ENOTFOUND\)/);
  const full = explainNpmFailure('npm error nospc ENOSPC: no space left on device, write', context);
  assert.match(full ?? '', /disk is full .* \/c\/icao-route-e2e.*XDG_CACHE_HOME.*then run node scripts\/e2e-env\.mjs/);
  assert.equal(explainNpmFailure('gyp ERR! build error\nmake: *** [spdlog.target.mk] Error 1', context), undefined);
});
