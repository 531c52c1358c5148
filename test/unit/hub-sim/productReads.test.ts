/**
 * The product's hub client against each answer variant of the simulator: every shape the
 * simulator serves is one the product reads (issue 21's classes 1, 4, 7 and 9 at the client).
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { DEFAULT_VARIANTS, type Variants } from '../../hub-sim/context';
import { HubClient } from '../../../server/src/hub/hubClient';
import { startSim } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim({ settings: { fixedNow: '2026-11-24T10:00:00Z' } });
});
after(() => sim.close());

/** A client of its own per check: the client caches answers, the variant changes them. */
async function withClient<T>(
  variants: Partial<Variants>,
  settings: ConstructorParameters<typeof HubClient>[0],
  run: (client: HubClient) => Promise<T>,
): Promise<T> {
  sim.settings.variants = { ...sim.settings.variants, ...variants };
  const client = new HubClient({ baseUrl: sim.url, retries: 0, ...settings }, { userKey: 'demo' });
  try {
    return await run(client);
  } finally {
    await client.close();
    sim.settings.variants = { ...DEFAULT_VARIANTS };
  }
}

const V2_NOTAMS = { versions: { notams: 'v2' } } as unknown as ConstructorParameters<typeof HubClient>[0];

test('v2 NOTAMs: read by a client set to the v2 set and GeoJSON', async () => {
  await withClient({ notams: 'v2-geojson' }, V2_NOTAMS, async (client) => {
    const list = await client.firNotams('E', 'EGTT', { format: 'geojson' });
    assert.ok(list.notams.length > 10);
    assert.ok(list.notams.every((n) => n.affectedFIR && n.effectiveStart));
  });
});

test('v2 NOTAMs: a client set to the v2 set reads its GeoJSON with no format asked (as the map asks)', async () => {
  await withClient({ notams: 'v2-geojson' }, V2_NOTAMS, async (client) => {
    const list = await client.firNotams('E', 'EGTT');
    assert.equal(list.format, 'geojson');
    assert.ok(list.notams.length > 10);
  });
});

test('v2 NOTAMs: a client left on v1 finds nothing there', async () => {
  await withClient({ notams: 'v2-geojson' }, {}, async (client) => {
    const list = await client.firNotams('E', 'EGTT');
    assert.equal(list.notams.length, 0);
    assert.equal(list.noneFound, true, 'the 404 of a wrong version reads as "no NOTAMs" (see the report)');
  });
});

test('v1 AIXM NOTAMs: 12-digit validity read as a time', async () => {
  await withClient({ notams: 'v1-aixm' }, {}, async (client) => {
    const list = await client.firNotams('E', 'EGTT');
    for (const n of list.notams) assert.match(n.effectiveStart ?? '', /^\d{4}-\d\d-\d\dT/);
  });
});

test('v2 NOTAMs: the NOTAMR relationship is read, naming NOTAMs of the same list', async () => {
  // The client keeps both; the map leaves the replaced one out (the shapes work's map tests).
  await withClient({ notams: 'v2-geojson' }, V2_NOTAMS, async (client) => {
    const list = await client.firNotams('E', 'EGTT', { format: 'geojson' });
    const replaced = new Set(list.notams.flatMap((n) => n.replaces ?? []));
    assert.ok(replaced.size > 0, 'the relationship is read');
    const listed = new Set(list.notams.map((n) => n.designation));
    for (const designation of replaced) assert.ok(listed.has(designation), designation);
  });
});

test('FIXM flights as the service writes them: departure, arrival and status read', async () => {
  await withClient({ flights: 'fixm' }, {}, async (client) => {
    for (const format of ['xml', 'json'] as const) {
      const list = await client.departures('EGLL', { format, status: 'AIRBORNE' });
      assert.ok(list.flights.length > 0);
      for (const f of list.flights) {
        assert.equal(f.departure, 'EGLL', format);
        assert.match(f.arrival ?? '', /^[A-Z]{4}$/, format);
        assert.equal(f.status, 'AIRBORNE', format);
      }
    }
  });
});

test('mixed airspaces: every readable airspace kept, the unreadable one left out', async () => {
  const plain = await withClient({}, {}, async (client) => (await client.firAirspaces('E', 'EGTT')).airspaces);
  await withClient({ airspaces: 'mixed' }, {}, async (client) => {
    const list = await client.firAirspaces('E', 'EGTT');
    // The mixed answer is the plain one plus one area without geometry.
    assert.deepEqual(
      list.airspaces.map((a) => a.properties.designator),
      plain.map((a) => a.properties.designator),
    );
    assert.equal(list.leftOut?.count, 1);
  });
});

test('route expansion with a LineString: the points are read', async () => {
  await withClient({ routes: 'withLine' }, {}, async (client) => {
    const { collection } = await client.expandRoute({ routeText: 'N0450F350 DVR UL9 KONAN', origin: 'EGLL' });
    assert.ok(collection.features.length >= 3);
  });
});

test('FIR detail without gml:boundedBy: the links to its APIs are still read', async () => {
  for (const fir of ['geometry', 'bare'] as const) {
    await withClient({ fir }, {}, async (client) => {
      const detail = await client.fir('E', 'EGTT');
      assert.ok(
        detail.links.some((l) => /notams$/.test(l.href)),
        `${fir}: ${detail.links.map((l) => l.href).join(', ')}`,
      );
    });
  }
});
