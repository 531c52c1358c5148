/** The reference family against the hub simulator: airlines, flight status, both error modes, the disk cache. */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HubSimulator } from '../../hub-sim/server';
import {
  extendedOptionsValue,
  parseErrorText,
  ReferenceClient,
  resolveAppendix,
} from '../../../server/src/hub/referenceClient';
import { CACHE_SUBFOLDER } from '../../../server/src/hub/diskCache';
import { HubClient } from '../../../server/src/hub/hubClient';
import { AirlineReferenceError, HubError } from '../../../server/src/hub/errors';
import { expectServiceError } from './expectServiceError';
import { logged, startSim } from './simHelpers';

let sim: HubSimulator;
let folder: string;
const CREDENTIALS = { appId: 'demo', appKey: 'demo' };

before(async () => {
  sim = await startSim();
  folder = await mkdtemp(join(tmpdir(), 'icao-route-ref-'));
});
after(async () => {
  await sim.close();
  await rm(folder, { recursive: true, force: true });
});

function client(
  extra: Partial<ConstructorParameters<typeof ReferenceClient>[0]> = {},
  now?: () => number,
): ReferenceClient {
  return new ReferenceClient({ baseUrl: sim.referenceUrl, retries: 0, ...extra }, CREDENTIALS, now ? { now } : {});
}

test('airlines: active, all, by fs / IATA / ICAO code, and as of a date', async (t) => {
  const ref = client();
  t.after(() => ref.close());
  const active = await ref.activeAirlines();
  const all = await ref.allAirlines();
  assert.ok(active.airlines.length > 0 && all.airlines.length >= active.airlines.length);
  assert.ok(active.airlines.every((a) => a.active));
  assert.ok(
    all.airlines.some((a) => !a.active),
    'inactive airlines stay in the all list',
  );
  const byFs = await ref.airlineByFs('U2');
  assert.equal(byFs.airlines[0]?.icao, 'EZY');
  const byIcao = await ref.airlinesByIcao('EZY');
  assert.equal(byIcao.airlines[0]?.fs, 'U2', 'a single `airline` answer is read like a list');
  const byIata = await ref.airlinesByIata('U2');
  assert.ok(byIata.airlines.length >= 1, '`airlines` listing');
  const dated = await ref.activeAirlines({ date: { year: 2001, month: 3, day: 7 } });
  assert.match(logged(sim).at(-1)!.url, /\/active\/2001\/3\/7/);
  assert.ok(Array.isArray(dated.airlines));
  const sent = logged(sim).filter((r) => r.family === 'reference');
  assert.ok(
    sent.every((r) => r.headers.appid === 'demo' && r.headers.appkey === 'REDACTED'),
    'credentials as headers by default',
  );
  assert.ok(sent.every((r) => !/appKey=/.test(r.url)));
});

test('credentials as query parameters when set so', async (t) => {
  const ref = client({ credentialsIn: 'query' });
  t.after(() => ref.close());
  await ref.airlineByFs('LH');
  const sent = logged(sim).at(-1)!;
  assert.match(sent.url, /appId=demo/);
  assert.match(sent.url, /appKey=REDACTED/);
  assert.equal(sent.headers.appkey, undefined);
});

test('extendedOptions are typed and joined with +; new fields and languages arrive', async (t) => {
  assert.equal(
    extendedOptionsValue({ useHttpErrors: true, includeNewFields: true, languageCode: 'de' }),
    'useHttpErrors+includeNewFields+languageCode:de',
  );
  assert.equal(extendedOptionsValue({}), undefined);
  const ref = client();
  t.after(() => ref.close());
  const plain = await ref.airlineByFs('LH');
  assert.equal(plain.airlines[0]?.dateFrom, undefined, 'non-LTS fields only on request');
  const extended = await ref.airlineByFs('LH', { extendedOptions: { includeNewFields: true } });
  assert.equal(typeof extended.airlines[0]?.dateFrom, 'string');
});

test('errors: 200 with a filled error object, and useHttpErrors text/plain, both typed', async (t) => {
  const ref = client();
  t.after(() => ref.close());
  const quiet = await expectServiceError(ref.airlineByFs('ZZ9'), 'notFound');
  assert.equal(quiet.errorCode, 'NOT_FOUND');
  assert.ok(quiet.supportId);
  const loud = await expectServiceError(
    ref.airlineByFs('ZZ9', { extendedOptions: { useHttpErrors: true } }),
    'notFound',
  );
  assert.equal(loud.status, 404);
  assert.equal(loud.errorCode, 'NOT_FOUND');
  const bad = await expectServiceError(ref.activeAirlines({ date: { year: 2020, month: 2, day: 31 } }), 'badRequest');
  assert.match(bad.message, /Invalid date/);
  const wrong = new ReferenceClient({ baseUrl: sim.referenceUrl, retries: 0 }, { appId: 'demo', appKey: 'wrong' });
  const denied = await expectServiceError(wrong.allAirlines(), 'notAuthorised');
  await wrong.close();
  assert.ok(
    denied instanceof AirlineReferenceError && !(denied instanceof HubError),
    'a reference failure is no hub failure',
  );
  assert.ok(!denied.message.includes('wrong'));
});

test('the text/plain error block is parsed defensively', () => {
  assert.deepEqual(parseErrorText('status: 401\ncode: UNAUTHORIZED\nmessage: bad key\nid: 1a2b-3c'), {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'bad key',
    id: '1a2b-3c',
  });
  assert.deepEqual(parseErrorText('HTTP Status=500; errorCode=SERVER_ERROR; errorMessage=boom'), {
    status: 500,
    code: 'SERVER_ERROR',
    message: 'boom',
  });
  assert.deepEqual(parseErrorText('something odd happened'), { message: 'something odd happened' });
  assert.deepEqual(parseErrorText(''), {});
});

test('flight status: appendix references resolved into the records; inlined references kept', async (t) => {
  const ref = client();
  t.after(() => ref.close());
  const hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  t.after(() => hub.close());
  const { flights } = await hub.airlineFlights('BAW');
  const f = flights[0]!;
  const number = f.callsign!.slice(3).replace(/^0+/, '');
  const day = new Date();
  const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
  // UTC dates: without utc=true the service reads the date as the departure airport's local one.
  let result = await ref.flightStatus('BA', number, date, { utc: true });
  if (result.flightStatuses.length === 0) {
    const y = new Date(Date.now() - 86400000);
    result = await ref.flightStatus(
      'BA',
      number,
      { year: y.getUTCFullYear(), month: y.getUTCMonth() + 1, day: y.getUTCDate() },
      { utc: true },
    );
  }
  assert.ok(result.flightStatuses.length > 0, 'the flight flies today or yesterday');
  const status = result.flightStatuses[0]!;
  assert.equal((status.carrier as { fs: string }).fs, 'BA');
  assert.equal(typeof (status.departureAirport as { name: string }).name, 'string');
  assert.equal((status.departureAirport as { fs: string }).fs, status.departureAirportFsCode);
  const inlined = await ref.flightStatus('BA', number, date, { extendedOptions: { useInlinedReferences: true } });
  assert.equal(inlined.appendix, undefined);
  await expectServiceError(ref.flightStatus('BA', 'XX!', date), 'badRequest');
});

test('resolveAppendix links codes to appendix objects without overwriting inlined ones', () => {
  const appendix = {
    airlines: [{ fs: 'BA', name: 'British Airways' }],
    airports: [{ fs: 'LHR', name: 'Heathrow' }],
    equipments: [{ iata: '320', name: 'A320' }],
  };
  const out = resolveAppendix(
    {
      carrierFsCode: 'BA',
      departureAirportFsCode: 'LHR',
      arrivalAirportFsCode: 'XXX',
      codeshares: [{ fsCode: 'BA' }],
      flightEquipment: { scheduledEquipmentIataCode: '320' },
    },
    appendix,
  );
  assert.deepEqual(out.carrier, appendix.airlines[0]);
  assert.deepEqual(out.departureAirport, appendix.airports[0]);
  assert.equal(out.arrivalAirport, undefined);
  assert.deepEqual((out.codeshares as Record<string, unknown>[])[0]!.carrier, appendix.airlines[0]);
  assert.deepEqual((out.flightEquipment as Record<string, unknown>).scheduledEquipment, appendix.equipments[0]);
  const kept = resolveAppendix({ carrierFsCode: 'BA', carrier: { fs: 'BA', inlined: true } }, appendix);
  assert.deepEqual(kept.carrier, { fs: 'BA', inlined: true });
});

test('airline data are cached on disk (no credential in the file), refreshed after the maximum age, served stale when offline', async () => {
  let clock = Date.parse('2026-11-21T08:00:00Z');
  const now = () => clock;
  const first = client({ cacheFolder: folder }, now);
  const fresh = await first.activeAirlines();
  assert.equal(fresh.source, 'network');
  await first.close();
  const files = await readdir(join(folder, CACHE_SUBFOLDER));
  assert.equal(files.length, 1);
  const stored = await readFile(join(folder, CACHE_SUBFOLDER, files[0]!), 'utf8');
  assert.ok(!/appKey|"demo"/.test(stored), 'no credential on disk');

  const before = logged(sim).length;
  const second = client({ cacheFolder: folder }, now);
  const fromDisk = await second.activeAirlines();
  assert.equal(fromDisk.source, 'disk');
  assert.equal(logged(sim).length, before, 'no request while the copy is fresh');
  await second.close();

  clock += 8 * 24 * 3600 * 1000;
  sim.faults.add({ kind: 'reset', path: '/reference/*' });
  const offline = client({ cacheFolder: folder }, now);
  const stale = await offline.activeAirlines();
  sim.faults.clear();
  assert.equal(stale.stale, true);
  assert.match(stale.warning ?? '', /2026-11-21.*could not be reached/);
  assert.deepEqual(stale.airlines, fresh.airlines);
  const again = await offline.activeAirlines();
  assert.equal(again.source, 'network', 'stale data are not kept: the same client asks again once the service is back');
  assert.equal(again.fetchedAt, clock);
  await offline.close();

  const later = client({ cacheFolder: folder }, now);
  const refreshed = await later.activeAirlines();
  assert.equal(refreshed.source, 'disk', 'the refreshed copy was written back');
  assert.equal(refreshed.fetchedAt, clock);
  await later.close();
});

test('a base URL with user:password leaves no password in the disk cache', async (t) => {
  const own = await mkdtemp(join(tmpdir(), 'icao-route-ref-'));
  const ref = client({ baseUrl: sim.referenceUrl.replace('http://', 'http://mirror:s3cret-pw@'), cacheFolder: own });
  t.after(async () => {
    await ref.close();
    await rm(own, { recursive: true, force: true });
  });
  assert.equal((await ref.allAirlines()).source, 'network');
  const files = await readdir(join(own, CACHE_SUBFOLDER));
  assert.equal(files.length, 1);
  assert.ok(!(await readFile(join(own, CACHE_SUBFOLDER, files[0]!), 'utf8')).includes('s3cret-pw'));
});

test('without a disk copy, an unreachable service is an error, not empty data', async () => {
  sim.faults.add({ kind: 'reset', path: '/reference/*', count: 1 });
  const ref = client();
  await expectServiceError(ref.allAirlines(), 'network');
  await ref.close();
});
