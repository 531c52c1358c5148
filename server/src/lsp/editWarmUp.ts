/**
 * The keystroke's way through the code, run on a small text of its own when an editor's build in
 * idle time is done. The first time a function runs, V8 compiles it and fills its caches of
 * property lookups, and it optimizes the functions that run often: in a server not edited in
 * yet, the first keystroke after an open paid for that for the code of an edit
 * (RouteDocumentEditor.edit and its lists, the findings of a moved block, the diagnostics of an
 * edited document), which the open itself never runs. Measured in fresh processes at 5 MB on the
 * loaded 2-core machine: 5–38 ms (18 ms the median of 8) against 0.5–0.7 ms for a later keystroke;
 * with this warm-up, about 2 ms the median of 36 (0.7–29 ms: what is left is the engine
 * optimizing on its threads, which the first keystroke may still meet).
 */
import { IncrementalRouteParser, NEVER_CANCELLED, RouteDocumentEditor, type RouteDocument } from '../route';
import { editWithinBlock } from '../route/blockEdit';
import { documentDiagnostics } from '../services/documentDiagnostics';

/** Two routes and comments; the second has two airways without a point between them (a finding). */
export const WARM_UP_TEXT = [
  '# warm-up',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 DVR UL9 KONAN L607 RUDUS',
  '',
  'origin: LFPG',
  'destination: LIRF',
  'N0460F360 OKASI UL612 UL612 SRN',
  '',
  '# the end',
].join('\n');

/** Rounds of the edits below: enough for V8 to have run each function on the way more than once. */
const ROUNDS = 10;

/**
 * Reads the findings of `built` (the editor just built) the way the diagnostics of an edit do
 * (through the editor's list of blocks with findings, up to a thousand of them: the open read
 * them through the parse), then runs the edits of typing on a text of its own. Returns how many
 * edits it made.
 */
export function warmUpEditPath(built?: RouteDocumentEditor): number {
  // First: the engine compiles the code once it has run often, for the ways through it seen by
  // then (the small text's findings never fill the thousand shown: the first keystroke's
  // diagnostics left the compiled code where they stop at a thousand, when these came last).
  if (built) documentDiagnostics(built.document(), NEVER_CANCELLED);
  const editor = new RouteDocumentEditor(WARM_UP_TEXT);
  let edits = 0;
  const edit = (line: number, from: number, endLine: number, to: number, text: string): void => {
    editor.edit({ start: { line, character: from }, end: { line: endLine, character: to } }, text);
    documentDiagnostics(editor.document(), NEVER_CANCELLED);
    edits++;
  };
  for (let round = 0; round < ROUNDS; round++) {
    // A speed changed in the first route, then a character typed and taken back in the second.
    edit(3, 0, 3, 5, round % 2 ? 'N0460' : 'N0450');
    edit(7, 9, 7, 9, ' ');
    edit(7, 9, 7, 10, '');
    // A line added above a route and removed again: the routes below move.
    edit(5, 0, 5, 0, '# note\n');
    edit(5, 0, 6, 0, '');
  }
  return edits;
}

/**
 * The way of a keystroke typed before the editor is built (route/blockEdit.ts), run on the small
 * text in the first idle turn after an open: the first keystroke after opening a large file
 * comes before the editor's build is done, and paid for compiling that code (30 ms and more
 * against 0.5 ms for the next one, at 20 MB). Returns how many edits it made.
 */
export function warmUpEditWithoutEditor(): number {
  let document: RouteDocument | undefined = new IncrementalRouteParser().parse(WARM_UP_TEXT);
  let edits = 0;
  for (let round = 0; round < ROUNDS && document; round++) {
    // A speed changed in the first route, a character typed and taken back in the second.
    for (const [line, from, to, text] of [
      [3, 0, 5, round % 2 ? 'N0460' : 'N0450'],
      [7, 9, 9, ' '],
      [7, 9, 10, ''],
    ] as const) {
      document =
        document && editWithinBlock(document, { start: { line, character: from }, end: { line, character: to } }, text);
      if (document) documentDiagnostics(document, NEVER_CANCELLED);
      edits++;
    }
  }
  return edits;
}
