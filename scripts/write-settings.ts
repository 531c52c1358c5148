// `npm run settings`: writes package.json's `contributes.configuration` from the one settings
// definition (common/settings/definitions.ts). test/unit/settings/definitions.test.ts fails
// when the two differ, so a setting is added in one place and this script carries it over.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { contributedConfiguration } from '../common/settings/definitions';

const file = path.resolve(__dirname, '..', 'package.json');
const manifest = JSON.parse(readFileSync(file, 'utf8')) as { contributes: { configuration: unknown } };
manifest.contributes.configuration = contributedConfiguration();
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`package.json: ${Object.keys(contributedConfiguration().properties).length} settings written`);
