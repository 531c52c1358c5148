/**
 * The alternates in the built server's map view (issue 40 §3): an FPL's field 16 alternates are
 * placed from the navigation data of `icaoRoute.navdata.folder` (the session's loaded data, no
 * further call), an unknown one listed as not placed.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { MAP_VIEW_REQUEST, type MapView } from '../../common/protocol/mapMessages';
import { ROOT } from './support/build';
import { eventually, ServerUnderTest } from './support/server';

const servers: ServerUnderTest[] = [];
after(async () => {
  for (const s of servers) await s.stop();
});

const FPL = [
  '(FPL-DLH4AB-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
  '-EDDF0105 EDDK EDXX',
  '-0)',
  '',
].join('\n');

test('an FPL opened with navigation data: its alternates placed from them, an unknown one not placed', async () => {
  const server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        navdata: { folder: path.join(ROOT, 'test/fixtures/navdata') },
      },
    },
  });
  servers.push(server);
  const uri = 'file:///map/alternates.route';
  await server.open(uri, FPL);
  let last: MapView | null = null;
  const v = await eventually(
    async () => {
      last = (await server.connection.sendRequest(MAP_VIEW_REQUEST, {
        uri,
        position: { line: 3, character: 2 },
      })) as MapView | null;
      return last && last.legs.length > 0 && last.alternates?.placed.length ? last : undefined;
    },
    () => `the alternates: ${JSON.stringify(last?.alternates)}`,
  );
  assert.deepEqual(
    v.alternates!.placed.map((a) => [a.name, a.position, a.destination]),
    [['EDDK', [7.138903, 50.865801], 'EDDF']],
  );
  assert.ok(v.alternates!.placed[0]!.distanceFromDestinationNm! > 60);
  assert.deepEqual(v.alternates!.notPlaced, [{ name: 'EDXX', why: 'not in the navigation data' }]);
});
