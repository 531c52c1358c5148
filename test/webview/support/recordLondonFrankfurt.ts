/**
 * Records the fixture `test/fixtures/map-views/london-frankfurt.json`: the map view the real built server computes for the
 * first FPL of `samples/fpl-message.route` (Heathrow to Frankfurt, alternate Cologne/Bonn), as
 * the demo shows it: the hub simulator with its likely-real answers (`--likely-real`) and the
 * navigation data excerpt of test/fixtures/navdata, key "demo". Coordinates are rounded to
 * 1e-4° (about 10 m) to keep the file small. Run after a change of what the host computes:
 *
 *   npm run build && node --import tsx test/webview/support/recordLondonFrankfurt.ts
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { SET_HUB_KEY_NOTIFICATION } from '../../../common/protocol/lspMessages';
import { MAP_VIEW_REQUEST, type MapView } from '../../../common/protocol/mapMessages';
import { LIKELY_REAL_VARIANTS } from '../../hub-sim/context';
import { startHubSimulator } from '../../hub-sim/server';
import { sample, ServerUnderTest } from '../../protocol/support/server';

const OUT = path.join(__dirname, '..', '..', 'fixtures', 'map-views', 'london-frankfurt.json');
/** The first FPL of fpl-message.route: its route line (0-based). */
const FPL_LINE = 6;

const round = (value: number) => Math.round(value * 1e4) / 1e4;

async function main(): Promise<void> {
  const sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: LIKELY_REAL_VARIANTS } });
  const server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        hub: { baseUrl: sim.url, timeoutSeconds: 20 },
        navdata: { folder: path.join(__dirname, '..', '..', 'fixtures', 'navdata') },
      },
    },
  });
  try {
    await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: 'demo', source: 'secretStorage' });
    await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
    const uri = 'file:///work/samples/fpl-message.route';
    await server.open(uri, sample('fpl-message.route'));
    const ask = () =>
      server.connection.sendRequest(MAP_VIEW_REQUEST, {
        uri,
        position: { line: FPL_LINE, character: 1 },
      }) as Promise<MapView | null>;
    let view: MapView | null = null;
    for (let i = 0; i < 300 && !(view && view.legs.length > 0 && view.notams.length > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = await ask();
    }
    if (!view) throw new Error('no view');
    // Coordinates as lon/lat pairs anywhere in the view: rounded.
    const json = JSON.stringify(view, (_key, value: unknown) =>
      Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')
        ? value.map((v: number) => round(v))
        : value,
    );
    writeFileSync(OUT, `${json}\n`);
    console.log(
      `${view.title}: ${view.points.length} points, ${view.airspaces.length} airspaces, ${view.notams.length} NOTAMs -> ${OUT}`,
    );
  } finally {
    await server.stop();
    await sim.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
