/**
 * icaoRoute/insertEet: the edit that writes EET/ for the FIR boundaries into the FPL message at
 * the cursor (session/fplEet.ts). The route is expanded first when it is not yet (at start-up,
 * once the hub key the client sends has come); a failure is an answer in words.
 */
import type { Connection } from 'vscode-languageserver/node';
import { INSERT_EET, type InsertEetParams, type InsertEetResult } from '../../../common/protocol/lspMessages';
import { onRequest } from '../../../common/protocol/messages';
import { blockIndexAt } from '../route/locate';
import type { DocumentExpansionReport } from '../session/documentExpansions';
import { fplEet } from '../session/fplEet';
import { describeError } from './guard';
import type { ServerState } from './serverState';

/** Why the route has no expansion to time: no source at all, or the source's failure in its own words. */
function notExpanded(report: DocumentExpansionReport | undefined): string {
  if (!report)
    return 'The route is not expanded: set a hub key ("ICAO Route: Set Hub Key") or icaoRoute.navdata.folder, then run the command again.';
  const reason = report.failure?.message ?? report.blocks.find((b) => b.notExpanded)?.notExpanded;
  return `The route could not be expanded${reason ? `: ${reason}` : '.'}`;
}

export function registerEetRequests(connection: Connection, state: ServerState): void {
  onRequest(connection, INSERT_EET, async (params: InsertEetParams): Promise<InsertEetResult> => {
    const current = state.parsedFor(params.uri);
    if (!current) return { error: 'The document is not open as an ICAO route.' };
    const block = current.document.blocks[blockIndexAt(current.document, params.position)];
    if (!block?.fpl) return { error: 'Put the cursor in an FPL message: EET/ is an item of its field 18.' };
    try {
      // Run at start-up, before the client's hub key came: wait for it, not "a hub key is needed".
      await state.configured();
      const session = state.session;
      let expansion = session.expansionOf(block, () => current.lines);
      if (!expansion) {
        const report = await session.expandAll(current);
        expansion = session.expansionOf(block, () => current.lines);
        if (!expansion) return { error: notExpanded(report) };
      }
      return await fplEet(session.areas, block, expansion);
    } catch (error) {
      state.logError(`EET/ failed: ${describeError(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
}
