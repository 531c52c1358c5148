/**
 * The airline cache on disk, attacked: an answer that spells the appKey as a property name, cache
 * files of the wrong shape or dated ahead of the clock, and who may read the files.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_SUBFOLDER } from '../../../server/src/hub/diskCache';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { leaks } from './keyEcho';
import { startLocalServer, type LocalServer } from './localServer';

const APP_ID = 'refApp4711';
const APP_KEY = 'Rel3RefKeyQ9z';
const NOW = Date.parse('2026-11-21T08:00:00Z');

let service: LocalServer;
let requests = 0;
let folder: string;

/** `\u`-escaped, as JSON may spell any character. */
const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

before(async () => {
  service = await startLocalServer((_req, res) => {
    requests++;
    const record = `{"fs":"DLH","icao":"DLH","name":"Lufthansa","active":true,"${escaped(APP_KEY)}":1,"extra":"kept?"}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"airlines":[${record}]}`);
  });
  folder = await mkdtemp(join(tmpdir(), 'icao-route-refcache-'));
});
after(async () => {
  await service.close();
  await rm(folder, { recursive: true, force: true });
});

function client(cacheFolder: string): ReferenceClient {
  return new ReferenceClient(
    { baseUrl: service.url, retries: 0, cacheFolder },
    { appId: APP_ID, appKey: APP_KEY },
    { now: () => NOW },
  );
}

/** The one cache file, in the cache's own folder inside `cacheFolder`. */
async function cacheFile(cacheFolder: string): Promise<string> {
  const files = await readdir(join(cacheFolder, CACHE_SUBFOLDER));
  assert.equal(files.length, 1);
  return join(cacheFolder, CACHE_SUBFOLDER, files[0]!);
}

test('a record keeps only the fields an airline defines: the appKey as a property name never reaches the disk', async () => {
  const own = join(folder, 'names');
  const ref = client(own);
  const result = await ref.allAirlines();
  await ref.close();
  assert.deepEqual(result.airlines, [{ fs: 'DLH', icao: 'DLH', name: 'Lufthansa', active: true }]);
  const text = await readFile(await cacheFile(own), 'utf8');
  assert.deepEqual(leaks(text, APP_KEY), [], text);
  assert.deepEqual(leaks(JSON.stringify(result), APP_KEY), []);
});

test("the cache is readable by the user alone: files 0600 in a 0700 folder of its own, also one made before; the user's folder keeps its mode", async () => {
  const users = join(folder, 'modes');
  await mkdir(users, { mode: 0o755 });
  await chmod(users, 0o755);
  // A folder of ours made before, open to others.
  await mkdir(join(users, CACHE_SUBFOLDER), { mode: 0o755 });
  await chmod(join(users, CACHE_SUBFOLDER), 0o755);
  const ref = client(users);
  await ref.allAirlines();
  await ref.close();
  assert.equal(
    (await stat(users)).mode & 0o777,
    0o755,
    'the folder the user named is left as it was (issue 35, item 9)',
  );
  assert.equal((await stat(join(users, CACHE_SUBFOLDER))).mode & 0o777, 0o700);
  assert.equal((await stat(await cacheFile(users))).mode & 0o777, 0o600);
});

for (const [what, value] of [
  ['a number', 42],
  ['a list of null', [null]],
  ['a record whose name is null', [{ fs: 'DLH', icao: 'DLH', name: null, active: true }]],
] as const) {
  test(`a cache file holding ${what} is refused as an answer of that shape would be: the list is fetched again`, async () => {
    const own = join(folder, `shape-${what.replace(/\W+/g, '-')}`);
    const first = client(own);
    await first.allAirlines();
    await first.close();
    const file = await cacheFile(own);
    const entry = JSON.parse(await readFile(file, 'utf8')) as { key: string; fetchedAt: number };
    await writeFile(file, JSON.stringify({ ...entry, value }));
    const before = requests;
    const second = client(own);
    const result = await second.allAirlines();
    await second.close();
    assert.equal(result.source, 'network');
    assert.equal(requests, before + 1);
    assert.equal(result.airlines[0]?.name, 'Lufthansa');
  });
}

test('a cache file dated ahead of the clock is due at once, not kept until the clock catches up', async () => {
  const own = join(folder, 'future');
  const first = client(own);
  await first.allAirlines();
  await first.close();
  const file = await cacheFile(own);
  const entry = JSON.parse(await readFile(file, 'utf8')) as { fetchedAt: number };
  await writeFile(file, JSON.stringify({ ...entry, fetchedAt: NOW + 300 * 24 * 3600 * 1000 }));
  const before = requests;
  const second = client(own);
  const result = await second.allAirlines();
  await second.close();
  assert.equal(result.source, 'network');
  assert.equal(requests, before + 1);
  assert.equal(result.fetchedAt, NOW);
});
