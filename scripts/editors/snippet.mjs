// Prints the code block of docs/editors.md that follows `<!-- try: NAME -->`, with the doc's
// example paths replaced by this checkout's: the trials run the doc's own text, not a copy.
//   node scripts/editors/snippet.mjs NAME [NAVDATA_FOLDER]
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [name, navdata = resolve(repo, 'test/fixtures/navdata')] = process.argv.slice(2);
const doc = readFileSync(resolve(repo, 'docs/editors.md'), 'utf8');
const marker = `<!-- try: ${name} -->`;
const at = doc.indexOf(marker);
if (at < 0) {
  console.error(`docs/editors.md has no snippet "${name}"`);
  process.exit(2);
}
const block = /```[a-z]*\n([\s\S]*?)```/.exec(doc.slice(at + marker.length));
if (!block) {
  console.error(`no code block after ${marker}`);
  process.exit(2);
}
process.stdout.write(
  block[1]
    .replaceAll('~/src/icao-route', repo)
    .replaceAll('/home/you/src/icao-route', repo)
    .replaceAll('/home/you/navdata', navdata)
    .replaceAll('~/navdata', navdata),
);
