// The route map's basemap, made at build time: Natural Earth land and borders from world-atlas
// (TopoJSON in longitude/latitude) decoded with topojson-client and projected to EPSG:3857 with
// OpenLayers' own fromEPSG4326, once, instead of in every map page. The page reads the result
// (media/src/basemapData.ts) straight into OpenLayers' flat coordinates.
//
// The file, little-endian Int32 throughout:
//   magic, version, metres per unit, polygons P, rings R, lines L, points N,
//   P ring counts (one per land polygon), R point counts (one per ring),
//   L point counts (one per border line),
//   N x then N y: each the difference from the point before; the land rings' first point and the
//   border lines' first point from (0, 0).
// Coordinates are rounded to METRES_PER_UNIT; world-atlas's own grid is 0.0036° × 0.0017°
// (hundreds of metres), so whole metres keep every point where it was. The x and y differences
// are stored apart: they compress better in the .vsix that way.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fromEPSG4326 } from 'ol/proj/epsg3857.js';
import { feature, mesh } from 'topojson-client';

/** 'ICRB' read as a little-endian Int32: a file from elsewhere, or another byte order, is refused. */
export const BASEMAP_MAGIC = 0x42524349;
export const BASEMAP_VERSION = 1;
export const METRES_PER_UNIT = 1;
export const HEADER_INTS = 7;

/**
 * Land (every polygon of the `land` object) and borders (the arcs two countries share, as the page
 * drew them before: coastlines are the land polygons' outlines) in longitude/latitude.
 */
export function basemapShapes(topology) {
  const land = feature(topology, topology.objects.land);
  const polygons = [];
  for (const f of land.type === 'FeatureCollection' ? land.features : [land]) {
    const g = f.geometry;
    if (g?.type === 'MultiPolygon') polygons.push(...g.coordinates);
    else if (g?.type === 'Polygon') polygons.push(g.coordinates);
  }
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return { polygons, lines: borders.coordinates };
}

/** The binary basemap of a world-atlas topology (see the layout above). */
export function encodeBasemap(topology) {
  const { polygons, lines } = basemapShapes(topology);
  const rings = polygons.flat(1);
  const count = (paths) => paths.reduce((n, path) => n + path.length, 0);
  const points = count(rings) + count(lines);
  const ints = new Int32Array(HEADER_INTS + polygons.length + rings.length + lines.length + 2 * points);
  ints.set([BASEMAP_MAGIC, BASEMAP_VERSION, METRES_PER_UNIT, polygons.length, rings.length, lines.length, points]);
  let at = HEADER_INTS;
  for (const polygon of polygons) ints[at++] = polygon.length;
  for (const ring of rings) ints[at++] = ring.length;
  for (const line of lines) ints[at++] = line.length;
  const projected = [0, 0];
  let i = 0;
  for (const paths of [rings, lines]) {
    let x0 = 0;
    let y0 = 0;
    for (const path of paths) {
      for (const position of path) {
        fromEPSG4326(position, projected, 2);
        const x = Math.round(projected[0] / METRES_PER_UNIT);
        const y = Math.round(projected[1] / METRES_PER_UNIT);
        ints[at + i] = x - x0;
        ints[at + points + i] = y - y0;
        x0 = x;
        y0 = y;
        i++;
      }
    }
  }
  const bytes = Buffer.alloc(ints.length * 4);
  for (let k = 0; k < ints.length; k++) bytes.writeInt32LE(ints[k], k * 4);
  return bytes;
}

/** What makes the files besides the atlas: this encoder and the libraries it projects and decodes with. */
const resolve = createRequire(import.meta.url).resolve;
const MAKERS = [fileURLToPath(import.meta.url), resolve('ol/package.json'), resolve('topojson-client/package.json')];

/**
 * Writes `<outDir>/basemap-<resolution>.bin` for 50m and 10m from node_modules/world-atlas, skipping
 * a file newer than its topology, this encoder and the libraries it uses (the build runs in every
 * `npm test`).
 */
export function writeBasemaps(outDir, atlasDir = 'node_modules/world-atlas') {
  mkdirSync(outDir, { recursive: true });
  for (const resolution of ['50m', '10m']) {
    const input = `${atlasDir}/countries-${resolution}.json`;
    const output = `${outDir}/basemap-${resolution}.bin`;
    const newestInput = Math.max(...[input, ...MAKERS].map((file) => statSync(file).mtimeMs));
    if (existsSync(output) && statSync(output).mtimeMs > newestInput) continue;
    writeFileSync(output, encodeBasemap(JSON.parse(readFileSync(input, 'utf8'))));
  }
}
