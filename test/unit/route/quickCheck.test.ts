/**
 * The check pass reads the commonest shapes (DCT, points, ATS routes) through a shortcut; it
 * must decide exactly what the full element reader decides, in every position.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ElementReader, FIRST_WORD, LAST_WORD, SID_SLOT, STAR_SLOT } from '../../../server/src/route/elements';
import { quickCheck } from '../../../server/src/route/quickCheck';
import { K_AIRWAY, K_DIRECT, K_POINT, kindCode } from '../../../server/src/route/kinds';
import { quickForm } from '../../../server/src/route/quickForms';
import { tokenKinds } from '../../../server/src/route/routeText';
import { DiagnosticSink } from '../../../server/src/route/diagnostics';
import { checkLevels } from '../../../server/src/route/sequence';

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
  if (quick < 0) return;
  for (const flags of FLAGS) {
    const full = new ElementReader(null, true).read(token, 0, 0, flags);
    assert.equal(quick, kindCode(full), `${token} with flags ${flags}`);
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
  assert.equal(quickCheck('DCT', 0, 3), K_DIRECT);
  assert.equal(quickCheck('KONAN', 0, 5), K_POINT);
  assert.equal(quickCheck('UL607', 0, 5), K_AIRWAY);
  for (const t of ['VFR', 'SID', 'EGLL', 'N0450', 'DET1J', 'dct', 'N0450F350', 'PTSAB'])
    assert.equal(quickCheck(t, 0, t.length), -1, t);
});

test('the shortcut agrees with the full reader on arbitrary tokens', () => {
  const alphabet = fc.constantFrom(...'ABCDFGIKLMNOPRSTUVWZ0123456789/d'.split(''));
  fc.assert(
    fc.property(fc.array(alphabet, { minLength: 1, maxLength: 8 }), (chars) => agree(chars.join(''))),
    { numRuns: 3000 },
  );
});

/**
 * The second shortcut (composite shapes) answers only for tokens the full reader reads without a
 * finding, and with the kind code of the full reader's element.
 */
function agreeForm(token: string): boolean {
  const quick = quickForm(`  ${token} `, 2, 2 + token.length);
  if (quick < 0) return false;
  for (const flags of FLAGS) {
    const sink = new DiagnosticSink();
    const full = new ElementReader(sink, false).read(token, 0, 0, flags);
    checkLevels(full, 0, token.length, sink);
    assert.deepEqual(sink.finish(), [], `${token} with flags ${flags}: the full reader finds something`);
    assert.equal(quick, kindCode(full), `${token} with flags ${flags}`);
  }
  return true;
}

test('the composite shortcut agrees with the full reader on typical tokens', () => {
  const taken = [
    'N0450F350',
    'M082F350',
    'K0830S1130',
    'N0450A045',
    'N0450M0840',
    'KONAN/N0450F350',
    'LN/M082F350',
    'DVR/K0830S1130',
    '46N030W/N0450F350',
    '4620N07805W/K0830S1130',
    'DVR180040/N0450F350',
    'C/46N030W/M082F290F350',
    'C/KONAN/N0450F290PLUS',
    'C/DVR180040/N0450F290F350',
    '46N030W',
    '4620N07805W',
    '9000N18000W',
    'DVR180040',
    'KONAN360200',
  ];
  for (const t of taken) assert.ok(agreeForm(t), t);
  const left = [
    'N0450F355', // R210
    'N0450VFR', // VFR: left to the full reader
    'DVR/N0450VFR',
    'EGLL/N0450F350', // 4 letters: aerodrome or R115 by position
    'DCT/N0450F350', // a keyword is not a point
    'VFR/N0450F350',
    'STAYA/N0450F350',
    'STAY123456',
    'C/46N030W/M082F290',
    'C/46N030W/M082F290PLUSX',
    'C/46N030W/M082F290F350/N0450F350',
    '9100N01000W',
    '46N181W',
    '4660N07805W',
    'DVR361040',
    'N04500F350',
    'M0820F350',
    'X0450F350',
    'KONAN/N0450F350X',
    'konan/N0450F350',
    'N0450F3500',
  ];
  for (const t of left) assert.equal(quickForm(t, 0, t.length), -1, t);
});

test('the composite shortcut agrees with the full reader on arbitrary tokens', () => {
  const digit = fc.constantFrom(...'0123456789'.split(''));
  const letters = fc.array(fc.constantFrom(...'ACDEFGIKLMNOPRSTVWXY'.split('')), { minLength: 1, maxLength: 6 });
  const digits = fc.array(digit, { minLength: 1, maxLength: 6 });
  const part = fc.oneof(
    letters.map((l) => l.join('')),
    digits.map((d) => d.join('')),
    fc.constantFrom('N', 'S', 'E', 'W', 'F', 'A', 'M', 'K', 'VFR', 'PLUS', 'C', 'STAY', 'DCT', '/', '/', 'd'),
  );
  let answered = 0;
  fc.assert(
    fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
      if (agreeForm(parts.join(''))) answered++;
    }),
    { numRuns: 20000 },
  );
  assert.ok(answered > 0, 'some generated tokens take the shortcut');
});

/**
 * The check pass's tokenizer settles the commonest shapes from its own counts as it cuts a token
 * out (routeText.ts shapeKind); for every token it must give what the shortcuts give the token alone.
 */
function shortcutKind(token: string): number {
  const quick = quickCheck(token, 0, token.length);
  return quick >= 0 ? quick : quickForm(token, 0, token.length);
}

test('the tokenizer classifies every token as the shortcuts do', () => {
  const typical = 'N0450F350 DVR6J DCT KONAN UL9 W615A M082 F370 N0450 A045 PTSAB SID VFR DCT/N0450F350 ';
  assert.deepEqual(tokenKinds(typical), typical.trim().split(' ').map(shortcutKind));
  const part = fc.constantFrom(
    ...'A B C D F K L M N P S T U V W Z 0 1 4 5 8 9 / d é'.split(' '),
    'DCT',
    'PTS',
    'SID',
    'VFR',
    'IFR',
    'OAT',
    'GAT',
    'NAT',
  );
  const blank = fc.constantFrom(' ', '  ', '\t', '\u00a0', '\u2003');
  const capital = fc.constantFrom(...'ACDFKMNPSTUVWZ'.split(''));
  const digit = fc.constantFrom(...'0123456789'.split(''));
  // Capitals, digits and a tail: the shapes the tokenizer settles itself, and their neighbours.
  const shaped = fc
    .tuple(fc.array(capital, { maxLength: 6 }), fc.array(digit, { maxLength: 7 }), fc.array(part, { maxLength: 2 }))
    .map(([l, d, t]) => l.join('') + d.join('') + t.join(''))
    .filter((t) => t.length > 0);
  // Composite shapes, whole or cut and with something added: the tokenizer scans them once for quickForm.
  const composite = fc
    .tuple(
      fc.constantFrom(
        'N0450F350',
        'KONAN/N0450F350',
        '46N030W/M082F350',
        '4620N07805W/K0830S1130',
        'DVR180040/N0450F350',
        'C/46N030W/M082F290F350',
        'C/KONAN/N0450F290PLUS',
        'C/DVR180040/N0450F290F350',
        '4620N07805W',
        'DVR180040',
        'STAY1/0030',
      ),
      fc.nat(30),
      fc.array(part, { maxLength: 2 }),
    )
    .map(([t, cut, extra]) => t.slice(0, Math.max(1, t.length - (cut % 4))) + extra.join(''));
  const token = fc.oneof(
    shaped,
    composite,
    fc.array(part, { minLength: 1, maxLength: 9 }).map((p) => p.join('')),
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(token, blank), { minLength: 1, maxLength: 8 }), (pairs) => {
      const line = pairs.map(([t, b]) => t + b).join('');
      const tokens = pairs.map(([t]) => t);
      assert.deepEqual(tokenKinds(line), tokens.map(shortcutKind), JSON.stringify(line));
      // The same without the last blank: the end of the text ends the last token.
      assert.deepEqual(tokenKinds(line.trimEnd()), tokens.map(shortcutKind), JSON.stringify(line.trimEnd()));
    }),
    { numRuns: 3000 },
  );
});
