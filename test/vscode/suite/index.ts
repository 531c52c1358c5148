/**
 * The extension host's entry for the desktop suite (`--extensionTestsPath`): runs every
 * `*.test.js` bundled next to this file with mocha (tdd interface). Besides mocha's own report it
 * logs one line `SUMMARY_MARKER {json}` with every result, which the runners read back (in
 * code-server the extension host's output reaches only the browser console).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** The same string as in test/vscode/summary.mjs, which reads the line back. */
export const SUMMARY_MARKER = 'icao-route desktop suite summary:';

interface Summary {
  passed: string[];
  failed: { title: string; error: string }[];
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: true, timeout: 60_000 });
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  if (files.length === 0) return Promise.reject(new Error(`no *.test.js in ${__dirname}: was the suite compiled?`));
  for (const file of files) mocha.addFile(path.join(__dirname, file));
  const summary: Summary = { passed: [], failed: [] };
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      console.log(`${SUMMARY_MARKER} ${JSON.stringify(summary)}`);
      if (failures > 0) reject(new Error(`${failures} desktop test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => summary.passed.push(t.fullTitle()));
    runner.on('fail', (t, error: unknown) =>
      summary.failed.push({ title: t.fullTitle(), error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
