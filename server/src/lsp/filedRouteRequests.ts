/**
 * icaoRoute/filedRoutes: the routes others filed for the block's city pair, for the "Use a route
 * filed by others" quick pick. The session fetches (and caches) them; a failure is an answer in
 * words, the 'flights' status having said it once.
 */
import type { Connection } from 'vscode-languageserver/node';
import { FILED_ROUTES, type FiledRoutesParams, type FiledRoutesResult } from '../../../common/protocol/lspMessages';
import { onRequest } from '../../../common/protocol/messages';
import { filedRouteChoices, filedRoutePlace } from '../services/filedRouteChoices';
import { describeError } from './guard';
import type { ServerState } from './serverState';

export function registerFiledRouteRequests(connection: Connection, state: ServerState): void {
  onRequest(connection, FILED_ROUTES, async (params: FiledRoutesParams): Promise<FiledRoutesResult> => {
    const current = state.parsedFor(params.uri);
    if (!current) return { error: 'The document is not open as an ICAO route.' };
    const place = filedRoutePlace(current.document, current.lineTexts, params.position);
    if (!place) return { error: 'Put the cursor in a route block with origin: and destination: (not an FPL message).' };
    try {
      const answer = await state.session.filedRoutes.lookup(place.origin, place.destination);
      const pair = `${place.origin} → ${place.destination}`;
      if (answer.groups.length === 0) {
        const why = answer.detailRestricted ?? `${answer.flights} flight(s) found, none with a filed route.`;
        return { error: `No routes filed by others for ${pair}: ${why}` };
      }
      return {
        origin: place.origin,
        destination: place.destination,
        range: place.range,
        ...(place.prefix ? { prefix: place.prefix } : {}),
        routes: filedRouteChoices(answer.groups, place.currentRoute),
        ...(answer.detailRestricted ? { note: answer.detailRestricted } : {}),
      };
    } catch (error) {
      state.logError(`filed routes failed: ${describeError(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
}
