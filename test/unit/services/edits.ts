/** Applying a quick fix's text edits to the source, as the editor would (shared by the code action tests). */
import type { TextEdit } from 'vscode-languageserver-types';
import { LineIndex } from '../../../server/src/route/ranges';

/** Applies LSP edits (positions in the original text), last first so earlier offsets hold. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  return [...edits]
    .sort((a, b) => lines.offsetAt(b.range.start) - lines.offsetAt(a.range.start))
    .reduce(
      (t, e) => t.slice(0, lines.offsetAt(e.range.start)) + e.newText + t.slice(lines.offsetAt(e.range.end)),
      text,
    );
}
