/**
 * The basemap the build makes (scripts/basemap.mjs) read back as the page reads it
 * (media/src/basemapData.ts) gives what world-atlas's TopoJSON gives through topojson-client and
 * OpenLayers' GeoJSON reader: the same polygons, rings and lines, of the
 * same lengths, every point within half a metre (the rounding) of OpenLayers' fromEPSG4326.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import GeoJSON from 'ol/format/GeoJSON';
import type { MultiLineString, MultiPolygon } from 'ol/geom';
import { fromEPSG4326, MAX_SAFE_Y } from 'ol/proj/epsg3857';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { decodeBasemap } from '../../../media/src/basemapData';
import { encodeBasemap, writeBasemaps } from '../../../scripts/basemap.mjs';
import { defined } from '../../shared/defined';

const ATLAS = path.join(__dirname, '../../../node_modules/world-atlas');
const topology = (resolution: string) =>
  JSON.parse(readFileSync(path.join(ATLAS, `countries-${resolution}.json`), 'utf8')) as Topology;

/** What the page made before: topojson-client's land and borders through OpenLayers' GeoJSON reader. */
function asThePageReadIt(t: Topology) {
  const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
  const land = format.readFeatures(feature(t, defined(t.objects.land, 'the land object')));
  const borders = format.readFeatures({
    type: 'Feature',
    properties: {},
    geometry: mesh(t, t.objects.countries as GeometryCollection, (a, b) => a !== b),
  });
  assert.equal(land.length, 1);
  assert.equal(borders.length, 1);
  return { land: land[0]!.getGeometry() as MultiPolygon, borders: borders[0]!.getGeometry() as MultiLineString };
}

function assertWithinHalfAMetre(actual: number[], expected: number[], what: string): void {
  assert.equal(actual.length, expected.length, `${what}: number of coordinates`);
  let worst = 0;
  let at = 0;
  for (let i = 0; i < expected.length; i++) {
    const off = Math.abs(actual[i]! - expected[i]!); // i is under both lengths, asserted equal
    if (!(off <= worst)) [worst, at] = [off, i];
  }
  assert.ok(worst <= 0.5 + 1e-6, `${what}: coordinate ${at} is ${worst} m off (${actual[at]} for ${expected[at]})`);
}

for (const resolution of ['50m', '10m']) {
  test(`the ${resolution} basemap file holds the land and borders the page used to project itself`, () => {
    const t = topology(resolution);
    const expected = asThePageReadIt(t);
    const file = encodeBasemap(t);
    const read = decodeBasemap(bufferOf(file));
    // Same polygons with the same rings of the same lengths; same lines of the same lengths.
    assert.deepEqual(read.land.endss, expected.land.getEndss());
    assert.deepEqual(read.borders.ends, expected.borders.getEnds());
    assert.ok(read.land.endss.length > 1000 && read.borders.ends.length > 100);
    assertWithinHalfAMetre(read.land.flatCoordinates, expected.land.getFlatCoordinates(), 'land');
    assertWithinHalfAMetre(read.borders.flatCoordinates, expected.borders.getFlatCoordinates(), 'borders');
  });
}

/** A small topology: one square island of two countries, split along 5°E. */
function island(): Topology {
  return {
    type: 'Topology',
    objects: {
      land: { type: 'GeometryCollection', geometries: [{ type: 'MultiPolygon', arcs: [[[0]]] }] },
      countries: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', arcs: [[1, ~2]] },
          { type: 'Polygon', arcs: [[3, 2]] },
        ],
      },
    },
    arcs: [
      [
        [0, 0],
        [10, 0],
        [10, 89.9],
        [0, 89.9],
        [0, 0],
      ],
      [
        [5, 89.9],
        [0, 89.9],
        [0, 0],
        [5, 0],
      ],
      [
        [5, 89.9],
        [5, 0],
      ],
      [
        [5, 0],
        [10, 0],
        [10, 89.9],
        [5, 89.9],
      ],
    ],
  } as Topology;
}

test('points are fromEPSG4326 rounded to the metre; the shared arc is the one border', () => {
  const read = decodeBasemap(bufferOf(encodeBasemap(island())));
  const metres = (lonLat: number[]) => fromEPSG4326(lonLat, undefined, 2).map((v) => Math.round(v) + 0); // + 0: no -0
  assert.deepEqual(read.land.endss, [[10]]);
  assert.deepEqual(
    read.land.flatCoordinates,
    [
      [0, 0],
      [10, 0],
      [10, 89.9],
      [0, 89.9],
      [0, 0],
    ].flatMap(metres),
  );
  assert.deepEqual(read.borders.ends, [4]);
  assert.deepEqual(
    read.borders.flatCoordinates,
    [
      [5, 0],
      [5, 89.9],
    ].flatMap(metres),
  );
  // 1113195 m east for 10°E; 89.9°N is far north, but under OpenLayers' limit.
  assert.equal(read.land.flatCoordinates[2], 1113195);
  const northing = defined(read.land.flatCoordinates[5], 'the third northing');
  assert.ok(northing > 3e7 && northing < MAX_SAFE_Y);
});

test('a damaged or foreign file is refused with a clear message, never misread', () => {
  const good = encodeBasemap(island());
  const ints = () => new Int32Array(bufferOf(good).slice(0));
  assert.throws(
    () => decodeBasemap(bufferOf(good).slice(0, good.length - 4)),
    /basemap file is damaged \(its length\)/,
  );
  assert.throws(() => decodeBasemap(new ArrayBuffer(6)), /damaged/);
  const foreign = ints();
  foreign[0] = 0x7b226f62; // `{"ty…`: JSON, say
  assert.throws(() => decodeBasemap(foreign.buffer), /not a basemap file/);
  const later = ints();
  later[1] = 2;
  assert.throws(() => decodeBasemap(later.buffer), /basemap file version 2, expected 1/);
  const rings = ints();
  rings[7] = 2; // the one polygon said to have two rings
  assert.throws(() => decodeBasemap(rings.buffer), /damaged \(its ring counts\)/);
  const points = ints();
  points[8] = 4; // the ring one point shorter than the points there are
  assert.throws(() => decodeBasemap(points.buffer), /damaged \(its point counts\)/);
});

test('the build writes the two files, and writes them again only when the atlas or the encoder is newer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'icao-route-basemap-'));
  try {
    const atlas = path.join(dir, 'atlas');
    const out = path.join(dir, 'out');
    mkdirSync(atlas);
    for (const resolution of ['50m', '10m']) {
      writeFileSync(path.join(atlas, `countries-${resolution}.json`), JSON.stringify(island()));
    }
    writeBasemaps(out, atlas);
    const file = path.join(out, 'basemap-10m.bin');
    assert.deepEqual(readFileSync(file), encodeBasemap(island()));
    // Newer than the atlas and the encoder: left as it is.
    const newer = new Date(Date.now() + 60_000);
    writeFileSync(file, 'left as is');
    utimesSync(file, newer, newer);
    writeBasemaps(out, atlas);
    assert.equal(readFileSync(file, 'utf8'), 'left as is');
    // The atlas changed since: made again.
    const later = new Date(statSync(file).mtimeMs + 60_000);
    utimesSync(path.join(atlas, 'countries-10m.json'), later, later);
    writeBasemaps(out, atlas);
    assert.deepEqual(readFileSync(file), encodeBasemap(island()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function bufferOf(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
