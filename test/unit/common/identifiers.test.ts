/**
 * The ids the runtimes share are written once, in common/: package.json declares the same
 * commands, language and webview panel, and no source of the client, the server or the page
 * spells one of them out again.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { COMMANDS, INTERNAL_COMMANDS, MAP_VIEW_TYPE } from '../../../common/commands';
import { LANGUAGE_ID } from '../../../common/language';

const ROOT = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: {
    commands: { command: string }[];
    languages: { id: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
  };
};

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(folder, name));
}

test('package.json contributes exactly the palette commands of common/commands.ts', () => {
  const palette = Object.values(COMMANDS).filter((id) => !INTERNAL_COMMANDS.includes(id));
  assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(), [...palette].sort());
  for (const entries of Object.values(manifest.contributes.menus))
    for (const entry of entries) {
      assert.ok((Object.values(COMMANDS) as string[]).includes(entry.command), entry.command);
      if (entry.when) assert.match(entry.when, new RegExp(`resourceLangId == ${LANGUAGE_ID}$`));
    }
});

test('package.json declares the language id and the map panel of common/', () => {
  assert.deepEqual(
    manifest.contributes.languages.map((l) => l.id),
    [LANGUAGE_ID],
  );
  assert.ok(manifest.activationEvents.includes(`onWebviewPanel:${MAP_VIEW_TYPE}`));
});

test('no source outside common/ writes a command id, the map panel type or the language id again', () => {
  const ids = [...Object.values(COMMANDS), MAP_VIEW_TYPE, LANGUAGE_ID];
  const repeated: string[] = [];
  for (const file of [...sources('client/src'), ...sources('server/src'), ...sources('media/src')]) {
    // The Problems panel's source label is the product's name, which happens to be spelled alike.
    const text = readFileSync(path.join(ROOT, file), 'utf8').replace("DIAGNOSTIC_SOURCE = 'icao-route'", '');
    for (const id of ids) if (text.includes(`'${id}'`) || text.includes(`"${id}"`)) repeated.push(`${file}: ${id}`);
  }
  assert.deepEqual(repeated, []);
});
