// The e2e profile's settings files: what the harness writes where, and how it names a setting the
// window rewrote (VS Code migrating a value as the window starts, which races its own writes of the
// file and once left a dirty settings.json editor in the way of the next step).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';

const load = () => import('../../../scripts/e2e/session.mjs');
const root = mkdtempSync(path.join(tmpdir(), 'icao-route-profile-'));
after(() => rmSync(root, { recursive: true, force: true }));

const read = (dir: string, folder: string) =>
  JSON.parse(readFileSync(path.join(dir, folder, 'settings.json'), 'utf8')) as Record<string, unknown>;

test('the machine settings hold the extension’s settings only; the user settings hold all', async () => {
  const { resetProfile, WORKBENCH_SETTINGS } = await load();
  const dir = path.join(root, 'files');
  const settings = { ...WORKBENCH_SETTINGS, 'icaoRoute.hub.baseUrl': 'http://127.0.0.1:1' };
  resetProfile(dir, settings);
  assert.deepEqual(read(dir, 'User'), settings);
  assert.deepEqual(read(dir, 'Machine'), { 'icaoRoute.hub.baseUrl': 'http://127.0.0.1:1' });
});

test('extensions.autoUpdate is written in the form VS Code 1.139 keeps ("off"), not one it migrates', async () => {
  const { WORKBENCH_SETTINGS } = await load();
  assert.equal(WORKBENCH_SETTINGS['extensions.autoUpdate'], 'off');
});

test('a profile the window left alone has nothing rewritten; a step’s own setting is not the harness’s', async () => {
  const { profileSettingsRewritten, resetProfile, WORKBENCH_SETTINGS } = await load();
  const dir = path.join(root, 'alone');
  const settings = { ...WORKBENCH_SETTINGS, 'workbench.colorTheme': 'Default Light Modern' };
  resetProfile(dir, settings);
  assert.deepEqual(profileSettingsRewritten(dir, settings), []);
  // A step toggling the theme writes a setting of its own, which is no migration.
  writeFileSync(
    path.join(dir, 'User', 'settings.json'),
    JSON.stringify({ ...settings, 'workbench.colorTheme': 'Default Dark Modern' }),
  );
  assert.deepEqual(profileSettingsRewritten(dir, settings), []);
});

test('a harness setting the window migrated is named with its file and both values', async () => {
  const { profileSettingsRewritten, resetProfile, WORKBENCH_SETTINGS } = await load();
  const dir = path.join(root, 'migrated');
  const settings = { ...WORKBENCH_SETTINGS, 'workbench.tips.enabled': false };
  resetProfile(dir, settings);
  const migrated: Record<string, unknown> = { ...read(dir, 'User'), 'workbench.tips.enabled': 'off' };
  delete migrated['workbench.startupEditor'];
  writeFileSync(path.join(dir, 'User', 'settings.json'), JSON.stringify(migrated));
  assert.deepEqual(profileSettingsRewritten(dir, settings), [
    'User/settings.json: workbench.startupEditor "none" → removed',
    'User/settings.json: workbench.tips.enabled false → "off"',
  ]);
  writeFileSync(path.join(dir, 'User', 'settings.json'), '{ "half written');
  assert.match(profileSettingsRewritten(dir, settings)[0] ?? '', /^User\/settings\.json unreadable: /);
});
