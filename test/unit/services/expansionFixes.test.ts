/**
 * Quick fixes where route expansion knows the answer, on real expansions: the fix is applied and
 * the route expanded again, and the finding must be gone.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { CodeAction } from 'vscode-languageserver-types';
import { expandRoute, oneEditApart } from '../../../server/src/expansion/offlineExpansion';
import { loadNavDatabase, NavDatabaseBuilder, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { codeActions } from '../../../server/src/services/codeActions';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { applyEdits } from './edits';
import { first, nth } from '../route/helpers';

const live = { isCancellationRequested: false };
const URI = 'file:///routes/fixes.route';
let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

function expansionCodes(text: string, data = db): string[] {
  return expandRoute(first(parseRouteDocument(text).blocks), data).findings.map((f) => f.code);
}

function fixes(text: string, code: string, data = db): CodeAction[] {
  const document = parseRouteDocument(text);
  const findings = expandRoute(first(document.blocks), data).findings;
  const diagnostics = documentDiagnostics(document, live, findings).filter((d) => d.code === code);
  assert.equal(diagnostics.length, 1, `one ${code} in ${JSON.stringify(findings.map((f) => f.code))}`);
  return codeActions(URI, document, new LineIndex(text), first(diagnostics).range, diagnostics, live);
}

function apply(text: string, action: CodeAction): string {
  const edits = action.edit?.changes?.[URI];
  assert.ok(edits, `${action.title}: no edits to ${URI}`);
  return applyEdits(text, edits);
}

/** A navigation database of named fixes ([lat, lon]) and airway segments between them. */
function syntheticData(fixes: Record<string, [number, number]>, segments: [string, string, string][]): NavDatabase {
  const builder = new NavDatabaseBuilder();
  for (const [name, [lat, lon]] of Object.entries(fixes)) builder.addFix(name, lat, lon);
  const at = (name: string) => builder.findSamePlace(name, ...fixes[name]!);
  for (const [airway, from, to] of segments) builder.addSegment(airway, at(from), at(to));
  return builder.build({
    folder: 'synthetic',
    files: [],
    missing: [],
    fixes: 0,
    navaids: 0,
    aerodromes: 0,
    airways: 0,
    airwaySegments: 0,
    milliseconds: 0,
  });
}

test('one edit apart: a letter replaced, added, removed, or two neighbours swapped', () => {
  for (const [a, b] of [
    ['AMASO', 'AMASI'],
    ['AMAS', 'AMASI'],
    ['AMMASI', 'AMASI'],
    ['AMSAI', 'AMASI'],
  ] as const)
    assert.ok(oneEditApart(a, b), `${a} ${b}`);
  for (const [a, b] of [
    ['AMASI', 'AMASI'],
    ['AMOSO', 'AMASI'],
    ['AM', 'AMASI'],
    ['MAASO', 'AMASI'],
  ] as const)
    assert.ok(!oneEditApart(a, b), `${a} ${b}`);
});

test('X001: a misspelt exit point one edit away from a point on the airway is replaced by it', () => {
  const text = 'N0450F350 DVR UL9 KONAN UL607 AMASO';
  const [action, ...more] = fixes(text, 'X001');
  assert.equal(more.length, 0);
  assert.ok(action, 'a fix is offered');
  assert.equal(action.title, 'Replace AMASO by AMASI (on the airway)');
  assert.equal(action.isPreferred, true);
  const fixed = apply(text, action);
  assert.equal(fixed, 'N0450F350 DVR UL9 KONAN UL607 AMASI');
  assert.deepEqual(expansionCodes(fixed), []);
  // Nothing one edit away: no fix is guessed.
  const far = 'N0450F350 DVR UL9 KONAN UL607 ZZZZZ';
  assert.deepEqual(fixes(far, 'X001'), []);
});

test('X001 off airways: a name one edit away near the route is offered, one far away is not', () => {
  const text = 'N0450F350 DVR DCT KNOAN DCT KOK';
  const [action, ...more] = fixes(text, 'X001');
  assert.equal(more.length, 0);
  assert.ok(action, 'a fix is offered');
  assert.equal(action.title, 'Replace KNOAN by KONAN (near the route)');
  const fixed = apply(text, action);
  assert.equal(fixed, 'N0450F350 DVR DCT KONAN DCT KOK');
  assert.deepEqual(expansionCodes(fixed), []);
  // ALPHA is one edit from ALPHB, but the route runs 5,000 km away from it.
  const data = syntheticData({ ALPHA: [0, 0], NEARA: [50, 0], NEARB: [50.5, 0.5] }, []);
  assert.deepEqual(fixes('N0450F350 NEARA DCT ALPHB DCT NEARB', 'X001', data), []);
  const close = syntheticData({ ALPHA: [50.2, 0.2], NEARA: [50, 0], NEARB: [50.5, 0.5] }, []);
  assert.deepEqual(
    fixes('N0450F350 NEARA DCT ALPHB DCT NEARB', 'X001', close).map((a) => a.title),
    ['Replace ALPHB by ALPHA (near the route)'],
  );
});

test('X002: an airway that does not pass the point it is joined at is replaced by one that does', () => {
  const text = 'N0450F350 DVR UL607 KONAN';
  const actions = fixes(text, 'X002');
  // L9 and UL9 both join DVR to KONAN: both offered, neither preferred.
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Replace UL607 by L9 (passes DVR and KONAN)', 'Replace UL607 by UL9 (passes DVR and KONAN)'],
  );
  assert.ok(actions.every((a) => !a.isPreferred));
  const fixed = apply(text, nth(actions, 1));
  assert.equal(fixed, 'N0450F350 DVR UL9 KONAN');
  assert.deepEqual(expansionCodes(fixed), []);
});

test('X004: a far jump between two points gets the airway that joins them', () => {
  // Two waypoints 1,200 NM apart on the equator, joined by airway A1 (and by nothing else).
  const data = syntheticData({ WESTA: [0, 0], EASTA: [0, 20], OTHER: [10, 10] }, [
    ['A1', 'WESTA', 'EASTA'],
    ['B2', 'WESTA', 'OTHER'],
  ]);

  const withDirect = 'N0450F350 WESTA DCT EASTA';
  const instead = first(fixes(withDirect, 'X004', data));
  assert.equal(instead.title, 'Fly A1 between WESTA and EASTA instead of DCT');
  assert.equal(apply(withDirect, instead), 'N0450F350 WESTA A1 EASTA');
  assert.deepEqual(expansionCodes(apply(withDirect, instead), data), []);

  const adjacent = 'N0450F350 WESTA EASTA';
  const insert = first(fixes(adjacent, 'X004', data));
  assert.equal(insert.title, 'Insert A1 between WESTA and EASTA');
  assert.equal(apply(adjacent, insert), 'N0450F350 WESTA A1 EASTA');
});

test('X002 on a point: a real name elsewhere that is one edit from a point of the airway gets that point', () => {
  // KONAM is a real fix, but not on UL9: the slip for KONAN is still offered.
  const text = 'N0450F350 DVR UL9 KONAM';
  const actions = fixes(text, 'X002');
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Replace KONAM by KONAN (on the airway)'],
  );
  assert.equal(apply(text, first(actions)), 'N0450F350 DVR UL9 KONAN');
  assert.deepEqual(expansionCodes(apply(text, first(actions))), []);
});

test('X002 on a point: the airways that do pass it replace the airway, not the point', () => {
  const data = syntheticData({ ALPHA: [0, 0], BRAVO: [0, 2], CHARL: [2, 0] }, [
    ['A1', 'ALPHA', 'BRAVO'],
    ['B2', 'ALPHA', 'CHARL'],
  ]);
  const text = 'N0450F350 ALPHA A1 CHARL';
  const actions = fixes(text, 'X002', data);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Replace A1 by B2 (passes CHARL)'],
  );
  assert.equal(apply(text, first(actions)), 'N0450F350 ALPHA B2 CHARL');
  assert.deepEqual(expansionCodes(apply(text, first(actions)), data), []);
});
