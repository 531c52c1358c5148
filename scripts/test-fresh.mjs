// `npm run test:fresh [-- --keep]`: the README's test command as on a new machine. Runs `npm test`
// with XDG_CACHE_HOME (the VS Code test environment) and npm's download cache in a new empty
// folder, so everything is installed from nothing; prints the wall time and the disk the install
// took. The folder is removed afterwards; with --keep it stays and the command for a warm run is
// printed.
import { spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const keep = process.argv.includes('--keep');
const root = mkdtempSync(join(tmpdir(), 'icao-route-fresh-'));
const env = { ...process.env, XDG_CACHE_HOME: join(root, 'cache'), npm_config_cache: join(root, 'npm-cache') };

/** Disk used below `path` (allocated blocks, symbolic links not followed). */
function diskUsage(path) {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return 0;
  }
  const own = stat.blocks * 512;
  if (!stat.isDirectory()) return own;
  return readdirSync(path).reduce((sum, name) => sum + diskUsage(join(path, name)), own);
}

const megabytes = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

console.log(
  `[test:fresh] npm test with an empty cache: XDG_CACHE_HOME=${env.XDG_CACHE_HOME}, npm cache ${env.npm_config_cache}`,
);
const started = Date.now();
const status = await new Promise((resolve) => {
  spawn('npm', ['test'], { stdio: 'inherit', env })
    .on('error', (err) => {
      console.error(`[test:fresh] cannot start npm test: ${err.message}`);
      resolve(1);
    })
    .on('close', (code) => resolve(code ?? 1));
});
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\n[test:fresh] npm test exited ${status} after ${Math.floor(seconds / 60)} min ${seconds % 60} s (wall time, from an empty cache)`,
);
console.log(
  `[test:fresh] disk: VS Code test environment ${megabytes(diskUsage(join(env.XDG_CACHE_HOME, 'icao-route-e2e')))}, ` +
    `npm download cache ${megabytes(diskUsage(env.npm_config_cache))}`,
);
if (keep) {
  console.log(`[test:fresh] kept ${root}; a warm run: XDG_CACHE_HOME=${env.XDG_CACHE_HOME} npm test`);
} else {
  rmSync(root, { recursive: true, force: true });
}
process.exit(status);
