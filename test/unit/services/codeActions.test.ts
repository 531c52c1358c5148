import assert from 'node:assert/strict';
import test from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { parseRouteDocument } from '../../../server/src/route';
import { codeActions, stillCurrent } from '../../../server/src/services/codeActions';
import { icaoCoordinate as coordinate } from '../../../server/src/route/describe';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { applyEdits } from './edits';
import { first, nth } from '../route/helpers';

const live = { isCancellationRequested: false };
const URI = 'file:///routes/test.route';

/** The fixes offered for the diagnostics with `code`, as the editor would ask for them. */
function fixesFor(
  text: string,
  code: string,
  diagnostics?: Diagnostic[],
): { actions: CodeAction[]; diagnostics: Diagnostic[] } {
  const document = parseRouteDocument(text);
  const all = diagnostics ?? documentDiagnostics(document, live);
  const matching = all.filter((d) => d.code === code);
  assert.ok(matching.length > 0, `no ${code} in ${JSON.stringify(all.map((d) => d.code))}`);
  const actions = matching.flatMap((d) => codeActions(URI, document, new LineIndex(text), d.range, [d], live));
  return { actions, diagnostics: matching };
}

/** Applies `action`, which must have been offered (a missing fix fails the test here). */
function applyOnly(text: string, action: CodeAction | undefined): string {
  assert.ok(action, 'no fix offered');
  assert.equal(action.kind, 'quickfix');
  const edits = action.edit?.changes?.[URI];
  assert.ok(edits && edits.length > 0, action.title);
  return applyEdits(text, edits);
}

function codesOf(text: string): string[] {
  return documentDiagnostics(parseRouteDocument(text), live).map((d) => String(d.code));
}

test('a lower-case element is written in upper case, and the warning goes away', () => {
  const text = 'n0450f350 dvr UL9 konan';
  const { actions } = fixesFor(text, 'R102');
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Write N0450F350 in upper case', 'Write DVR in upper case', 'Write KONAN in upper case'],
  );
  let fixed = text;
  // Each fix touches only its element, so they can be applied one after the other.
  for (const action of actions) fixed = applyOnly(fixed, action);
  assert.equal(fixed, 'N0450F350 DVR UL9 KONAN');
  assert.deepEqual(codesOf(fixed), []);
});

test('DCT is inserted between two coded points, also across a line break', () => {
  const text = 'N0450F350 DVR KONAN UL607 AMASI';
  const { actions } = fixesFor(text, 'R206');
  assert.equal(actions.length, 1);
  assert.equal(first(actions).title, 'Insert DCT between DVR and KONAN');
  assert.equal(first(actions).isPreferred, true);
  const fixed = applyOnly(text, actions[0]);
  assert.equal(fixed, 'N0450F350 DVR DCT KONAN UL607 AMASI');
  assert.deepEqual(codesOf(fixed), []);

  const twoLines = 'N0480F340 POL UN57 GINGA\r\nGOMUP DCT 57N020W';
  const [across] = fixesFor(twoLines, 'R206').actions;
  const fixedAcross = applyOnly(twoLines, across);
  assert.equal(fixedAcross, 'N0480F340 POL UN57 GINGA\r\nDCT GOMUP DCT 57N020W');
  assert.deepEqual(codesOf(fixedAcross), []);
});

test('an unusual flight level is changed to the nearest usual one', () => {
  for (const [written, expected] of [
    ['F352', 'F350'],
    ['F213', 'F210'],
    ['F153', 'F155'],
    ['F011', 'F010'],
    ['F997', 'F990'],
  ]) {
    const text = `N0450${written} DVR UL9 KONAN`;
    const { actions } = fixesFor(text, 'R210');
    assert.equal(actions.length, 1, written);
    assert.equal(first(actions).title, `Change ${written} to ${expected}`);
    assert.equal(first(actions).isPreferred, true);
    const fixed = applyOnly(text, actions[0]);
    assert.equal(fixed, `N0450${expected} DVR UL9 KONAN`);
    assert.ok(!codesOf(fixed).includes('R210'), fixed);
  }
  // Halfway between two usual levels: both are offered, neither preferred.
  const halfway = fixesFor('N0450F355 DVR UL9 KONAN', 'R210').actions;
  assert.deepEqual(
    halfway.map((a) => [a.title, a.isPreferred]),
    [
      ['Change F355 to F350', false],
      ['Change F355 to F360', false],
    ],
  );
  // In a cruise climb each level has its own diagnostic and its own fix.
  const climb = 'N0450F350 DVR DCT C/48N050W/M082F291F352 DCT 50N050W';
  const fixes = fixesFor(climb, 'R210').actions;
  assert.deepEqual(
    fixes.map((a) => a.title),
    ['Change F291 to F290', 'Change F352 to F350'],
  );
  const fixed = applyOnly(applyOnly(climb, fixes[1]), fixes[0]);
  assert.equal(fixed, 'N0450F350 DVR DCT C/48N050W/M082F290F350 DCT 50N050W');
  assert.ok(!codesOf(fixed).includes('R210'), fixed);
});

test('no fix is offered where the fix is ambiguous', () => {
  // DCT after an airway: the missing exit point cannot be guessed.
  assert.deepEqual(fixesFor('N0450F350 DVR UL9 DCT KONAN', 'R205').actions, []);
  // Two airways without their joining point.
  assert.deepEqual(fixesFor('N0450F350 DVR UL9 UL607 AMASI', 'R203').actions, []);
});

test('an ambiguous first fix offers one referenceFix per candidate', () => {
  const text = 'origin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY';
  const document = parseRouteDocument(text);
  const sam = nth(first(document.blocks).elements, 1);
  // The shape the expansion reports (ExpansionResult.ambiguousFirstFix) in the diagnostic's data.
  const diagnostic: Diagnostic = {
    range: sam.range,
    severity: 2,
    code: 'X-ambiguous',
    source: 'icao-route',
    message: 'SAM names 2 points',
    data: {
      ident: 'SAM',
      candidates: [
        { ident: 'SAM', type: 'vor', lat: 50.955, lon: -1.345, region: 'EG', distanceToOriginNm: 4.2 },
        { ident: 'SAM', type: 'vor', lat: 37.69, lon: 26.91, region: 'LG' },
      ],
    },
  };
  const actions = codeActions(URI, document, new LineIndex(text), sam.range, [diagnostic], live);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Use SAM VOR EG at 5057N00121W, 4 NM from origin (referenceFix)', 'Use SAM VOR LG at 3741N02655E (referenceFix)'],
  );
  const fixed = applyOnly(text, actions[0]);
  assert.equal(fixed, 'referenceFix: 5057N00121W\norigin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY');
  assert.deepEqual(parseRouteDocument(fixed).blocks[0]?.referenceFix?.value, '5057N00121W');
  assert.deepEqual(codesOf(fixed), []);

  // With a referenceFix already there, its value is replaced.
  const withFix = 'referenceFix: OCK\nN0240F080 SAM DCT ORTAC DCT JSY';
  const doc2 = parseRouteDocument(withFix);
  const sam2 = nth(first(doc2.blocks).elements, 1);
  const [replace] = codeActions(
    URI,
    doc2,
    new LineIndex(withFix),
    sam2.range,
    [{ ...diagnostic, range: sam2.range }],
    live,
  );
  assert.equal(
    applyOnly(withFix, replace),
    'referenceFix: 3741N02655E\nN0240F080 SAM DCT ORTAC DCT JSY'.replace('3741N02655E', '5057N00121W'),
  );
});

test('coordinates are written as ddmmNdddmmE, rounded to the minute', () => {
  assert.equal(coordinate(50.955, -1.345), '5057N00121W');
  assert.equal(coordinate(-33.9461, 151.1772), '3357S15111E');
  assert.equal(coordinate(0, 0), '0000N00000E');
  assert.equal(coordinate(59.9999, 179.9999), '6000N18000E');
});

test('diagnostics outside the requested range or from other sources get no fix', () => {
  const text = 'n0450f350 DVR UL9 KONAN';
  const document = parseRouteDocument(text);
  const lower = first(documentDiagnostics(document, live));
  const elsewhere = { start: { line: 0, character: 14 }, end: { line: 0, character: 17 } };
  assert.deepEqual(codeActions(URI, document, new LineIndex(text), elsewhere, [lower], live), []);
  assert.deepEqual(
    codeActions(URI, document, new LineIndex(text), lower.range, [{ ...lower, source: 'eslint' }], live),
    [],
  );
  assert.deepEqual(
    codeActions(URI, document, new LineIndex(text), lower.range, [lower], { isCancellationRequested: true }),
    [],
  );
});

test('H003 from the hub: the origin position becomes the referenceFix, or nothing without usable data', () => {
  const text = '# Southampton to Jersey\norigin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY';
  const range = { start: { line: 3, character: 10 }, end: { line: 3, character: 13 } };
  const h003 = (data: unknown): Diagnostic => ({
    range,
    code: 'H003',
    source: 'icao-route',
    severity: 2,
    message: 'ambiguous',
    data,
  });
  const { actions } = fixesFor(text, 'H003', [
    h003({ ident: 'SAM', origin: { icao: 'EGHI', lat: 50.95, lon: -1.3567 } }),
  ]);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Use the SAM nearest the origin EGHI: referenceFix 5057N00121W'],
  );
  assert.equal(
    applyOnly(text, actions[0]),
    '# Southampton to Jersey\nreferenceFix: 5057N00121W\norigin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY',
  );

  // An existing referenceFix gets the new value instead of a second line.
  const withReference = '# x\nreferenceFix: XYZ\norigin: EGHI\nN0240F080 SAM DCT ORTAC';
  const moved = { start: { line: 3, character: 10 }, end: { line: 3, character: 13 } };
  const document = parseRouteDocument(withReference);
  const [replace] = codeActions(
    URI,
    document,
    new LineIndex(withReference),
    moved,
    [{ ...h003({ ident: 'SAM', origin: { icao: 'EGHI', lat: 50.95, lon: -1.3567 } }), range: moved }],
    live,
  );
  assert.equal(
    applyOnly(withReference, replace),
    '# x\nreferenceFix: 5057N00121W\norigin: EGHI\nN0240F080 SAM DCT ORTAC',
  );

  for (const data of [
    undefined,
    { ident: 'SAM' },
    { ident: 'SAM', origin: { icao: 'EGHI', lat: 'x', lon: 1 } },
    { ident: 'SAM', origin: { icao: 'EGHI', lat: Number.NaN, lon: 1 } },
  ]) {
    assert.deepEqual(fixesFor(text, 'H003', [h003(data)]).actions, [], JSON.stringify(data));
  }
});

test("a lone level or Mach number is joined to the point before it, with the first group's speed or level", () => {
  const text = 'N0450F350 DVR DCT KONAN F370 AMASI';
  const { actions } = fixesFor(text, 'R117');
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Write KONAN/N0450F370'],
  );
  const fixed = applyOnly(text, actions[0]);
  assert.equal(fixed, 'N0450F350 DVR DCT KONAN/N0450F370 AMASI');
  assert.deepEqual(codesOf(fixed), ['R206']);
  const mach = applyOnly('M082F350 DVR M084 KONAN', fixesFor('M082F350 DVR M084 KONAN', 'R117').actions[0]);
  assert.equal(mach, 'M082F350 DVR/M084F350 KONAN');
});

test('a speed/level group without a route gets DCT', () => {
  const { actions } = fixesFor('N0450F350', 'R217');
  const fixed = applyOnly('N0450F350', actions[0]);
  assert.equal(fixed, 'N0450F350 DCT');
  assert.deepEqual(codesOf(fixed), []);
});

test('stillCurrent takes ours as the current version has them (data included), and drops the ones it no longer has', () => {
  const range = { start: { line: 3, character: 10 }, end: { line: 3, character: 13 } };
  const own: Diagnostic[] = [
    { range, code: 'X005', source: 'icao-route', message: 'SAM names 4 places', data: { candidates: [] } },
  ];
  const dropped: Diagnostic = { range, code: 'X005', source: 'icao-route', message: 'SAM names 4 places' };
  assert.deepEqual(stillCurrent([dropped], own)[0]?.data, { candidates: [] });
  // Another message, code or range is a finding the current version does not have: dropped.
  for (const other of [
    { ...dropped, message: 'SAM names 3 places' },
    { ...dropped, code: 'X001' },
    { ...dropped, range: { ...range, end: { line: 3, character: 12 } } },
  ])
    assert.deepEqual(stillCurrent([other], own), []);
  // The data sent back is the one of the current version, not the client's copy.
  const kept: Diagnostic = { ...dropped, data: { candidates: ['old'] } };
  assert.deepEqual(stillCurrent([kept], own)[0]?.data, { candidates: [] });
  // Another extension's diagnostics are not ours to judge.
  const theirs: Diagnostic = { range, message: 'spelling', source: 'cSpell' };
  assert.deepEqual(stillCurrent([theirs], own), [theirs]);
});

/** An FPL message from Zurich to Paris (issue 23's quick fixes), lines 0–5. */
const MSG = (f10: string, f15: string, f18: string): string =>
  `(FPL-SWR12-IS\n-A320/M-${f10}\n-LSZH1200\n-${f15}\n-LFPG0045 LFPO\n-${f18})`;

test('FPL: the missing sensor letter is added to field 10a, and the finding goes away', () => {
  const text = MSG('SDRWY/S', 'N0450F350 GERSA UN851 DJL', 'PBN/C2');
  const { actions } = fixesFor(text, 'R316');
  assert.deepEqual(
    actions.map((a) => [a.title, a.isPreferred]),
    [['Add G to field 10a', true]],
  );
  const fixed = applyOnly(text, actions[0]);
  assert.match(fixed, /-A320\/M-SDRWYG\/S/);
  assert.deepEqual(codesOf(fixed), []);
});

test('FPL: PBN/ without R adds R; R without PBN/ offers PBN/ in field 18', () => {
  const text = MSG('SDGWY/S', 'N0450F350 GERSA UN851 DJL', 'PBN/A1B1');
  const added = fixesFor(text, 'R309').actions;
  assert.deepEqual(
    added.map((a) => a.title),
    ['Add R (PBN approved) to field 10a'],
  );
  assert.deepEqual(codesOf(applyOnly(text, added[0])), []);
  const noPbn = MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', 'DOF/270305');
  const insert = fixesFor(noPbn, 'R317').actions;
  assert.equal(insert.length, 1);
  assert.equal(first(insert).isPreferred, false, 'the codes are the filer’s to give');
  assert.match(applyOnly(noPbn, insert[0]), /\n-PBN\/ DOF\/270305\)$/);
  // A lone 0 is replaced by the indicator.
  assert.match(
    applyOnly(
      MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', '0'),
      fixesFor(MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', '0'), 'R317').actions[0],
    ),
    /\n-PBN\/\)$/,
  );
});

test('FPL: a duplicated field 18 item is removed', () => {
  const text = MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', 'PBN/A1B1 REG/HBJXA REG/HBJXA RMK/TCAS');
  const { actions } = fixesFor(text, 'R323');
  assert.equal(first(actions).title, 'Remove the duplicated REG/HBJXA');
  const fixed = applyOnly(text, actions[0]);
  assert.match(fixed, /\n-PBN\/A1B1 REG\/HBJXA RMK\/TCAS\)$/);
  assert.deepEqual(codesOf(fixed), []);
});

test('FPL: a non-ASCII blank is replaced by a space; an invisible character is removed', () => {
  const text = MSG('SDGRWY/S', 'N0450F350\u00a0GERSA UN851 DJL', 'PBN/A1B1');
  const { actions } = fixesFor(text, 'R325');
  assert.equal(first(actions).title, 'Replace U+00A0 (no-break space) with a space');
  assert.deepEqual(codesOf(applyOnly(text, actions[0])), []);
  const zw = 'N0450F350 GER\u200bSA UN851 DJL';
  const removal = fixesFor(zw, 'R114').actions;
  assert.equal(first(removal).title, 'Remove the invisible U+200B (zero-width space)');
  assert.equal(applyOnly(zw, removal[0]), 'N0450F350 GERSA UN851 DJL');
});

test('FPL: a hyphen in field 7, a number 1 in field 9, an aerodrome in field 15 and a lone 0 are fixed', () => {
  const hyphen = MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', 'PBN/A1B1').replace('SWR12', 'HB-XYZ');
  assert.deepEqual(codesOf(applyOnly(hyphen, fixesFor(hyphen, 'R327').actions[0])), []);
  const one = MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', 'PBN/A1B1').replace('A320/M', '1A320/M');
  assert.deepEqual(codesOf(applyOnly(one, fixesFor(one, 'R305').actions[0])), []);
  const aerodrome = MSG('SDGRWY/S', 'LSZH N0450F350 GERSA UN851 DJL LFPG', 'PBN/A1B1');
  let fixed = aerodrome;
  for (let i = 0; i < 2; i++) fixed = applyOnly(fixed, fixesFor(fixed, 'R321').actions[0]);
  assert.match(fixed, /\n-N0450F350 GERSA UN851 DJL\n/);
  assert.deepEqual(codesOf(fixed), []);
  const zero = MSG('SDGRWY/S', 'N0450F350 GERSA UN851 DJL', '0 PBN/A1B1');
  assert.match(applyOnly(zero, fixesFor(zero, 'R309').actions[0]), /\n-PBN\/A1B1\)$/);
});

test('R210 above FL410: F440 rounds to F430 or F450, neither preferred', () => {
  const text = 'N0470F440 DVR';
  const { actions } = fixesFor(text, 'R210');
  assert.deepEqual(
    actions.map((a) => [a.title, a.isPreferred]),
    [
      ['Change F440 to F430', false],
      ['Change F440 to F450', false],
    ],
  );
  const near = fixesFor('N0470F432 DVR', 'R210').actions;
  assert.deepEqual(
    near.map((a) => a.title),
    ['Change F432 to F430'],
  );
});
