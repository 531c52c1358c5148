/**
 * The LSP wiring of "ICAO Route: Export Route…": answers icaoRoute/exportRoute with the block's
 * expanded route as GeoJSON or GPX (server/src/map/routeExport.ts). When the block's expansion is
 * not known yet (an export right after opening the file), it waits for the whole document's.
 */
import type { ClimbDescent } from '../flight/vertical';
import type { Connection } from 'vscode-languageserver/node';
import { exportRoute, ROUTE_EXPORT_FORMATS } from '../map/routeExport';
import {
  EXPORT_ROUTE,
  type ExportRouteParams,
  type ExportRouteResult,
  type RouteExportFormat,
} from '../../../common/protocol/lspMessages';
import { onRequest } from '../../../common/protocol/messages';
import type { ExpansionResult, RouteBlock } from '../route/model';
import { describeError } from './guard';
import { routeBlockAt } from './mapRequests';
import type { ParsedDocument } from '../services/parsedDocument';

export interface ExportRequestDeps {
  parsedFor(uri: string): ParsedDocument | undefined;
  /** The block's expansion when it is known. */
  expansionOf(block: RouteBlock, lines: () => ParsedDocument['lines']): ExpansionResult | undefined;
  /** Expands every block of the document not expanded yet (the checker's way); resolves when done. */
  expandAll(parsed: ParsedDocument): Promise<unknown>;
  /** When plain route text is flown, for the ETOs (the setting, else now). */
  referenceMs?(): number;
  /** The profile's climb rate and descent gradient (`icaoRoute.flight.*`). */
  climbDescent?(): ClimbDescent;
  log(message: string): void;
}

const FAILED: ExportRouteResult = { error: 'The route could not be exported (see the ICAO Route output).' };

function isPosition(value: unknown): value is { line: number; character: number } {
  const v = value as { line?: unknown; character?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger(v.line) &&
    Number.isInteger(v.character) &&
    (v.line as number) >= 0 &&
    (v.character as number) >= 0
  );
}

/** The file's own name, for the exported file's name. */
function documentName(uri: string): string {
  const last = uri.split(/[/\\]/).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

async function exportFor(params: ExportRouteParams, deps: ExportRequestDeps): Promise<ExportRouteResult> {
  if (!params || typeof params.uri !== 'string') return { error: 'No document given.' };
  if (!ROUTE_EXPORT_FORMATS.includes(params.format as RouteExportFormat))
    return { error: `Unknown export format: ${String(params.format).slice(0, 40)}.` };
  const position = isPosition(params.position) ? params.position : undefined;
  const parsed = deps.parsedFor(params.uri);
  if (!parsed) return { error: 'The route document is not open.' };
  const found = routeBlockAt(parsed.document, position);
  if (!found) return { error: 'No route here: put the cursor in a route block.' };
  const lines = () => parsed.lines;
  let expansion = deps.expansionOf(found.block, lines);
  if (!expansion) {
    await deps.expandAll(parsed);
    expansion = deps.expansionOf(found.block, lines);
  }
  return exportRoute(
    found.block,
    expansion,
    params.format,
    documentName(params.uri),
    deps.referenceMs?.(),
    deps.climbDescent?.(),
  );
}

export function registerExportRequests(connection: Connection, deps: ExportRequestDeps): void {
  // Not through guard: an export is asked for once, and a failure is an answer in words, not an empty result.
  onRequest(connection, EXPORT_ROUTE, async (params: ExportRouteParams): Promise<ExportRouteResult> => {
    try {
      return await exportFor(params, deps);
    } catch (error) {
      deps.log(`route export failed: ${describeError(error)}`);
      return FAILED;
    }
  });
}
