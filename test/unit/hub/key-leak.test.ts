/**
 * A distinctive key never leaves the process in anything we print. A local server on 127.0.0.1
 * echoes what it was sent back through every path an independent attack found: the body of a
 * shape error, a JSON syntax excerpt, a designator in the answer, a Content-Encoding header, an
 * error page quoting the URL-encoded request, and the reference family's errorId, errorCode and
 * text mode. The checker's stdout and stderr (text and JSON) and the clients' errors are searched
 * for the key in every spelling, and for any piece of it.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HubError } from '../../../server/src/hub/errors';
import { HubClient } from '../../../server/src/hub/hubClient';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { startLocalServer, type LocalServer } from './local-server';

/** Slash, plus, space and equals sign: each spelled differently in a URL, a form and JSON. */
const KEY = 'Zq7/Wx+Kp9 Lm=Rt4Vb';
const APP_KEY = 'Ap9Key/Qz+Tw 3Lx=Hc';

/** Every spelling a leak could take: as sent, lower/upper case, percent- and form-encoded. */
function spellings(secret: string): string[] {
  const form = new URLSearchParams({ k: secret }).toString().slice(2);
  return [secret, encodeURIComponent(secret), form, form.replace(/\+/g, '%20')];
}

/** Any 8 characters of a spelling, or its first or last 4, in any case: a leak. */
function leaks(output: string, secret: string): string[] {
  const lower = output.toLowerCase();
  const found: string[] = [];
  for (const s of spellings(secret).map((x) => x.toLowerCase())) {
    const pieces = [s.slice(0, 4), s.slice(-4)];
    for (let i = 0; i + 8 <= s.length; i++) pieces.push(s.slice(i, i + 8));
    for (const p of pieces) if (lower.includes(p)) found.push(p);
  }
  return found;
}

function assertNoLeak(output: string, secret: string, what: string): void {
  assert.deepEqual(leaks(output, secret), [], `${what} leaks the key:\n${output}`);
}

type Echo = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** What the echo server answers, chosen by the first path segment of the base URL. */
const ECHOES: Record<string, Echo> = {
  // A shape error quotes the value: `type is "/v1/routes/expand?user_key=…"`.
  shape: (req, res) => res.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify({ type: req.url })),
  // A JSON syntax error quotes an excerpt around the place; the key starts right there.
  jsonExcerpt: (req, res) => res.writeHead(200, { 'content-type': 'application/geo+json' }).end(`{"type": ${decodeURIComponent(keyOf(req))} ${req.url}}`),
  jsonExcerptEncoded: (req, res) => res.writeHead(200, { 'content-type': 'application/geo+json' }).end(`{"type": ${req.url}}`),
  // Designators the hub does not know become H001 findings; the last one spelled with JSON escapes.
  designator: (req, res) => {
    const key = decodeURIComponent(keyOf(req));
    const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const unknown = (designator: string) => ({ type: 'Feature', geometry: null, properties: { designator } });
    const text = JSON.stringify({ type: 'FeatureCollection', features: [unknown(key), unknown(req.url!), unknown(key.toLowerCase()), unknown('PLACEHOLDER')] });
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(text.replace('PLACEHOLDER', escaped));
  },
  // The transport names an encoding it cannot read (lower-cased).
  contentEncoding: (req, res) => res.writeHead(200, { 'content-type': 'application/geo+json', 'content-encoding': `br ${decodeURIComponent(keyOf(req))}` }).end('{}'),
  // A 400 page quoting the request is finding H004; the URL is percent-encoded there.
  badRequest: (req, res) => res.writeHead(400, { 'content-type': 'text/html' }).end(`<p>Bad route text in ${req.url} (form: user_key=${new URLSearchParams({ k: decodeURIComponent(keyOf(req)) }).toString().slice(2)})</p>`),
  // A failure page with the key in upper case and cut after 10 characters.
  serverFailure: (req, res) => {
    const key = decodeURIComponent(keyOf(req));
    res.writeHead(503, { 'content-type': 'text/plain' }).end(`failed: ${key.toUpperCase()} support id: ${key.slice(0, 10)}`);
  },
};

function keyOf(req: IncomingMessage): string {
  return /[?&]user_key=([^&]*)/.exec(req.url ?? '')?.[1] ?? '';
}

let server: LocalServer;
let dir: string;
let route: string;
before(async () => {
  server = await startLocalServer((req, res) => {
    const mode = (req.url ?? '').split('/')[1] ?? '';
    const echo = ECHOES[mode];
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => (echo ? echo(req, res, body) : res.writeHead(404).end(req.url)));
  });
  dir = mkdtempSync(join(tmpdir(), 'icao-route-leak-'));
  route = join(dir, 'leak.route');
  writeFileSync(route, 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN\n');
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const CLI = resolve(__dirname, '../../../server/src/cli.ts');

function check(args: string[], key: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HUB_USER_KEY: key };
  for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) delete env[k];
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, 'check', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

for (const [mode, expected] of [
  ['shape', /not what was expected/],
  ['jsonExcerpt', /not valid JSON/],
  ['jsonExcerptEncoded', /not valid JSON/],
  ['designator', /H001/],
  ['contentEncoding', /content encoding/],
  ['badRequest', /H004/],
  ['serverFailure', /HTTP 503/],
] as const) {
  test(`the checker never prints the key: ${mode} (text and JSON, stdout and stderr)`, async () => {
    for (const format of ['text', 'json']) {
      const run = await check(['--hub', `${server.url}/${mode}`, '--format', format, route], KEY);
      const output = run.stdout + run.stderr;
      assert.match(output, expected, `the echo path was taken (${format}):\n${output}`);
      assertNoLeak(output, KEY, `check --format ${format} against ${mode}`);
    }
  });
}

test('the hub client: no error field, inspected error or cause holds the key', async () => {
  for (const mode of Object.keys(ECHOES)) {
    const hub = new HubClient({ baseUrl: `${server.url}/${mode}`, retries: 0 }, { userKey: KEY });
    try {
      const outcome = await hub.expandRoute({ routeText: 'N0450F350 DVR UL9 KONAN' }).then(
        (r) => JSON.stringify(r),
        (e: unknown) => {
          assert.ok(e instanceof HubError, String(e));
          return `${e.message} ${JSON.stringify(e)} ${inspect(e, { depth: 5 })}`;
        },
      );
      assertNoLeak(outcome, KEY, `HubClient against ${mode}`);
    } finally {
      await hub.close();
    }
  }
});

/** The reference family's two error modes, each echoing the appKey in every field. */
async function referenceEcho(mode: 'envelope' | 'text' | 'json400'): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const key = String(req.headers.appkey ?? '');
    if (mode === 'envelope') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ error: { httpStatusCode: 401, errorCode: key, errorId: key, errorMessage: `bad appKey ${key} for ${req.url}` } }),
      );
    } else if (mode === 'json400') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { errorCode: key.toUpperCase(), errorId: key.slice(0, 12), errorMessage: key.toLowerCase() } }));
    } else {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`status: 500\ncode: ${key}\nmessage: rejected ${key}\nid: ${key}\n`);
    }
  });
}

test('the reference client: errorId, errorCode and the text mode never carry the appKey', async () => {
  for (const mode of ['envelope', 'text', 'json400'] as const) {
    const echo = await referenceEcho(mode);
    const client = new ReferenceClient({ baseUrl: echo.url, retries: 0 }, { appId: 'app-id-1', appKey: APP_KEY });
    try {
      const e = await client.allAirlines().then(
        () => assert.fail('an error was expected'),
        (err: unknown) => err,
      );
      assert.ok(e instanceof HubError, String(e));
      const shown = `${e.message} ${e.errorCode ?? ''} ${e.supportId ?? ''} ${JSON.stringify(e)} ${inspect(e, { depth: 5 })}`;
      assertNoLeak(shown, APP_KEY, `ReferenceClient (${mode})`);
    } finally {
      await client.close();
      await echo.close();
    }
  }
});
