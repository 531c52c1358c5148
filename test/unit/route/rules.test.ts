/** Every diagnostic code, each on its exact range, from the examples table. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { DIAGNOSTIC_CODES, parseRouteDocument } from '../../../server/src/route';
import { codesOf } from '../../../server/src/route/codes';
import { EXAMPLES, parseExample } from './examples';
import { allDiagnostics, first } from './helpers';
import { currentDoc, currentReadme, diagnosticsMarkdown, readmeWithDiagnostics } from './diagnosticsDoc';

for (const ex of EXAMPLES) {
  test(`${ex.code}: ${DIAGNOSTIC_CODES[ex.code as keyof typeof DIAGNOSTIC_CODES]?.title}`, () => {
    const found = allDiagnostics(parseExample(ex)).filter((d) => d.code === ex.code);
    assert.ok(
      found.length > 0,
      `${ex.code} not reported for ${JSON.stringify(ex.text)}; got ${allDiagnostics(parseExample(ex))
        .map((d) => d.code)
        .join(' ')}`,
    );
    const [line, start, a, b] = ex.at;
    const expected =
      b === undefined
        ? { start: { line, character: start }, end: { line, character: a } }
        : { start: { line, character: start }, end: { line: a, character: b } };
    const d = found.find((x) => JSON.stringify(x.range) === JSON.stringify(expected)) ?? first(found);
    assert.deepEqual(d.range, expected, `${ex.code} range: ${d.message}`);
    assert.ok(d.message.includes(ex.says), `${ex.code} message "${d.message}" should say "${ex.says}"`);
    assert.equal(d.severity, DIAGNOSTIC_CODES[ex.code as keyof typeof DIAGNOSTIC_CODES].severity);
  });
}

test('every parser code (R) in DIAGNOSTIC_CODES has an example, and every example a code', () => {
  assert.deepEqual(EXAMPLES.map((e) => e.code).sort(), codesOf('R').sort());
});

test('clean routes give no findings', () => {
  const clean = [
    'N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI',
    'EGLL N0450F350 DET1J DET L6 DVR UL9 KONAN UL607 AMASI KERAX2B EDDF',
    'M082F370 DVR DCT 50N020W 52N030W 54N040W DCT KONAN',
    'N0120VFR DVR DCT LN/N0120A045 IFR DCT KONAN',
    'N0450F350 DVR DCT C/48N050W/M082F290F350 DCT KONAN T',
    'K0830S1130 DUB180040 DCT 4620N07805W DUB090020',
    'N0450F350 SID DVR UL9 KONAN STAR',
    'N0450F350 KOK NATD 52N020W',
  ];
  for (const text of clean) assert.deepEqual(allDiagnostics(parseRouteDocument(text)), [], text);
});

test('a parse never stops at the first error: later problems are reported too', () => {
  const codes = allDiagnostics(parseRouteDocument('N045F350 DVR UL9 DCT KONAN 95N010W dvr UL607')).map((d) => d.code);
  assert.deepEqual(codes, ['R103', 'R205', 'R105', 'R206', 'R102', 'R206', 'R202']);
});

test('findings are sorted by position within a block', () => {
  const ds = allDiagnostics(parseRouteDocument('N0450F350 DVR UL9 UL607 KONAN KOK X'));
  const positions = ds.map((d) => d.range.start.character);
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
  );
});

test('quick-fix data: the upper-case replacement and the DCT insertion point', () => {
  const lower = allDiagnostics(parseRouteDocument('N0450F350 dvr')).find((d) => d.code === 'R102');
  assert.deepEqual(lower?.data, { replacement: 'DVR' });
  const dct = allDiagnostics(parseRouteDocument('N0450F350 DVR KONAN')).find((d) => d.code === 'R206');
  assert.deepEqual(dct?.data, { insert: 'DCT ', at: { line: 0, character: 14 } });
});

test('docs/diagnostics.md lists every code with the messages the parser gives', () => {
  assert.equal(
    currentDoc(),
    diagnosticsMarkdown(),
    'docs/diagnostics.md is stale: node --import tsx test/unit/route/diagnosticsDoc.ts --write',
  );
});

test("the README's diagnostics section is the generated one", () => {
  const readme = currentReadme();
  assert.equal(
    readme,
    readmeWithDiagnostics(readme),
    'README.md diagnostics are stale: node --import tsx test/unit/route/diagnosticsDoc.ts --write',
  );
});

test('annotations (VFR/IFR, OAT/GAT, IFPSTOP/IFPSTART, STAY) belong to the point before them, also in a row', () => {
  const ok = 'N0450F350 DVR DCT BUB GAT IFPSTOP STAY1/0030 DCT KONAN';
  assert.deepEqual(allDiagnostics(parseRouteDocument(ok)), []);
  // Two points with only annotations between them still want DCT.
  const missing = allDiagnostics(parseRouteDocument('N0450F350 DVR DCT BUB OAT KONAN'));
  assert.deepEqual(
    missing.map((d) => [d.code, d.range.start.character]),
    [['R206', 26]],
  );
  assert.match(first(missing).message, /between BUB and KONAN/);
  const vfr = allDiagnostics(parseRouteDocument('N0120VFR DVR DCT KONAN OAT IFR DCT LN'));
  assert.deepEqual(
    vfr.map((d) => d.code),
    ['R212'],
  );
  assert.match(first(vfr).message, /at KONAN/);
});
