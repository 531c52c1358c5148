/**
 * The hub user_key as the client sent it. It stays in memory only, in a #private field that
 * util.inspect does not show, and its string forms are redacted: logging this object by mistake
 * cannot leak the key.
 */
import type { SetHubKeyParams } from '../../../common/protocol/lspMessages';

export class HubCredentials {
  #key: string | null = null;
  #source: SetHubKeyParams['source'] = 'none';

  set(params: SetHubKeyParams): void {
    const key = typeof params.userKey === 'string' ? params.userKey.trim() : '';
    this.#key = key.length > 0 ? key : null;
    this.#source = this.#key ? params.source : 'none';
  }

  get userKey(): string | null {
    return this.#key;
  }

  get source(): SetHubKeyParams['source'] {
    return this.#source;
  }

  toString(): string {
    return this.#key ? `hub key set (from ${this.#source})` : 'no hub key';
  }

  toJSON(): string {
    return this.toString();
  }
}
