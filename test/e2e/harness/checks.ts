/**
 * Assertions the suite repeats for several samples: exact diagnostics (Problems panel and
 * squiggles), and "this file has no problems" proven by a round trip through the server.
 */
import assert from 'node:assert/strict';
import type { Workbench } from './workbench';
import type { ExpectedDiagnostic } from '../../shared/brokenRoute';

/** europe.route's first route, line 7: the steps that edit it put it back as it was. */
export const EUROPE_FIRST_ROUTE = 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';

export { BROKEN_ROUTE_LOCAL, type ExpectedDiagnostic } from '../../shared/brokenRoute';

/**
 * The Problems panel lists exactly `expected` for `file` (position, code, severity, message) and
 * each one is drawn as a squiggle over exactly its range.
 */
export async function assertDiagnostics(wb: Workbench, file: string, expected: ExpectedDiagnostic[]): Promise<void> {
  const key = (d: { line: number; column: number; code: string; severity: string }) =>
    `${d.line}:${d.column} ${d.code} ${d.severity}`;
  const wanted = expected.map((e) => key({ ...e, column: e.from })).sort();
  const read = async () => (await wb.problems()).filter((p) => p.file === file);
  // Route expansion may add its findings a moment after the parser's: wait for the full set.
  let problems = await read();
  const deadline = Date.now() + 30_000;
  while (JSON.stringify(problems.map(key).sort()) !== JSON.stringify(wanted) && Date.now() < deadline) {
    await wb.page.waitForTimeout(500);
    problems = await read();
  }
  assert.deepEqual(problems.map(key).sort(), wanted, `Problems panel of ${file}`);
  for (const e of expected) {
    const same = problems.filter((x) => key(x) === key({ ...e, column: e.from }));
    assert.ok(
      same.some((p) => p.message.includes(e.message)),
      `${file}:${e.line}:${e.from} ${e.code} says ${JSON.stringify(same.map((p) => p.message))}, expected one to contain "${e.message}"`,
    );
    for (const p of same) assert.equal(p.source, 'icao-route', `source of ${e.code}`);
  }
  await wb.closePanel();
  for (const line of [...new Set(expected.map((e) => e.line))]) {
    const drawn = await wb.squiggles(line);
    for (const e of expected.filter((x) => x.line === line)) {
      assert.ok(
        drawn.some((s) => s.severity === e.severity && s.startColumn === e.from && s.endColumn === e.to),
        `${file} line ${line}: no ${e.severity} squiggle on columns ${e.from}–${e.to} for ${e.code}; drawn: ${JSON.stringify(drawn)}`,
      );
    }
  }
}

/** A finding a sample keeps on purpose: its code, line and the element its message names first. */
export interface KeptFinding {
  code: string;
  line: number;
  token: string;
}

/**
 * Proves that the active file has no problems (but those kept on purpose, in order): an edit that breaks line 1 must produce an error
 * (so the server is analysing this file), and undoing it must bring the counts back, after which
 * the Problems panel lists nothing for the file.
 */
export async function assertNoProblems(
  wb: Workbench,
  file: string,
  keptOnPurpose: readonly KeptFinding[] = [],
): Promise<void> {
  // The kept findings come from route expansion, after the parse: counted before the edit only
  // once they are there, or the counts after the undo would differ by them.
  if (keptOnPurpose.length > 0)
    await wb.until(
      async () =>
        (await wb.problems()).filter((p) => p.file === file && !/^F00\d$/.test(p.code)).length >= keptOnPurpose.length,
      `the findings ${file} keeps on purpose`,
      90_000,
    );
  // Reading the Problems panel moves the focus: the edit below goes to the file again.
  if (keptOnPurpose.length > 0) {
    await wb.closePanel();
    await wb.openFile(file);
  }
  const before = await wb.problemCounts();
  const original = await wb.lineText(1);
  // A route block that does not start with a speed/level group.
  await wb.typeAt(1, 1, 'XYZ1\n\n');
  await wb.until(async () => (await wb.problemCounts()).errors > before.errors, `an error after breaking ${file}`);
  await wb.undoUntil(1, original);
  await wb.until(async () => {
    const now = await wb.problemCounts();
    return now.errors === before.errors && now.warnings === before.warnings && now.infos === before.infos;
  }, `the counts of before the edit of ${file}`);
  // Flight conflicts (F001/F002) are information about the flight at its level and time, not
  // problems of the text: the simulator's sample routes cross active areas on purpose.
  const problems = (await wb.problems()).filter((p) => p.file === file && !/^F00\d$/.test(p.code));
  // The findings a sample keeps on purpose (docs/testing.md says why): exactly these, no others.
  // The token is the element the message is about: its first word ("L607 is not for FL350 …").
  const found: KeptFinding[] = problems.map((p) => ({ code: p.code, line: p.line, token: p.message.split(' ')[0]! }));
  assert.deepEqual(found, [...keptOnPurpose], `${file} should have no problems but those kept on purpose`);
  await wb.closePanel();
}
