// Bundles the extension's parts with esbuild into dist/. Every entry is optional so that a
// part under construction does not block the others; `--production` minifies.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { writeBasemaps } from './basemap.mjs';

const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] };
const browser = { ...common, platform: 'browser', format: 'iife', target: 'es2022' };

/**
 * The checker's session part (route expansion, the hub, the airline reference) is a bundle of its
 * own, loaded by dist/cli.js only when an option asks for it: the plain check starts without the
 * HTTP client and the session, which were most of its start-up.
 */
const cliSessionApart = {
  name: 'cli-session-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/sessionCheck\.ts$/ }, () => ({ path: './cli-session.js', external: true }));
  },
};

const entries = [
  { in: 'client/src/extension.ts', out: 'dist/client.js', options: node },
  { in: 'server/src/server.ts', out: 'dist/server.js', options: node },
  { in: 'server/src/cli/cli.ts', out: 'dist/cli.js', options: { ...node, plugins: [cliSessionApart] } },
  { in: 'server/src/cli/sessionCheck.ts', out: 'dist/cli-session.js', options: node },
  { in: 'media/src/map.ts', out: 'dist/media/map.js', options: browser },
];

mkdirSync('dist', { recursive: true });
const present = entries.filter((e) => existsSync(e.in));
await Promise.all(present.map((e) => esbuild.build({ ...e.options, entryPoints: [e.in], outfile: e.out })));
// The route map's basemap (Natural Earth through world-atlas) ships inside the .vsix, made from
// node_modules at build time so that it stays out of git: decoded and projected here once, not in
// every map page (scripts/basemap.mjs).
if (present.some((e) => e.in === 'media/src/map.ts')) {
  writeBasemaps('dist/media/basemap');
  // The TopoJSON files earlier builds copied here are not read any more.
  for (const old of ['countries-50m.json', 'countries-10m.json']) rmSync(`dist/media/basemap/${old}`, { force: true });
}
console.log(`built ${present.map((e) => e.out).join(', ')}`);
