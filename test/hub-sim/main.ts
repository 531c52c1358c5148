/**
 * `npm run hub-sim -- --port <n> [--navdata <folder>] [--firs <file>] [--null-geometry]
 *   [--notams v1|v1-aixm|v2-geojson] [--flights sim|fixm|nested|many|long-route] [--airspaces polygons|mixed]
 *   [--fir boundedBy|geometry|bare] [--routes points|withLine] [--likely-real]`
 * First line of output: the base addresses. Runs until SIGINT/SIGTERM.
 */
import { startHubSimulator } from './server';
import { LIKELY_REAL_VARIANTS, VARIANT_VALUES, type Variants } from './context';

const VARIANT_USAGE = Object.entries(VARIANT_VALUES)
  .map(([family, values]) => `[--${family} ${values.join('|')}]`)
  .join(' ');

function usage(message?: string): never {
  if (message) process.stderr.write(`hub-sim: ${message}\n`);
  process.stderr.write(
    `usage: npm run hub-sim -- [--port <n>] [--navdata <folder>] [--firs <boundaries.geojson[.gz]>] [--null-geometry] ${VARIANT_USAGE} [--likely-real] [--quiet]\n`,
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let port = 0;
  let navdataFolder: string | undefined;
  let firsFile: string | undefined;
  let nullGeometry = false;
  let quiet = false;
  let variants: Partial<Variants> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!; // under the loop's bound
    const value = () => args[++i] ?? usage(`${arg} needs a value`);
    if (arg === '--port') {
      port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) usage('--port takes 0–65535');
    } else if (arg === '--navdata') navdataFolder = value();
    else if (arg === '--firs') firsFile = value();
    else if (arg === '--null-geometry') nullGeometry = true;
    else if (arg === '--quiet') quiet = true;
    else if (arg === '--likely-real') variants = { ...LIKELY_REAL_VARIANTS, ...variants };
    else if (arg.startsWith('--') && arg.slice(2) in VARIANT_VALUES) {
      const family = arg.slice(2) as keyof Variants;
      const variant = value();
      if (!(VARIANT_VALUES[family] as readonly string[]).includes(variant))
        usage(`${arg} takes ${VARIANT_VALUES[family].join(', ')}`);
      variants = { ...variants, [family]: variant };
    } else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument ${arg}`);
  }
  const sim = await startHubSimulator({
    port,
    ...(navdataFolder !== undefined ? { navdataFolder } : {}),
    ...(firsFile !== undefined ? { firsFile } : {}),
    quiet,
    settings: { unresolvedPoints: nullGeometry ? 'nullGeometry' : 'omit', variants },
  });
  process.stdout.write(
    `hub-sim listening on ${sim.url} (reference: ${sim.referenceUrl}; control: ${sim.url}/__control/)\n`,
  );
  if (sim.routeExpansionUnavailable)
    process.stdout.write(`hub-sim: ${sim.routeExpansionUnavailable}; route expansion answers 500\n`);
  process.stdout.write(
    `variants: ${Object.entries(sim.settings.variants)
      .map(([family, variant]) => `${family} ${variant}`)
      .join(', ')}\n`,
  );
  process.stdout.write(
    'keys: user_key demo (all groups), demo-basic (no restricted groups); appId demo + appKey demo\n',
  );
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`hub-sim: ${(error as Error).message}\n`);
  process.exit(1);
});
