/**
 * The secrets the VS Code client passes to the server (the hub key, the reference appId and
 * appKey) travel sealed: vscode-languageclient's trace (`icaoRoute.trace.server: verbose`) prints
 * every message's params and every answer's result, so no LSP message may hold them in clear.
 * The client makes a fresh seal key for each server it starts and hands it over in the server's
 * environment, which no trace prints; each secret is then sent sealed with AES-256-GCM under it.
 * Other editors keep sending the secrets in clear, or set the server's environment variables.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SetHubKeyParams, SetReferenceCredentialsParams } from './lspMessages';

/** The server's environment variable that holds the seal key (base64, 32 bytes). */
export const SEAL_KEY_ENVIRONMENT = 'ICAO_ROUTE_SEAL_KEY';

const PREFIX = 'sealed1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function newSealKey(): string {
  return randomBytes(32).toString('base64');
}

function keyBytes(sealKey: string): Buffer | undefined {
  const bytes = Buffer.from(sealKey, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

export function seal(secret: string, sealKey: string): string {
  const key = keyBytes(sealKey);
  if (!key) throw new Error('the seal key is not 32 bytes of base64');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The secret, or undefined when the value is not sealed under this key (or was tampered with). */
export function unseal(value: string, sealKey: string | undefined): string | undefined {
  const key = sealKey ? keyBytes(sealKey) : undefined;
  if (!key || !value.startsWith(PREFIX)) return undefined;
  try {
    const bytes = Buffer.from(value.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The client's icaoRoute/setHubKey payload: the key sealed. */
export function sealHubKey(params: SetHubKeyParams, sealKey: string): SetHubKeyParams {
  return params.userKey === null ? params : { ...params, userKey: seal(params.userKey, sealKey), sealed: true };
}

/** The client's icaoRoute/setReferenceCredentials payload: appId and appKey sealed. */
export function sealReferenceCredentials(
  params: SetReferenceCredentialsParams,
  sealKey: string,
): SetReferenceCredentialsParams {
  if (params.appId === null || params.appKey === null) return params;
  return { ...params, appId: seal(params.appId, sealKey), appKey: seal(params.appKey, sealKey), sealed: true };
}

/**
 * What the server reads: a sealed payload opened with the seal key of its environment; a payload
 * that cannot be opened counts as no secret (`unreadable` says so, for one status line).
 */
export function openHubKey(
  params: SetHubKeyParams,
  sealKey: string | undefined,
): SetHubKeyParams & { unreadable?: true } {
  if (!params.sealed || params.userKey === null) return params;
  const userKey = unseal(params.userKey, sealKey);
  return userKey === undefined
    ? { userKey: null, source: 'none', unreadable: true }
    : { userKey, source: params.source };
}

export function openReferenceCredentials(
  params: SetReferenceCredentialsParams,
  sealKey: string | undefined,
): SetReferenceCredentialsParams & { unreadable?: true } {
  if (!params.sealed || params.appId === null || params.appKey === null) return params;
  const appId = unseal(params.appId, sealKey);
  const appKey = unseal(params.appKey, sealKey);
  return appId === undefined || appKey === undefined
    ? { appId: null, appKey: null, source: 'none', unreadable: true }
    : { appId, appKey, source: params.source };
}
