/**
 * "ICAO Route: Export Route…" (GeoJSON, GPX, KML) in a real VS Code, the way a user runs it: the command from the
 * palette, the format from its quick pick, the file name from its save dialog (code-server's
 * simple dialog, opened beside the .route file). No hub: routes are expanded offline from the
 * navdata folder (test/fixtures/navdata), so the test expands the same block with the same data
 * in-process and the written files, read back by @tmcw/togeojson, must have the same points.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { expandRoute } from '../../server/src/expansion/offlineExpansion';
import { routeLayer } from '../../server/src/map/routePoints';
import { loadNavDatabase } from '../../server/src/navdata/loader';
import { parseRouteDocument } from '../../server/src/route';
import { readBackExport, type ExportedPoint } from '../shared/routeExportReadback';
import { workbenchSuite } from './harness/suite';
import type { Workbench } from './harness/workbench';

const { step, context } = workbenchSuite('export', { hub: false });

const NAVDATA = path.resolve(__dirname, '..', 'fixtures', 'navdata');
const SAMPLE = 'europe.route';

/** The placed points of the route block on a (one-based) line, expanded here with the same data. */
async function expectedPoints(workspace: string, line: number): Promise<ExportedPoint[]> {
  const db = await loadNavDatabase(NAVDATA);
  const document = parseRouteDocument(readFileSync(path.join(workspace, SAMPLE), 'utf8'));
  const block = document.blocks.find((b) => b.range.start.line <= line - 1 && b.range.end.line >= line - 1)!;
  assert.ok(block && block.elements.length > 0, `a route block on line ${line}`);
  return routeLayer(block, expandRoute(block, db))
    .points.filter((p) => p.status === 'resolved')
    .map((p) => ({ name: p.name, lon: p.position![0], lat: p.position![1] }));
}

function assertSamePoints(actual: ExportedPoint[], expected: ExportedPoint[], what: string): void {
  assert.deepEqual(
    actual.map((p) => p.name),
    expected.map((p) => p.name),
    `${what}: the names`,
  );
  actual.forEach((p, i) => {
    const e = expected[i]!;
    assert.ok(
      Math.abs(p.lon - e.lon) <= 1e-6 && Math.abs(p.lat - e.lat) <= 1e-6,
      `${what}: ${p.name} at ${p.lon},${p.lat}, expected ${e.lon},${e.lat}`,
    );
  });
}

/**
 * Runs the command with the cursor on `line`, picks `format` and answers the save dialog with
 * the name it proposes, in the folder it proposes; returns the path it showed.
 */
async function exportFromPalette(wb: Workbench, line: number, format: 'GeoJSON' | 'GPX' | 'KML'): Promise<string> {
  await wb.openAlone(SAMPLE);
  await wb.goTo(line, 12);
  await wb.runCommand('ICAO Route: Export Route…', { opensPicker: true });
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: format }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  // The save dialog: in code-server a quick input whose box holds the proposed path.
  const input = wb.page.locator('.quick-input-widget input');
  const proposed = await wb.until(async () => {
    const value = await input.inputValue();
    return /\.(geojson|gpx|kml)$/.test(value) ? value : undefined;
  }, 'the save dialog with the proposed file');
  await wb.screenshot(`save-dialog-${format.toLowerCase()}`);
  await wb.page.keyboard.press('Enter');
  await wb.notification(/route exported to/);
  return proposed;
}

step('GeoJSON: the command writes the first route beside europe.route with the expansion’s points', async (wb) => {
  const workspace = context()!.workspace;
  // Line 7: EGLL → EDDF (its routeText line).
  const proposed = await exportFromPalette(wb, 7, 'GeoJSON');
  assert.match(proposed, /europe-EGLL-EDDF\.geojson$/, 'the proposed name');
  const file = path.join(workspace, 'europe-EGLL-EDDF.geojson');
  await wb.until(async () => existsSync(file), `${file} written`);
  const back = readBackExport(readFileSync(file, 'utf8'), 'geojson');
  const expected = await expectedPoints(workspace, 7);
  assert.ok(expected.length >= 8, `the expansion has the route's points: ${expected.map((p) => p.name).join(' ')}`);
  assertSamePoints(back.points, expected, 'GeoJSON');
  assert.equal(back.track.length, 1, 'one line: this route does not cross the antimeridian');
  assert.ok(back.track[0]!.length > expected.length, 'the legs are densified great circles');
});

step('GPX: the third route, read back by togeojson with the same points, route and track', async (wb) => {
  const workspace = context()!.workspace;
  // Line 18: EHAM → LEMD.
  const proposed = await exportFromPalette(wb, 18, 'GPX');
  assert.match(proposed, /europe-EHAM-LEMD\.gpx$/, 'the proposed name');
  const file = path.join(workspace, 'europe-EHAM-LEMD.gpx');
  await wb.until(async () => existsSync(file), `${file} written`);
  const back = readBackExport(readFileSync(file, 'utf8'), 'gpx');
  const expected = await expectedPoints(workspace, 18);
  assert.ok(expected.length >= 8, `the expansion has the route's points: ${expected.map((p) => p.name).join(' ')}`);
  assertSamePoints(back.points, expected, 'GPX waypoints');
  assertSamePoints(
    back.route.map(([lon, lat], i) => ({ name: expected[i]?.name ?? '?', lon, lat })),
    expected,
    'GPX route',
  );
  assert.ok(back.track.length === 1 && back.track[0]!.length > expected.length, 'a densified great-circle track');
});

step('KML: the second route, read back by togeojson with the same placemarks', async (wb) => {
  const workspace = context()!.workspace;
  // Line 13: LFPG → LIRF.
  const proposed = await exportFromPalette(wb, 13, 'KML');
  assert.match(proposed, /europe-LFPG-LIRF\.kml$/, 'the proposed name');
  const file = path.join(workspace, 'europe-LFPG-LIRF.kml');
  await wb.until(async () => existsSync(file), `${file} written`);
  const back = readBackExport(readFileSync(file, 'utf8'), 'kml');
  const expected = await expectedPoints(workspace, 13);
  assert.ok(expected.length >= 5, `the expansion has the route's points: ${expected.map((p) => p.name).join(' ')}`);
  assertSamePoints(back.points, expected, 'KML placemarks');
  assert.equal(back.track.length, 1);
});
