// The environment of the npm installs of the e2e environment (Node 24, code-server), built from the
// caller's environment so that the install behaves the same whoever starts it: `npm test`, `npm run
// demo`, `node scripts/…`. An `npm run` exports its whole configuration as npm_config_* variables,
// which a nested npm reads as its own: the outer user agent (naming the outer Node, which
// code-server's postinstall.sh then refuses), ignore-scripts, omit, nodedir (headers of the wrong
// Node)… Only where and how to download is taken over; every setting the build depends on is fixed.
import { delimiter, dirname, sep } from 'node:path';

/** npm settings of the caller that are kept: where the registry is and how to reach it, where to cache. */
const KEPT_NPM_CONFIG = new Set([
  'registry',
  'cache',
  'proxy',
  'https_proxy',
  'http_proxy',
  'noproxy',
  'no_proxy',
  'cafile',
  'ca',
  'strict_ssl',
  'userconfig',
  'globalconfig',
]);

/** Variables of a caller's node or npm process that would change a nested node or npm. */
const DROPPED_VARIABLES = new Set([
  'NODE_OPTIONS',
  'NODE_ENV',
  'NODE_PATH',
  'NODE_TEST_CONTEXT',
  'NODE_CHANNEL_FD',
  'NODE_CHANNEL_SERIALIZATION_MODE',
  'NODE_UNIQUE_ID',
  'INIT_CWD',
  'NODE',
  'FORCE_NODE_VERSION',
]);

/**
 * Settings fixed for every npm below (the installs and the npm runs inside code-server's
 * postinstall.sh): environment variables beat every .npmrc.
 */
const FIXED_NPM_CONFIG = {
  // npm's own default template: npm fills in the Node that runs it (Node 24 here).
  npm_config_user_agent: 'npm/{npm-version} node/{node-version} {platform} {arch} workspaces/{workspaces} {ci}',
  npm_config_ignore_scripts: 'false',
  npm_config_strict_allow_scripts: 'false',
  npm_config_global: 'false',
  npm_config_dry_run: 'false',
  npm_config_offline: 'false',
  npm_config_engine_strict: 'false',
  npm_config_package_lock: 'true',
  npm_config_install_strategy: 'hoisted',
  npm_config_omit: 'dev',
  npm_config_node_options: '',
  npm_config_foreground_scripts: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_progress: 'false',
  npm_config_loglevel: 'notice',
};

/**
 * The environment for an npm install: the caller's `env` without npm's and node's per-process
 * variables (the network ones kept), its PATH without the `node_modules/.bin` and node-gyp
 * folders an `npm run` puts in front, `nodeBin`'s folder first on PATH (so `npm` and the scripts
 * it runs get that Node), and `nodeDir` as the headers node-gyp builds against.
 */
export function npmInstallEnvironment(env, { nodeBin, nodeDir } = {}) {
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || DROPPED_VARIABLES.has(key)) continue;
    const lower = key.toLowerCase();
    if (lower.startsWith('npm_')) {
      if (lower.startsWith('npm_config_') && KEPT_NPM_CONFIG.has(lower.slice('npm_config_'.length))) clean[key] = value;
      continue;
    }
    clean[key] = value;
  }
  const path = (env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry && !entry.includes(`${sep}node_modules${sep}.bin`) && !entry.endsWith('node-gyp-bin'));
  if (nodeBin) path.unshift(dirname(nodeBin));
  clean.PATH = path.join(delimiter);
  Object.assign(clean, FIXED_NPM_CONFIG);
  if (nodeDir) clean.npm_config_nodedir = nodeDir;
  return clean;
}

const REGISTRY_TROUBLE =
  /\b(E404|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|E5\d\d|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|CERT_HAS_EXPIRED)\b|network request .* failed/;

/**
 * What to tell the user when `npm install <spec>` failed with `output` (its last lines): the cause
 * and the one command that fixes it, or undefined when the cause is not one of these.
 */
export function explainNpmFailure(output, { spec, registry, cache, retry }) {
  if (/\bENOSPC\b|no space left on device/i.test(output)) {
    return (
      `the disk is full while installing ${spec} into ${cache}. Free some space there ` +
      `(or point XDG_CACHE_HOME at a disk with room), then run ${retry}`
    );
  }
  const trouble = REGISTRY_TROUBLE.exec(output);
  if (trouble) {
    return (
      `npm cannot download ${spec} from the registry ${registry} (${trouble[1] ?? 'network request failed'}). ` +
      `Make it reachable, or name one that is with \`npm config set registry <url>\`, then run ${retry}`
    );
  }
  return undefined;
}
