/**
 * FIR outlines from a local GeoJSON file (icaoRoute.map.firBoundariesFile), for the FIRs whose
 * detail in the hub's navigation gives no boundary: the contract promises no gml:boundedBy.
 * Polygon or MultiPolygon features whose `id` (or `designator`) is the FIR's code, as the VAT-Spy
 * data project writes them; sectors (`EDGG-N`) are joined to their FIR. Plain or gzipped.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { parseJson, readFeatureCollection, type CollectionRules, type LeftOut } from '../hub';
import type { MapPolygons } from '../../../common/protocol/mapMessages';

export interface FirBoundaries {
  byFir: Map<string, MapPolygons>;
  leftOut?: LeftOut;
}

const RULES: CollectionRules<{ fir: string }> = {
  geometry: ['Polygon', 'MultiPolygon'],
  nullGeometry: false,
  properties(p) {
    const id = [p.id, p.designator, p.ICAO, p.icao].find((v) => typeof v === 'string' && v.trim() !== '');
    return { fir: typeof id === 'string' ? id.trim().toUpperCase().split('-')[0]! : '' };
  },
};

export async function loadFirBoundaries(file: string): Promise<FirBoundaries> {
  let bytes = await readFile(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { maxOutputLength: 512 * 1024 * 1024 });
  const fc = readFeatureCollection(parseJson(bytes.toString('utf8')), RULES);
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
