/** FPL field contents checked against Doc 4444 Appendix 2 (rules quoted in the test names). */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseRouteDocument } from '../../../server/src/route';
import { isBlankCode } from '../../../server/src/route/routeText';
import { first, nth } from './helpers';

const fpl = (
  f9 = 'A320/M',
  f10 = 'SDE2E3FGIJ1RWY/LB1',
  f13 = 'EGLL1200',
  f16 = 'EDDF0105 EDDK',
  f18 = 'DOF/261121',
): string => `(FPL-DLH4AB-IS-${f9}-${f10}-${f13}-N0450F350 DVR UL9 KONAN-${f16}-${f18})`;

function messages(text: string, code: string): string[] {
  return parseRouteDocument(text).blocks.flatMap((b) =>
    b.diagnostics.filter((d) => d.code === code).map((d) => d.message),
  );
}

test('a clean message gives no findings', () => {
  assert.deepEqual(
    first(
      parseRouteDocument(
        fpl(
          undefined,
          undefined,
          undefined,
          undefined,
          'PBN/A1B1C1D1 DOF/261121 REG/DAIPX EET/EDUU0015 LFFF0050 SEL/ABCD CODE/3C4B1A STS/HOSP RMK/ANY TEXT',
        ),
      ).blocks,
    ).diagnostics,
    [],
  );
});

test('Field 10: "N or S and/or … A B C D E1 … Z" and "N or … A C E H I L P S X B1 B2 U1 U2 V1 V2 D1 G1": codes from the ICAO lists', () => {
  assert.equal(messages(fpl(undefined, 'SDQFG/Q9'), 'R306').length, 2);
  assert.equal(messages(fpl(undefined, 'SDE9/LB1'), 'R306').length, 1);
  assert.deepEqual(messages(fpl(undefined, 'N/N'), 'R306'), []);
  // Every code of both lists (B2 U2 V2 include B1 U1 V1: one of each pair, issue 23 item 10).
  assert.deepEqual(messages(fpl(undefined, 'SDE1E2E3FGHIJ1J3J5KM1OP2RTUVWXYZ/EB2U2V2D1G1'), 'R306'), []);
  assert.deepEqual(messages(fpl(undefined, 'SDE1E2E3FGHIJ1J3J5KM1OP2RTUVWXYZ/LB1U1V1'), 'R306'), []);
});

test('Fields 13 and 16: "estimated off-block time" and "total estimated elapsed time" are real times', () => {
  assert.equal(messages(fpl(undefined, undefined, 'EGLL2460'), 'R307').length, 1);
  assert.equal(messages(fpl(undefined, undefined, 'EGLL1275'), 'R307').length, 1);
  assert.equal(messages(fpl(undefined, undefined, undefined, 'EDDF0175'), 'R308').length, 1);
  assert.deepEqual(
    messages(fpl(undefined, undefined, 'EGLL2359', 'EDDF2559'), 'R307').concat(
      messages(fpl(undefined, undefined, 'EGLL2359', 'EDDF2559'), 'R308'),
    ),
    [],
  );
});

test('Field 18: only the indicators of Doc 4444, each value in its format', () => {
  assert.match(
    first(messages(fpl(undefined, undefined, undefined, undefined, 'XYZ/ABC'), 'R309')),
    /XYZ\/ is not a field 18 indicator/,
  );
  assert.match(first(messages(fpl(undefined, undefined, undefined, undefined, 'DOF/261321'), 'R309')), /real date/);
  assert.match(first(messages(fpl(undefined, undefined, undefined, undefined, 'DOF/260230'), 'R309')), /real date/);
  assert.deepEqual(messages(fpl(undefined, undefined, undefined, undefined, 'DOF/280229'), 'R309'), []);
  assert.match(
    first(messages(fpl(undefined, undefined, undefined, undefined, 'EET/0015'), 'R309')),
    /designator \+ elapsed time/,
  );
  assert.match(first(messages(fpl(undefined, undefined, undefined, undefined, 'EET/EDUU0075'), 'R309')), /mm 00–59/);
  // "PBN/ … Indication of RNAV and/or RNP capabilities. Include as many … as apply": needs R in 10a.
  assert.match(
    first(messages(fpl(undefined, 'SDFGI/S', undefined, undefined, 'PBN/A1B1'), 'R309')),
    /R \(PBN approved\)/,
  );
  assert.match(
    first(messages(fpl(undefined, undefined, undefined, undefined, 'STS/FAST'), 'R309')),
    /special handling/,
  );
  // "TYP/ Type(s) of aircraft … if ZZZZ is inserted in Item 9".
  assert.match(first(messages(fpl('ZZZZ/L', undefined, undefined, undefined, 'DOF/261121'), 'R309')), /TYP\//);
  assert.deepEqual(messages(fpl('ZZZZ/L', undefined, undefined, undefined, 'TYP/GLIDER DOF/261121'), 'R309'), []);
});

test('Field 18 PBN/: the quick reading of a plain list accepts exactly what the full test accepts', () => {
  const pbn = (value: string): string[] =>
    messages(fpl(undefined, undefined, undefined, undefined, `PBN/${value}`), 'R309');
  const every = ['A1', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'C1', 'C2', 'C3', 'C4', 'D1', 'D2', 'D3', 'D4'];
  const rest = ['L1', 'O1', 'O2', 'O3', 'O4', 'S1', 'S2', 'T1', 'T2'];
  for (const codes of [every.slice(0, 8), every.slice(8), rest.slice(0, 8), rest.slice(8)])
    assert.deepEqual(pbn(codes.join('')), []);
  assert.deepEqual(pbn('a1b1'), []);
  assert.match(first(pbn('A1B1C1D1L1O1S1T1D2')), /9 codes, but PBN\/ holds at most 8/);
  assert.match(first(pbn('A1B1A1')), /A1 given twice/);
  assert.match(first(pbn('A1C5')), /C5 is not a PBN code/);
  assert.match(first(pbn('A0')), /A0 is not a PBN code/);
  assert.match(first(pbn('A1B')), /a letter and a digit written together/);
  assert.match(first(pbn('1A')), /a letter and a digit written together/);
});

test('Field 18: an indicator reads the same in any letter case, known or not', () => {
  const items = (f18: string) =>
    first(parseRouteDocument(fpl(undefined, undefined, undefined, undefined, f18)).blocks).fpl!.otherInformation.map(
      (i) => i.indicator,
    );
  assert.deepEqual(items('dof/261121 Reg/DAIPX e/0300 STS/HOSP xyz/1 stayinfo1/X'), [
    'DOF',
    'REG',
    'E',
    'STS',
    'XYZ',
    'STAYINFO1',
  ]);
  assert.match(first(messages(fpl(undefined, undefined, undefined, undefined, 'dof/261321'), 'R309')), /real date/);
  assert.match(
    first(messages(fpl(undefined, undefined, undefined, undefined, 'RFP/Q1'), 'R322')),
    /replacement flight plan/,
  );
  assert.match(first(messages(fpl(undefined, undefined, undefined, undefined, 'REG/A REG/B'), 'R324')), /given twice/);
});

test('Field 18: items read the same across runs of spaces, other blanks and lines', () => {
  const head = '(FPL-DLH4AB-IS-A320/M-SDE2E3FGIJ1RWY/LB1-EGLL1200-N0450F350 DVR UL9 KONAN-EDDF0105 EDDK-';
  const items = (f18: string) =>
    first(parseRouteDocument(head + f18).blocks).fpl!.otherInformation.map((i) => [
      i.indicator,
      i.value,
      i.range.start.line,
      i.range.start.character,
      i.range.end.line,
      i.range.end.character,
    ]);
  assert.deepEqual(items('DOF/261121\tREG/DAIPX\u00a0EET/EDUU0015\u2003LFFF0050 RMK/A  B  )'), [
    ['DOF', '261121', 0, 88, 0, 98],
    ['REG', 'DAIPX', 0, 99, 0, 108],
    ['EET', 'EDUU0015 LFFF0050', 0, 109, 0, 130],
    ['RMK', 'A B', 0, 131, 0, 139],
  ]);
  assert.deepEqual(items('  0 DOF/261121  REG/DAIPX EET/EDUU0015 LFFF0050 RMK/A  B XX)'), [
    ['DOF', '261121', 0, 92, 0, 102],
    ['REG', 'DAIPX', 0, 104, 0, 113],
    ['EET', 'EDUU0015 LFFF0050', 0, 114, 0, 135],
    ['RMK', 'A B XX', 0, 136, 0, 147],
  ]);
  assert.deepEqual(items('DOF/261121 RMK/A\n B C\u3000D)'), [
    ['DOF', '261121', 0, 88, 0, 98],
    ['RMK', 'A B C D', 0, 99, 1, 6],
  ]);
});

test('Field 18: an indicator given twice is found in any letter case, known or not, and only within its message', () => {
  const codes = (f18: string): string[] =>
    first(parseRouteDocument(fpl(undefined, undefined, undefined, undefined, f18)).blocks)
      .diagnostics.map((d) => d.code)
      .filter((c) => c === 'R323' || c === 'R324');
  assert.deepEqual(codes('reg/A DOF/261121 REG/B'), ['R324']);
  assert.deepEqual(codes('RMK/X DOF/261121 rmk/x'), ['R323']);
  assert.deepEqual(codes('XYZ/1 DOF/261121 XYZ/1'), ['R323']);
  assert.deepEqual(codes('STAYINFO1/A STAYINFO1/A'), ['R323']);
  assert.deepEqual(codes('RFP/Q1 RFP/Q1'), ['R323']);
  assert.deepEqual(codes('DOF/261121 REG/DAIPX RMK/A'), []);
  // The same indicators in two messages are no repeat.
  const two = `${fpl(undefined, undefined, undefined, undefined, 'DOF/261121 REG/A')}\n\n${fpl(undefined, undefined, undefined, undefined, 'REG/B DOF/261121')}`;
  assert.deepEqual(
    parseRouteDocument(two)
      .blocks.flatMap((b) => b.diagnostics.map((d) => d.code))
      .filter((c) => c === 'R323' || c === 'R324'),
    [],
  );
});

test('a tab or a wide blank in place of a space reads the same (fast paths for spaces and ASCII lines); a wide blank adds its R325', () => {
  const route = ['DVR', 'UL9', 'KONAN', 'KERAX2B', 'kerax2b', 'DCT', 'N0460F370', '46N078W', 'EGLL', 'T', '(X', 'Y)'];
  const other = [
    ...['DOF/261121', 'dof/261121', 'REG/DAIPX', 'REG/X', 'reg/x', 'PBN/A1B1', 'PBN/A1A1', 'EET/EDUU0015', 'LFFF0050'],
    ...[
      'RMK/A',
      'rmk/a',
      'B',
      'STAYINFO1/A',
      'E/0300',
      'XYZ/1',
      '0',
      'RFP/Q1',
      'SEL/ABCD',
      'DEST/X',
      'A(B',
      'C-D',
      'E)F',
    ],
  ];
  const message = fc
    .tuple(
      fc.array(fc.constantFrom(...route), { maxLength: 8 }),
      fc.array(fc.constantFrom(...other), { maxLength: 10 }),
      fc.constantFrom(' ', '\n', '\r\n '),
    )
    .map(
      ([r, o, nl]) =>
        `(FPL-DLH4AB-IS-A320/M-SDE2E3FGIJ1RWY/LB1-EGLL1200-N0450F350 ${r.join(' ')}-EDDF0105 EDDK-${o.join(' ')}${nl})`,
    );
  const read = (text: string) => {
    const block = first(parseRouteDocument(text).blocks);
    return {
      findings: block.diagnostics.map(
        (d) => `${d.code}@${d.range.start.line}:${d.range.start.character}-${d.range.end.character}`,
      ),
      // Each field's place (its text is the text as written, blanks and all).
      fields: JSON.stringify(block.fpl?.fields.map((f) => [f.number, f.range])),
      items: JSON.stringify(block.fpl?.otherInformation),
      elements: JSON.stringify(block.elements.map((e) => [e.kind, e.text, e.range])),
    };
  };
  fc.assert(
    fc.property(message, fc.nat(), fc.constantFrom('\t', '\u00a0', '\u2003', '\u3000', '\u1680'), (text, k, blank) => {
      // A space inside the message (after its ')' a blank is part of the text reported after it).
      const spaces = [...text.matchAll(/ /g)].map((m) => m.index).filter((i) => i < text.indexOf(')'));
      const at = nth(spaces, k % spaces.length, 'space');
      const variant = `${text.slice(0, at)}${blank}${text.slice(at + 1)}`;
      const plain = read(text);
      const blanked = read(variant);
      assert.equal(blanked.fields, plain.fields, JSON.stringify(variant));
      assert.equal(blanked.items, plain.items, JSON.stringify(variant));
      assert.equal(blanked.elements, plain.elements, JSON.stringify(variant));
      const line = text.slice(0, at).split(/\r\n|\n/).length - 1;
      const character = at - (Math.max(text.lastIndexOf('\n', at - 1), -1) + 1);
      const added = blank === '\t' ? [] : [`R325@${line}:${character}-${character + 1}`];
      assert.deepEqual(
        blanked.findings.filter((f) => !plain.findings.includes(f)),
        added,
        JSON.stringify(variant),
      );
      assert.deepEqual(
        plain.findings.filter((f) => !blanked.findings.includes(f)),
        [],
        JSON.stringify(variant),
      );
    }),
    { numRuns: 300 },
  );
});

test('Field 18: every blank the route text knows separates its items, as a space does (its own search for blanks)', () => {
  const blanks = Array.from({ length: 0x10000 }, (_, c) => c).filter((c) => c !== 32 && isBlankCode(c));
  assert.ok(blanks.length >= 20, `${blanks.length} blanks`);
  for (const c of blanks) {
    const f18 = `DOF/261121${String.fromCharCode(c)}REG/DAIPX`;
    const items = first(
      parseRouteDocument(fpl(undefined, undefined, undefined, undefined, f18)).blocks,
    ).fpl!.otherInformation.map((i) => `${i.indicator}/${i.value}`);
    assert.deepEqual(items, ['DOF/261121', 'REG/DAIPX'], `U+${c.toString(16).padStart(4, '0')}`);
  }
});
