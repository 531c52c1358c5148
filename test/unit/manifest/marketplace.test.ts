/**
 * What the Marketplace and Open VSX expect of package.json (issue 26, item 7): an icon that is a
 * real PNG of at least 128 px, a repository, and the behaviour in untrusted and virtual
 * workspaces, with every setting that names a file, a folder or an address restricted. And the
 * editor default the language needs: no word-based suggestions from other files.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import test from 'node:test';
import { SETTING_KEYS, SETTINGS } from '../../../common/settings/definitions';

const ROOT = path.resolve(__dirname, '../../..');
interface Manifest {
  icon?: string;
  repository?: { type: string; url: string };
  capabilities?: {
    untrustedWorkspaces?: { supported: boolean | 'limited'; description?: string; restrictedConfigurations?: string[] };
    virtualWorkspaces?: boolean | { supported: boolean | 'limited'; description?: string };
  };
  contributes: { configurationDefaults?: Record<string, Record<string, unknown>> };
}
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;

test('the icon is a PNG of at least 128×128 that the package includes', () => {
  assert.ok(manifest.icon, 'package.json has an icon');
  const file = path.join(ROOT, manifest.icon);
  assert.ok(existsSync(file), manifest.icon);
  const png = readFileSync(file);
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  assert.ok(width >= 128 && height >= 128, `${width}×${height}`);
  const ignore = readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8').split('\n');
  const folder = path.dirname(manifest.icon);
  assert.ok(ignore.includes(`!${folder}/*.png`), '.vscodeignore lets the icon into the .vsix');
});

test('a git repository is named', () => {
  assert.equal(manifest.repository?.type, 'git');
  assert.match(manifest.repository?.url ?? '', /^https:\/\/\S+\.git$/);
});

test('untrusted workspaces: limited, and every setting naming a file, a folder or an address is restricted', () => {
  const untrusted = manifest.capabilities?.untrustedWorkspaces;
  assert.equal(untrusted?.supported, 'limited');
  assert.ok((untrusted?.description ?? '').length > 40);
  const restricted = new Set(untrusted?.restrictedConfigurations ?? []);
  for (const key of restricted) assert.ok((SETTING_KEYS as readonly string[]).includes(key), `${key} is a setting`);
  const sensitive = SETTING_KEYS.filter((key) => {
    const schema = SETTINGS[key].schema as { format?: string };
    return schema.format === 'uri' || /(folder|files?|baseurl|endpoints)$/i.test(key);
  });
  assert.ok(sensitive.includes('icaoRoute.navdata.folder') && sensitive.includes('icaoRoute.hub.baseUrl'));
  assert.ok(sensitive.includes('icaoRoute.map.firBoundariesFile'), 'a setting naming one file is sensitive too');
  for (const key of sensitive) assert.ok(restricted.has(key), `${key} is restricted`);
});

test('virtual workspaces are declared', () => {
  const virtual = manifest.capabilities?.virtualWorkspaces;
  assert.ok(virtual !== undefined);
  if (typeof virtual === 'object') assert.ok((virtual.description ?? '').length > 20);
});

test('no word-based suggestions in route files: completion offers route elements only', () => {
  assert.equal(manifest.contributes.configurationDefaults?.['[icao-route]']?.['editor.wordBasedSuggestions'], 'off');
});
