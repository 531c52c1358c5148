// `npm run settings`: writes package.json's `contributes.configuration`, its untrusted workspaces'
// `restrictedConfigurations` and the table of
// docs/settings.md from the one settings definition (common/settings/definitions.ts).
// test/unit/settings/definitions.test.ts and settingsDoc.test.ts fail when they differ, so a
// setting is added in one place and this script carries it over.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { contributedConfiguration, restrictedConfigurations } from '../common/settings/definitions';
import { currentSettingsDoc, settingsDocWithTable, SETTINGS_DOC_PATH } from './settingsDoc';

const file = path.resolve(__dirname, '..', 'package.json');
const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
  contributes: { configuration: unknown };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};
manifest.contributes.configuration = contributedConfiguration();
manifest.capabilities.untrustedWorkspaces.restrictedConfigurations = restrictedConfigurations();
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`package.json: ${Object.keys(contributedConfiguration().properties).length} settings written`);
writeFileSync(SETTINGS_DOC_PATH, settingsDocWithTable(currentSettingsDoc()));
console.log(`${path.relative(process.cwd(), SETTINGS_DOC_PATH)}: table written`);
