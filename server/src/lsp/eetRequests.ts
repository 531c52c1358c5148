/**
 * icaoRoute/insertEet: the edit that writes EET/ for the FIR boundaries into the FPL message at
 * the cursor (session/fplEet.ts). The route is expanded first when it is not yet; a failure is an
 * answer in words.
 */
import type { Connection } from 'vscode-languageserver/node';
import { INSERT_EET, type InsertEetParams, type InsertEetResult } from '../../../common/protocol/lspMessages';
import { onRequest } from '../../../common/protocol/messages';
import { blockIndexAt } from '../route/locate';
import { fplEet } from '../session/fplEet';
import { describeError } from './guard';
import type { ServerState } from './serverState';

export function registerEetRequests(connection: Connection, state: ServerState): void {
  onRequest(connection, INSERT_EET, async (params: InsertEetParams): Promise<InsertEetResult> => {
    const current = state.parsedFor(params.uri);
    if (!current) return { error: 'The document is not open as an ICAO route.' };
    const block = current.document.blocks[blockIndexAt(current.document, params.position)];
    if (!block?.fpl) return { error: 'Put the cursor in an FPL message: EET/ is an item of its field 18.' };
    try {
      const session = state.session;
      let expansion = session.expansionOf(block, () => current.lines);
      if (!expansion) {
        await session.expandAll(current);
        expansion = session.expansionOf(block, () => current.lines);
      }
      return await fplEet(session.areas, block, expansion);
    } catch (error) {
      state.logError(`EET/ failed: ${describeError(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
}
