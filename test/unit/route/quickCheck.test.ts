/**
 * The check pass reads the commonest shapes (DCT, points, ATS routes) through a shortcut; it
 * must decide exactly what the full element reader decides, in every position.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ElementReader, FIRST_WORD, LAST_WORD, SID_SLOT, STAR_SLOT } from '../../../server/src/route/elements';
import { quickCheck } from '../../../server/src/route/quickCheck';

const FLAGS = [
  0,
  FIRST_WORD,
  LAST_WORD,
  SID_SLOT,
  STAR_SLOT,
  SID_SLOT | STAR_SLOT,
  FIRST_WORD | SID_SLOT,
  LAST_WORD | STAR_SLOT,
];

function agree(token: string): void {
  const quick = quickCheck(`  ${token} `, 2, 2 + token.length);
  if (!quick) return;
  for (const flags of FLAGS) {
    const full = new ElementReader(null, true).read(token, 0, 0, flags);
    assert.equal(quick.kind, full.kind, `${token} with flags ${flags}`);
  }
}

test('the shortcut agrees with the full reader on typical tokens', () => {
  const tokens = [
    'DCT',
    'DVR',
    'LN',
    'KONAN',
    'UL607',
    'L9',
    'A1',
    'W615A',
    'N850',
    'UN850',
    'Q100',
    'VFR',
    'IFR',
    'OAT',
    'GAT',
    'SID',
    'STAR',
    'PTSAB',
    'NATD',
    'N0450',
    'K0830',
    'M082',
    'DET1J',
    'EGLL',
    'T',
    'UL9A',
    'U1',
    'AB12345',
  ];
  for (const t of tokens) agree(t);
  assert.equal(quickCheck('DCT', 0, 3)?.kind, 'direct');
  assert.equal(quickCheck('KONAN', 0, 5)?.kind, 'point');
  assert.equal(quickCheck('UL607', 0, 5)?.kind, 'airway');
  for (const t of ['VFR', 'SID', 'EGLL', 'N0450', 'DET1J', 'dct', 'N0450F350', 'PTSAB'])
    assert.equal(quickCheck(t, 0, t.length), null, t);
});

test('the shortcut agrees with the full reader on arbitrary tokens', () => {
  const alphabet = fc.constantFrom(...'ABCDFGIKLMNOPRSTUVWZ0123456789/d'.split(''));
  fc.assert(
    fc.property(fc.array(alphabet, { minLength: 1, maxLength: 8 }), (chars) => agree(chars.join(''))),
    { numRuns: 3000 },
  );
});
