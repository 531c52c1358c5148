// `node scripts/e2e-env.mjs [--no-browser]`: prepares (or checks) the cached VS Code environment
// used by `npm run demo` and `npm run test:e2e`: chromium, Node 24 and code-server.
import { ensureE2eEnvironment } from './e2e/env.mjs';

ensureE2eEnvironment({ browser: !process.argv.includes('--no-browser') }).then(
  (env) => {
    console.log(`[e2e-env] node 24:     ${env.node}`);
    console.log(`[e2e-env] code-server: ${env.codeServerEntry}`);
    if (env.chromium) console.log(`[e2e-env] chromium:    ${env.chromium}`);
  },
  (err) => {
    console.error(`[e2e-env] FAILED: ${err.message}`);
    process.exit(1);
  },
);
