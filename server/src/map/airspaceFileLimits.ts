/**
 * Bounds on a local airspace file (icaoRoute.map.airspaceFiles), checked before JSON.parse: its
 * size, and a shape that JSON.parse would turn into far more memory than the text (a 10 MB
 * `[[[…]]]` cost 954 MB). GeoJSON of airspaces nests a few levels deep and holds a coordinate
 * pair (`[1,2],`: six characters at the least) for nearly every bracket.
 */

export const MAX_AIRSPACE_FILE_BYTES = 16 * 1_048_576;

/**
 * The FIR boundaries file (icaoRoute.map.firBoundariesFile), on disk and after decompression:
 * the VAT-Spy data project's whole world is 2 MB of GeoJSON, and 16 MB parses in well under a
 * second (a 0.6 MB gzip of 286 MB cost 1.5–2.4 GB before this limit).
 */
export const MAX_FIR_BOUNDARIES_BYTES = MAX_AIRSPACE_FILE_BYTES;

/** Deeper than any GeoJSON (a MultiPolygon's coordinates are 4 deep under 3 of the collection). */
export const MAX_JSON_DEPTH = 64;

/** Characters of text per bracket, at the least: a denser text is not airspace GeoJSON. */
const MIN_CHARACTERS_PER_BRACKET = 5;

/** Why the text cannot be airspace GeoJSON by its brackets alone, or undefined. One pass, no allocation. */
export function jsonShapeProblem(text: string): string | undefined {
  let depth = 0;
  let deepest = 0;
  let brackets = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      brackets++;
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > MAX_JSON_DEPTH)
          return `its brackets nest more than ${MAX_JSON_DEPTH} deep; GeoJSON of airspaces nests a few levels.`;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  if (brackets * MIN_CHARACTERS_PER_BRACKET > text.length)
    return `it holds ${brackets.toLocaleString('en')} brackets in ${text.length.toLocaleString('en')} characters, far more than GeoJSON of airspaces.`;
  return undefined;
}
