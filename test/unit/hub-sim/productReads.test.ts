/**
 * The product's hub client against each answer variant of the simulator. What the product reads
 * today is tested outright; what needs the readers of issue 21's "shapes" work is marked `todo`
 * with the class it belongs to (it runs and reports, and becomes a plain test once those readers
 * are merged: remove the `todo`).
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import type { Variants } from '../../hub-sim/context';
import { HubClient } from '../../../server/src/hub/hubClient';
import { startSim } from './helpers';

const SHAPES = 'needs the product readers of issue 21 (shapes work)';

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
    sim.settings.variants = { notams: 'v1', flights: 'sim', airspaces: 'polygons', fir: 'boundedBy', routes: 'points' };
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

test('v2 NOTAMs: a client left on v1 finds nothing there', async () => {
  await withClient({ notams: 'v2-geojson' }, {}, async (client) => {
    const list = await client.firNotams('E', 'EGTT');
    assert.equal(list.notams.length, 0);
    assert.equal(list.noneFound, true, 'the 404 of a wrong version reads as "no NOTAMs" (see the report)');
  });
});

test('v1 AIXM NOTAMs: 12-digit validity read as a time', { todo: `${SHAPES}: class 4` }, async () => {
  await withClient({ notams: 'v1-aixm' }, {}, async (client) => {
    const list = await client.firNotams('E', 'EGTT');
    for (const n of list.notams) assert.match(n.effectiveStart ?? '', /^\d{4}-\d\d-\d\dT/);
  });
});

test('v2 NOTAMs: a replaced NOTAM is not listed beside its replacement', { todo: `${SHAPES}: class 9` }, async () => {
  await withClient({ notams: 'v2-geojson' }, V2_NOTAMS, async (client) => {
    const list = await client.firNotams('E', 'EGTT', { format: 'geojson' });
    const designations = list.notams.map((n) => n.designation);
    assert.equal(new Set(designations).size, designations.length);
    const replaced = new Set(list.notams.flatMap((n) => n.replaces ?? []));
    assert.ok(replaced.size > 0, 'the relationship is read');
    assert.ok(!list.notams.some((n) => n.designation && replaced.has(n.designation)));
  });
});

test(
  'FIXM flights as the service writes them: departure, arrival and status read',
  { todo: `${SHAPES}: class 7` },
  async () => {
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
  },
);

test(
  'mixed airspaces: every readable airspace kept, the unreadable one left out',
  { todo: `${SHAPES}: class 1` },
  async () => {
    await withClient({ airspaces: 'mixed' }, {}, async (client) => {
      const list = await client.firAirspaces('E', 'EGTT');
      assert.ok(list.airspaces.length > 10);
    });
  },
);

test('route expansion with a LineString: the points are read', { todo: `${SHAPES}: class 1` }, async () => {
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
