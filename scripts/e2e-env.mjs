// `node scripts/e2e-env.mjs [--no-browser | --browser-only]`: prepares (or checks, or repairs) the
// cached VS Code environment used by `npm run demo`, `npm run test:e2e` and `npm run test:vscode`:
// Chromium's headless shell and the native build tools (Debian packages), Node 24 and code-server
// (npm registry). `--browser-only`: just the headless shell, for the map page's browser tests and
// the webview bench. Exits 1 with one message saying what to do when it cannot.
import { ensureBrowser, ensureE2eEnvironment } from './e2e/env.mjs';
import { exitOnSignals } from './e2e/proc.mjs';

// Ctrl+C stops the install's process group too (it runs in a group of its own); the next run
// finds no marker on the half-done folder and installs it again.
exitOnSignals((signal) => console.error(`\n[e2e-env] ${signal}: install stopped; the next run starts it again`));

const failed = (err) => {
  console.error(`[e2e-env] FAILED: ${err.message}`);
  process.exit(1);
};

if (process.argv.includes('--browser-only')) {
  ensureBrowser().then((chromium) => console.log(`[e2e-env] chromium:    ${chromium}`), failed);
} else {
  ensureE2eEnvironment({ browser: !process.argv.includes('--no-browser') }).then((env) => {
    console.log(`[e2e-env] node 24:     ${env.node}`);
    console.log(`[e2e-env] code-server: ${env.codeServerEntry}`);
    if (env.chromium) console.log(`[e2e-env] chromium:    ${env.chromium}`);
  }, failed);
}
