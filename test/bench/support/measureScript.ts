import { buildSync } from 'esbuild';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/**
 * Bundles `source` (a measuring script in TypeScript, importing the project from its root) into
 * `folder`/measure.js, to be run in a fresh process; its path.
 */
export function bundleMeasureScript(source: string, folder: string): string {
  const outfile = join(folder, 'measure.js');
  buildSync({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts', sourcefile: 'measure.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}
