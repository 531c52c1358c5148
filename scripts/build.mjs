// Bundles the extension's parts with esbuild into dist/. Every entry is optional so that a
// part under construction does not block the others; `--production` minifies.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync } from 'node:fs';

const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] };
const browser = { ...common, platform: 'browser', format: 'iife', target: 'es2022' };

const entries = [
  { in: 'client/src/extension.ts', out: 'dist/client.js', options: node },
  { in: 'server/src/server.ts', out: 'dist/server.js', options: node },
  { in: 'server/src/cli.ts', out: 'dist/cli.js', options: node },
  { in: 'media/src/map.ts', out: 'dist/media/map.js', options: browser },
];

mkdirSync('dist', { recursive: true });
const present = entries.filter((e) => existsSync(e.in));
await Promise.all(
  present.map((e) => esbuild.build({ ...e.options, entryPoints: [e.in], outfile: e.out })),
);
console.log(`built ${present.map((e) => e.out).join(', ')}`);
