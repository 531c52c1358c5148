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

export function statusPresentation(status: ExpansionStatusParams | undefined): StatusPresentation {
  const click = 'Click to show the ICAO Route output.';
  if (!status)
    return {
      text: '$(sync~spin) ICAO Route',
      tooltip: `The ICAO Route language server is starting. ${click}`,
      warning: false,
    };
  const source = SOURCE[status.source] ?? 'local';
  const tooltip = `${status.message}\n\n${click}`;
  switch (status.state) {
    case 'ok':
      return { text: `$(check) Route: ${source}`, tooltip, warning: false };
    case 'loading':
      return { text: `$(sync~spin) Route: ${source}`, tooltip, warning: false };
    case 'local':
      return { text: '$(circle-slash) Route: local checks', tooltip, warning: false };
    case 'offline':
      return { text: `$(debug-disconnect) Route: ${source} offline`, tooltip, warning: true };
    case 'degraded':
      return { text: `$(warning) Route: ${source} failing`, tooltip, warning: true };
    default:
      return { text: `$(question) Route: ${source}`, tooltip, warning: false };
  }
}
