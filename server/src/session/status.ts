/**
 * One status for route expansion instead of one error per request: failures are classified
 * (unreachable → offline, refused or broken answers → degraded) and a new status is reported
 * only when the state or the kind of failure changes, so a hub that answers 500 to every block
 * of every edit shows once. Nothing here knows LSP.
 */
import type { ExpansionStatusParams } from '../protocol/lspMessages';
import { isHubError, redactText, type HubErrorKind } from '../hub';

export type ExpansionStatus = ExpansionStatusParams;

const UNREACHABLE: ReadonlySet<HubErrorKind> = new Set(['network', 'timeout']);

/** What a failed expansion call means for the status; undefined when it is no service failure. */
export function failureStatus(error: unknown, source: 'hub' | 'navdata', secret?: string | null): ExpansionStatus & { kind: string } | undefined {
  if (isHubError(error)) {
    if (error.kind === 'cancelled' || error.kind === 'badRequest') return undefined;
    const state = UNREACHABLE.has(error.kind) ? 'offline' : 'degraded';
    const lead = state === 'offline' ? 'Route expansion paused: the hub cannot be reached' : 'Route expansion failing at the hub';
    return { state, source, kind: error.kind, message: redactText(`${lead}. ${error.message} Local checks continue.`, [secret ?? undefined]) };
  }
  if (error instanceof Error && error.name === 'AbortError') return undefined;
  const text = error instanceof Error ? error.message : String(error);
  return { state: 'degraded', source, kind: 'internal', message: redactText(`Route expansion failed: ${text}. Local checks continue.`, [secret ?? undefined]) };
}

export class ExpansionStatusTracker {
  private current: ExpansionStatus & { kind?: string } = { state: 'local', source: 'none', message: '' };

  constructor(private readonly report: (status: ExpansionStatus) => void) {}

  get status(): ExpansionStatus {
    const { state, source, message } = this.current;
    return { state, source, message };
  }

  /**
   * Reports `next` unless it is the same state from the same source (and, for failures, the
   * same kind): messages of repeated failures differ (support ids) but say the same thing.
   */
  set(next: ExpansionStatus & { kind?: string }): boolean {
    const same = next.state === this.current.state && next.source === this.current.source && next.kind === this.current.kind;
    if (same && (next.state === 'offline' || next.state === 'degraded' || next.message === this.current.message)) return false;
    this.current = next;
    this.report(this.status);
    return true;
  }
}
