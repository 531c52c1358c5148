/**
 * Reads the basemap file the build makes (scripts/basemap.mjs: land and borders already in
 * EPSG:3857, little-endian Int32 differences) into OpenLayers' flat coordinates and ends: no
 * TopoJSON decoding and no projection in the page. Pure, so that the unit tests read the file
 * exactly as the page does.
 */

export interface BasemapData {
  /** One MultiPolygon: flat x,y pairs and, per polygon, the end of each ring in that array. */
  land: { flatCoordinates: number[]; endss: number[][] };
  /** One MultiLineString: flat x,y pairs and the end of each line. */
  borders: { flatCoordinates: number[]; ends: number[] };
}

/** Must match scripts/basemap.mjs. */
const MAGIC = 0x42524349;
const VERSION = 1;
const HEADER_INTS = 7;

export function decodeBasemap(buffer: ArrayBuffer): BasemapData {
  if (buffer.byteLength % 4 !== 0 || buffer.byteLength < HEADER_INTS * 4) throw damaged('its length');
  // Int32Array reads the machine's byte order: on any other than little-endian the magic number
  // does not match and the file is refused, never misread.
  const ints = new Int32Array(buffer);
  // The length check above leaves the header whole; the defaults (refused below) only type it.
  const [magic, version, metresPerUnit = 0, polygons = -1, rings = -1, lines = -1, points = -1] = ints;
  if (magic !== MAGIC) throw new Error('not a basemap file (or not a little-endian machine)');
  if (version !== VERSION) throw new Error(`basemap file version ${version}, expected ${VERSION}`);
  if (metresPerUnit <= 0 || polygons < 0 || rings < 0 || lines < 0 || points < 0) throw damaged('its header');
  if (ints.length !== HEADER_INTS + polygons + rings + lines + 2 * points) throw damaged('its length');

  let at = HEADER_INTS;
  const ringsPer = ints.subarray(at, (at += polygons));
  const ringLengths = ints.subarray(at, (at += rings));
  const lineLengths = ints.subarray(at, (at += lines));
  const xs = ints.subarray(at, (at += points));
  const ys = ints.subarray(at, (at += points));
  if (sum(ringsPer) !== rings) throw damaged('its ring counts');
  const landPoints = sum(ringLengths);
  if (landPoints + sum(lineLengths) !== points) throw damaged('its point counts');

  const endss: number[][] = [];
  let end = 0;
  let ring = 0;
  for (const count of ringsPer) {
    const ends: number[] = [];
    // sum(ringsPer) === rings, checked above: `ring` stays under ringLengths.length.
    for (let r = 0; r < count; r++) ends.push((end += 2 * ringLengths[ring++]!));
    endss.push(ends);
  }
  end = 0;
  const lineEnds = Array.from(lineLengths, (length) => (end += 2 * length));
  return {
    land: { flatCoordinates: addUp(xs, ys, 0, landPoints, metresPerUnit), endss },
    borders: { flatCoordinates: addUp(xs, ys, landPoints, points, metresPerUnit), ends: lineEnds },
  };
}

/** Points [from, to) as flat x,y pairs in metres: each is the sum of the differences since `from`. */
function addUp(xs: Int32Array, ys: Int32Array, from: number, to: number, metresPerUnit: number): number[] {
  const flat = new Array<number>(2 * (to - from));
  let x = 0;
  let y = 0;
  for (let i = from, k = 0; i < to; i++, k += 2) {
    x += xs[i]!; // i < to <= points = xs.length = ys.length
    y += ys[i]!;
    flat[k] = x * metresPerUnit;
    flat[k + 1] = y * metresPerUnit;
  }
  return flat;
}

function sum(values: Int32Array): number {
  let total = 0;
  for (const v of values) {
    if (v < 0) return -1;
    total += v;
  }
  return total;
}

function damaged(what: string): Error {
  return new Error(`the basemap file is damaged (${what})`);
}
