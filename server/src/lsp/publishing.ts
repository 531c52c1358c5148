/**
 * Diagnostics: the one place the server sends them. A change of a document is debounced
 * (diagnosticsScheduler.ts) and handed to the session's document pipeline as a new version;
 * every event of the pipeline, `{uri, version, document, findings}`, becomes one
 * `textDocument/publishDiagnostics`, and, when the route itself changed (a new version or new
 * expansion results), one `icaoRoute/resultsChanged` for the map.
 */
import { RESULTS_CHANGED } from '../../../common/protocol/mapMessages';
import { sendNotification } from '../../../common/protocol/messages';
import { NEVER_CANCELLED } from '../route/model';
import type { DocumentFindings } from '../session/documentPipeline';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { describeError } from './guard';
import type { ServerState } from './serverState';

export interface Publishing {
  dispose(): void;
}

export function registerPublishing(state: ServerState): Publishing {
  const { connection, documents, session } = state;

  /** The document's current version into the pipeline: its event follows at once. */
  function update(uri: string): void {
    const current = state.parsedFor(uri);
    if (!current) return;
    try {
      session.documents.update(current);
    } catch (error) {
      state.logError(`diagnostics of ${uri} failed: ${describeError(error)}`);
    }
  }

  function publish(event: DocumentFindings): void {
    // An older version's late findings: the newer version's event carries them when they still hold.
    if (documents.get(event.uri)?.version !== event.version) return;
    try {
      const diagnostics = state.service.diagnostics(event.document, { findings: event.findings }, NEVER_CANCELLED);
      void connection.sendDiagnostics({ uri: event.uri, version: event.version, diagnostics }).catch(() => {});
    } catch (error) {
      state.logError(`diagnostics of ${event.uri} failed: ${describeError(error)}`);
      return;
    }
    // A new version is a new route for the map even when no expansion result changes (no source,
    // or every block already expanded): once per debounced edit, not per keystroke.
    if (event.changed.includes('local') || event.changed.includes('expansion'))
      void sendNotification(connection, RESULTS_CHANGED, { uri: event.uri, version: event.version }).catch(() => {});
    if (event.changed.includes('expansion') && state.settings.inlayLegDistances && state.client.canRefreshInlayHints)
      void connection.languages.inlayHint.refresh().catch(() => {});
  }

  const scheduler = new DiagnosticsScheduler(() => state.settings.debounceMs, update);
  session.documents.onDidChangeFindings(publish);
  // A source changed or may have recovered: every open document again, at its current version.
  session.onShouldRerun(() => {
    for (const textDocument of documents.all()) update(textDocument.uri);
  });

  documents.onDidChangeContent((event) => scheduler.schedule(event.document.uri));
  documents.onDidClose((event) => {
    scheduler.forget(event.document.uri);
    session.forget(event.document.uri);
    state.parsed.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }).catch(() => {});
  });

  return { dispose: () => scheduler.dispose() };
}
