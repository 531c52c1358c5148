/**
 * docs/settings.md's table is the one generated from the settings definition: a setting added,
 * changed or removed there changes the docs with `npm run settings`, never by hand.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SETTING_KEYS } from '../../../common/settings/definitions';
import { currentSettingsDoc, settingsDocWithTable, settingsTable } from '../../../scripts/settingsDoc';

test("docs/settings.md's table is the generated one (run `npm run settings` after a change)", () => {
  const doc = currentSettingsDoc();
  assert.equal(doc, settingsDocWithTable(doc), 'docs/settings.md is stale: npm run settings');
});

test('the table has one row per setting', () => {
  const table = settingsTable();
  for (const key of SETTING_KEYS) assert.ok(table.includes(`| \`${key}\` |`), key);
  assert.equal(table.split('\n').filter((line) => line.startsWith('| `icaoRoute.')).length, SETTING_KEYS.length);
});
