// The summary line that suite/index.ts logs inside the extension host, read back by the runners
// and printed as one `✓`/`✖` line per test and a closing count (the format `npm test` counts).
export const SUMMARY_MARKER = 'icao-route desktop suite summary:';

/** The summary in `text` (a console line or a whole log), or undefined when there is none. */
export function readSummary(text) {
  const at = text.lastIndexOf(SUMMARY_MARKER);
  if (at < 0) return undefined;
  const rest = text.slice(at + SUMMARY_MARKER.length);
  const end = rest.indexOf('\n');
  return JSON.parse(end < 0 ? rest : rest.slice(0, end));
}

/** Prints the summary; returns true when every test passed (and there was at least one). */
export function printSummary(summary) {
  for (const title of summary.passed) console.log(`✓ ${title}`);
  for (const failure of summary.failed)
    console.log(`✖ ${failure.title}\n    ${failure.error.replace(/\n/g, '\n    ')}`);
  console.log(`${summary.passed.length} passed, ${summary.failed.length} failed`);
  return summary.failed.length === 0 && summary.passed.length > 0;
}
