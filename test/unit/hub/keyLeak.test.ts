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
import { join } from 'node:path';
import { inspect } from 'node:util';
import { ServiceError } from '../../../server/src/hub/errors';
import { HubClient } from '../../../server/src/hub/hubClient';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { startLocalServer, type LocalServer } from './localServer';
import { APP_KEY, assertNoLeak, ECHOES, echoServer, KEY } from './keyEcho';
import { buildOnce, CLI_JS } from '../../protocol/support/build';

let server: LocalServer;
let dir: string;
let route: string;
before(async () => {
  // The shipped bundle: a run through tsx transpiled the whole server for each of these checks.
  buildOnce();
  server = await echoServer((req) => (req.url ?? '').split('/')[1] ?? '');
  dir = mkdtempSync(join(tmpdir(), 'icao-route-leak-'));
  route = join(dir, 'leak.route');
  writeFileSync(route, 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN\n');
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function check(args: string[], key: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HUB_USER_KEY: key };
  for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) delete env[k];
  return new Promise((done) => {
    execFile(process.execPath, [CLI_JS, 'check', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

for (const [mode, expected] of [
  ['shape', /not what was expected/],
  ['jsonExcerpt', /not valid JSON/],
  ['jsonExcerptEncoded', /not valid JSON/],
  ['designator', /H001/],
  ['mixedCase', /H001/],
  ['contentEncoding', /content encoding/],
  ['badRequest', /H004/],
  ['serverFailure', /HTTP 503/],
] as const) {
  test(`the checker never prints the key: ${mode} (text and JSON, stdout and stderr)`, async () => {
    // The two runs side by side: each its own process, the echo server keeps no state.
    const formats = ['text', 'json'];
    const runs = await Promise.all(
      formats.map((format) => check(['--hub', `${server.url}/${mode}`, '--format', format, route], KEY)),
    );
    for (const [i, run] of runs.entries()) {
      const format = formats[i];
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
          assert.ok(e instanceof ServiceError, String(e));
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
        JSON.stringify({
          error: {
            httpStatusCode: 401,
            errorCode: key,
            errorId: key,
            errorMessage: `bad appKey ${key} for ${req.url}`,
          },
        }),
      );
    } else if (mode === 'json400') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { errorCode: key.toUpperCase(), errorId: key.slice(0, 12), errorMessage: key.toLowerCase() },
        }),
      );
    } else {
      res
        .writeHead(500, { 'content-type': 'text/plain' })
        .end(`status: 500\ncode: ${key}\nmessage: rejected ${key}\nid: ${key}\n`);
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
      assert.ok(e instanceof ServiceError, String(e));
      const shown = `${e.message} ${e.errorCode ?? ''} ${e.supportId ?? ''} ${JSON.stringify(e)} ${inspect(e, { depth: 5 })}`;
      assertNoLeak(shown, APP_KEY, `ReferenceClient (${mode})`);
    } finally {
      await client.close();
      await echo.close();
    }
  }
});

test('escaped spellings in data: JSON \\u escapes and XML character references never yield the key', async () => {
  const refs = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
  const xml = await startLocalServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        `<?xml version="1.0"?><icaoPrefixes xmlns:xlink="http://www.w3.org/1999/xlink"><icaoPrefix xlink:href="/v1/icao-prefixes/EG" xlink:title="${refs(KEY)}">${refs(KEY.toLowerCase())}</icaoPrefix></icaoPrefixes>`,
      ),
  );
  const hub = new HubClient({ baseUrl: xml.url, retries: 0 }, { userKey: KEY });
  try {
    const { links } = await hub.icaoPrefixes();
    assert.equal(links.length, 1);
    assert.equal(links[0]!.title, '***');
    assertNoLeak(JSON.stringify(links), KEY, 'links read from XML character references');
  } finally {
    await hub.close();
    await xml.close();
  }
});
