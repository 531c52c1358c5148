/**
 * A local server on 127.0.0.1 that echoes the hub key back through every path an independent
 * attack found, and the search for the key in any spelling or piece. Used by the key-leak tests
 * of the clients, the checker and the language server.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from './localServer';

/** Slash, plus, space and equals sign: each spelled differently in a URL, a form and JSON. */
export const KEY = 'Zq7/Wx+Kp9 Lm=Rt4Vb';
export const APP_KEY = 'Ap9Key/Qz+Tw 3Lx=Hc';

/** Every spelling a leak could take: as sent, lower/upper case, percent- and form-encoded. */
function spellings(secret: string): string[] {
  const form = new URLSearchParams({ k: secret }).toString().slice(2);
  return [secret, encodeURIComponent(secret), form, form.replace(/\+/g, '%20')];
}

/** Any 8 characters of a spelling, or its first or last 4, in any case: a leak. */
export function leaks(output: string, secret: string): string[] {
  const lower = output.toLowerCase();
  const found: string[] = [];
  for (const s of spellings(secret).map((x) => x.toLowerCase())) {
    const pieces = [s.slice(0, 4), s.slice(-4)];
    for (let i = 0; i + 8 <= s.length; i++) pieces.push(s.slice(i, i + 8));
    for (const p of pieces) if (lower.includes(p)) found.push(p);
  }
  return found;
}

export function assertNoLeak(output: string, secret: string, what: string): void {
  assert.deepEqual(leaks(output, secret), [], `${what} leaks the key:\n${output}`);
}

export type Echo = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** What the echo server answers, chosen by the first path segment of the base URL. */
export const ECHOES: Record<string, Echo> = {
  // A shape error quotes the value: `type is "/v1/routes/expand?user_key=…"`.
  shape: (req, res) =>
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify({ type: req.url })),
  // A JSON syntax error quotes an excerpt around the place; the key starts right there.
  jsonExcerpt: (req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/geo+json' })
      .end(`{"type": ${decodeURIComponent(keyOf(req))} ${req.url}}`),
  jsonExcerptEncoded: (req, res) =>
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(`{"type": ${req.url}}`),
  // Designators the hub does not know become H001 findings; the last one spelled with JSON escapes.
  designator: (req, res) => {
    const key = decodeURIComponent(keyOf(req));
    const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const unknown = (designator: string) => ({ type: 'Feature', geometry: null, properties: { designator } });
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [unknown(key), unknown(req.url!), unknown(key.toLowerCase()), unknown('PLACEHOLDER')],
    });
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(text.replace('PLACEHOLDER', escaped));
  },
  // The key echoed in neither its own case nor lower nor upper, and no JSON escape in the body.
  mixedCase: (req, res) => {
    const key = mixedCase(decodeURIComponent(keyOf(req)));
    const unknown = (designator: string) => ({ type: 'Feature', geometry: null, properties: { designator } });
    const text = JSON.stringify({ type: 'FeatureCollection', features: [unknown(key), unknown(`${key}-2`)] });
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(text);
  },
  // The transport names an encoding it cannot read (lower-cased).
  contentEncoding: (req, res) =>
    res
      .writeHead(200, {
        'content-type': 'application/geo+json',
        'content-encoding': `br ${decodeURIComponent(keyOf(req))}`,
      })
      .end('{}'),
  // A 400 page quoting the request is finding H004; the URL is percent-encoded there.
  badRequest: (req, res) =>
    res
      .writeHead(400, { 'content-type': 'text/html' })
      .end(
        `<p>Bad route text in ${req.url} (form: user_key=${new URLSearchParams({ k: decodeURIComponent(keyOf(req)) }).toString().slice(2)})</p>`,
      ),
  // A failure page with the key in upper case and cut after 10 characters.
  serverFailure: (req, res) => {
    const key = decodeURIComponent(keyOf(req));
    res
      .writeHead(503, { 'content-type': 'text/plain' })
      .end(`failed: ${key.toUpperCase()} support id: ${key.slice(0, 10)}`);
  },
};

/** The key in neither its own case nor lower nor upper: `zQ7/wX+kP9…`. */
export function mixedCase(key: string): string {
  return [...key].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
}

function keyOf(req: IncomingMessage): string {
  return /[?&]user_key=([^&]*)/.exec(req.url ?? '')?.[1] ?? '';
}

/** The echo server; `modeOf` picks the echo of each request (by path, or a switch the test sets). */
export function echoServer(modeOf: (req: IncomingMessage) => string): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const echo = ECHOES[modeOf(req)];
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => (echo ? echo(req, res, body) : res.writeHead(404).end(req.url)));
  });
}
