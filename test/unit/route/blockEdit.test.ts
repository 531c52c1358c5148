/**
 * An edit applied to a whole-text parse without the editor (route/blockEdit.ts): where it stays
 * within a line of a route block, the document is the parse of the edited text, findings and
 * their count included; any other edit is refused (the server then builds its editor).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IncrementalRouteParser, parseRouteDocument, type Range, type RouteDocument } from '../../../server/src/route';
import { editWithinBlock } from '../../../server/src/route/blockEdit';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { assertSameJson } from './sameJson';

const TEXT = [
  '# two routes and an FPL message',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 DVR UL9 KONAN UL607 AMASI',
  '',
  '# comments only',
  '',
  'N0460F360 OKASI UL612 UL612 SRN',
  '',
  '(FPL-DLH4AB-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DVR UL9 KONAN',
  '-EDDF0105',
  '-0)',
].join('\n');

const live = { isCancellationRequested: false };

function applied(text: string, range: Range, insert: string): string {
  const lines = text.split('\n');
  const line = lines[range.start.line];
  assert.ok(line !== undefined, `line ${range.start.line} is past the end of the text`);
  lines[range.start.line] = line.slice(0, range.start.character) + insert + line.slice(range.end.character);
  return lines.join('\n');
}

const on = (line: number, from: number, to = from): Range => ({
  start: { line, character: from },
  end: { line, character: to },
});

test('edits within a line of a route block give the parse of the edited text, findings counted', () => {
  let text = TEXT;
  let document: RouteDocument = new IncrementalRouteParser().parse(text);
  for (const [range, insert] of [
    [on(3, 0, 5), 'N0460'], // a speed
    [on(7, 22, 28), ''], // the repeated airway's mistake taken away
    [on(3, 35), ' UL9 UL9'], // a mistake typed
    [on(12, 1, 10), 'M082F370'], // field 15 of the FPL message
    [on(1, 8, 12), 'LFPG'], // a directive
  ] as const) {
    const edited = editWithinBlock(document, range, insert);
    assert.ok(edited, `${JSON.stringify(range)} ${insert}`);
    text = applied(text, range, insert);
    const whole = parseRouteDocument(text);
    assertSameJson(edited, whole);
    assert.deepEqual(documentDiagnostics(edited, live), documentDiagnostics(whole, live));
    assert.equal(
      edited.withFindings!.total,
      whole.blocks.reduce((n, b) => n + b.diagnostics.length, 0),
    );
    document = edited;
  }
});

test('edits that do not stay within a line of a route block are refused', () => {
  const document = new IncrementalRouteParser().parse(TEXT);
  const refused: [Range, string][] = [
    [on(4, 0), 'N0450F350 DVR'], // a blank line between blocks
    [on(5, 2), 'x'], // a block of comments only
    [on(3, 5), '\n'], // a line added
    [on(3, 5), '\r'],
    [{ start: { line: 2, character: 3 }, end: { line: 3, character: 0 } }, ''], // a line removed
    [on(3, 0, 35), '   '], // the line made blank: the block splits
    [on(3, 40), 'X'], // past the line's end
    [on(3, 5, 2), 'X'], // written end first
    [on(3, 5), '\u0001'], // a control character (R001 is the whole text's)
    [on(99, 0), 'X'], // past the last line
  ];
  for (const [range, insert] of refused)
    assert.equal(
      editWithinBlock(document, range, insert),
      undefined,
      `${JSON.stringify(range)} ${JSON.stringify(insert)}`,
    );
  // Nor any edit of a text with a finding of its own (R001), which only the whole text can say again.
  const binary = new IncrementalRouteParser().parse(TEXT + '\n\nN0450F350 DVR\u0002');
  assert.equal(editWithinBlock(binary, on(3, 0, 5), 'N0460'), undefined);
});
