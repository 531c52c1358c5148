/**
 * The hub user_key as the client sent it. It stays in memory only; its string forms are
 * redacted so that logging this object by mistake cannot leak the key.
 */
import type { SetHubKeyParams } from '../protocol/lspMessages';

export class HubCredentials {
  private key: string | null = null;
  private keySource: SetHubKeyParams['source'] = 'none';

  set(params: SetHubKeyParams): void {
    const key = typeof params.userKey === 'string' ? params.userKey.trim() : '';
    this.key = key.length > 0 ? key : null;
    this.keySource = this.key ? params.source : 'none';
  }

  get userKey(): string | null {
    return this.key;
  }

  get source(): SetHubKeyParams['source'] {
    return this.keySource;
  }

  toString(): string {
    return this.key ? `hub key set (from ${this.keySource})` : 'no hub key';
  }

  toJSON(): string {
    return this.toString();
  }
}
