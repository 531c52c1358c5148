/**
 * The project's own parser (server/src/route) and expansion engine (server/src/navdata,
 * server/src/expansion), loaded once. The modules are required at run time so the simulator
 * still starts (and answers every other endpoint) when a checkout lacks one of them; route
 * expansion then answers 500.
 */
import type { CancellationToken, ExpansionResult, RouteBlock, RouteDocument } from '../../server/src/route/model';

type ParseRouteDocument = (text: string) => RouteDocument;
type ExpandRoute = (block: RouteBlock, db: unknown, token?: CancellationToken) => ExpansionResult;
type LoadNavDatabase = (folder: string) => Promise<unknown>;

export interface ExpansionRequest {
  routeText: string;
  origin?: string;
  destination?: string;
  referenceFix?: string;
}

export interface Expansion {
  block: RouteBlock;
  result: ExpansionResult;
}

export interface RouteEngine {
  /** Why expansion is unavailable, or undefined when it works. */
  unavailable?: string;
  parse(text: string): RouteDocument | undefined;
  expandBlock(block: RouteBlock): ExpansionResult | undefined;
  expand(request: ExpansionRequest): Expansion | undefined;
}

/** A module of the project, or the reason it cannot be used (missing, or failing to load). */
function optionalRequire<T>(path: string, problems: string[]): T | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path) as T;
  } catch (error) {
    problems.push(`${path.replace('../../', '')}: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
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
  const problems: string[] = [];
  const route = optionalRequire<{ parseRouteDocument?: ParseRouteDocument }>('../../server/src/route/index', problems);
  const navdata = optionalRequire<{ loadNavDatabase?: LoadNavDatabase }>('../../server/src/navdata/index', problems);
  const expansion = optionalRequire<{ expandRoute?: ExpandRoute }>('../../server/src/expansion/index', problems);
  const parse = route?.parseRouteDocument;
  const load = navdata?.loadNavDatabase;
  const expandRoute = expansion?.expandRoute;
  const missing = [!parse && 'server/src/route parseRouteDocument', !load && 'server/src/navdata loadNavDatabase', !expandRoute && 'server/src/expansion expandRoute'].filter(Boolean);
  let db: unknown;
  try {
    db = load ? await load(navdataFolder) : undefined;
  } catch (error) {
    problems.push(`loadNavDatabase(${navdataFolder}): ${(error as Error).message}`);
  }
  const unavailable = missing.length || !db ? `route expansion unavailable (${[...missing.map((m) => `missing ${m}`), ...problems].join('; ')})` : undefined;

  return {
    unavailable,
    parse: (text) => parse?.(text),
    expandBlock: (block) => (expandRoute && db ? expandRoute(block, db) : undefined),
    expand(request) {
      if (!parse || !expandRoute || !db) return undefined;
      const block = parse(routeDocumentText(request)).blocks[0];
      if (!block) return undefined;
      return { block, result: expandRoute(block, db) };
    },
  };
}
