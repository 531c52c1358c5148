/**
 * One settings definition: package.json's `contributes.configuration` is exactly what the table
 * generates, every setting in it has a reader that notices its value, and no reader asks for a
 * setting the table does not define.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import test from 'node:test';
import { readSettings } from '../../../server/src/lsp/settings';
import {
  contributedConfiguration,
  restrictedConfigurations,
  SETTING_KEYS,
  SETTINGS,
  type SettingDefinition,
} from '../../../common/settings/definitions';

const ROOT = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { configuration: unknown };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};

test('package.json contributes exactly the settings of the definition (run `npm run settings` after a change)', () => {
  assert.deepEqual(manifest.contributes.configuration, JSON.parse(JSON.stringify(contributedConfiguration())));
});

test("package.json's untrusted workspaces restrict exactly the settings the definition marks restricted", () => {
  assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, restrictedConfigurations());
  // Every setting naming a file read by the server: the FIR boundaries file as the others (issue 35, item 2).
  for (const key of ['icaoRoute.navdata.folder', 'icaoRoute.map.airspaceFiles', 'icaoRoute.map.firBoundariesFile'])
    assert.ok((restrictedConfigurations() as string[]).includes(key), key);
});

test('each definition is complete: a description, a default of its type within its limits, an example that differs', () => {
  for (const key of SETTING_KEYS) {
    const { schema, example }: SettingDefinition = SETTINGS[key];
    assert.ok(schema.markdownDescription.length > 20, key);
    const type = schema.type === 'integer' ? 'number' : schema.type;
    // JSON schema's 'array' is a JavaScript array, whose typeof is 'object'.
    const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
    assert.equal(typeOf(schema.default), type, `${key}: default`);
    assert.equal(typeOf(example), type, `${key}: example`);
    assert.notDeepEqual(example, schema.default, `${key}: the example must differ from the default`);
    for (const value of [schema.default, example]) {
      if (typeof value !== 'number') continue;
      assert.ok(
        value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity),
        `${key}: ${value} outside its limits`,
      );
    }
    if (schema.enum)
      assert.ok(schema.enum.includes(schema.default as string) && schema.enum.includes(example as string), key);
  }
});

/** Reads through a proxy that records every `icaoRoute.*` key asked for (dotted form, as the readers fall back to). */
function recordingRead(values: Record<string, unknown>): { read: ReturnType<typeof readSettings>; asked: Set<string> } {
  const asked = new Set<string>();
  const raw = new Proxy(values, {
    get(target, property, receiver) {
      if (typeof property === 'string' && property.startsWith('icaoRoute.')) asked.add(property);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { read: readSettings(raw), asked };
}

test('every setting has a reader, and no reader asks for a setting that is not defined', () => {
  const all = Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].example]));
  const { asked } = recordingRead(all);
  const serverKeys = SETTING_KEYS.filter((key) => SETTINGS[key].reader === 'server');
  assert.deepEqual(
    [...asked].filter((key) => !(key in SETTINGS)),
    [],
    'read but not defined',
  );
  assert.deepEqual(
    serverKeys.filter((key) => !asked.has(key)),
    [],
    'defined but not read',
  );
});

test("each setting's value changes what the server reads (no setting does nothing)", () => {
  for (const key of SETTING_KEYS.filter((k) => SETTINGS[k].reader === 'server')) {
    const withDefault = recordingRead({ [key]: SETTINGS[key].schema.default }).read;
    const withExample = recordingRead({ [key]: SETTINGS[key].example }).read;
    assert.notDeepEqual(withExample, withDefault, `${key} is read but its value changes nothing`);
  }
});

test('the settings vscode-languageclient reads itself are named after the client id', () => {
  const client = readFileSync(path.join(ROOT, 'client', 'src', 'extension.ts'), 'utf8');
  const id = /new LanguageClient\('([^']+)'/.exec(client)?.[1];
  for (const key of SETTING_KEYS.filter((k) => SETTINGS[k].reader === 'languageClient')) {
    assert.equal(key, `${id}.trace.server`);
  }
});

test("the addresses the user's keys are sent to are user or remote settings only, never a workspace's", () => {
  const properties = (manifest.contributes.configuration as { properties: Record<string, { scope?: string }> })
    .properties;
  for (const key of ['icaoRoute.hub.baseUrl', 'icaoRoute.reference.baseUrl']) {
    assert.ok(['application', 'machine'].includes(properties[key]?.scope ?? 'window'), `${key} has no such scope`);
  }
});
