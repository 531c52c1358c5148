/**
 * FIR outlines from a local GeoJSON file (icaoRoute.map.firBoundariesFile), for the FIRs whose
 * detail in the hub's navigation gives no boundary: the contract promises no gml:boundedBy.
 * Polygon or MultiPolygon features whose `id` (or `designator`) is the FIR's code, as the VAT-Spy
 * data project writes them; sectors (`EDGG-N`) are joined to their FIR. Plain or gzipped.
 *
 * The file is user input under the rules of the other local files: a regular file (a FIFO or a
 * device is refused at once, never read), at most MAX_FIR_BOUNDARIES_BYTES on disk and after
 * decompression (a gzip bomb stops there), read in chunks between turns of the event loop
 * (navdata/read.ts), and its brackets checked before JSON.parse (map/airspaceFileLimits.ts).
 */
import { parseJson, readFeatureCollection, type CollectionRules, type FeatureCollection, type LeftOut } from '../hub';
import { readTextFile, type FileKind } from '../navdata/read';
import { jsonShapeProblem, MAX_FIR_BOUNDARIES_BYTES } from './airspaceFileLimits';
import { MAX_VERTICES_PER_GEOMETRY } from '../geo/vertexLimit';
import type { MapPolygons } from '../../../common/protocol/mapMessages';

export interface FirBoundaries {
  byFir: Map<string, MapPolygons>;
  leftOut?: LeftOut;
}

/** Why the file was not used: one sentence, naming the file. */
export class FirBoundariesError extends Error {
  override name = 'FirBoundariesError';
}

const FIR_BOUNDARIES_FILE: FileKind = {
  this: 'the FIR boundaries file',
  mustBe: 'the FIR boundaries file must be an ordinary file',
};

const RULES: CollectionRules<{ fir: string }> = {
  geometry: ['Polygon', 'MultiPolygon'],
  nullGeometry: false,
  maxVertices: MAX_VERTICES_PER_GEOMETRY,
  properties(p) {
    const id = [p.id, p.designator, p.ICAO, p.icao].find((v) => typeof v === 'string' && v.trim() !== '');
    return { fir: typeof id === 'string' ? id.trim().toUpperCase().split('-')[0]! : '' };
  },
};

/** The file's text within the limits; a FirBoundariesError says why not. */
async function readBoundariesText(file: string, maxBytes: number): Promise<string> {
  const chunks: string[] = [];
  try {
    await readTextFile(file, 'utf8', maxBytes, (text) => chunks.push(text), FIR_BOUNDARIES_FILE);
  } catch (error) {
    throw new FirBoundariesError(error instanceof Error ? error.message : String(error));
  }
  return chunks.join('');
}

export async function loadFirBoundaries(file: string, maxBytes = MAX_FIR_BOUNDARIES_BYTES): Promise<FirBoundaries> {
  const text = await readBoundariesText(file, maxBytes);
  const shape = jsonShapeProblem(text);
  if (shape) throw new FirBoundariesError(`${file} is not used: ${shape}`);
  let fc: FeatureCollection<{ fir: string }>;
  try {
    fc = readFeatureCollection(parseJson(text), RULES);
  } catch (error) {
    throw new FirBoundariesError(
      `${file} is not a GeoJSON FeatureCollection of FIR boundaries: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
    );
  }
  const byFir = new Map<string, MapPolygons>();
  for (const f of fc.features) {
    // The feature's own `id` names it when its properties do not.
    const fir = f.properties.fir || (typeof f.id === 'string' ? f.id.toUpperCase().split('-')[0]! : '');
    if (!/^[A-Z]{4}$/.test(fir) || !f.geometry) continue;
    const polygons =
      f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates]
        : f.geometry.type === 'MultiPolygon'
          ? f.geometry.coordinates
          : [];
    byFir.set(fir, [...(byFir.get(fir) ?? []), ...polygons]);
  }
  return { byFir, ...(fc.leftOut ? { leftOut: fc.leftOut } : {}) };
}
