/**
 * NOTAM numbers are per issuing office (issue 35, item 8): Germany's B2795/26 and Belgium's
 * B2795/26 are two NOTAMs. The map keeps both (a NOTAM listed by its FIR and by its aerodrome is
 * still shown once), and a NOTAMR or NOTAMC of one office replaces or cancels its own NOTAM only.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Notam } from '../../../server/src/hub/notams';
import { currentNotams, notamIdentity } from '../../../server/src/map/notamRelations';

const germany: Notam = {
  designation: 'B2795/26',
  type: 'N',
  affectedFIR: 'EDGG',
  location: 'EDDF',
  text: 'RWY 18 CLSD',
};
const belgium: Notam = {
  designation: 'B2795/26',
  type: 'N',
  affectedFIR: 'EBBU',
  location: 'EBBR',
  text: 'TWY A CLSD',
};

test('one number of two offices is two NOTAMs; one NOTAM listed by its FIR and its aerodrome is one', () => {
  assert.notEqual(notamIdentity(germany), notamIdentity(belgium));
  // The aerodrome's list may leave out the FIR: the same office by the location's nationality letters.
  assert.equal(notamIdentity({ designation: 'B2795/26', location: 'EDDF' }), notamIdentity(germany));
  assert.equal(notamIdentity({ designation: 'b2795/26', affectedFIR: 'EDWW' }), notamIdentity(germany));
});

test("a NOTAMR replaces its own office's NOTAM, not another office's of the same number", () => {
  const s = (notam: Notam) => ({ notam });
  const { current, replaced } = currentNotams([
    s(germany),
    s(belgium),
    s({ designation: 'B2801/26', type: 'R', replaces: ['B2795/26'], affectedFIR: 'EDGG', location: 'EDDF' }),
  ]);
  assert.deepEqual(
    current.map((c) => `${c.notam.designation} ${c.notam.location}`),
    ['B2795/26 EBBR', 'B2801/26 EDDF'],
  );
  assert.equal(replaced, 1);
});
