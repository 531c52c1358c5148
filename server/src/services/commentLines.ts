/**
 * The comments of a text without carriage returns, found by native scans (`indexOf` of `#` and
 * of line feeds) instead of a pass over every character or a split into lines: a 5 MB file has
 * 240,000 lines, and the outline and the colours ask for its comments after every edit.
 */

/**
 * Calls `found` for each line holding a `#`, in order: the line's number, where it starts, where
 * its first `#` is and where it ends (offsets in `text`). Only for text without `\r`.
 */
export function forEachHashLine(
  text: string,
  found: (line: number, lineStart: number, hash: number, lineEnd: number) => void,
): void {
  let line = 0;
  let lineStart = 0;
  let hash = text.indexOf('#');
  while (hash >= 0) {
    for (let nl = text.indexOf('\n', lineStart); nl >= 0 && nl < hash; nl = text.indexOf('\n', nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    const nl = text.indexOf('\n', hash);
    const lineEnd = nl < 0 ? text.length : nl;
    found(line, lineStart, hash, lineEnd);
    if (nl < 0) break;
    line++;
    lineStart = nl + 1;
    hash = text.indexOf('#', lineStart);
  }
}

/** Blanks (JavaScript's white space other than line ends), then `#`, from where it is asked for. */
const BLANKS_THEN_HASH = /[^\S\n\r]*#/y;

/** Whether the line starting at `lineStart` is a comment line: blanks, then its first `#` at `hash`. */
export function isCommentLine(text: string, lineStart: number, hash: number): boolean {
  if (hash === lineStart) return true;
  BLANKS_THEN_HASH.lastIndex = lineStart;
  return BLANKS_THEN_HASH.test(text) && BLANKS_THEN_HASH.lastIndex === hash + 1;
}
