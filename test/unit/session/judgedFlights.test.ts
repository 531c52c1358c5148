/**
 * The flight of a block is judged once per version: the F findings and the map view at the
 * settings' filters read the same judgement; a judgement two callers ask for is made once, and
 * stops only when no one waits for it any more.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { DEFAULT_MAP_FILTERS, type MapFilters } from '../../../common/protocol/mapMessages';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { MapAreas } from '../../../server/src/map/areas';
import { loadNavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { LineIndex } from '../../../server/src/route/ranges';
import { defaultConflictSettings, FlightConflicts } from '../../../server/src/session/flightConflicts';
import { JudgedFlights } from '../../../server/src/session/judgedFlights';
import { EXCERPT } from '../navdata/paths';
import { parsedDocument } from '../../../server/src/services/parsedDocument';

const folder = mkdtempSync(path.join(tmpdir(), 'icao-route-judged-flights-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** A danger area from the surface up, across the leg DVR–KONAN (no schedule: possibly active). */
const AIRSPACES = path.join(folder, 'airspaces.geojson');
writeFileSync(
  AIRSPACES,
  JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'TEST-D1',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [1.5, 50.9],
              [1.8, 50.9],
              [1.8, 51.5],
              [1.5, 51.5],
              [1.5, 50.9],
            ],
          ],
        },
        properties: {
          name: 'TEST DANGER',
          designator: 'TEST-D1',
          type: 'D',
          lowerLimit: { value: 'SFC' },
          upperLimit: { value: 'UNL' },
        },
      },
    ],
  }),
);

const TEXT = 'N0450F350 DVR UL9 KONAN';

async function setUp() {
  const db = await loadNavDatabase(EXCERPT);
  const areas = new MapAreas({ hub: () => ({ client: undefined, userKey: null }), airspaceFiles: () => [AIRSPACES] });
  const flights = new JudgedFlights(areas);
  const document = parsedDocument('file:///a.route', 1, parseRouteDocument(TEXT), new LineIndex(TEXT));
  const block = document.document.blocks[0]!;
  const expansion = expandRoute(block, db);
  const conflicts = new FlightConflicts(flights, {
    expansionFor: () => expansion,
    pointsSource: () => 'navdata',
    settings: () => defaultConflictSettings(),
    currentVersion: () => 1,
    changed: () => {},
    log: (message) => assert.fail(message),
  });
  return { flights, document, block, expansion, conflicts };
}

/** The map's filters as the settings give them (the defaults): what the findings judge with too. */
function settingsFilters(): MapFilters {
  const conflicts = defaultConflictSettings();
  return {
    ...structuredClone(DEFAULT_MAP_FILTERS),
    corridorNm: conflicts.corridorNm,
    aerodromeCorridorNm: conflicts.aerodromeCorridorNm,
    timeMarginMin: conflicts.timeMarginMin,
  };
}

test('the findings and the map view at the settings filters read one judgement of the block', async () => {
  const { flights, document, block, expansion, conflicts } = await setUp();
  await conflicts.refresh(document);
  assert.deepEqual(
    conflicts.findings(document).map((f) => f.code),
    ['F001'],
  );
  assert.equal(flights.judgements, 1);
  const drawing = { blockIndex: 0, block, expansion, filters: settingsFilters() };
  const view = await flights.view(document, drawing, {});
  assert.equal(flights.judgements, 1, 'the map drew the judgement the findings were read from');
  assert.deepEqual(
    view.airspaces.map((a) => a.id),
    ['TEST-D1'],
  );
  assert.equal(view.verdicts?.['TEST-D1']?.applies, true);
  // Judged again for the findings (a newer expansion of the same text would be judged anew): kept.
  await conflicts.refresh(document);
  assert.equal(flights.judgements, 1);
  // Another level filter on the map is another judgement, kept too.
  await flights.view(document, { ...drawing, filters: { ...settingsFilters(), levels: { mode: 'all' } } }, {});
  await flights.view(document, { ...drawing, filters: { ...settingsFilters(), levels: { mode: 'all' } } }, {});
  assert.equal(flights.judgements, 2);
  conflicts.dispose();
});

test('a judgement asked for twice is made once, and stops only when no one waits for it', async () => {
  const { flights, document, block, expansion, conflicts } = await setUp();
  const areas = await flights.areas.forBlock(block, expansion);
  const { layers: _layers, ...judging } = settingsFilters();
  const leaving = new AbortController();
  const first = flights.judged(document, block, expansion, areas, judging, {}, leaving.signal);
  const second = flights.judged(document, block, expansion, areas, judging, {});
  leaving.abort();
  await assert.rejects(first);
  const kept = await second;
  assert.equal(flights.judgements, 1);
  assert.equal((await flights.judged(document, block, expansion, areas, judging, {})).judged, kept.judged);
  // Alone, a caller that leaves stops the judgement: the next one judges anew.
  const other = { ...judging, corridorNm: judging.corridorNm + 1 };
  const alone = new AbortController();
  const stopped = flights.judged(document, block, expansion, areas, other, {}, alone.signal);
  alone.abort();
  await assert.rejects(stopped);
  assert.equal(flights.judgements, 2);
  await flights.judged(document, block, expansion, areas, other, {});
  assert.equal(flights.judgements, 3);
  conflicts.dispose();
});
