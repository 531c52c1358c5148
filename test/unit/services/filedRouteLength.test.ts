/** A filed route's length by the navigation data: only when every element resolved (issue 22, item 1). */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import test, { before } from 'node:test';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { filedRouteLengthNm } from '../../../server/src/services/filedRouteLength';
import { describeFiledRoute, groupFiledRoutes } from '../../../server/src/remote/filedRoutes';

let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

test('a resolved route has its geodesic length, aerodrome to aerodrome; an unknown point gives none', () => {
  // EGLL–EDDF is 355 NM great circle; via DVR and KONAN barely longer.
  const length = filedRouteLengthNm(db, 'EGLL', 'EDDF', 'N0450F350 DVR UL9 KONAN');
  assert.ok(length !== undefined && length > 340 && length < 400, String(length));
  const longer = filedRouteLengthNm(db, 'EGLL', 'EDDF', 'N0450F350 DVR UL9 KONAN UL607 SPI');
  assert.ok(longer === undefined || longer > length, 'a longer path is longer');
  assert.equal(filedRouteLengthNm(db, 'EGLL', 'EDDF', 'N0450F350 DVR UL9 ZZZZZ'), undefined);
  assert.equal(filedRouteLengthNm(db, 'EGLL', 'EDDF', 'N0450F350'), undefined);
});

test('the length is said in the description', () => {
  const [group] = groupFiledRoutes([{ callsign: 'BAW1', routeText: 'N0450F350 DVR' }]);
  group!.lengthNm = 412.4;
  assert.equal(describeFiledRoute(group!), 'filed by 1 flight; latest BAW1, F350; 412 NM');
});
