/**
 * icaoRoute/filedRoutes: the routes others filed for the block's city pair, for the "Use a route
 * filed by others" quick pick. The session fetches (and caches) them; a failure is an answer in
 * words, the 'flights' status having said it once. icaoRoute/filedRouteEdit: the edits that put
 * the chosen one in place, on the version the server has when the user has chosen (the hub was
 * asked and the pick shown meanwhile, while the editor stayed editable).
 */
import type { Connection } from 'vscode-languageserver/node';
import {
  FILED_ROUTE_EDIT,
  FILED_ROUTES,
  type FiledRouteEditParams,
  type FiledRouteEditResult,
  type FiledRoutesParams,
  type FiledRoutesResult,
} from '../../../common/protocol/lspMessages';
import { onRequest } from '../../../common/protocol/messages';
import {
  filedRouteAnchor,
  filedRouteChoices,
  filedRouteEdits,
  filedRoutePlace,
  filedRoutePlaceAgain,
} from '../services/filedRouteChoices';
import { describeError } from './guard';
import type { ServerState } from './serverState';

const NOT_OPEN = 'The document is not open as an ICAO route.';

export function registerFiledRouteRequests(connection: Connection, state: ServerState): void {
  onRequest(connection, FILED_ROUTES, async (params: FiledRoutesParams): Promise<FiledRoutesResult> => {
    const current = state.parsedFor(params.uri);
    if (!current) return { error: NOT_OPEN };
    const place = filedRoutePlace(current.document, current.lineTexts, params.position);
    if (!place) return { error: 'Put the cursor in a route block with origin: and destination: (not an FPL message).' };
    try {
      // Run at start-up, before the client's hub key came: wait for it, not "a hub key is needed".
      await state.configured();
      const answer = await state.session.filedRoutes.lookup(place.origin, place.destination);
      const pair = `${place.origin} → ${place.destination}`;
      for (const detail of answer.leftOut?.details ?? []) state.connection.console.info(detail);
      if (answer.groups.length === 0) {
        const why = answer.detailRestricted ?? `${answer.flights} flight(s) found, none with a filed route.`;
        const leftOut = answer.leftOut ? ` (${answer.leftOut.summary})` : '';
        return { error: `No routes filed by others for ${pair}: ${why}${leftOut}` };
      }
      return {
        origin: place.origin,
        destination: place.destination,
        anchor: filedRouteAnchor(place),
        routes: filedRouteChoices(answer.groups, place),
        ...(answer.detailRestricted ? { note: answer.detailRestricted } : {}),
        ...(answer.leftOut ? { leftOut: answer.leftOut.summary } : {}),
      };
    } catch (error) {
      state.logError(`filed routes failed: ${describeError(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });

  onRequest(connection, FILED_ROUTE_EDIT, (params: FiledRouteEditParams): FiledRouteEditResult => {
    const current = state.parsedFor(params.uri);
    if (!current) return { error: NOT_OPEN };
    const route = typeof params.route === 'string' ? params.route.replace(/\s+/g, ' ').trim() : '';
    if (!route) return { error: 'No route was chosen.' };
    const place = filedRoutePlaceAgain(current.document, current.lineTexts, params.position, params.anchor);
    if (!place)
      return {
        error: `The route ${params.anchor.route ? `"${params.anchor.route}" ` : ''}of ${params.anchor.origin} → ${params.anchor.destination} was changed meanwhile: nothing was written. Run the command again.`,
      };
    return { version: current.version, edits: filedRouteEdits(place, current.lineTexts, route) };
  });
}
