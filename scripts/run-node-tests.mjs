// Runs node's test runner over every *.test.ts below the given folders, or the given test files
// (TypeScript through tsx).
// Node 20 has no glob support in `--test`, so the files are listed here.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return dir.endsWith('.test.ts') ? [dir] : [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = process.argv.slice(2).flatMap(testFiles).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
