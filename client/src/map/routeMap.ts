/**
 * The route map panel: one webview beside the editor that follows the active `.route` editor and
 * the block under the cursor. The host asks the language server for the block's MapView and for
 * the element under the cursor (MapHighlight), and relays both to the webview; the webview draws
 * and posts back clicks (reveal) and filters, which are validated here first.
 *
 * No retainContextWhenHidden: a hidden panel's page is dropped, and when it comes back it posts
 * `ready` and gets a full snapshot. The page keeps its camera, layers and filters in its webview
 * state, which the serializer hands back after a reload of the window.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  dispatchMessage,
  MAP_HIGHLIGHT,
  MAP_TRAFFIC,
  MAP_VIEW,
  type MapTraffic,
  RESULTS_CHANGED,
  type HostToMapMessage,
  type MapToHostMessage,
  type MessageHandlers,
  type MapHighlight,
  type MapHighlightParams,
  type MapPosition,
  type MapRange,
  type MapView,
  type MapViewParams,
  type MapWebviewState,
  type ResultsChangedParams,
} from '../../../common/protocol/mapMessages';
import { packMapView } from '../../../common/protocol/packedMapView';
import { onNotification, sendRequest, type RequestDescriptor } from '../../../common/protocol/messages';
import { EXPORT_ROUTE_COMMAND, MAP_VIEW_TYPE, SHOW_MAP_COMMAND } from '../../../common/commands';
import { LANGUAGE_ID } from '../../../common/language';
import { makeNonce, mapPageHtml } from './mapHtml';
import { readMapFilters } from '../../../common/mapFilters';
import { readShowMapArguments, validateMapToHostMessage } from './mapMessageValidation';
import { chooseFilters, chosenFromState, chosenKeysOfState, type ChosenFilters } from './chosenFilters';
import { verdictsUpdate } from './viewUpdate';
import { viewDelta, type ViewDelta } from './viewDelta';
import { briefingMarkdown } from '../../../common/briefingMarkdown';
import { TrafficRefresh } from './trafficRefresh';

/** JSON-RPC's "method not found": a server that does not compute maps (yet). */
const METHOD_NOT_FOUND = -32601;

interface Target {
  uri: string;
  /** Where the cursor is; the first route block when absent or undefined (no editor of the document). */
  position?: MapPosition | undefined;
}

export function registerRouteMap(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  log: (message: string) => void,
): void {
  const routeMap = new RouteMap(context.extensionUri, client, log);
  context.subscriptions.push(
    routeMap,
    // From a menu (a Uri), a code lens (uri, position) or a conflict's code action ({ uri, position?, itemId? }).
    vscode.commands.registerCommand(SHOW_MAP_COMMAND, (first?: unknown, second?: unknown) => {
      const { uri, position, itemId } = readShowMapArguments(first, second);
      return routeMap.show(uri, position, itemId);
    }),
    vscode.window.registerWebviewPanelSerializer(MAP_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state) => routeMap.restore(panel, state as MapWebviewState | undefined),
    }),
    onNotification(client, RESULTS_CHANGED, (params) => routeMap.resultsChanged(params)) as vscode.Disposable,
  );
}

class RouteMap implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelSubscriptions: vscode.Disposable[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  private target: Target | undefined;
  private view: MapView | null = null;
  /** `view` packed, for a whole snapshot or a filter change (packed when first needed). */
  private packed: MapView | null = null;
  /** The page has said `ready` since it was last loaded: what is posted now reaches it. */
  private pageReady = false;
  /** An airspace or NOTAM to reveal once a view of this document is drawn (from showMap's itemId). */
  private pendingReveal: { uri: string; itemId: string } | undefined;
  private highlight: MapHighlight | undefined;
  private message: string | undefined = 'Loading the route…';
  /** The filters chosen on the page; the settings give the others. */
  private chosenFilters: ChosenFilters = {};
  /** Answers to older requests are dropped: only the newest of each kind is shown. */
  private viewRequests = 0;
  private highlightRequests = 0;
  private trafficRequests = 0;
  /** The traffic last posted, posted again when the page reloads (it is not asked again then). */
  private traffic: { traffic: MapTraffic | null; message?: string } | undefined;
  /** Asks for the traffic only while the page's traffic layer is on and the panel visible. */
  private readonly trafficRefresh = new TrafficRefresh({ fetch: () => void this.fetchTraffic() });

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: LanguageClient,
    private readonly log: (message: string) => void,
  ) {
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (!this.panel || !editor || editor.document.languageId !== LANGUAGE_ID) return;
        this.target = { uri: editor.document.uri.toString(), position: editor.selection.active };
        void this.refresh();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (!this.panel || event.textEditor.document.uri.toString() !== this.target?.uri) return;
        this.target = { uri: this.target.uri, position: event.selections[0]?.active };
        void this.followCursor();
      }),
    );
  }

  async show(requested?: string, position?: MapPosition, itemId?: string): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    this.pendingReveal = requested && itemId ? { uri: requested, itemId } : undefined;
    if (requested) {
      const cursor = editor?.document.uri.toString() === requested ? editor.selection.active : undefined;
      this.target = { uri: requested, position: position ?? cursor };
    } else if (editor?.document.languageId === LANGUAGE_ID) {
      this.target = { uri: editor.document.uri.toString(), position: editor.selection.active };
    } else if (!this.target) {
      void vscode.window.showInformationMessage('Open a .route file to see its route on the map.');
      return;
    }
    if (this.panel) this.panel.reveal(undefined, true);
    else {
      const panel = vscode.window.createWebviewPanel(
        MAP_VIEW_TYPE,
        'Route map',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {},
      );
      this.attach(panel);
    }
    await this.refresh();
  }

  /** After a window reload: the panel comes back with the page's saved state. */
  async restore(panel: vscode.WebviewPanel, state: MapWebviewState | undefined): Promise<void> {
    // The saved state is the page's: checked like its messages before the host uses it.
    this.chosenFilters = chosenFromState(readMapFilters(state?.filters), chosenKeysOfState(state?.filtersChosen));
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === LANGUAGE_ID)
      this.target = { uri: editor.document.uri.toString(), position: editor.selection.active };
    else if (typeof state?.uri === 'string' && state.uri.length < 4096) this.target = { uri: state.uri };
    this.attach(panel);
    await this.refresh();
  }

  resultsChanged(params: ResultsChangedParams): void {
    if (this.panel && params.uri === this.target?.uri) void this.refresh();
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.detach();
    this.panel = panel;
    this.pageReady = false;
    const media = vscode.Uri.joinPath(this.extensionUri, 'dist', 'media');
    const webview = panel.webview;
    webview.options = { enableScripts: true, localResourceRoots: [media] };
    webview.html = mapPageHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'map.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'map.css')).toString(),
      basemapUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'basemap')).toString(),
    });
    this.panelSubscriptions.push(
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidChangeViewState((event) => {
        // Hidden, the page is dropped (no retainContextWhenHidden); shown again, it reloads and says ready.
        if (!event.webviewPanel.visible) this.pageReady = false;
        else this.postSnapshot();
        this.trafficRefresh.setPanelVisible(event.webviewPanel.visible);
      }),
      panel.onDidDispose(() => {
        this.detach();
        this.panel = undefined;
        this.trafficRefresh.setLayer(false);
        this.trafficRefresh.setPanelVisible(false);
      }),
    );
    this.trafficRefresh.setPanelVisible(panel.visible);
  }

  private detach(): void {
    for (const s of this.panelSubscriptions) s.dispose();
    this.panelSubscriptions = [];
  }

  private receive(raw: unknown): void {
    const message = validateMapToHostMessage(raw);
    if (!message) {
      this.log('route map: ignored a malformed message from the map page');
      return;
    }
    dispatchMessage(this.pageMessages, message);
  }

  /** One handler per message of the page: a type without one does not compile. */
  private readonly pageMessages: MessageHandlers<MapToHostMessage> = {
    ready: () => {
      this.pageReady = true;
      this.postSnapshot();
      if (this.traffic) this.post({ type: 'traffic', ...this.traffic });
    },
    trafficLayer: (message) => this.trafficRefresh.setLayer(message.on),
    reveal: (message) => {
      this.reveal(message.uri, message.version, message.range, message.focus).catch((error: unknown) =>
        this.log(`route map: could not reveal the element: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    filters: (message) => {
      // Layer switches are the page's own business; the rest changes the verdicts.
      const { chosen, judgementChanged } = chooseFilters(this.chosenFilters, message.filters, message.changed);
      this.chosenFilters = chosen;
      if (judgementChanged) void this.refresh({ filtersOnly: true });
    },
    exportBriefing: () => {
      // The view on screen, as the host computed it: opened as a Markdown document to print or save.
      const view = this.view;
      if (!view) return;
      vscode.workspace
        .openTextDocument({ language: 'markdown', content: briefingMarkdown(view) })
        .then((document) => vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Active }))
        .then(undefined, (error: unknown) =>
          this.log(`route map: could not open the briefing: ${error instanceof Error ? error.message : String(error)}`),
        );
    },
    export: (message) => {
      // The block the map shows: the one under the cursor the view was asked for.
      const at = this.target?.position;
      void vscode.commands.executeCommand(EXPORT_ROUTE_COMMAND, {
        uri: this.target?.uri,
        position: at && { line: at.line, character: at.character },
        format: message.format,
      });
    },
  };

  /**
   * Asks the server for the target block's view, then for the element under the cursor. After a
   * filter change, a view whose drawing is unchanged goes to the page as new verdicts only.
   */
  private async refresh({ filtersOnly = false } = {}): Promise<void> {
    const target = this.target;
    if (!target || !this.panel) return;
    const request = ++this.viewRequests;
    const params: MapViewParams = {
      uri: target.uri,
      ...positionParam(target.position),
      filters: this.chosenFilters,
    };
    const answer = await this.ask(MAP_VIEW, params);
    if (request !== this.viewRequests) return;
    let light: ViewDelta | undefined;
    if ('failure' in answer) {
      this.message = answer.failure;
    } else {
      const view = answer.result;
      // A view older than the one shown (a slow answer after an edit) is dropped.
      if (view && this.view && view.uri === this.view.uri && view.version < this.view.version) return;
      // The view the page has (the last one posted to it), as the server sent it.
      const drawn = this.pageReady ? this.view : null;
      // A filter change: the view packed, to compare its geometry with the packed one drawn.
      const packed = filtersOnly && view && drawn ? packMapView(view) : null;
      const update = packed ? verdictsUpdate((this.packed ??= packMapView(drawn!)), packed) : undefined;
      // Else, for the block drawn (any version), only what changed travels (see viewDelta).
      light = !update && view ? viewDelta(drawn, view) : undefined;
      this.view = view;
      // Packed when a whole snapshot needs it (postSnapshot).
      this.packed = packed;
      this.message = view ? undefined : 'No route here: put the cursor in a route block.';
      if (update) {
        // The highlight and everything drawn stay; only the verdicts move.
        this.post(update);
        return;
      }
      this.highlight = undefined;
      if (this.panel) this.panel.title = view ? `Route map: ${view.title}` : 'Route map';
      // The traffic follows the block and the FIRs it crosses, not each edit of the route.
      this.trafficRefresh.setTarget(
        view ? `${view.uri}#${view.blockIndex}#${view.firs.map((f) => f.designator).join(',')}` : undefined,
      );
    }
    this.postSnapshot(light);
    if (this.view) await this.followCursor();
  }

  /** The traffic along the block shown (the refresh rule says when: trafficRefresh.ts). */
  private async fetchTraffic(): Promise<void> {
    const target = this.target;
    if (!target || !this.panel) return;
    const request = ++this.trafficRequests;
    const answer = await this.ask(MAP_TRAFFIC, {
      uri: target.uri,
      ...positionParam(target.position),
    });
    if (request !== this.trafficRequests) return;
    this.traffic =
      'failure' in answer
        ? { traffic: null, message: answer.failure }
        : { traffic: answer.result, ...(answer.result ? {} : { message: 'No route here for traffic.' }) };
    this.post({ type: 'traffic', ...this.traffic });
  }

  private async followCursor(): Promise<void> {
    const target = this.target;
    if (!target?.position || !this.panel?.visible) return;
    const request = ++this.highlightRequests;
    const params: MapHighlightParams = {
      uri: target.uri,
      position: { line: target.position.line, character: target.position.character },
    };
    const answer = await this.ask(MAP_HIGHLIGHT, params);
    if (request !== this.highlightRequests || 'failure' in answer) return;
    const view = this.view;
    const result = answer.result;
    if (!result) return;
    // The cursor moved into another block: that block's whole view, not a highlight.
    if (!view || view.uri !== target.uri || result.blockIndex !== view.blockIndex) {
      await this.refresh();
      return;
    }
    this.highlight = { pointIds: result.pointIds, legIds: result.legIds };
    this.post({ type: 'highlight', uri: view.uri, version: view.version, highlight: this.highlight });
  }

  private async ask<P, R>(
    message: RequestDescriptor<P, R>,
    params: NoInfer<P>,
  ): Promise<{ result: R } | { failure: string }> {
    const method = message.method;
    if (!this.client.isRunning()) return { failure: 'The ICAO Route language server is not running.' };
    try {
      return { result: await sendRequest(this.client, message, params) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === METHOD_NOT_FOUND)
        return { failure: `This version of the language server does not compute route maps (${method}).` };
      const text = error instanceof Error ? error.message : String(error);
      this.log(`route map: ${method} failed: ${text}`);
      return { failure: `The map could not be computed: ${text}` };
    }
  }

  /** The whole view, or `light` (see viewDelta) when the page has the rest of it. */
  private postSnapshot(light?: ViewDelta): void {
    if (this.view && !this.packed) this.packed = packMapView(this.view);
    this.post({
      type: 'snapshot',
      view: light?.view ?? this.packed,
      ...(this.highlight && { highlight: this.highlight }),
      ...(this.message !== undefined && { message: this.message }),
      ...(light ? { keepShapes: light.keepShapes, order: light.order } : {}),
    });
    // A conflict's code action asked to reveal an area: after the snapshot it belongs to.
    const reveal = this.pendingReveal;
    if (reveal && this.pageReady && this.panel?.visible && this.view?.uri === reveal.uri) {
      this.pendingReveal = undefined;
      this.post({ type: 'revealItem', itemId: reveal.itemId });
    }
  }

  private post(message: HostToMapMessage): void {
    if (this.panel?.visible) void this.panel.webview.postMessage(message);
  }

  /**
   * Selects a clicked element in its editor, unless the document changed since the view. A click
   * (`focus` false) leaves the focus and the layout as they are: the selection moves in the
   * editor where it is shown, and where it is not (the map fills the window) only the map marks
   * the element; "Show in editor" (`focus` true) shows the editor and gives it the focus.
   */
  private async reveal(uri: string, version: number, range: MapRange, focus: boolean): Promise<void> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!document) return;
    if (version < document.version) {
      this.log(`route map: dropped a click on version ${version} of ${uri} (now ${document.version})`);
      return;
    }
    const selection = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === document);
    if (!focus) {
      if (shown) {
        // The selection event that follows moves the map's highlight.
        shown.selection = new vscode.Selection(selection.start, selection.end);
        shown.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      } else if (this.target?.uri === uri) {
        // No editor to select in: the map marks what was clicked.
        this.target = { uri, position: selection.start };
        await this.followCursor();
      }
      return;
    }
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One,
      selection,
      preserveFocus: false,
    });
    editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    this.trafficRefresh.dispose();
    this.detach();
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The cursor as a request's `position` (plain numbers); nothing when there is none. */
function positionParam(position: MapPosition | undefined): { position?: { line: number; character: number } } {
  return position ? { position: { line: position.line, character: position.character } } : {};
}
