/** The hover on a `departure:` directive says the UTC date and time it means, or why it means none. */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import { parseRouteDocument } from '../../../server/src/route';
import { hover } from '../../../server/src/services/hover';

const live = { isCancellationRequested: false };
const REFERENCE = Date.UTC(2026, 10, 26, 10, 0);
const FPL = '(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1WY/LB1\n-EGLL1200\n-N0450F350 DVR\n-EDDF0105\n-DOF/261121)';

function hoverOn(text: string, character: number): { value: string; range: unknown } {
  const result = hover(
    parseRouteDocument(text),
    { line: 0, character },
    live,
    undefined,
    undefined,
    undefined,
    REFERENCE,
  );
  assert.ok(result, 'a hover');
  return { value: (result.contents as MarkupContent).value, range: result.range };
}

test('a date and time: the UTC date and time it means', () => {
  const { value, range } = hoverOn('departure: 261201 1430\nN0450F350 DVR', 14);
  assert.match(value, /^`departure: 261201 1430` — \*\*directive\*\*/);
  assert.match(value, /\*\*Means:\*\* 1 Dec 2026 14:30Z \(UTC\)\./);
  assert.deepEqual(range, { start: { line: 0, character: 11 }, end: { line: 0, character: 22 } });
  assert.match(hoverOn('departure: 2026-12-01T14:30Z\nN0450F350 DVR', 3).value, /\*\*Means:\*\* 1 Dec 2026 14:30Z/);
});

test('a time alone: its next occurrence after the reference time, and where that came from', () => {
  const { value } = hoverOn('departure: 0715\nN0450F350 DVR', 12);
  assert.match(
    value,
    /\*\*Means:\*\* 27 Nov 2026 07:15Z \(UTC\): no date, so the first 07:15Z at or after 26 Nov 2026 10:00Z \(`icaoRoute\.flight\.departureTime`, else now\)/,
  );
});

test('a value that is no time: why, and that the flight has none', () => {
  const { value } = hoverOn('departure: 261131 1430\nN0450F350 DVR', 12);
  assert.match(value, /\*\*Not a time:\*\* day 31 is not a day of November 2026 \(01–30\); the flight has no time\./);
});

test("in an FPL message's block: not used", () => {
  const { value } = hoverOn(`departure: 261201 1430\n${FPL}`, 3);
  assert.match(value, /\*\*Not used:\*\* this block is an FPL message, timed by its EOBT \(field 13\) and `DOF\/`/);
  assert.doesNotMatch(value, /Means/);
});

test('an unknown directive names departure: among the known ones', () => {
  assert.match(hoverOn('dep: 1430\nN0450F350 DVR', 1).value, /`referenceFix:`, `departure:`/);
});
