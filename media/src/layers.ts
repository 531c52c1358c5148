/**
 * The map's data layers, one per MapLayerName, filled from a MapView. A new view of the same
 * document version reuses the features whose ids it already has (a corridor change typically
 * keeps most airspaces and NOTAMs), so only the difference is added or removed.
 */
import Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import { LineString, MultiLineString, MultiPolygon, Point, Polygon } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import { fromLonLat, getTransform } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { StyleLike } from 'ol/style/Style';
import type {
  LonLat,
  MapLayerName,
  MapPolygons,
  MapTraffic,
  MapView,
  PackedShape,
} from '../../common/protocol/mapMessages';
import type { MapStyles } from './styles';

export type DataLayerName = MapLayerName;

type Source = VectorSource<Feature<Geometry>>;
type AnyVectorLayer = VectorLayer<Source> | VectorImageLayer<Source>;

export class DataLayers {
  readonly route: VectorLayer<Source>;
  readonly legs: VectorLayer<Source>;
  // Thousands of airspaces and NOTAMs: drawn into an image that is reused while the camera
  // stays, so a highlight or a layer switch does not draw them all again.
  readonly firs: VectorImageLayer<Source>;
  readonly airspaces: VectorImageLayer<Source>;
  readonly notams: VectorImageLayer<Source>;
  readonly microlights: VectorLayer<Source>;
  /**
   * The flight plan's alternates (field 16, ALTN/), switched with the route: their symbols and
   * names (decluttered after the route's points and names and the conflicts' labels, before the
   * FIRs' and the airways'), and the dashed lines from the destination (under the route's legs).
   */
  readonly alternates: VectorLayer<Source>;
  readonly alternateLines: VectorLayer<Source>;
  /** The flights within the FIRs the route crosses (issue 22): off by default, asked only while on. */
  readonly traffic: VectorLayer<Source>;
  readonly trafficLabels: VectorLayer<Source>;
  /**
   * The labels, one decluttering group: each a vector layer drawn on every frame (an image
   * layer declutters only within itself), over the same source as the layer it names. Their
   * order in the stack is their priority: the highlighted points (above all, decluttered among
   * themselves), the route's symbols (always drawn, obstacles to labels), the areas that
   * conflict with the flight (and the other active restrictions), the route's point names, the
   * FIRs (named on the route), the airway names, the microlights, the other airspaces, the NOTAMs.
   */
  readonly firLabels: VectorLayer<Source>;
  readonly notamLabels: VectorLayer<Source>;
  readonly airspaceLabels: VectorLayer<Source>;
  /** The route's point names (the points' symbols are the route layer's, above every label). */
  readonly pointNames: VectorLayer<Source>;
  /** The active restrictions' names, limits and times: above the route, first among the labels (the conflicts first). */
  readonly restrictionLabels: VectorLayer<Source>;
  /** The restriction NOTAMs the flight conflicts with: number, limits and time, with the restrictions. */
  readonly notamConflictLabels: VectorLayer<Source>;
  /** One name per stretch of consecutive legs on the same airway. */
  readonly airwayLabels: VectorLayer<Source>;
  /** Copies of the highlighted points and legs, drawn above everything. */
  readonly highlight: VectorLayer<VectorSource<Feature<Geometry>>>;
  /** What a click selected (an airspace, a NOTAM), outlined. */
  readonly selection: VectorLayer<VectorSource<Feature<Geometry>>>;
  private viewKey = '';
  private blockKey = '';
  /** How many features setView made since the page loaded (the tests tell a restyle from a rebuild by it). */
  get featuresMade(): number {
    return featuresMade;
  }

  constructor(private readonly styles: MapStyles) {
    const layer = (
      name: string,
      style: StyleLike,
      declutter: boolean | string = false,
      zIndex = 0,
      source = new VectorSource<Feature<Geometry>>(),
    ) => {
      const l = new VectorLayer({
        source,
        style,
        declutter,
        zIndex,
        updateWhileInteracting: false,
      });
      l.set('name', name);
      return l;
    };
    const imageLayer = (name: string, style: StyleLike, zIndex: number) => {
      const l = new VectorImageLayer({
        source: new VectorSource<Feature<Geometry>>(),
        style,
        declutter: true,
        zIndex,
        imageRatio: 1,
      });
      l.set('name', name);
      return l;
    };
    this.firs = imageLayer('firs', styles.fir, 1);
    this.airspaces = imageLayer('airspaces', styles.airspace, 2);
    this.notams = imageLayer('notams', styles.notam, 3);
    // Named on the route (the host's place): after the route's names, before the airways.
    this.firLabels = layer('fir-labels', styles.firLabel, LABELS, 10.5, this.firs.getSource()!);
    this.notamLabels = layer('notam-labels', styles.notamLabel, LABELS, 5, this.notams.getSource()!);
    this.airspaceLabels = new VectorLayer({
      source: this.airspaces.getSource()!,
      style: styles.contextLabel,
      declutter: LABELS,
      zIndex: 6,
      updateWhileInteracting: false,
      // Rendered first, decluttered first: the active restrictions before the rest.
      renderOrder: (a, b) => styles.labelRank(a) - styles.labelRank(b),
    });
    this.airspaceLabels.set('name', 'airspace-labels');
    this.microlights = layer('microlights', styles.microlight, LABELS, 7);
    this.alternates = layer('alternates', styles.alternate, LABELS, 10.8);
    this.alternateLines = layer('alternate-lines', styles.alternateLine, false, 8.9);
    // The flights' symbols above the legs (they fly the same airways, and the layer is asked for),
    // below the route's own symbols; never decluttered, so they hide no label and no label hides them.
    this.traffic = layer('traffic', styles.traffic, false, 12.5);
    // Their labels last in the declutter order: after the route's names, the airways' and the
    // conflicts' labels (higher zIndex is placed first), before the context labels.
    this.trafficLabels = layer('traffic-labels', styles.trafficLabel, LABELS, 8.5, this.traffic.getSource()!);
    this.selection = layer('selection', styles.selected, false, 8);
    // The route above every area and label, in its own colour over a casing.
    this.legs = layer('legs', styles.leg, false, 9);
    this.airwayLabels = layer('airway-labels', styles.airwayLabel, LABELS, 10);
    this.route = layer('route', styles.point, LABELS, 13);
    this.pointNames = layer('point-names', styles.pointName, LABELS, 11, this.route.getSource()!);
    this.restrictionLabels = new VectorLayer({
      source: this.airspaces.getSource()!,
      style: styles.restrictionLabel,
      declutter: LABELS,
      zIndex: 12,
      updateWhileInteracting: false,
      // The conflicts first, then the other active restrictions.
      renderOrder: (a, b) => styles.labelRank(a) - styles.labelRank(b),
    });
    this.restrictionLabels.set('name', 'restriction-labels');
    this.notamConflictLabels = layer(
      'notam-conflict-labels',
      styles.notamConflictLabel,
      LABELS,
      11.9,
      this.notams.getSource()!,
    );
    // In the declutter group, at its top: an airway's highlighted names are placed first but
    // never over one another.
    this.highlight = layer(
      'highlight',
      (feature) => (feature.get('point') ? styles.pointHighlighted(feature) : styles.legHighlighted()),
      LABELS,
      14,
    );
  }

  all(): AnyVectorLayer[] {
    return [
      this.firs,
      this.airspaces,
      this.notams,
      this.firLabels,
      this.notamLabels,
      this.airspaceLabels,
      this.microlights,
      this.trafficLabels,
      this.traffic,
      this.selection,
      this.alternateLines,
      this.legs,
      this.airwayLabels,
      this.alternates,
      this.pointNames,
      this.notamConflictLabels,
      this.restrictionLabels,
      this.route,
      this.highlight,
    ];
  }

  /** The ol layers a MapLayerName switches (the route is its points and its legs), each with its labels. */
  byName(name: MapLayerName): AnyVectorLayer[] {
    switch (name) {
      case 'route':
        return [
          this.route,
          this.legs,
          this.airwayLabels,
          this.pointNames,
          this.highlight,
          this.alternates,
          this.alternateLines,
        ];
      case 'firs':
        return [this.firs, this.firLabels];
      case 'airspaces':
        return [this.airspaces, this.airspaceLabels, this.restrictionLabels];
      case 'notams':
        return [this.notams, this.notamLabels, this.notamConflictLabels];
      case 'traffic':
        return [this.traffic, this.trafficLabels];
      default:
        return [this[name]];
    }
  }

  /**
   * Draws a view. With `keepShapes` (a snapshot of the view drawn, see HostToMapMessage), an
   * area without a shape keeps the feature the page has, and one with a shape gets it.
   */
  setView(view: MapView | null, keepShapes = false): void {
    const key = view ? `${view.uri}\u0000${view.version}\u0000${view.blockIndex}` : '';
    const block = view ? `${view.uri}\u0000${view.blockIndex}` : '';
    // Shapes left out are the same block's, whatever its version (the host compared them).
    const sameVersion = key === this.viewKey;
    const mode: SyncMode =
      keepShapes && block === this.blockKey ? 'keepShapes' : sameVersion ? 'sameVersion' : 'replace';
    this.blockKey = block;
    this.viewKey = key;
    this.highlight.getSource()!.clear();
    this.selection.getSource()!.clear();
    this.resetLabelPlaces();
    if (!view) {
      for (const l of this.all()) l.getSource()!.clear();
      return;
    }
    const packed = view.packedCoordinates ? projected(view.packedCoordinates) : undefined;
    const drawn = (shape: PackedShape | undefined, nested: () => Geometry) =>
      shape && packed ? unpacked(packed, shape) : nested();
    // The route itself is small and its facts change with every expansion: always rebuilt.
    replaceAll(
      this.route,
      view.points
        .filter((p) => p.position)
        .map((p) => feature(p.id, new Point(fromLonLat(p.position!)), { point: p, kind: 'point' })),
    );
    const legFeatures = view.legs.map((l) =>
      feature(
        l.id,
        l.shape && packed ? unpackedLines(packed, l.shape) : new MultiLineString(l.paths.map(lineCoordinates)),
        { leg: l, kind: 'leg' },
      ),
    );
    replaceAll(this.legs, legFeatures);
    const alternates = view.alternates?.placed ?? [];
    replaceAll(
      this.alternates,
      alternates.map((a) => feature(a.id, new Point(fromLonLat(a.position)), { alternate: a, kind: 'alternate' })),
    );
    replaceAll(
      this.alternateLines,
      alternates
        .filter((a) => a.paths?.length)
        .map((a) =>
          feature(`${a.id}-line`, new MultiLineString(a.paths!.map(lineCoordinates)), {
            alternate: a,
            kind: 'alternateLine',
          }),
        ),
    );
    replaceAll(this.airwayLabels, airwayStretches(legFeatures));
    // Past a few hundred, context labels only appear zoomed in (they would hide the map).
    this.styles.denseLayers = new Set([
      ...(view.airspaces.length > DENSE ? ['airspaces'] : []),
      ...(view.notams.length > DENSE ? ['notams'] : []),
    ]);
    sync(this.firs, mode, view.firs, (f) =>
      feature(
        f.id,
        drawn(f.shape, () => polygons(f.polygons)),
        { fir: f, designator: f.designator, kind: 'fir' },
      ),
    );
    sync(
      this.airspaces,
      mode,
      view.airspaces,
      (a) =>
        feature(
          a.id,
          drawn(a.shape, () => polygons(a.polygons)),
          { airspace: a, kind: 'airspace' },
        ),
      'airspace',
      airspaceLooks,
    );
    sync(
      this.notams,
      mode,
      // All that have a shape: which are drawn is the verdicts' (or the corridor's) decision, made in
      // the style. A NOTAM outside the corridor travels without its shape (packMapView): none then.
      view.notams.filter((n) => canDraw(n) || (mode === 'keepShapes' && !n.shape)),
      (n) =>
        feature(
          n.id,
          drawn(n.shape, () => notamGeometry(n)),
          { notam: n, kind: 'notam' },
        ),
      'notam',
      (n) => `${n.subject}\u0000${n.number}\u0000${n.inCorridor}`,
    );
    // Microlights are few and their ids are only indexes: kept within one version only.
    sync(this.microlights, sameVersion ? 'sameVersion' : 'replace', view.microlights, (m) =>
      feature(m.id, new Point(fromLonLat(m.position)), { microlight: m, name: m.name, kind: 'microlight' }),
    );
    this.restyle(view.verdicts);
  }

  /**
   * After a frame: a label that can go in several places (styles.labelChoice) and that the
   * decluttering left out (not among `placed`, the features whose labels it kept) moves to its
   * next place, and the labels are drawn again. Each moves at most once per place: this ends.
   */
  retryLabels(placed: ReadonlySet<unknown>): void {
    const { labelChoice, labelWays } = this.styles;
    let moved = false;
    for (const [id, ways] of labelWays) {
      const feature = this.itemFeature(id);
      const choice = labelChoice.get(id) ?? 0;
      if (!feature || placed.has(feature) || choice >= ways - 1) continue;
      labelChoice.set(id, choice + 1);
      moved = true;
    }
    if (moved) {
      this.labelMoves++;
      for (const labels of [this.firLabels, this.restrictionLabels, this.notamConflictLabels]) labels.changed();
    }
  }

  /** How many frames moved a label to its next place (the tests wait until the labels stay). */
  labelMoves = 0;

  /** Labels go back to their first places (a new view, a new scale). */
  resetLabelPlaces(): void {
    this.styles.labelChoice.clear();
    this.styles.labelWays.clear();
  }

  /** Draws the traffic the host sent (null: none). */
  setTraffic(traffic: MapTraffic | null): void {
    replaceAll(
      this.traffic,
      (traffic?.flights ?? []).map((f) =>
        feature(f.id, new Point(fromLonLat(f.position)), {
          flight: f,
          kind: 'flight',
          trackDeg: f.trackDeg ?? 0,
          label: f.label,
        }),
      ),
    );
  }

  /**
   * New verdicts for the features drawn (a filter change): the features stay, only the layers
   * whose drawn/left-out split changed are drawn again.
   */
  restyle(verdicts: MapView['verdicts']): void {
    this.styles.verdicts.set(verdicts);
    this.refreshLooks();
    // Which areas conflict, and when they are active, may change while what applies does not.
    for (const labels of [this.restrictionLabels, this.notamConflictLabels]) labels.changed();
  }

  /** Shows or hides what the verdicts leave out. */
  setShowLeftOut(show: boolean): void {
    this.styles.verdicts.showLeftOut = show;
    this.refreshLooks();
  }

  private refreshLooks(): void {
    for (const layer of [this.airspaces, this.notams]) {
      const key = this.looks(layer);
      if (layer.get('looks') === key) continue;
      layer.set('looks', key, true);
      layer.getSource()!.changed();
    }
  }

  /** Whether each feature of the layer applies, in one string: equal strings draw alike. */
  private looks(layer: AnyVectorLayer): string {
    const { verdicts } = this.styles;
    let key = verdicts.showLeftOut ? 'all:' : 'applying:';
    for (const f of layer.getSource()!.getFeatures()) {
      const id = String(f.getId());
      const notam = f.get('notam') as { inCorridor: boolean } | undefined;
      key += verdicts.applies(id, notam ? notam.inCorridor : true) ? '1' : '0';
    }
    return key;
  }

  /** The airspace, NOTAM or FIR feature with this id, if drawn. */
  itemFeature(id: string): Feature<Geometry> | null {
    for (const layer of [this.airspaces, this.notams, this.firs]) {
      const found = layer.getSource()!.getFeatureById(id);
      if (found) return found;
    }
    return null;
  }

  /** How many of a layer's features apply, and how many the verdicts leave out. */
  applying(layer: AnyVectorLayer): { applying: number; leftOut: number } {
    const { verdicts } = this.styles;
    let applying = 0;
    let leftOut = 0;
    for (const f of layer.getSource()!.getFeatures()) {
      const notam = f.get('notam') as { inCorridor: boolean } | undefined;
      if (verdicts.applies(String(f.getId()), notam ? notam.inCorridor : true)) applying++;
      else leftOut++;
    }
    return { applying, leftOut };
  }

  /** Copies the view's features with these ids into the highlight layer. */
  setHighlight(pointIds: string[], legIds: string[]): void {
    const source = this.highlight.getSource()!;
    source.clear(true);
    const copies: Feature<Geometry>[] = [];
    for (const id of legIds) {
      const leg = this.legs.getSource()!.getFeatureById(id);
      if (leg) copies.push(copyOf(leg));
    }
    for (const id of pointIds) {
      const point = this.route.getSource()!.getFeatureById(id);
      if (point) copies.push(copyOf(point));
    }
    source.addFeatures(copies);
  }

  setSelection(features: Feature<Geometry>[]): void {
    const source = this.selection.getSource()!;
    source.clear(true);
    source.addFeatures(features.map(copyOf));
  }
}

/** ol's clone() leaves the id behind; the copy keeps it (the tests and the e2e suite read it). */
function copyOf(original: Feature<Geometry>): Feature<Geometry> {
  const copy = original.clone();
  copy.setId(original.getId());
  return copy;
}

let featuresMade = 0;

function feature(id: string, geometry: Geometry, properties: Record<string, unknown>): Feature<Geometry> {
  featuresMade++;
  const f = new Feature<Geometry>(geometry);
  // Silently: nothing listens to a feature before it joins a source (7,000 change events saved).
  f.setProperties(properties, true);
  f.setId(id);
  return f;
}

/** The declutter group of every label and of the route's symbols (see the label layers). */
export const LABEL_GROUP = 'labels';
const LABELS = LABEL_GROUP;

/**
 * One feature per stretch of consecutive legs on the same airway (DCT legs have no name), its
 * line the legs' lines joined: OpenLayers then places the name once along the stretch instead
 * of once per leg. A leg split at the antimeridian ends a stretch.
 */
function airwayStretches(legs: Feature<Geometry>[]): Feature<Geometry>[] {
  const stretches: Feature<Geometry>[] = [];
  let via = '';
  let coordinates: number[][] = [];
  const close = () => {
    if (via && coordinates.length > 1) {
      const stretch = new Feature<Geometry>(new LineString(coordinates));
      stretch.setId(`airway-${stretches.length}`);
      stretch.setProperties({ via, kind: 'airway' }, true);
      stretches.push(stretch);
    }
    via = '';
    coordinates = [];
  };
  for (const leg of legs) {
    const name = String((leg.get('leg') as { via?: string }).via ?? '');
    const lines = (leg.getGeometry() as MultiLineString).getLineStrings();
    if (name !== via || lines.length !== 1) close();
    const [line] = lines;
    if (!name || name === 'DCT' || lines.length !== 1 || !line) continue;
    via = name;
    const points = line.getCoordinates();
    coordinates.push(...(coordinates.length ? points.slice(1) : points));
  }
  close();
  return stretches;
}

const airspaceLooks = (a: MapView['airspaces'][number]) =>
  `${a.type}\u0000${a.airspaceClass ?? ''}\u0000${a.crossed}\u0000${a.name}\u0000${a.label}`;

/** More features than this in a context layer make its labels clutter: see MapStyles.denseLayers. */
const DENSE = 300;

function replaceAll(layer: AnyVectorLayer, features: Feature<Geometry>[]): void {
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeatures(features);
}

/** A new document version (rebuild), the same (keep features by id), or the same with shapes left out (see setView). */
type SyncMode = 'replace' | 'sameVersion' | 'keepShapes';

type Drawable = { shape?: unknown; polygons?: unknown[]; circle?: { ring: unknown[] }; inCorridor?: boolean };

const hasShape = (item: Drawable) => Boolean(item.shape || item.polygons?.length || item.circle?.ring.length);

/** Something to draw: a shape, or a NOTAM in the corridor known only by its centre (drawn as a point). */
const canDraw = (item: Drawable) => hasShape(item) || (item.inCorridor === true && item.circle !== undefined);

/**
 * Keeps the features whose id the new list still has (same document version: same geometry),
 * refreshing their data property silently; adds the new ones and removes the rest. With
 * `keepShapes`, a kept item that brings a shape (it moved) gets it, and a new one without a
 * shape has nothing to draw.
 */
function sync<T extends { id: string; shape?: PackedShape }>(
  layer: AnyVectorLayer,
  mode: SyncMode,
  items: T[],
  make: (item: T) => Feature<Geometry>,
  dataKey?: string,
  /** What of an item its style shows (see MapStyles): when no kept item's changes, nothing is redrawn. */
  drawnAs?: (item: T) => string,
): void {
  const source = layer.getSource()!;
  if (mode === 'replace') {
    replaceAll(layer, items.map(make));
    return;
  }
  const wanted = new Map(items.map((item) => [item.id, item]));
  const kept: Feature<Geometry>[] = [];
  let stale = 0;
  let restyled = false;
  for (const existing of source.getFeatures()) {
    const item = wanted.get(String(existing.getId()));
    if (!item) stale++;
    else if (dataKey && existing.get(dataKey) === item) {
      // The very item the feature has (a delta's unchanged area, kept by the page): nothing to do.
      kept.push(existing);
      wanted.delete(item.id);
    } else {
      if (dataKey) {
        if (!restyled && drawnAs && drawnAs(existing.get(dataKey) as T) !== drawnAs(item)) restyled = true;
        existing.set(dataKey, item, true);
      }
      if (mode === 'keepShapes' && item.shape) existing.setGeometry(make(item).getGeometry());
      kept.push(existing);
      wanted.delete(item.id);
    }
  }
  // Kept without its shape but not on the page: nothing to draw it with.
  const added = [...wanted.values()].filter((item) => mode !== 'keepShapes' || canDraw(item)).map(make);
  // Removing many features one by one from the spatial index costs more than loading it again.
  if (stale > 100) {
    source.clear(true);
    source.addFeatures([...kept, ...added]);
  } else {
    if (stale) {
      const ids = new Set(items.map((item) => item.id));
      source.removeFeatures(source.getFeatures().filter((f) => !ids.has(String(f.getId()))));
    }
    if (added.length) source.addFeatures(added);
  }
  // Unchanged looks keep the layer's drawn image (a corridor change often leaves the airspaces as they were).
  if (stale === 0 && added.length === 0 && dataKey && (restyled || !drawnAs)) source.changed();
}

/**
 * The view's packed lon/lat pairs (see packMapView) projected to the map's EPSG:3857 in one pass,
 * as the plain number array OpenLayers keeps: each shape then takes a slice of it, instead of a
 * copy and a transform per geometry.
 */
function projected(coordinates: Float64Array): number[] {
  const flat = Array.from(coordinates);
  getTransform('EPSG:4326', 'EPSG:3857')!(flat, flat, 2);
  return flat;
}

/**
 * A packed shape as an OpenLayers geometry, from the projected coordinates. One path list is a
 * MultiLineString (a leg); one polygon a Polygon, several a MultiPolygon, as for the nested form.
 */
function unpacked(coordinates: number[], shape: PackedShape): Geometry {
  const flat = coordinates.slice(shape.start, shape.start + Math.max(0, ...shape.ends.flat()));
  return shape.ends.length === 1 ? new Polygon(flat, 'XY', shape.ends[0]) : new MultiPolygon(flat, 'XY', shape.ends);
}

function unpackedLines(coordinates: number[], shape: PackedShape): Geometry {
  const ends = shape.ends[0] ?? [];
  return new MultiLineString(coordinates.slice(shape.start, shape.start + (ends[ends.length - 1] ?? 0)), 'XY', ends);
}

const lineCoordinates = (path: LonLat[]) => path.map((p) => fromLonLat(p));

function polygons(rings: MapPolygons): Geometry {
  const projected = rings.map((polygon) => polygon.map(lineCoordinates));
  const [only] = projected;
  return projected.length === 1 && only ? new Polygon(only) : new MultiPolygon(projected);
}

function notamGeometry(notam: MapView['notams'][number]): Geometry {
  const parts: number[][][][] = [];
  if (notam.circle) parts.push([lineCoordinates(notam.circle.ring)]);
  for (const polygon of notam.polygons ?? []) parts.push(polygon.map(lineCoordinates));
  const [only] = parts;
  if (parts.length === 1 && only?.[0]?.length === 0 && notam.circle) return new Point(fromLonLat(notam.circle.center));
  return parts.length === 1 && only ? new Polygon(only) : new MultiPolygon(parts);
}
