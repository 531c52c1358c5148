/** What the clients sent, for tests to check (`GET /__control/requests`); secrets redacted. */
import type { IncomingHttpHeaders } from 'node:http';

export interface LoggedRequest {
  seq: number;
  time: string;
  method: string;
  /** Path with the query string, secrets replaced by REDACTED. */
  url: string;
  family: 'hub' | 'reference' | 'unknown';
  endpoint?: string;
  headers: Record<string, string>;
  /** Request body (JSON parsed when possible), secrets redacted. */
  body?: unknown;
  status?: number;
  faults: string[];
}

const SECRET_PARAMS = ['user_key', 'appkey'];
const KEPT_HEADERS = [
  'accept',
  'accept-encoding',
  'content-type',
  'user-agent',
  'appid',
  'appkey',
  'user_key',
  'x-request-id',
];

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  if (query === undefined) return path;
  const params = query.split('&').map((pair) => {
    const [key = ''] = pair.split('=', 1);
    return SECRET_PARAMS.includes(decodedName(key).toLowerCase()) ? `${key}=REDACTED` : pair;
  });
  return `${path}?${params.join('&')}`;
}

/** A malformed escape (`%E0%A4%A`) is kept as written: logging must not fail the request. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    out[name] = SECRET_PARAMS.includes(name) ? 'REDACTED' : String(value);
  }
  return out;
}

export function redactBody(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  const text = body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const copy: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
      for (const key of Object.keys(copy)) if (SECRET_PARAMS.includes(key.toLowerCase())) copy[key] = 'REDACTED';
      return copy;
    }
    return parsed;
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  }
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const logged = { ...entry, seq: ++this.seq };
    this.entries.push(logged);
    if (this.entries.length > 2000) this.entries.splice(0, this.entries.length - 2000);
    return logged;
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
