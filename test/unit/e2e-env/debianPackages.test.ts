/**
 * Installing missing Debian packages needs an administrator: root, or password-less sudo. Without
 * either, the install stops with the one command the user runs instead.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

const load = () => import('../../../scripts/e2e/env.mjs');

test('missing Debian packages: as root apt-get runs directly, with password-less sudo through it, else the message names the command', async () => {
  const { adminRunner } = await load();
  const missing = ['chromium', 'libkrb5-dev'];
  assert.deepEqual(adminRunner(missing, { root: true, sudo: false })(['apt-get', 'update']), ['apt-get', ['update']]);
  assert.deepEqual(adminRunner(missing, { root: false, sudo: true })(['apt-get', 'update']), [
    'sudo',
    ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update'],
  ]);
  assert.throws(
    () => adminRunner(missing, { root: false, sudo: false }),
    /sudo apt-get install -y chromium libkrb5-dev\nthen run node scripts\/e2e-env\.mjs$/,
  );
});

test('the message names the set-up that failed, and no sudo where there is none', async () => {
  const { adminRunner } = await load();
  assert.throws(
    () =>
      adminRunner(
        ['chromium'],
        { root: false, sudo: false, sudoInstalled: false },
        'node scripts/e2e-env.mjs --browser-only',
      ),
    (error: Error) =>
      /as root:\n {2}apt-get install -y chromium\nthen run node scripts\/e2e-env\.mjs --browser-only$/.test(
        error.message,
      ) && !error.message.includes('sudo apt-get'),
  );
});
