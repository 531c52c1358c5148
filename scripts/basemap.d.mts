// Types of scripts/basemap.mjs, for the unit tests.
import type { Topology } from 'topojson-specification';

export const BASEMAP_MAGIC: number;
export const BASEMAP_VERSION: number;
export const METRES_PER_UNIT: number;
export const HEADER_INTS: number;
export function basemapShapes(topology: Topology): { polygons: number[][][][]; lines: number[][][] };
export function encodeBasemap(topology: Topology): Buffer;
export function writeBasemaps(outDir: string, atlasDir?: string): void;
