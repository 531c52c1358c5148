/**
 * The simulator's areas along the sample routes keep the hours and levels real ones publish
 * (issue 40): the route TRA's layers are active on weekdays only (MON–THU 07:00–22:30, FRI
 * 07:00–16:00 UTC), never H24 at the cruising levels, and each activation NOTAM gives the area's
 * hours as item D and its limits as items F and G; the area published by NOTAM only is a
 * temporary restricted area FL110–FL150, 0600–1600, of a few days.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim, hub } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
  sim.settings.variants = { ...sim.settings.variants, notams: 'v2-geojson' };
});
after(() => sim.close());

const get = async (path: string) => (await (await fetch(hub(sim, path))).json()) as any;

test('no area of the FIRs the samples cross is active round the clock above FL100', async () => {
  for (const fir of ['EGTT', 'EBBU', 'EDGG', 'LFFF', 'EHAA']) {
    const body = await get(`/v2/icao-prefixes/${fir[0]}/firs/${fir}/airspaces`);
    for (const f of body.features) {
      const p = f.properties;
      if (!['R', 'D', 'P', 'TRA'].includes(p.type)) continue;
      const h24 = p.schedules.some((s: any) => s.day === 'ANY' && s.startTime === '00:00' && s.endTime === '23:59');
      const upper = p.upperLimit.uom === 'FL' ? Number(p.upperLimit.value) * 100 : Number(p.upperLimit.value);
      assert.ok(!(h24 && upper > 10_000), `${p.designator} active H24 up to ${p.upperLimit.value}`);
    }
  }
});

test("the route TRA's layers: FL100–FL245 and FL245–FL660, MON–THU 07:00–22:30 and FRI 07:00–16:00 UTC; their NOTAMs say so in items D, F and G", async () => {
  const body = await get('/v2/icao-prefixes/E/firs/EBBU/airspaces');
  const tras = body.features.filter((f: any) => f.properties.localType === 'TRA');
  assert.ok(tras.length >= 1, 'a TRA along the sample routes in EBBU');
  for (const f of tras) {
    const p = f.properties;
    assert.ok(
      ['100-245', '245-660'].includes(`${Number(p.lowerLimit.value)}-${Number(p.upperLimit.value)}`),
      JSON.stringify([p.lowerLimit, p.upperLimit]),
    );
    assert.deepEqual(
      p.schedules.map((s: any) => `${s.day}-${s.dayTil} ${s.startTime}-${s.endTime} ${s.timeReference}`),
      ['MON-THU 07:00-22:30 UTC', 'FRI-FRI 07:00-16:00 UTC'],
    );
  }
  const notams = (await get('/v2/icao-prefixes/E/firs/EBBU/notams')).features.map((f: any) => f.properties);
  for (const f of tras) {
    const activation = notams.find((n: any) => String(n.text).includes(`${f.properties.designator} ACTIVATED`));
    if (!activation) continue;
    assert.equal(activation.schedule, 'MON-THU 0700-2230 FRI 0700-1600');
    assert.equal(Number(activation.minimumFL), Number(f.properties.lowerLimit.value));
    assert.equal(Number(activation.maximumFL), Number(f.properties.upperLimit.value));
  }
  const exercise = notams.find((n: any) => n.selectionCode === 'QRTCA');
  assert.ok(exercise, 'the area published by NOTAM only');
  assert.deepEqual([exercise.minimumFL, exercise.maximumFL, exercise.schedule], ['110', '150', '0600-1600']);
});
