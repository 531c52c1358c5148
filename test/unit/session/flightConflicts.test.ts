/**
 * The conflict judgement's bound: at most MAX_CONFLICT_BLOCKS route blocks of a document are
 * looked at, expanded or not, so a 5 MB file of routes neither fetches the world nor builds the
 * elements of every block on each version.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MapAreas } from '../../../server/src/map/areas';
import { parseRouteDocument, RouteDocumentEditor } from '../../../server/src/route';
import type { RouteBlock, RouteDocument } from '../../../server/src/route/model';
import { LineIndex } from '../../../server/src/route/ranges';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { loadNavDatabase } from '../../../server/src/navdata/loader';
import { EXCERPT } from '../navdata/paths';
import {
  defaultConflictSettings,
  FlightConflicts,
  MAX_CONFLICT_BLOCKS,
} from '../../../server/src/session/flightConflicts';
import { JudgedFlights } from '../../../server/src/session/judgedFlights';
import { parsedDocument } from '../../../server/src/services/parsedDocument';

test('a document of many routes, none expanded: only the first MAX_CONFLICT_BLOCKS route blocks are looked at', async () => {
  const text = Array.from({ length: MAX_CONFLICT_BLOCKS * 3 }, () => 'N0450F350 DVR UL9 KONAN').join('\n\n');
  const asked: number[] = [];
  const areas = new MapAreas({ hub: () => ({ client: undefined, userKey: null }), airspaceFiles: () => [] });
  const conflicts = new FlightConflicts(new JudgedFlights(areas), {
    pointsSource: () => 'navdata',
    expansionFor: (block) => {
      asked.push(block.range.start.line);
      return undefined;
    },
    settings: () => defaultConflictSettings(),
    currentVersion: () => 1,
    changed: () => assert.fail('no conflicts without expansions'),
    log: (message) => assert.fail(message),
  });
  const document = parsedDocument('file:///many.route', 1, parseRouteDocument(text), new LineIndex(text));
  assert.deepEqual(await conflicts.judgeAll(document), []);
  assert.equal(asked.length, MAX_CONFLICT_BLOCKS);
  conflicts.dispose();
});

test("an edited document's version: only the blocks looked at are read, no array of every block is made", async () => {
  const text = Array.from({ length: MAX_CONFLICT_BLOCKS * 30 }, () => 'N0450F350 DVR UL9 KONAN').join('\n\n');
  const edited = new RouteDocumentEditor(text).document();
  let arrays = 0;
  let read = 0;
  const inOrder = edited.inOrder!;
  const document: RouteDocument = {
    // The editor makes this array of every block on demand: O(file) on each version.
    get blocks(): RouteBlock[] {
      arrays++;
      return edited.blocks;
    },
    diagnostics: edited.diagnostics,
    inOrder: {
      *[Symbol.iterator]() {
        for (const block of inOrder) {
          read++;
          yield block;
        }
      },
    },
  };
  const areas = new MapAreas({ hub: () => ({ client: undefined, userKey: null }), airspaceFiles: () => [] });
  const conflicts = new FlightConflicts(new JudgedFlights(areas), {
    pointsSource: () => 'navdata',
    expansionFor: () => undefined,
    settings: () => defaultConflictSettings(),
    currentVersion: () => 1,
    changed: () => assert.fail('no conflicts without expansions'),
    log: (message) => assert.fail(message),
  });
  const version = parsedDocument('file:///edited.route', 1, document, new LineIndex(text));
  await conflicts.refresh(version);
  assert.deepEqual(conflicts.findings(version), []);
  assert.equal(arrays, 0, 'no array of every block');
  assert.ok(read <= MAX_CONFLICT_BLOCKS + 1, `${read} blocks read`);
  conflicts.dispose();
});

test('with the conflicts turned off, an FPL message is still judged for its times (F005, no hub); a plain route is not', async () => {
  const fpl = [
    '(FPL-DLH4AB-IS',
    '-A320/M-SDE2E3FGIJ1RWY/LB1',
    '-EGLL1200',
    '-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    '-EDDF0300 EDDK',
    '-PBN/A1B1C1D1)',
    'referenceFix: 5110N00122E',
  ].join('\n');
  const text = `${fpl}\n\norigin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN\n`;
  const db = await loadNavDatabase(EXCERPT);
  const asked: string[] = [];
  const areas = new MapAreas({ hub: () => ({ client: undefined, userKey: null }), airspaceFiles: () => [] });
  const conflicts = new FlightConflicts(new JudgedFlights(areas), {
    pointsSource: () => 'navdata',
    expansionFor: (block) => {
      asked.push(block.kind);
      return expandRoute(block, db);
    },
    settings: () => ({ ...defaultConflictSettings(), enabled: false }),
    currentVersion: () => 1,
    changed: () => {},
    log: (message) => assert.fail(message),
  });
  const document = parsedDocument('file:///fpl.route', 1, parseRouteDocument(text), new LineIndex(text));
  const found = await conflicts.judgeAll(document);
  assert.deepEqual(asked, ['fpl']);
  assert.deepEqual(
    found.map((f) => [f.code, f.severity]),
    [['F005', 'information']],
  );
  await conflicts.refresh(document);
  assert.deepEqual(
    conflicts.findings(document).map((f) => f.code),
    ['F005'],
  );
  conflicts.dispose();
});
