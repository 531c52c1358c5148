/// <reference types="vscode-webview" />
/**
 * The webview's side of the host ↔ webview messages, and its saved state (camera, layers,
 * filters) that VS Code keeps across reloads and hands back to the panel serializer.
 */
import type { HostToMapMessage, MapToHostMessage, MapWebviewState } from '../../common/protocol/mapMessages';

const vscode = acquireVsCodeApi<MapWebviewState>();

export function postToHost(message: MapToHostMessage): void {
  vscode.postMessage(message);
}

export function onHostMessage(handler: (message: HostToMapMessage) => void): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string') {
      handler(data as HostToMapMessage);
    }
  });
}

export function loadState(): MapWebviewState {
  return vscode.getState() ?? {};
}

export function saveState(patch: Partial<MapWebviewState>): void {
  vscode.setState({ ...loadState(), ...patch });
}
