/**
 * The hub user_key as the client sent it. It stays in memory only, in a #private field that
 * util.inspect does not show, and its string forms are redacted: logging this object by mistake
 * cannot leak the key.
 */
import type { SetHubKeyParams } from '../../../common/protocol/lspMessages';
import { openHubKey, SEAL_KEY_ENVIRONMENT } from '../../../common/protocol/sealedSecrets';

/** The seal key the VS Code client put in this server's environment (see common/protocol/sealedSecrets). */
export function serverSealKey(): string | undefined {
  return process.env[SEAL_KEY_ENVIRONMENT];
}

export class HubCredentials {
  #key: string | null = null;
  #source: SetHubKeyParams['source'] = 'none';
  #unreadable = false;

  /** A sealed key is opened with the seal key of the server's environment. */
  set(sent: SetHubKeyParams): void {
    const params = openHubKey(sent, serverSealKey());
    const key = typeof params.userKey === 'string' ? params.userKey.trim() : '';
    this.#key = key.length > 0 ? key : null;
    this.#source = this.#key ? params.source : 'none';
    this.#unreadable = params.unreadable === true;
  }

  get userKey(): string | null {
    return this.#key;
  }

  get source(): SetHubKeyParams['source'] {
    return this.#source;
  }

  toString(): string {
    if (this.#unreadable) return 'no hub key: the sealed key the client sent could not be opened (restart the server)';
    return this.#key ? `hub key set (from ${this.#source})` : 'no hub key';
  }

  toJSON(): string {
    return this.toString();
  }
}
