/**
 * The code actions of the flight conflict diagnostics (flight/conflicts.ts): "Reveal on map" runs
 * the client's map on the area, "Open NOTAM" shows a NOTAM's text. The diagnostic's data comes
 * back from the editor, so it is read without trusting it.
 */
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { OPEN_NOTAM_COMMAND, SHOW_MAP_COMMAND } from '../../../common/commands';
import type { OpenNotamArgument } from '../../../common/protocol/lspMessages';
import type { MapPosition } from '../../../common/protocol/mapMessages';
import type { FlightConflictData } from '../flight/conflicts';

/** The argument of the "Reveal on map" action's command. */
export interface MapRevealArgument {
  uri: string;
  position: MapPosition;
  itemId: string;
}

type NotamDocument = OpenNotamArgument;

function conflictData(value: unknown): FlightConflictData | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { itemId, name, notams } = value as Partial<FlightConflictData>;
  if (typeof itemId !== 'string' || typeof name !== 'string' || !Array.isArray(notams)) return undefined;
  const valid = notams
    .filter((n): n is NotamDocument => !!n && typeof n.number === 'string' && typeof n.text === 'string')
    .map((n) => ({ number: n.number, text: n.text, ...(typeof n.place === 'string' ? { place: n.place } : {}) }));
  return { itemId, name, notams: valid };
}

/** "Reveal on map" and "Open NOTAM" for the conflict diagnostics among `diagnostics`. */
export function flightConflictActions(uri: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.code !== 'F001' && d.code !== 'F002') continue;
    const data = conflictData(d.data);
    if (!data) continue;
    const reveal: MapRevealArgument = { uri, position: d.range.start, itemId: data.itemId };
    const title = `Reveal ${data.name} on the map`;
    actions.push({
      title,
      kind: 'quickfix',
      diagnostics: [d],
      command: { title, command: SHOW_MAP_COMMAND, arguments: [reveal] },
    });
    for (const notam of data.notams) {
      // An area's diagnostic may carry its activation NOTAMs: the title says whose.
      const open = d.code === 'F001' ? `Open NOTAM ${notam.number} of ${data.name}` : `Open NOTAM ${notam.number}`;
      actions.push({
        title: open,
        kind: 'quickfix',
        diagnostics: [d],
        command: { title: open, command: OPEN_NOTAM_COMMAND, arguments: [notam] },
      });
    }
  }
  return actions;
}
