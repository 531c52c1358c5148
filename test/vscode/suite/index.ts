/**
 * The extension host's entry for the desktop suite (`--extensionTestsPath`): runs every
 * `*.test.js` bundled next to this file with mocha (tdd interface).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: true, timeout: 60_000 });
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort();
  if (files.length === 0) return Promise.reject(new Error(`no *.test.js in ${__dirname}: was the suite compiled?`));
  for (const file of files) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} desktop test(s) failed`)) : resolve()));
  });
}
