/**
 * The project's own parser (server/src/route) and expansion engine (server/src/navdata,
 * server/src/expansion), with the navigation data loaded once at start.
 */
import type { ExpansionResult, RouteBlock, RouteDocument } from '../../server/src/route/model';
import { parseRouteDocument } from '../../server/src/route';
import { loadNavDatabase, NavDatabase } from '../../server/src/navdata/loader';
import { expandRoute } from '../../server/src/expansion/offlineExpansion';
import type { RouteExpansionRequest as ExpansionRequest } from '../../server/src/hub/hubClient';

export interface Expansion {
  block: RouteBlock;
  result: ExpansionResult;
}

export interface RouteEngine {
  /** Why expansion is unavailable (the navigation data did not load), or undefined when it works. */
  unavailable?: string;
  parse(text: string): RouteDocument | undefined;
  expandBlock(block: RouteBlock): ExpansionResult | undefined;
  expand(request: ExpansionRequest): Expansion | undefined;
}

/** A .route document holding one block: the request's fields as directives, then the route text. */
export function routeDocumentText(request: ExpansionRequest): string {
  const lines: string[] = [];
  if (request.origin) lines.push(`origin: ${request.origin}`);
  if (request.destination) lines.push(`destination: ${request.destination}`);
  if (request.referenceFix) lines.push(`referenceFix: ${request.referenceFix}`);
  lines.push(request.routeText.replace(/\s+/g, ' ').trim());
  return `${lines.join('\n')}\n`;
}

export async function createRouteEngine(navdataFolder: string): Promise<RouteEngine> {
  let db: NavDatabase | undefined;
  let unavailable: string | undefined;
  try {
    db = await loadNavDatabase(navdataFolder);
  } catch (error) {
    unavailable = `route expansion unavailable: navigation data in ${navdataFolder} did not load (${(error as Error).message})`;
  }
  return {
    unavailable,
    parse: (text) => parseRouteDocument(text),
    expandBlock: (block) => (db ? expandRoute(block, db) : undefined),
    expand(request) {
      if (!db) return undefined;
      const block = parseRouteDocument(routeDocumentText(request)).blocks[0];
      if (!block) return undefined;
      return { block, result: expandRoute(block, db) };
    },
  };
}
