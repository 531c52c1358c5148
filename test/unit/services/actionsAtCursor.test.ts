/**
 * Ctrl+. offers the actions of the diagnostics at the cursor only (issue 26, item 3): nothing on
 * a comment or a blank line, a whole route's actions inside its block only, each action once.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { parseRouteDocument } from '../../../server/src/route';
import { actionsAtCursor } from '../../../server/src/services/actionsAtCursor';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';

const live = { isCancellationRequested: false };
const URI = 'file:///routes/scoped.route';
const TEXT = [
  '# Two routes with findings, and a comment between them.',
  'N0450F350 dvr UL9 KONAN',
  '# a comment inside the block',
  'N0450F350 DVR KONAN UL607 AMASI',
  '',
  'N0450F350 DVR UL9 KONAN',
].join('\n');

/** A conflict on `line` as the flight conflicts give it, with its area and one NOTAM. */
function conflict(line: number, start: number, end: number, area: string): Diagnostic {
  return {
    code: 'F001',
    source: 'icao-route',
    severity: 3,
    message: `The flight crosses ${area}`,
    range: { start: { line, character: start }, end: { line, character: end } },
    data: { itemId: area, name: area, notams: [{ number: 'A0001/26', text: `${area} ACTIVATED` }] },
  };
}

function setUp() {
  const document = parseRouteDocument(TEXT);
  const lines = new LineIndex(TEXT);
  const diagnostics = [
    ...documentDiagnostics(document, live),
    conflict(5, 14, 17, 'EGD001'),
    // The same area reached by the airway and by the point after it: one Reveal, one Open.
    conflict(5, 18, 23, 'EGD001'),
    // A finding of the whole route (its block), as the hub's H004 is.
    {
      code: 'H004',
      source: 'icao-route',
      severity: 1,
      message: 'The hub rejected the route text',
      range: { start: { line: 5, character: 0 }, end: { line: 5, character: 23 } },
    } satisfies Diagnostic,
  ];
  const at = (line: number, character: number, endCharacter = character) =>
    actionsAtCursor(
      URI,
      document,
      lines,
      { start: { line, character }, end: { line, character: endCharacter } },
      diagnostics,
      live,
    ).map((a) => a.title);
  return { at, diagnostics };
}

test('a comment line or a blank line offers nothing, even with the whole file full of findings', () => {
  const { at, diagnostics } = setUp();
  assert.ok(diagnostics.length >= 5, 'the document has findings to offer fixes for');
  assert.deepEqual(at(0, 5), []);
  assert.deepEqual(at(2, 3), []);
  assert.deepEqual(at(4, 0), []);
});

test('the fixes of the diagnostics under the cursor only', () => {
  const { at } = setUp();
  assert.deepEqual(at(1, 11), ['Write DVR in upper case']);
  assert.deepEqual(at(3, 14), ['Insert DCT between DVR and KONAN']);
  // Between the elements of line 1, where no finding lies: nothing either.
  assert.deepEqual(at(1, 10), ['Write DVR in upper case']);
  assert.deepEqual(at(1, 22), []);
});

test('a route-wide finding reaches its own block only, and each action is listed once', () => {
  const { at } = setUp();
  assert.deepEqual(at(5, 20), ['Reveal EGD001 on the map', 'Open NOTAM A0001/26 of EGD001']);
  assert.deepEqual(at(5, 2), []);
  assert.deepEqual(at(3, 2), []);
});
