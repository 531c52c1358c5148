import test from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { HttpTransport } from '../../../server/src/hub/transport';
import { Redactor } from '../../../server/src/hub/redact';
import { DEFAULT_HTTP_SETTINGS, type HttpSettings } from '../../../server/src/hub/config';
import { expectServiceError } from './expectServiceError';
import { startConnectProxy, startLocalServer } from './localServer';

function transport(overrides: Partial<HttpSettings> = {}): HttpTransport {
  return new HttpTransport({ ...DEFAULT_HTTP_SETTINGS, retryBaseDelayMs: 5, ...overrides });
}

const get = (url: string, extra: { signal?: AbortSignal } = {}) => ({
  method: 'GET' as const,
  url: new URL(url),
  headers: {},
  what: 'the test call',
  ...extra,
});

test('a server that never answers ends in a timeout error that names the host', async (t) => {
  const server = await startLocalServer(() => undefined);
  const client = transport({ timeoutMs: 150, retries: 0 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const err = await expectServiceError(client.send(get(`${server.url}/slow`)), 'timeout');
  assert.match(err.message, /127\.0\.0\.1/);
});

test("the caller's AbortSignal aborts the socket and ends in kind cancelled", async (t) => {
  let socketClosed!: () => void;
  const closed = new Promise<void>((resolve) => (socketClosed = resolve));
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startLocalServer((req) => {
    req.socket.on('close', () => socketClosed());
    arrived();
  });
  const client = transport({ timeoutMs: 60_000 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const controller = new AbortController();
  const pending = client.send(get(`${server.url}/x`, { signal: controller.signal }));
  await arrival;
  controller.abort();
  await expectServiceError(pending, 'cancelled');
  await closed; // the server saw the connection go away
});

test('a signal aborted before the request is sent sends nothing', async (t) => {
  const seen: string[] = [];
  const server = await startLocalServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  // One connection and one slot: the calls reach the server in the order they are sent.
  const client = transport({ maxConcurrency: 1 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const controller = new AbortController();
  const pending = client.send(get(`${server.url}/abandoned`, { signal: controller.signal }));
  controller.abort(); // while it waits for its slot
  await expectServiceError(pending, 'cancelled');
  assert.equal((await client.send(get(`${server.url}/next`))).status, 200);
  assert.deepEqual(seen, ['/next']);
});

test('idempotent GETs are retried after transient failures; POST never', async (t) => {
  let gets = 0;
  let posts = 0;
  const server = await startLocalServer((req, res) => {
    if (req.method === 'POST') {
      posts++;
      res.writeHead(503).end('busy');
      return;
    }
    gets++;
    if (gets < 3) res.writeHead(503).end('busy');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  const client = transport({ retries: 2 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const res = await client.send(get(`${server.url}/r`));
  assert.equal(res.status, 200);
  assert.equal(res.body.toString(), 'ok');
  assert.equal(gets, 3);
  const post = await client.send({
    method: 'POST',
    url: new URL(`${server.url}/p`),
    headers: {},
    body: '{}',
    what: 'a post',
  });
  assert.equal(post.status, 503);
  assert.equal(posts, 1);
});

test('retries are bounded: a server that always fails is asked 1 + retries times', async (t) => {
  let hits = 0;
  const server = await startLocalServer((_req, res) => {
    hits++;
    res.writeHead(502).end();
  });
  const client = transport({ retries: 3 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const res = await client.send(get(`${server.url}/always`));
  assert.equal(res.status, 502);
  assert.equal(hits, 4);
});

test('a refused connection is a network error that says what to check', async (t) => {
  const server = await startLocalServer(() => undefined);
  const url = server.url;
  await server.close();
  const client = transport({ retries: 1 });
  t.after(() => client.close());
  const err = await expectServiceError(client.send(get(`${url}/gone`)), 'network');
  assert.match(err.message, /proxy|network/i);
});

test('the concurrency limit holds: never more requests at the server than allowed', async (t) => {
  let active = 0;
  let most = 0;
  const server = await startLocalServer((_req, res) => {
    active++;
    most = Math.max(most, active);
    setTimeout(() => {
      active--;
      res.writeHead(200).end('x');
    }, 20);
  });
  const client = transport({ maxConcurrency: 2 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const all = await Promise.all(Array.from({ length: 8 }, (_, i) => client.send(get(`${server.url}/c${i}`))));
  assert.equal(all.length, 8);
  assert.equal(most, 2);
});

test('an endless body is refused at the size limit, not buffered', async (t) => {
  let stopped = false;
  const server = await startLocalServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (!stopped && res.write(chunk));
      if (!stopped) res.once('drain', pump);
    };
    req.socket.on('close', () => (stopped = true));
    pump();
  });
  const client = transport({ maxResponseBytes: 1024 * 1024 });
  t.after(async () => {
    stopped = true;
    await client.close();
    await server.close();
  });
  const before = process.memoryUsage().rss;
  const err = await expectServiceError(client.send(get(`${server.url}/endless`)), 'responseTooLarge');
  assert.match(err.message, /1048576 bytes/);
  assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, 'memory stayed bounded');
});

test('a declared 500 MB answer is refused from its Content-Length without reading it', async (t) => {
  const server = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'content-length': String(500 * 1024 * 1024), 'content-type': 'application/json' });
    res.write('{');
  });
  const client = transport();
  t.after(async () => {
    await client.close();
    await server.close();
  });
  await expectServiceError(client.send(get(`${server.url}/huge`)), 'responseTooLarge');
});

test('gzip bodies are decompressed transparently; a gzip bomb is refused at the limit', async (t) => {
  const text = JSON.stringify({ hello: 'world'.repeat(100) });
  const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
  const server = await startLocalServer((req, res) => {
    const body = req.url === '/bomb' ? bomb : gzipSync(text);
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(body);
  });
  const client = transport({ maxResponseBytes: 2 * 1024 * 1024 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  const ok = await client.send(get(`${server.url}/ok`));
  assert.equal(ok.body.toString(), text);
  assert.ok(bomb.length < 2 * 1024 * 1024, 'the compressed bomb itself is under the limit');
  await expectServiceError(client.send(get(`${server.url}/bomb`)), 'responseTooLarge');
});

test('a configured proxy is used: the request goes through a CONNECT tunnel', async (t) => {
  const server = await startLocalServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('via proxy'),
  );
  const proxy = await startConnectProxy();
  const client = transport({ proxy: proxy.url, noProxy: '' });
  t.after(async () => {
    await client.close();
    await proxy.close();
    await server.close();
  });
  const res = await client.send(get(`${server.url}/p`));
  assert.equal(res.body.toString(), 'via proxy');
  assert.deepEqual(proxy.tunnels, [new URL(server.url).host]);
});

test('HTTP_PROXY from the environment is used, and NO_PROXY bypasses it', async (t) => {
  const server = await startLocalServer((_req, res) => res.writeHead(200).end('ok'));
  const proxy = await startConnectProxy();
  const saved = {
    HTTP_PROXY: process.env.HTTP_PROXY,
    NO_PROXY: process.env.NO_PROXY,
    http_proxy: process.env.http_proxy,
    no_proxy: process.env.no_proxy,
  };
  t.after(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await proxy.close();
    await server.close();
  });
  delete process.env.http_proxy;
  delete process.env.no_proxy;
  process.env.HTTP_PROXY = proxy.url;
  process.env.NO_PROXY = '';
  const viaEnv = transport();
  await viaEnv.send(get(`${server.url}/env`));
  await viaEnv.close();
  assert.equal(proxy.tunnels.length, 1);
  process.env.NO_PROXY = '127.0.0.1';
  const bypass = transport();
  await bypass.send(get(`${server.url}/bypass`));
  await bypass.close();
  assert.equal(proxy.tunnels.length, 1, 'NO_PROXY host went direct');
});

test('a large answer is redacted a window per turn of the event loop, and masked in place', async (t) => {
  const key = 'k3y-Of-The-Test';
  const body = Buffer.alloc(4 * 1024 * 1024, 'x');
  body.write(key.toUpperCase(), 300_000);
  body.write(encodeURIComponent(key), body.length - 100);
  const server = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync(body));
  });
  const client = transport({ maxResponseBytes: 8 * 1024 * 1024 });
  t.after(async () => {
    await client.close();
    await server.close();
  });
  // Turns of the event loop, counted by a probe; each window of the search notes the turn it ran in.
  let turn = 0;
  let probing = true;
  const probe = (): void => {
    turn++;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  const turns: number[] = [];
  class Watched extends Redactor {
    override *bodySpans(b: Buffer): Generator<void, [number, number][]> {
      const inner = super.bodySpans(b);
      for (;;) {
        turns.push(turn);
        const step = inner.next();
        if (step.done) return step.value;
        yield;
      }
    }
  }
  const res = await client.send({ ...get(`${server.url}/large`), redactor: new Watched([key]) });
  probing = false;
  assert.equal(turns.length, 16, 'a 4 MB body is searched in 16 windows');
  assert.equal(new Set(turns).size, turns.length, 'the event loop turned between any two windows');
  const text = res.body.toString('latin1');
  assert.equal(text.length, body.length - key.length - encodeURIComponent(key).length + 6);
  assert.equal(text.slice(300_000, 300_003), '***');
  assert.ok(text.endsWith('***' + 'x'.repeat(100 - encodeURIComponent(key).length)));
  assert.doesNotMatch(text, /k3y/i);
});
