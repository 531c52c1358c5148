/**
 * Server modules as they ship: bundled by esbuild, as dist/server.js is, for a test file whose
 * time is almost all the code under test (property tests of the editor). Loaded through tsx,
 * every use of an export of another module goes through a getter (the route kinds are read so
 * in the inner loops) and every function made at run time through tsx's keep-names wrapper:
 * the editor's property tests took 1.7 times the CPU so.
 *
 * The modules a file asks for make one bundle, so that they share one copy of each module
 * (its classes and state), as in dist/server.js; packages stay outside it, shared with the
 * test (the bundle is written below node_modules/ so that it finds them). It is built from the
 * sources at each run (about 0.1 s), loaded, and its folder removed at once.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Each module of `modules` (paths from the repository's root), bundled together, by name. */
export function bundled<T extends Record<string, unknown>>(modules: { [K in keyof T]: string }): T {
  const cache = path.join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(path.join(cache, 'icao-route-bundled-'));
  try {
    const outfile = path.join(folder, 'bundle.js');
    const entry = Object.entries(modules)
      .map(([name, module]) => `export * as ${name} from ${JSON.stringify(path.join(ROOT, module))};`)
      .join('\n');
    buildSync({
      stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'warning',
    });
    // A failure's stack names the sources' lines, not the bundle's.
    process.setSourceMapsEnabled(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(outfile) as T;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
