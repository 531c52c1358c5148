/**
 * The code actions of one Ctrl+. : those of the diagnostics at the cursor, never the whole
 * file's: a client that sends no diagnostics in the request (or a cursor between them) gets the
 * quick fixes and the "Reveal …/Open NOTAM …" actions of the findings there, not of the document.
 * A diagnostic of a whole route (its block or its route text) reaches only a cursor inside that
 * block; a comment line or a blank line gets nothing, even inside a block.
 */
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import type { CancellationToken, Range, RouteDocument } from '../route/model';
import { codeActions } from './codeActions';
import { flightConflictActions } from './flightConflictActions';
import { rangesIntersect, type LineIndex } from '../route/ranges';

export function actionsAtCursor(
  uri: string,
  document: RouteDocument,
  lines: LineIndex,
  range: Range,
  diagnostics: readonly Diagnostic[],
  token: CancellationToken,
): CodeAction[] {
  if (onlyCommentsOrBlank(lines, range)) return [];
  const here = diagnostics.filter((d) => rangesIntersect(d.range, range));
  if (here.length === 0) return [];
  return withoutRepeats([
    ...codeActions(uri, document, lines, range, here, token),
    ...flightConflictActions(uri, here),
  ]);
}

/** True when every line of `range` is blank or a comment (`#` first). */
function onlyCommentsOrBlank(lines: LineIndex, range: Range): boolean {
  for (let line = range.start.line; line <= range.end.line; line++) {
    const text = lines.lineText(line).trimStart();
    if (text !== '' && !text.startsWith('#')) return false;
  }
  return true;
}

/**
 * Two findings on one token can lead to the same action (one area reached by an airway and by the
 * point after it, one NOTAM of two areas): it is listed once, for the first of them.
 */
function withoutRepeats(actions: CodeAction[]): CodeAction[] {
  const seen = new Set<string>();
  return actions.filter((action) => {
    const key = JSON.stringify([action.title, action.command?.command, action.command?.arguments, action.edit]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
