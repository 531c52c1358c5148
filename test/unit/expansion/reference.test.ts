import test from 'node:test';
import assert from 'node:assert/strict';
import { icaoCoordinate } from '../../../server/src/expansion/offlineExpansion';
import { parseReferenceFix, resolveReferenceFix } from '../../../server/src/expansion/offlineExpansion';
import { EXCERPT, load } from '../navdata/paths';

test('referenceFix forms: fix, radial, coordinate in degrees or degrees and minutes', () => {
  assert.deepEqual(parseReferenceFix('OCK'), { kind: 'fix', ident: 'OCK' });
  assert.deepEqual(parseReferenceFix(' gwc270020 '), { kind: 'radial', ident: 'GWC', bearing: 270, distanceNm: 20 });
  assert.deepEqual(parseReferenceFix('DVR360005'), { kind: 'radial', ident: 'DVR', bearing: 0, distanceNm: 5 });
  assert.deepEqual(parseReferenceFix('5057N00121W'), { kind: 'coordinate', lat: 50 + 57 / 60, lon: -(1 + 21 / 60) });
  assert.deepEqual(parseReferenceFix('37N026E'), { kind: 'coordinate', lat: 37, lon: 26 });
  assert.deepEqual(parseReferenceFix('3330S15100E'), { kind: 'coordinate', lat: -33.5, lon: 151 });
  for (const bad of ['', '12345', '95N001W', '5060N00100W', '50N00100W', 'DVR361010', 'TOOLONG', 'D']) {
    assert.equal(parseReferenceFix(bad), undefined, bad);
  }
});

test('a named reference with namesakes is taken near the candidates it must choose between', async () => {
  const db = await load(EXCERPT);
  // BIG names VORs in England, Turkey and Alaska.
  const nearSamos = resolveReferenceFix({ kind: 'fix', ident: 'BIG' }, db, [{ lat: 37.69, lon: 26.91 }])!;
  assert.ok(Math.abs(nearSamos.lat - 40.29) < 0.01, 'Biga, Turkey');
  const nearSouthampton = resolveReferenceFix({ kind: 'fix', ident: 'BIG' }, db, [{ lat: 50.96, lon: -1.35 }])!;
  assert.ok(Math.abs(nearSouthampton.lat - 51.33) < 0.01, 'Biggin Hill, England');
  assert.equal(resolveReferenceFix({ kind: 'fix', ident: 'NOSUCH' }, db, []), undefined);
  const aerodrome = resolveReferenceFix({ kind: 'fix', ident: 'EGHI' }, db, [])!;
  assert.ok(Math.abs(aerodrome.lat - 50.95) < 0.01, 'an aerodrome is a usable reference too');
});

test('icaoCoordinate rounds to the minute with zero padding', () => {
  assert.equal(icaoCoordinate(50.955278, -1.345), '5057N00121W');
  assert.equal(icaoCoordinate(-8.0, 149.999), '0800S15000E');
  assert.equal(icaoCoordinate(0, 0), '0000N00000E');
});
