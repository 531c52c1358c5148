/**
 * "Use a route filed by others" (issue 22, item 1; issue 35, items 3 and 4; issue 40): the place a
 * chosen route replaces, the code action, each choice's differences from the route written, and
 * the edit: the route text only (comment and directive lines between route lines stay), on the
 * route found again after edits, with the user's speed/level group unless they choose the filed one.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { COMMANDS } from '../../../common/commands';
import { parseRouteDocument } from '../../../server/src/route';
import {
  filedRouteAction,
  filedRouteAnchor,
  filedRouteChoices,
  filedRouteEdits,
  filedRoutePlace,
  filedRoutePlaceAgain,
} from '../../../server/src/services/filedRouteChoices';
import { groupFiledRoutes } from '../../../server/src/remote/filedRoutes';
import { applyEdits } from './edits';

function linesOf(text: string) {
  const texts = text.split('\n');
  return { lineCount: texts.length, lineText: (n: number) => texts[n] ?? '' };
}

function place(text: string, line: number, character = 0) {
  return filedRoutePlace(parseRouteDocument(text), linesOf(text), { line, character });
}

/** `text` with `route` written by the command at the cursor (line, character). */
function written(text: string, line: number, route: string, character = 0): string {
  const p = place(text, line, character);
  assert.ok(p, `a place at ${line}:${character}`);
  return applyEdits(text, filedRouteEdits(p, linesOf(text), route));
}

const DOC = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR L9 KONAN\nUL607 SPI\n';

test('the route written is what a chosen route replaces, over its lines', () => {
  const p = place(DOC, 0, 3);
  assert.ok(p);
  assert.equal(`${p.origin} → ${p.destination}`, 'EGLL → EDDF');
  assert.equal(p.currentRoute, 'N0450F350 DVR L9 KONAN UL607 SPI');
  assert.equal(p.speedLevel, 'N0450F350');
  assert.equal(
    written(DOC, 0, 'N0450F350 DVR UL9 KONAN UL607 SPI', 3),
    'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN UL607 SPI\n',
  );
});

test('an empty route line is replaced whole; no place without destination or in an FPL message', () => {
  const text = 'origin: EGLL\ndestination: EDDF\n   ';
  assert.equal(place(text, 2, 1)?.currentRoute, '');
  assert.equal(written(text, 2, 'N0450F350 DVR', 1), 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR');
  assert.equal(place('origin: EGLL\nN0450F350 DVR\n', 1), undefined);
  assert.equal(place('(FPL-DLH4AB-IS\n-A320/M-SDFGIRWY/S\n-EGLL0930\n-N0450F350 DVR\n-EDDF0100\n-0)\n', 3), undefined);
});

test('a block without route: the chosen route goes on a new line after its last', () => {
  const text = 'origin: EGLL\ndestination: EDDF\n';
  assert.equal(place(text, 0, 2)?.currentRoute, '');
  assert.equal(written(text, 0, 'N0450F350 DVR', 2), 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR\n');
});

test('the code action names the pair and runs the command with the document and position', () => {
  const action = filedRouteAction(place(DOC, 2, 4)!, 'file:///a.route', { line: 2, character: 4 });
  assert.equal(action.title, 'Use a route filed by others (EGLL → EDDF)');
  assert.equal(action.command?.command, COMMANDS.useFiledRoute);
  assert.deepEqual(action.command?.arguments, [{ uri: 'file:///a.route', position: { line: 2, character: 4 } }]);
});

test('comment lines and a destination: line between route lines stay; only the route text is replaced (issue 35, item 4)', () => {
  const text = [
    'origin: EGLL',
    'N0450F350 DVR L9 KONAN   # over the Channel',
    '# the usual way over Belgium',
    'destination: EDDF',
    'UL607 SPI',
    '  REMBA',
    '# last line',
  ].join('\n');
  const p = place(text, 1, 3)!;
  assert.equal(p.currentRoute, 'N0450F350 DVR L9 KONAN UL607 SPI REMBA', 'no comment word is a route element');
  assert.equal(
    written(text, 1, 'N0450F350 DVR UL9 KONAN UL607 SPI', 3),
    [
      'origin: EGLL',
      'N0450F350 DVR UL9 KONAN UL607 SPI   # over the Channel',
      '# the usual way over Belgium',
      'destination: EDDF',
      '# last line',
    ].join('\n'),
  );
  // The quick pick's differences list route elements only, never a comment's words.
  const [choice] = filedRouteChoices(groupFiledRoutes([{ routeText: 'N0450F350 DVR UL9 KONAN UL607 SPI' }]), p);
  assert.equal(choice!.differences, '−L9 +UL9 −REMBA');
  // A comment after a route line that goes keeps its line; a route on the document's last line goes with its line break.
  const tail = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR\nL9 KONAN # mind\nUL607 SPI';
  assert.equal(written(tail, 2, 'N0450F350 DCT SPI'), 'origin: EGLL\ndestination: EDDF\nN0450F350 DCT SPI\n# mind');
});

test('the place is found again after lines typed above it; a route changed meanwhile is not (issue 35, item 3)', () => {
  const before =
    'origin: EGLL\ndestination: EDDF\nN0450F350 DVR L9 KONAN\n\norigin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN\n';
  const anchor = filedRouteAnchor(place(before, 6, 3)!);
  // Four lines typed at the top: the cursor's line (6) is now the first block's route, another route.
  const after = `# typed\n# while the hub\n# was asked\n\n${before}`;
  const again = filedRoutePlaceAgain(parseRouteDocument(after), linesOf(after), { line: 6, character: 3 }, anchor);
  assert.ok(again);
  assert.equal(again.block.range.start.line, 8, 'the second block, whose route it is, not the first');
  assert.equal(
    applyEdits(after, filedRouteEdits(again, linesOf(after), 'N0450F350 DVR UM605 KONAN')),
    after.replace('N0450F350 DVR UL9 KONAN', 'N0450F350 DVR UM605 KONAN'),
  );
  const changed = before.replace('DVR UL9 KONAN', 'DVR UL9 KOK');
  assert.equal(
    filedRoutePlaceAgain(parseRouteDocument(changed), linesOf(changed), { line: 6, character: 3 }, anchor),
    undefined,
  );
});

test("each choice keeps the user's speed/level group and says every change of speed or level (issue 40)", () => {
  const groups = groupFiledRoutes([
    { callsign: 'BAW1', routeText: 'N0450F350 DVR L9 KONAN UL607 SPI' },
    { callsign: 'BAW2', routeText: 'N0450F330 DVR L9 KONAN UL607 SPI' },
    { callsign: 'EZY1', routeText: 'N0440F310 DVR UL9 KONAN/N0440F330 UL607 SPI' },
  ]);
  const choices = filedRouteChoices(groups, {
    currentRoute: 'N0450F150 DVR L9 KONAN UL607 SPI',
    speedLevel: 'N0450F150',
  });
  assert.deepEqual(
    choices.map((c) => [c.text, c.differences]),
    [
      ['N0450F150 DVR L9 KONAN UL607 SPI', 'same route; keeps N0450F150 (filed N0450F350)'],
      [
        'N0450F150 DVR UL9 KONAN/N0440F330 UL607 SPI',
        '−L9 +UL9; keeps N0450F150 (filed N0440F310); speed/level changes +KONAN/N0440F330',
      ],
    ],
  );
  assert.match(choices[0]!.detail, /^filed by 2 flights; latest BAW1, F350$/);
  // The filed group is the user's other choice, with the change it makes said.
  assert.deepEqual(choices[0]!.withFiledSpeedLevel, {
    speedLevel: 'N0450F350',
    text: 'N0450F350 DVR L9 KONAN UL607 SPI',
    differences: 'same route; speed/level N0450F150 → N0450F350',
  });
  // The same group: nothing to choose, nothing to say.
  const same = filedRouteChoices(groups, { currentRoute: 'N0450F350 DVR L9 KONAN UL607 SPI', speedLevel: 'N0450F350' });
  assert.equal(same[0]!.differences, 'same route');
  assert.equal(same[0]!.withFiledSpeedLevel, undefined);
  // A route written without a group takes the filed one, and says so; none written yet: as filed.
  assert.equal(
    filedRouteChoices(groups, { currentRoute: 'DVR L9 KONAN UL607 SPI' })[0]!.differences,
    'same route; speed/level N0450F350 added',
  );
  const empty = filedRouteChoices(groups, { currentRoute: '' });
  assert.deepEqual(
    [empty[0]!.text, empty[0]!.differences],
    ['N0450F350 DVR L9 KONAN UL607 SPI', 'no route written yet'],
  );
  // A change of level after a point that the chosen route drops is said too.
  assert.match(
    filedRouteChoices(groups, {
      currentRoute: 'N0450F150 DVR L9 KONAN/N0450F170 UL607 SPI',
      speedLevel: 'N0450F150',
    })[0]!.differences,
    /speed\/level changes −KONAN\/N0450F170$/,
  );
});
