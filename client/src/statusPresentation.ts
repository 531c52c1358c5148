/**
 * How the route expansion status looks in the status bar: short text with an icon, the server's
 * message as tooltip. Plain data (no vscode import), so it is tested without an editor.
 */
import type { ExpansionStatusParams } from '../../common/protocol/lspMessages';

export interface StatusPresentation {
  text: string;
  tooltip: string;
  /** Shown with the warning colours of the status bar. */
  warning: boolean;
}

const SOURCE = { hub: 'hub', navdata: 'navdata', none: 'local' } as const;

/** Where the hub key comes from (the client's HubKeyStore). */
export type HubKeySource = 'secretStorage' | 'environment' | 'none';

const FROM_ENVIRONMENT =
  'The hub key comes from the HUB_USER_KEY environment variable of VS Code: Clear Hub Key ' +
  'removes only a stored key. Unset the variable and restart VS Code to stop using the hub.';

/**
 * After "Clear Hub Key": what happens now. The environment's key takes over when one is set,
 * and the status still says `hub`: the notification says why.
 */
export function clearedKeyMessage(sourceAfter: HubKeySource): string {
  return sourceAfter === 'environment'
    ? `ICAO Route: stored hub key cleared. ${FROM_ENVIRONMENT}`
    : 'ICAO Route: hub key cleared.';
}

export function statusPresentation(
  status: ExpansionStatusParams | undefined,
  keySource?: HubKeySource,
): StatusPresentation {
  const click = 'Click to show the ICAO Route output.';
  if (!status)
    return {
      text: '$(sync~spin) ICAO Route',
      tooltip: `The ICAO Route language server is starting. ${click}`,
      warning: false,
    };
  const fromEnvironment = status.source === 'hub' && keySource === 'environment';
  const source = SOURCE[status.source] ?? 'local';
  // After the state, so that "Route: hub failing" reads the same with the environment's key.
  const key = fromEnvironment ? ' · HUB_USER_KEY' : '';
  const tooltip = `${status.message}${fromEnvironment ? `\n\n${FROM_ENVIRONMENT}` : ''}\n\n${click}`;
  switch (status.state) {
    case 'ok':
      return { text: `$(check) Route: ${source}${key}`, tooltip, warning: false };
    case 'loading':
      return { text: `$(sync~spin) Route: ${source}${key}`, tooltip, warning: false };
    case 'local':
      return { text: '$(circle-slash) Route: local checks', tooltip, warning: false };
    case 'offline':
      return { text: `$(debug-disconnect) Route: ${source} offline${key}`, tooltip, warning: true };
    case 'degraded':
      return { text: `$(warning) Route: ${source} failing${key}`, tooltip, warning: true };
    default:
      return { text: `$(question) Route: ${source}${key}`, tooltip, warning: false };
  }
}
