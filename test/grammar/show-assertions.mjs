// `node test/grammar/show-assertions.mjs FILE.route`: prints, for every assertion of a grammar
// test file, the source text it covers and the scopes it asserts, to check caret alignment.
import { readFileSync } from 'node:fs';

const [, , file] = process.argv;
if (!file) {
  console.error('usage: node test/grammar/show-assertions.mjs FILE.route');
  process.exit(2);
}
let source = '';
for (const line of readFileSync(file, 'utf8').split(/\r?\n/).slice(1)) {
  const arrow = /^#\s*<(~*)(-+)\s*(.*)$/.exec(line);
  if (arrow) {
    const from = arrow[1].length;
    console.log(`${JSON.stringify(source.slice(from, from + arrow[2].length)).padEnd(18)} ${arrow[3]}`);
    continue;
  }
  if (!/^#\s*\^/.test(line)) {
    source = line;
    continue;
  }
  const covered = [...line.matchAll(/\^+/g)].map((m) => source.slice(m.index, m.index + m[0].length));
  console.log(`${JSON.stringify(covered.join('|')).padEnd(18)} ${line.replace(/^#[\s^]*/, '')}`);
}
