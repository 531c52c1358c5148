import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readNumber } from '../../../server/src/navdata/text';
import { distanceNm } from '../../../server/src/geo/geodesy';

/** Dover VOR, where the nearest-point searches start. */
const DVR = { lat: 51.16, lon: 1.36 };
import { EXCERPT, load } from './paths';
import { defined } from '../../shared/defined';

test('lookup by name returns every namesake; aerodromes have their own index', async () => {
  const db = await load(EXCERPT);
  const sam = db.lookup('SAM').map((i) => db.point(i));
  assert.deepEqual(sam.map((p) => p.name).sort(), [
    'SAMOS VOR-DME',
    'SAMPLA VOR-DME',
    'SAMSVILLE VOR-DME',
    'SOUTHAMPTON VOR-DME',
  ]);
  assert.deepEqual(db.lookup('PRAWN').length, 3);
  assert.deepEqual(db.lookup('NOSUCH'), []);
  assert.deepEqual(db.lookup('EGLL'), [], 'route points are never aerodromes');
  const egll = db.point(db.aerodrome('EGLL')!);
  assert.equal(egll.type, 'aerodrome');
  assert.equal(egll.name, 'London Heathrow');
  assert.ok(Math.abs(egll.lat - 51.4695) < 0.01 && Math.abs(egll.lon + 0.459) < 0.01);
  assert.equal(db.aerodrome('ZZZZ'), undefined);
});

test('nearest returns points by increasing distance, filtered by type and radius', async () => {
  const db = await load(EXCERPT);
  const vors = db.nearest(51.16, 1.36, { maxResults: 5, types: ['vor'] });
  assert.equal(db.ident(defined(vors[0], 'a VOR')), 'DVR');
  assert.ok(vors.every((i) => db.type(i) === 'vor'));
  const distances = vors.map((i) => distanceNm(DVR, db.at(i)));
  assert.deepEqual(
    [...distances].sort((a, b) => a - b),
    distances,
  );
  const within = db.nearest(51.16, 1.36, { maxResults: 1000, maxDistanceNm: 10 });
  assert.ok(within.length > 0);
  for (const i of within) assert.ok(distanceNm(DVR, db.at(i)) <= 10.01);
  // Every point within the radius is found: compare with a scan of the whole table.
  let scanned = 0;
  for (let i = 0; i < db.size; i++) if (distanceNm(DVR, db.at(i)) <= 9.99) scanned++;
  assert.ok(within.length >= scanned);
  const aerodromes = db.nearest(50.95, -1.35, { maxResults: 1, types: ['aerodrome'] });
  assert.equal(db.ident(defined(aerodromes[0], 'an aerodrome')), 'EGHI');
});

test('airways: paths in both directions, several airways with one designator', async () => {
  const db = await load(EXCERPT);
  const ul607 = db.airway('UL607')!;
  const on = (ident: string) => db.lookup(ident).find((i) => ul607.has(i))!;
  const forward = ul607.path(on('KONAN'), [on('AMASI')])!.map((i) => db.ident(i));
  assert.deepEqual(forward, ['KONAN', 'KOK', 'FERDI', 'BUPAL', 'REMBA', 'SPI', 'PELIX', 'MATUG', 'AMASI']);
  const backward = ul607.path(on('AMASI'), [on('KONAN')])!.map((i) => db.ident(i));
  assert.deepEqual(backward, [...forward].reverse());
  // A1 exists in Asia and elsewhere: a path never jumps between the separate pieces.
  const a1 = db.airway('A1')!;
  const elato = db.lookup('ELATO').find((i) => a1.has(i))!;
  const far = a1.nodesWhere((n) => db.lon(n) < 0);
  assert.ok(far.length > 0, 'the excerpt holds A1 segments outside Asia');
  assert.equal(a1.path(elato, far), undefined);
  assert.equal(db.airway('NOSUCH'), undefined);
});

test('readNumber reads decimal fields exactly like parseFloat', () => {
  fc.assert(
    fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 9 }), (value, digits) => {
      const text = `x ${value.toFixed(digits)} y`;
      assert.equal(readNumber(text, 2, text.length - 2), parseFloat(value.toFixed(digits)));
    }),
  );
  for (const bad of ['', '-', '.', '1.2.3', '12a', '1e5', ' 1'])
    assert.ok(Number.isNaN(readNumber(bad, 0, bad.length)), bad);
  assert.equal(readNumber('+5', 0, 2), 5);
});
