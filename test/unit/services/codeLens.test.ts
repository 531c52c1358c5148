import assert from 'node:assert/strict';
import test from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import { SHOW_MAP_COMMAND } from '../../../common/commands';
import { MAX_CODE_LENSES, resolveRouteMapCodeLens, routeMapCodeLenses } from '../../../server/src/services/codeLens';

const live = { isCancellationRequested: false };
const TEXT = [
  '# Heathrow to Frankfurt',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS',
  '',
  '',
  'N0480F340 POL UN57 GINGA DCT GOMUP',
  '',
  '(FPL-DLH4AB-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DVR UL9 KONAN',
  '-EDDF0105 EDDK',
  '-DOF/261121)',
].join('\n');

test('one "Show on map" lens above each route block, opening the map on that block', () => {
  const document = parseRouteDocument(TEXT);
  const unresolved = routeMapCodeLenses(document, 7, live);
  // Sent without commands: the editor resolves the lenses it shows.
  assert.ok(unresolved.every((l) => l.command === undefined && l.data === 7));
  const lenses = unresolved.map((l) => resolveRouteMapCodeLens(l, 'file:///r.route'));
  assert.equal(lenses.length, 3);
  // A block starts at its comment header, so the lens sits above the comment.
  assert.deepEqual(
    lenses.map((l) => l.range.start.line),
    [0, 6, 8],
  );
  for (const lens of lenses) {
    assert.equal(lens.command?.title, 'Show on map');
    assert.equal(lens.command?.command, SHOW_MAP_COMMAND);
    assert.deepEqual(lens.command?.arguments, ['file:///r.route', lens.range.start]);
    assert.deepEqual(lens.range.start, lens.range.end);
  }
});

test('no lenses for an empty document or a cancelled request', () => {
  assert.deepEqual(routeMapCodeLenses(parseRouteDocument(''), 1, live), []);
  assert.deepEqual(routeMapCodeLenses(parseRouteDocument(TEXT), 1, { isCancellationRequested: true }), []);
});

test('lenses stop at MAX_CODE_LENSES and read nothing of the blocks past it', () => {
  const count = MAX_CODE_LENSES + 50;
  const text = Array.from({ length: count }, (_, i) => `# r${i}\nN0450F350 DVR`).join('\n\n');
  const document = parseRouteDocument(text);
  assert.equal(document.blocks.length, count);
  // A block past the cap whose range is read fails the test.
  const blocks = document.blocks.map((block, i) =>
    i < MAX_CODE_LENSES
      ? block
      : Object.defineProperty({ ...block }, 'range', {
          get: () => assert.fail(`block ${i} past the cap was read`),
        }),
  );
  const lenses = routeMapCodeLenses({ ...document, blocks }, 1, live);
  assert.equal(lenses.length, MAX_CODE_LENSES);
  // The first blocks, in order: one lens on each block's first line.
  assert.deepEqual(
    lenses.map((l) => l.range.start.line),
    Array.from({ length: MAX_CODE_LENSES }, (_, i) => i * 3),
  );
});
