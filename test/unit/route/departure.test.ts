/**
 * The `departure:` directive: the forms a dispatcher writes (a DOF-like date and an EOBT-like
 * time, ISO 8601 in UTC, a time alone), each problem on its exact characters, and the directive
 * said to be ignored in an FPL message's block.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument, RouteDocumentEditor } from '../../../server/src/route';
import { departureMs, departureOf, readDepartureValue } from '../../../server/src/route/departure';
import { allDiagnostics, onlyBlock, r } from './helpers';

const ROUTE = 'N0450F350 DET L6 DVR UL9 KONAN';
const FPL = '(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1WY/LB1\n-EGLL1200\n-N0450F350 DVR\n-EDDF0105\n-DOF/261121)';
const at = (iso: string) => Date.parse(iso);

test('the forms it accepts, each the same instant in UTC', () => {
  const expected = at('2026-12-01T14:30Z');
  for (const value of [
    '261201 1430',
    '261201 1430Z',
    '261201 1430z',
    '2026-12-01T14:30Z',
    '2026-12-01t14:30z',
    '2026-12-01T14:30:00Z',
    '2026-12-01T14:30+00:00',
    '2026-12-01 14:30Z',
    '2026-12-01 1430',
    '2026-12-01 1430Z',
    '2026-12-01T1430Z',
  ]) {
    const block = onlyBlock(`departure: ${value}\n${ROUTE}`);
    assert.deepEqual(allDiagnostics(parseRouteDocument(`departure: ${value}\n${ROUTE}`)), [], value);
    assert.deepEqual(departureOf(block), { time: { kind: 'dateTime', ms: expected } }, value);
  }
  // The key is case-insensitive, as the others are.
  const block = onlyBlock(`Departure: 261201 1430\n${ROUTE}`);
  assert.deepEqual(block.directives[0]!.key, 'departure');
  assert.deepEqual(block.directives[0]!.valueRange, r(0, 11, 22));
});

test('a time alone is a time of day: its first occurrence at or after the reference time, as an EOBT without DOF/', () => {
  for (const value of ['1430', '1430Z', '14:30Z']) {
    assert.deepEqual(readDepartureValue(value), { time: { kind: 'timeOfDay', minutes: 14 * 60 + 30 } }, value);
  }
  const time = { kind: 'timeOfDay', minutes: 14 * 60 + 30 } as const;
  assert.equal(departureMs(time, at('2026-12-01T09:00Z')), at('2026-12-01T14:30Z'));
  assert.equal(departureMs(time, at('2026-12-01T14:30Z')), at('2026-12-01T14:30Z'));
  assert.equal(departureMs(time, at('2026-12-01T14:31Z')), at('2026-12-02T14:30Z'));
  assert.equal(departureMs(time, at('2026-12-31T23:00Z')), at('2027-01-01T14:30Z'));
  // A date and time is itself, whatever the reference.
  assert.equal(departureMs({ kind: 'dateTime', ms: 5 }, at('2026-12-01T14:31Z')), 5);
});

/** [value, the message's piece, start, end of the finding on line 0 ('departure: ' is 11 characters)]. */
const REJECTED: [string, string, number, number][] = [
  ['261301 1430', 'month 13 is not a month (01–12)', 13, 15],
  ['261200 1430', 'day 00 is not a day of December 2026 (01–31)', 15, 17],
  ['261131 1430', 'day 31 is not a day of November 2026 (01–30)', 15, 17],
  ['270229 1430', 'day 29 is not a day of February 2027 (01–28)', 15, 17],
  ['2026-13-01T14:30Z', 'month 13 is not a month', 16, 18],
  ['2026-02-30 1430', 'day 30 is not a day of February 2026', 19, 21],
  ['261201 2430', 'hour 24 is not an hour of the day (00–23; midnight is 0000)', 18, 20],
  ['261201 1460', 'minute 60 is out of range (00–59)', 20, 22],
  ['2026-12-01T14:60Z', 'minute 60 is out of range', 25, 27],
  ['2026-12-01T14:30:61Z', 'second 61 is out of range', 28, 30],
  ['1460', 'minute 60 is out of range', 13, 15],
  [
    '2026-12-01T14:30',
    "'14:30' has no zone, and ISO 8601 reads such a time as local time: write it in UTC with Z",
    22,
    27,
  ],
  ['2026-12-01 14:30', "'14:30' has no zone", 22, 27],
  ['2026-12-01T14:30+01:00', 'the time is in UTC+01:00: write it in UTC (14:30+01:00 is 13:30Z)', 27, 33],
  ['2026-12-01T00:30+01:00', '00:30+01:00 is 23:30Z the day before', 27, 33],
  ['2026-12-01T23:30-05:00', '23:30-05:00 is 04:30Z the day after', 27, 33],
  ['EGLL', "is the time of departure, not the aerodrome: write the aerodrome as 'origin: EGLL'", 11, 15],
  ['261201', "'261201' is a date without a time: add the time in UTC, e.g. '261201 1430'", 11, 17],
  ['2026-12-01', 'is a date without a time', 11, 21],
  ['2612011430', "write the date and the time apart: '261201 1430' (YYMMDD HHMM)", 11, 21],
  ['1430 261201', "the date comes first: '261201 1430'", 11, 22],
  ['261201 1430 EGLL DVR', "one date and one time only: remove 'EGLL DVR'", 23, 31],
  [
    'tomorrow',
    "'tomorrow' is not a date and time: expected the date and time in UTC, e.g. 'departure: 261201 1430'",
    11,
    19,
  ],
  ['01/12/2026 1430', "'01/12/2026' is not a date (YYMMDD or YYYY-MM-DD)", 11, 21],
  ['261201 2pm', "'2pm' is not a time (HHMM, UTC)", 18, 21],
];

for (const [value, says, start, end] of REJECTED) {
  test(`rejected: departure: ${value} (R011 on '${`departure: ${value}`.slice(start, end)}')`, () => {
    const text = `departure: ${value}\n${ROUTE}`;
    const found = allDiagnostics(parseRouteDocument(text));
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.range]),
      [['R011', 'error', r(0, start, end)]],
      found.map((d) => d.message).join('\n'),
    );
    assert.ok(found[0]!.message.startsWith('departure: '), found[0]!.message);
    assert.ok(found[0]!.message.includes(says), `"${found[0]!.message}" should say "${says}"`);
    // What the flight reads of it: the problem, never a time.
    const read = departureOf(onlyBlock(text));
    assert.ok(read && 'problem' in read, JSON.stringify(read));
  });
}

test('no value: R003 with an example of the form', () => {
  const found = allDiagnostics(parseRouteDocument(`departure:\n${ROUTE}`));
  assert.deepEqual(
    found.map((d) => [d.code, d.range, d.message]),
    [['R003', r(0, 0, 10), "departure: has no value: expected e.g. 'departure: 261201 1430'"]],
  );
});

test('given twice: the first one counts, the second is R004', () => {
  const text = `departure: 261201 1430\ndeparture: 261202 0900\n${ROUTE}`;
  const found = allDiagnostics(parseRouteDocument(text));
  assert.deepEqual(
    found.map((d) => [d.code, d.range]),
    [['R004', r(1, 0, 9)]],
  );
  assert.deepEqual(departureOf(onlyBlock(text)), { time: { kind: 'dateTime', ms: at('2026-12-01T14:30Z') } });
});

test("in an FPL message's block: R012 on its key, with the fix that removes its line, before or after the message", () => {
  for (const [text, line] of [
    [`departure: 261201 1430\n${FPL}`, 0],
    [`${FPL}\ndeparture: 261201 1430`, 6],
  ] as const) {
    const found = allDiagnostics(parseRouteDocument(text)).filter((d) => d.code === 'R012');
    assert.equal(found.length, 1, text);
    assert.equal(found[0]!.severity, 'warning');
    assert.deepEqual(found[0]!.range, r(line, 0, 9));
    assert.match(found[0]!.message, /not used in an FPL message's block: the flight is timed by its EOBT/);
    assert.deepEqual(found[0]!.data, {
      fixes: [
        {
          title: 'Remove departure: (the FPL message has its own EOBT and DOF/)',
          edits: [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, newText: '' }],
          preferred: true,
        },
      ],
    });
  }
  // Plain route text keeps it quietly.
  assert.deepEqual(allDiagnostics(parseRouteDocument(`departure: 261201 1430\n${ROUTE}`)), []);
});

test('the editor reports the same findings as a parse, edit after edit', () => {
  const text = `origin: EGLL\ndeparture: 261201 1430\n${ROUTE}\n\ndeparture: 261201 1430\n${FPL}\n`;
  const editor = new RouteDocumentEditor(text);
  const codesOf = () =>
    editor.document().blocks.flatMap((b) => b.diagnostics.map((d) => `${d.code}@${d.range.start.line}`));
  assert.deepEqual(codesOf(), ['R012@4']);
  // Month 13 typed into the first block's date.
  assert.ok(editor.edit(r(1, 13, 15), '13'));
  assert.deepEqual(codesOf(), ['R011@1', 'R012@4']);
  const fresh = parseRouteDocument(editor.text());
  assert.deepEqual(
    editor.document().blocks.flatMap((b) => b.diagnostics),
    fresh.blocks.flatMap((b) => b.diagnostics),
  );
});
