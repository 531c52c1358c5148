/**
 * "Insert EET/ for the FIR boundaries" at a cursor in an FPL message: runs the command, which asks
 * the server for the FIR crossings when it is run (the hub's FIRs are not fetched here). The
 * findings F003/F004 carry the same edit as their quick fix (flight/fplTimes.ts).
 */
import type { CodeAction } from 'vscode-languageserver-types';
import { COMMANDS } from '../../../common/commands';
import { INSERT_EET_TITLE } from '../flight/fplTimes';
import type { Position, RouteDocument } from '../route/model';
import { blockIndexAt } from '../route/locate';

export function insertEetAction(document: RouteDocument, uri: string, position: Position): CodeAction | undefined {
  const block = document.blocks[blockIndexAt(document, position)];
  if (!block?.fpl) return undefined;
  return {
    title: INSERT_EET_TITLE,
    kind: 'refactor.rewrite',
    command: { title: INSERT_EET_TITLE, command: COMMANDS.insertEet, arguments: [{ uri, position }] },
  };
}
