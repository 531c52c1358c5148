/**
 * The snapshot the extension host posts to the webview carries its geometry packed: one
 * Float64Array of lon/lat pairs instead of ~100,000 nested [lon, lat] arrays. Cloning the
 * nested arrays into the page cost more than drawing them; a typed array is copied in one go
 * and goes straight into OpenLayers' flat coordinates. Nothing is computed here: the same
 * coordinates, in the same order.
 */
import type { LonLat, MapView, PackedShape } from './mapMessages';

export function packMapView(view: MapView): MapView {
  const parts: LonLat[][][][] = [];
  let length = 0;
  const shape = (polygons: LonLat[][][]): PackedShape => {
    const start = length;
    let offset = 0;
    const ends = polygons.map((rings) => rings.map((ring) => (offset += ring.length * 2)));
    length += offset;
    parts.push(polygons);
    return { start, ends };
  };
  const packed: MapView = {
    ...view,
    firs: view.firs.map((f) => ({ ...f, polygons: [], shape: shape(f.polygons) })),
    airspaces: view.airspaces.map((a) => ({ ...a, polygons: [], shape: shape(a.polygons) })),
    legs: view.legs.map((l) => ({ ...l, paths: [], shape: shape([l.paths]) })),
    notams: view.notams.map((n) => {
      // Left out of the corridor: not drawn, so its geometry need not travel.
      if (!n.inCorridor)
        return {
          ...n,
          ...(n.circle ? { circle: { ...n.circle, ring: [] } } : {}),
          ...(n.polygons ? { polygons: [] } : {}),
        };
      const drawn = [...(n.circle?.ring.length ? [[n.circle.ring]] : []), ...(n.polygons ?? [])];
      if (!drawn.length) return n;
      return {
        ...n,
        ...(n.circle ? { circle: { ...n.circle, ring: [] } } : {}),
        ...(n.polygons ? { polygons: [] } : {}),
        shape: shape(drawn),
      };
    }),
  };
  const coordinates = new Float64Array(length);
  let i = 0;
  for (const polygons of parts) {
    for (const rings of polygons) {
      for (const ring of rings) {
        for (const [lon, lat] of ring) {
          coordinates[i++] = lon;
          coordinates[i++] = lat;
        }
      }
    }
  }
  packed.packedCoordinates = coordinates;
  return packed;
}
