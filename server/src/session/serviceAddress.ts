/**
 * Where requests go, said in the status when it is not the service's own address: the user's key
 * is sent to whatever host `icaoRoute.hub.baseUrl` / `icaoRoute.reference.baseUrl` name.
 */
import { DEFAULT_HUB_BASE_URL, DEFAULT_REFERENCE_BASE_URL } from '../../../common/endpoints';
import { redactUrl } from '../hub';

const same = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/** " at https://x.example (not the default address: the hub key is sent there)", or " at <default>". */
export function serviceAddress(family: 'hub' | 'reference', baseUrl: string): string {
  const shown = redactUrl(baseUrl);
  const defaultUrl = family === 'hub' ? DEFAULT_HUB_BASE_URL : DEFAULT_REFERENCE_BASE_URL;
  if (same(shown, defaultUrl)) return ` at ${shown}`;
  const secret = family === 'hub' ? 'the hub key is' : 'the appId and appKey are';
  return ` at ${shown} (not the default address ${defaultUrl}: ${secret} sent there)`;
}
