/**
 * The conflict judgement's bound: at most MAX_CONFLICT_BLOCKS route blocks of a document are
 * looked at, expanded or not, so a 5 MB file of routes neither fetches the world nor builds the
 * elements of every block on each version.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MapAreas } from '../../../server/src/map/areas';
import { parseRouteDocument } from '../../../server/src/route';
import { LineIndex } from '../../../server/src/services/ranges';
import {
  defaultConflictSettings,
  FlightConflicts,
  MAX_CONFLICT_BLOCKS,
} from '../../../server/src/session/flightConflicts';

test('a document of many routes, none expanded: only the first MAX_CONFLICT_BLOCKS route blocks are looked at', async () => {
  const text = Array.from({ length: MAX_CONFLICT_BLOCKS * 3 }, () => 'N0450F350 DVR UL9 KONAN').join('\n\n');
  const asked: number[] = [];
  const areas = new MapAreas({ hub: () => ({ client: undefined, userKey: null }), airspaceFiles: () => [] });
  const conflicts = new FlightConflicts(areas, {
    expansionFor: (block) => {
      asked.push(block.range.start.line);
      return undefined;
    },
    settings: () => defaultConflictSettings(),
    currentVersion: () => 1,
    changed: () => assert.fail('no conflicts without expansions'),
    log: (message) => assert.fail(message),
  });
  const document = {
    uri: 'file:///many.route',
    version: 1,
    document: parseRouteDocument(text),
    lines: new LineIndex(text),
  };
  assert.deepEqual(await conflicts.judgeAll(document), []);
  assert.equal(asked.length, MAX_CONFLICT_BLOCKS);
  conflicts.dispose();
});
