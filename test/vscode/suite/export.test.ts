/**
 * "ICAO Route: Export Route…" through the VS Code API, with the argument the route map and
 * automation give it ({ uri, position, format, target }: no quick pick, no save dialog), on
 * offline expansion from the navdata excerpt. The written files are read back by
 * @tmcw/togeojson and must have the points of the same block expanded here from the same data.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { routeLayer } from '../../../server/src/map/routePoints';
import { loadNavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { readBackExport } from '../../shared/routeExportReadback';
import { activateExtension, eventually, lineNumberOf, openSample, openUntitled, ROOT } from './helpers';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
const EXPORT_COMMAND = 'icaoRoute.exportRoute';

suite('route export (offline navdata)', () => {
  let folder: string;
  suiteSetup(async () => {
    await activateExtension();
    await vscode.workspace
      .getConfiguration('icaoRoute')
      .update('navdata.folder', NAVDATA, vscode.ConfigurationTarget.Global);
    folder = mkdtempSync(path.join(os.tmpdir(), 'icao-route-export-'));
  });
  suiteTeardown(async () => {
    await vscode.workspace
      .getConfiguration('icaoRoute')
      .update('navdata.folder', undefined, vscode.ConfigurationTarget.Global);
    rmSync(folder, { recursive: true, force: true });
  });

  test('with an argument: GeoJSON and GPX of the block at the position, written where asked', async () => {
    const document = await openSample('europe.route');
    const line = lineNumberOf(document, 'origin: EHAM');
    const block = parseRouteDocument(document.getText()).blocks.find(
      (b) => b.range.start.line <= line && b.range.end.line >= line,
    )!;
    const expected = routeLayer(block, expandRoute(block, await loadNavDatabase(NAVDATA)))
      .points.filter((p) => p.status === 'resolved')
      .map((p) => ({ name: p.name, lon: p.position![0], lat: p.position![1] }));
    assert.ok(expected.length >= 8 && expected[0]!.name === 'EHAM', expected.map((p) => p.name).join(' '));

    for (const format of ['geojson', 'gpx'] as const) {
      const target = path.join(folder, `route.${format}`);
      let written: string | undefined;
      // Until the server has the navdata folder from the settings, there is nothing to export.
      await eventually(async () => {
        written = await vscode.commands.executeCommand<string | undefined>(EXPORT_COMMAND, {
          uri: document.uri.toString(),
          position: { line, character: 0 },
          format,
          target,
        });
        return written !== undefined;
      }, `the ${format} export`);
      assert.equal(vscode.Uri.parse(written!).fsPath, target);
      const back = readBackExport(readFileSync(target, 'utf8'), format);
      assert.deepEqual(
        back.points.map((p) => p.name),
        expected.map((p) => p.name),
      );
      back.points.forEach((p, i) =>
        assert.ok(Math.abs(p.lon - expected[i]!.lon) <= 1e-6 && Math.abs(p.lat - expected[i]!.lat) <= 1e-6, p.name),
      );
    }
  });

  test('a route with no point placed writes nothing and returns undefined', async () => {
    const document = await openUntitled('N0450F350 QQQQQ DCT WWWWW\n');
    const target = path.join(folder, 'nothing.gpx');
    const written = await vscode.commands.executeCommand<string | undefined>(EXPORT_COMMAND, {
      uri: document.uri.toString(),
      format: 'gpx',
      target,
    });
    assert.equal(written, undefined);
    assert.equal(existsSync(target), false);
  });
});
