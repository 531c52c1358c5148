/**
 * "ICAO Route: Export Route…": the route block under the cursor (or the map's block) as GeoJSON,
 * GPX or KML. The server builds the file (icaoRoute/exportRoute); this side asks for the format,
 * then where to save it (beside the .route file by default), and writes it.
 *
 * The command also takes an argument, for the map panel and for automation:
 * `{ uri?, position?, format?, target? }`; a given format skips the quick pick and a given target
 * (a path or a URI) skips the save dialog. It returns the written file's URI as a string, or
 * undefined when nothing was written.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EXPORT_ROUTE, type ExportRouteParams, type RouteExportFormat } from '../../common/protocol/lspMessages';
import { sendRequest } from '../../common/protocol/messages';
import { EXPORT_ROUTE_COMMAND } from '../../common/commands';
import { LANGUAGE_ID } from '../../common/language';

export interface ExportRouteArgs {
  uri?: string | vscode.Uri;
  position?: { line: number; character: number };
  format?: RouteExportFormat;
  /** Where to write: a file system path or a URI string. */
  target?: string | vscode.Uri;
}

interface FormatChoice extends vscode.QuickPickItem {
  format: RouteExportFormat;
}

const FORMATS: FormatChoice[] = [
  {
    label: 'GeoJSON',
    description: '.geojson',
    detail: 'RFC 7946: the great-circle legs as a line (split at the antimeridian) and a point per waypoint',
    format: 'geojson',
  },
  {
    label: 'GPX',
    description: '.gpx',
    detail: 'GPX 1.1: waypoints, the route, and the great-circle legs as a track',
    format: 'gpx',
  },
  {
    label: 'KML',
    description: '.kml',
    detail: 'KML 2.2 (Google Earth): the great-circle legs and a placemark per waypoint',
    format: 'kml',
  },
];

const SAVE_FILTERS: Record<RouteExportFormat, Record<string, string[]>> = {
  geojson: { GeoJSON: ['geojson', 'json'] },
  gpx: { GPX: ['gpx'] },
  kml: { KML: ['kml'] },
};

/** The command's argument, checked: it may come from a menu (a Uri), the map panel or anyone. */
function readArgs(raw: unknown): ExportRouteArgs {
  if (raw instanceof vscode.Uri) return { uri: raw };
  if (typeof raw !== 'object' || raw === null) return {};
  const value = raw as Record<string, unknown>;
  const args: ExportRouteArgs = {};
  if (typeof value.uri === 'string' || value.uri instanceof vscode.Uri) args.uri = value.uri;
  const position = value.position as { line?: unknown; character?: unknown } | undefined;
  if (position && Number.isInteger(position.line) && Number.isInteger(position.character))
    args.position = { line: position.line as number, character: position.character as number };
  if (value.format === 'geojson' || value.format === 'gpx' || value.format === 'kml') args.format = value.format;
  if ((typeof value.target === 'string' && value.target.length > 0) || value.target instanceof vscode.Uri)
    args.target = value.target;
  return args;
}

function asUri(value: string | vscode.Uri): vscode.Uri {
  if (value instanceof vscode.Uri) return value;
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(value) ? vscode.Uri.parse(value) : vscode.Uri.file(value);
}

/** The folder the save dialog opens in: the route file's, else the workspace's. */
function folderFor(document: vscode.Uri): vscode.Uri | undefined {
  if (document.scheme !== 'untitled') return vscode.Uri.joinPath(document, '..');
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

export async function exportRoute(client: LanguageClient | undefined, raw: unknown): Promise<string | undefined> {
  const args = readArgs(raw);
  const editor = vscode.window.activeTextEditor;
  const documentUri = args.uri
    ? asUri(args.uri)
    : editor?.document.languageId === LANGUAGE_ID
      ? editor.document.uri
      : undefined;
  if (!documentUri) {
    void vscode.window.showInformationMessage('ICAO Route: open a .route file to export its route.');
    return undefined;
  }
  if (!client?.isRunning()) {
    void vscode.window.showWarningMessage('ICAO Route: the language server is not running.');
    return undefined;
  }
  const cursor =
    editor && editor.document.uri.toString() === documentUri.toString() ? editor.selection.active : undefined;
  const position = args.position ?? (cursor && { line: cursor.line, character: cursor.character });

  const format =
    args.format ??
    (await vscode.window.showQuickPick(FORMATS, { title: 'Export Route', placeHolder: 'Export the route as…' }))
      ?.format;
  if (!format) return undefined;

  const uri = client.code2ProtocolConverter.asUri(documentUri);
  const params: ExportRouteParams = position ? { uri, position, format } : { uri, format };
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Exporting the route…' },
    () => sendRequest(client, EXPORT_ROUTE, params),
  );
  if ('error' in result) {
    void vscode.window.showWarningMessage(`ICAO Route: ${result.error}`);
    return undefined;
  }

  const folder = folderFor(documentUri);
  const target = args.target
    ? asUri(args.target)
    : await vscode.window.showSaveDialog({
        title: `Export Route as ${FORMATS.find((f) => f.format === format)!.label}`,
        ...(folder && { defaultUri: vscode.Uri.joinPath(folder, result.fileName) }),
        filters: SAVE_FILTERS[format],
        saveLabel: 'Export',
      });
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(result.content));
  void vscode.window.showInformationMessage(`ICAO Route: route exported to ${vscode.workspace.asRelativePath(target)}`);
  return target.toString();
}

export function registerExportRoute(
  context: vscode.ExtensionContext,
  client: () => LanguageClient | undefined,
  log: (message: string) => void,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(EXPORT_ROUTE_COMMAND, async (raw?: unknown) => {
      try {
        return await exportRoute(client(), raw);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        log(`route export failed: ${text}`);
        void vscode.window.showErrorMessage(`ICAO Route: the route could not be exported: ${text}`);
        return undefined;
      }
    }),
  );
}
