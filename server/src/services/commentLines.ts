/**
 * The comments of a text, found by native scans (`indexOf` of `#` and of line ends) instead of a
 * pass over every character or a split into lines: a 5 MB file has 240,000 lines, and the
 * colours ask for its comments after every edit.
 */

/**
 * Calls `found` for each line holding a `#`, in order: the line's number, where it starts, where
 * its first `#` is and where it ends (offsets in `text`). Lines end as LSP counts them: at `\n`,
 * `\r\n` or a lone `\r`.
 */
export function forEachHashLine(
  text: string,
  found: (line: number, lineStart: number, hash: number, lineEnd: number) => void,
): void {
  // The next line feed and carriage return found so far: each is searched for again only once
  // passed, so a text with one `\r` near its start does not search to its end on every line.
  let feed = text.indexOf('\n');
  let cr = text.indexOf('\r');
  /** Where the first line end at or after `from` starts, or -1. */
  const lineEndFrom = (from: number): number => {
    if (feed >= 0 && feed < from) feed = text.indexOf('\n', from);
    if (cr >= 0 && cr < from) cr = text.indexOf('\r', from);
    return feed < 0 ? cr : cr < 0 ? feed : Math.min(feed, cr);
  };
  const afterLineEnd = (at: number): number =>
    text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? at + 2 : at + 1;
  let line = 0;
  let lineStart = 0;
  let hash = text.indexOf('#');
  while (hash >= 0) {
    for (let end = lineEndFrom(lineStart); end >= 0 && end < hash; end = lineEndFrom(lineStart)) {
      line++;
      lineStart = afterLineEnd(end);
    }
    const end = lineEndFrom(hash);
    found(line, lineStart, hash, end < 0 ? text.length : end);
    if (end < 0) break;
    line++;
    lineStart = afterLineEnd(end);
    hash = text.indexOf('#', lineStart);
  }
}
