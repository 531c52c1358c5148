/**
 * The route map webview: draws the MapView the extension host posts (route, FIRs, airspaces,
 * NOTAMs, microlights over a bundled basemap) with OpenLayers on Canvas 2D, and tells the host
 * what the user clicked or filtered. It computes nothing about the route: distances, crossings
 * and corridor decisions arrive in the view model.
 */
import 'ol/ol.css';
import './map.css';
import type Feature from 'ol/Feature';
import { Point, type Geometry, type SimpleGeometry } from 'ol/geom';
import OlMap from 'ol/Map';
import View from 'ol/View';
import ScaleLine from 'ol/control/ScaleLine';
import { defaults as defaultControls } from 'ol/control/defaults';
import { getCenter, intersects, isEmpty } from 'ol/extent';
import type BaseLayer from 'ol/layer/Base';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import {
  DEFAULT_MAP_FILTERS,
  dispatchMessage,
  JUDGING_FILTERS,
  type HostToMapMessage,
  type JudgingFilter,
  type LonLat,
  type MapAirspace,
  type MapFilters,
  type MapLayerName,
  type MapLeg,
  type MapNotam,
  type MapPoint,
  type MapAlternate,
  type MapFlight,
  type MapRange,
  type MapTraffic,
  type MapView,
  type MessageHandlers,
} from '../../common/protocol/mapMessages';
import { Basemap } from './basemap';
import { collapsible } from './collapsible';
import { CrossingTable } from './crossingTable';
import { DataLayers, LABEL_GROUP } from './layers';
import { Legend } from './legend';
import { loadState, onHostMessage, postToHost, saveState } from './messaging';
import { SidePanel } from './panels';
import { ProfileView } from './profileChart';
import { MapStyles } from './styles';
import { readPalette, watchTheme } from './theme';

const saved = loadState();
let filters: MapFilters = saved.filters ?? structuredClone(DEFAULT_MAP_FILTERS);
/** The judging filters the user changed on this page (kept across reloads). */
const chosenFilters = new Set<JudgingFilter>(
  saved.filtersChosen === true
    ? JUDGING_FILTERS
    : Array.isArray(saved.filtersChosen)
      ? saved.filtersChosen.filter((key) => (JUDGING_FILTERS as readonly string[]).includes(key))
      : [],
);
let current: MapView | null = null;
/** The traffic layer's last answer from the host. */
let traffic: { traffic: MapTraffic | null; message?: string } = { traffic: null };
/** The camera saved before a reload applies to the first view of the same document only. */
let savedCamera = saved.camera && saved.uri ? { uri: saved.uri, ...saved.camera } : undefined;

const app = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
app.id = 'app';
const mapElement = document.createElement('div');
mapElement.id = 'map';
mapElement.tabIndex = 0;
mapElement.setAttribute('aria-label', 'Route map');
const side = document.createElement('aside');
side.id = 'side';
/** Under the map: the vertical profile and the crossing table, shown when the view has them. */
const bottom = document.createElement('section');
bottom.id = 'bottom';
bottom.setAttribute('aria-label', 'Profile and crossings');
// Shown when a view brings a profile or crossings; until then the map has the whole height.
bottom.hidden = true;
app.append(mapElement, bottom, side);

const styles = new MapStyles(readPalette());
/** The profile's flight line takes the route's colour from the palette (CSS cannot read the canvas's). */
const shareRouteColour = () => document.body.style.setProperty('--route-colour', styles.palette.route);
shareRouteColour();
styles.verdicts.showLeftOut = saved.showLeftOut === true;
const data = new DataLayers(styles);
const profile = new ProfileView({
  hovered: (itemId) => hoverItem(itemId),
  chosen: (itemId) => selectItem(itemId, { details: true }),
});
// A row's item may be off screen: the camera goes to it then, and stays otherwise.
const table = new CrossingTable((itemId) => selectItem(itemId, { details: true, fit: 'unlessInView' }));
// Each folds away on its own (kept across reloads); the map takes the room they leave.
const profilePanel = collapsible('panel-profile', 'Vertical profile', true);
const tablePanel = collapsible('panel-crossings', 'Crossings', true);
profilePanel.body.append(profile.element);
tablePanel.body.append(table.element);
bottom.append(profilePanel.element, tablePanel.element);
const legend = new Legend(styles);
const basemap = new Basemap(document.body.dataset.basemap ?? 'basemap', styles, (message) => panel.setStatus(message));

const map = new OlMap({
  target: mapElement,
  layers: [...basemap.layers(), ...data.all()],
  controls: defaultControls({ attribution: false, rotate: false }).extend([
    new ScaleLine({ units: 'nautical', bar: false }),
    legend.control,
  ]),
  view: new View({ center: fromLonLat([10, 50]), zoom: 4, maxZoom: 14 }),
});

/**
 * Whether the camera is still the one fitted to the route: then a new size (the panel resized,
 * a panel folded) fits the route again. The user's own pan or zoom ends it.
 */
let fittedToRoute = false;
for (const type of ['wheel', 'keydown'] as const) mapElement.addEventListener(type, () => (fittedToRoute = false));
map.on('pointerdrag', () => (fittedToRoute = false));
mapElement.addEventListener('click', (event) => {
  if ((event.target as Element).closest('.ol-zoom')) fittedToRoute = false;
});
map.on('change:size', () => {
  if (fittedToRoute && current) fitToRoute();
});

const panel = new SidePanel(
  side,
  {
    layerToggled(name, visible) {
      filters = { ...filters, layers: { ...filters.layers, [name]: visible } };
      applyLayerVisibility();
      filtersChanged([]);
      // The host asks for traffic only while this layer is on (the usage limit is the user's money).
      if (name === 'traffic') {
        postToHost({ type: 'trafficLayer', on: visible });
        panel.setTraffic(traffic.traffic, traffic.message, visible);
      }
    },
    corridorChanged(corridorNm, aerodromeCorridorNm) {
      filters = { ...filters, corridorNm, aerodromeCorridorNm };
      panel.setStatus('Recomputing the corridor…');
      filtersChanged(['corridorNm', 'aerodromeCorridorNm']);
    },
    levelsChanged(levels) {
      filters = { ...filters, levels };
      panel.setStatus('Judging the areas at these levels…');
      filtersChanged(['levels']);
    },
    timeMarginChanged(timeMarginMin) {
      filters = { ...filters, timeMarginMin };
      panel.setStatus('Judging the areas with this time margin…');
      filtersChanged(['timeMarginMin']);
    },
    showLeftOutToggled(show) {
      data.setShowLeftOut(show);
      saveState({ showLeftOut: show });
      if (current) panel.refreshVerdicts(current);
    },
    fitRequested: () => fitToRoute(),
    exportRequested(format) {
      postToHost({ type: 'export', format });
    },
    briefingRequested() {
      postToHost({ type: 'exportBriefing' });
    },
    pointChosen(point) {
      panel.showPoint(point);
      reveal(point.range);
    },
    showInEditor(range) {
      reveal(range, true);
    },
    notamChosen(notam) {
      selectItem(notam.id, { details: true });
    },
  },
  styles.verdicts,
);
panel.setFilters(filters);
applyLayerVisibility();

/**
 * Tells the host, and keeps in the state, which judging filters the user changed (none for a
 * layer switch): after a reload those still judge, and the settings the others.
 */
function filtersChanged(changed: JudgingFilter[]): void {
  for (const key of changed) chosenFilters.add(key);
  saveState({ filters, filtersChosen: [...chosenFilters] });
  postToHost({ type: 'filters', filters, changed });
}

function applyLayerVisibility(): void {
  for (const name of Object.keys(filters.layers) as MapLayerName[]) {
    for (const layer of data.byName(name)) layer.setVisible(filters.layers[name]);
  }
}

/** Selects the element in the editor; with `focus` (the user asked to see it there) the editor takes the focus. */
function reveal(range: MapRange, focus = false): void {
  if (current) postToHost({ type: 'reveal', uri: current.uri, version: current.version, range, focus });
}

function fitToRoute(): void {
  const bbox = current?.bbox;
  let extent = bbox && bbox[0] <= bbox[2] ? transformExtent(bbox, 'EPSG:4326', 'EPSG:3857') : undefined;
  if (!extent) {
    // A route across the antimeridian: the drawn legs' own extent.
    const legs = data.legs.getSource()!.getExtent();
    const points = data.route.getSource()!.getExtent();
    extent = legs && !isEmpty(legs) ? legs : points && !isEmpty(points) ? points : undefined;
  }
  const size = map.getSize();
  const [width = 0, height = 0] = size ?? [];
  if (!extent || !size || width <= 0 || height <= 0) return;
  // A small map keeps most of its pixels for the route: the padding shrinks with it.
  const pad = (n: number) => Math.round(Math.min(40, n * 0.08));
  const [vertical, horizontal] = [pad(height), pad(width)];
  map.getView().fit(extent, { padding: [vertical, horizontal, vertical, horizontal], maxZoom: 10, size });
  fittedToRoute = true;
}

/** What the details panel shows, so that a new snapshot of the same route keeps showing it. */
let shown: { kind: 'point' | 'leg' | 'item'; id: string } | undefined;
/** The airspace, NOTAM or FIR selected (map click, table row, profile box, revealItem). */
let selectedItem: string | undefined;

/**
 * Selects an airspace, NOTAM or FIR everywhere at once: outlined on the map, its rows in the
 * crossing table, its box in the profile; with `details`, its popup in the side panel; with
 * `fit`, the camera on it. False when this view has no such item.
 */
function selectItem(itemId: string, options: { details?: boolean; fit?: boolean | 'unlessInView' } = {}): boolean {
  const feature = data.itemFeature(itemId);
  selectedItem = feature ? itemId : undefined;
  data.setSelection(feature ? [feature] : []);
  table.select(selectedItem);
  profile.select(selectedItem);
  if (!feature) return false;
  if (options.details) {
    shown = { kind: 'item', id: itemId };
    showItemDetails(feature);
  }
  const extent = feature.getGeometry()?.getExtent();
  const inView = extent && intersects(extent, map.getView().calculateExtent(map.getSize()));
  if (options.fit === 'unlessInView' && inView) return true;
  if (options.fit) fittedToRoute = false;
  if (options.fit && extent && !isEmpty(extent)) {
    map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 10, size: map.getSize() });
  } else if (options.fit && extent) {
    map.getView().setCenter(getCenter(extent));
  }
  return true;
}

/** Marks an item on the map while the pointer is over its box in the profile, then the selection again. */
function hoverItem(itemId: string | undefined): void {
  const feature = data.itemFeature(itemId ?? selectedItem ?? '');
  data.setSelection(feature ? [feature] : []);
}

function showItemDetails(feature: Feature<Geometry>): void {
  const kind = feature.get('kind') as string;
  if (kind === 'airspace') panel.showAirspaces([feature.get('airspace') as MapAirspace]);
  else if (kind === 'notam') panel.showNotam(feature.get('notam') as MapNotam);
  else if (kind === 'fir')
    panel.showFir(feature.get('designator') as string, (feature.get('fir') as { name: string }).name);
}

/** Shows the details of what was clicked again, from the new view, when it is still there. */
function showAgain(view: MapView): void {
  if (shown?.kind === 'point') {
    const point = view.points.find((p) => p.id === shown!.id);
    if (point) return panel.showPoint(point);
  } else if (shown?.kind === 'leg') {
    const leg = view.legs.find((l) => l.id === shown!.id);
    if (leg)
      return panel.showLeg(
        leg,
        view.points.find((p) => p.id === leg.fromId),
        view.points.find((p) => p.id === leg.toId),
      );
  } else if (shown?.kind === 'item') {
    const feature = data.itemFeature(shown.id);
    if (feature) return showItemDetails(feature);
  }
  shown = undefined;
}

function showSnapshot(snapshot: Extract<HostToMapMessage, { type: 'snapshot' }>): void {
  const previous = current;
  const keepShapes = snapshot.keepShapes === true;
  let view = snapshot.view;
  const message = snapshot.message;
  if (keepShapes && view && previous && view.uri === previous.uri && view.blockIndex === previous.blockIndex) {
    view = snapshot.order ? completed(view, snapshot.order, previous) : view;
  } else if (keepShapes) view = null;
  if (keepShapes && !view) {
    // Left out for a view this page does not have (it was reloaded meanwhile): ask for all of it.
    postToHost({ type: 'ready' });
    return;
  }
  current = view;
  panel.setStatus(message);
  if (view) {
    adoptHostFilters(view.filters);
    saveState({ uri: view.uri, filters });
  }
  data.setView(view, keepShapes);
  panel.setView(view);
  if (traffic.traffic) showTraffic();
  showFlightViews(view);
  if (!view) return;
  if (savedCamera) {
    const camera = savedCamera;
    savedCamera = undefined;
    if (camera.uri === view.uri) {
      map.getView().setCenter(fromLonLat(camera.center));
      map.getView().setZoom(camera.zoom);
      return;
    }
  }
  const sameRoute = previous && previous.uri === view.uri && previous.blockIndex === view.blockIndex;
  // A new snapshot of the same route (a reveal moved the cursor, the expansion came in) keeps
  // the details the user asked for; another route starts afresh.
  if (sameRoute) {
    showAgain(view);
    if (selectedItem && !selectItem(selectedItem)) selectedItem = undefined;
  } else {
    shown = undefined;
    selectedItem = undefined;
    table.select(undefined);
    fitToRoute();
  }
}

type BlockKey = Pick<MapView, 'uri' | 'version' | 'blockIndex'>;
/**
 * A difference snapshot made whole: each list in the host's order, its unchanged areas taken
 * from the view drawn (without their shape: the page keeps their features). Null when an id is
 * in neither.
 */
function completed(
  view: MapView,
  order: NonNullable<Extract<HostToMapMessage, { type: 'snapshot' }>['order']>,
  drawn: MapView,
): MapView | null {
  const merge = <T extends { id: string; shape?: unknown }>(sent: T[], ids: string[], had: T[]): T[] | null => {
    const changed = new Map(sent.map((item) => [item.id, item]));
    const kept = new Map(had.map((item) => [item.id, item]));
    const items: T[] = [];
    for (const id of ids) {
      const item = changed.get(id) ?? kept.get(id);
      if (!item) return null;
      items.push(changed.has(id) || !item.shape ? item : { ...item, shape: undefined });
    }
    return items;
  };
  const firs = merge(view.firs, order.firs, drawn.firs);
  const airspaces = merge(view.airspaces, order.airspaces, drawn.airspaces);
  const notams = merge(view.notams, order.notams, drawn.notams);
  return firs && airspaces && notams ? { ...view, firs, airspaces, notams } : null;
}

const sameBlock = (a: BlockKey, b: BlockKey) =>
  a.uri === b.uri && a.version === b.version && a.blockIndex === b.blockIndex;

/** The layer switches are the user's; the corridor, levels and time margin are what the host judged with. */
function adoptHostFilters(judged: MapFilters): void {
  filters = {
    ...filters,
    corridorNm: judged.corridorNm,
    aerodromeCorridorNm: judged.aerodromeCorridorNm,
    levels: judged.levels ?? filters.levels,
    timeMarginMin: judged.timeMarginMin ?? filters.timeMarginMin,
  };
  panel.setFilters(filters);
}

/** The profile and the crossing table under the map; the map takes the room when there are none. */
function showFlightViews(view: MapView | null): void {
  table.setRows(view?.crossings);
  profile.setProfile(view?.profile);
  profilePanel.element.hidden = profile.element.hidden;
  tablePanel.element.hidden = table.element.hidden;
  const wasHidden = bottom.hidden;
  bottom.hidden = profile.element.hidden && table.element.hidden;
  if (wasHidden !== bottom.hidden) map.updateSize();
}

/**
 * New verdicts for the view on screen (a filter change that moved no geometry): the features
 * stay where they are and are restyled by id; the lists, the table and the profile follow.
 */
function showVerdicts(message: Extract<HostToMapMessage, { type: 'verdicts' }>): void {
  const view = current;
  if (!view || !sameBlock(view, message)) return;
  // The message's profile replaces the view's, none included.
  const { profile: _drawnProfile, ...kept } = view;
  current = {
    ...kept,
    filters: message.filters,
    verdicts: message.verdicts,
    crossings: message.crossings,
    ...(message.profile && { profile: message.profile }),
  };
  panel.setStatus(undefined);
  adoptHostFilters(message.filters);
  saveState({ filters });
  data.restyle(message.verdicts);
  panel.refreshVerdicts(current);
  showFlightViews(current);
  showAgain(current);
  if (selectedItem) selectItem(selectedItem);
}

/** The traffic of the block drawn; another block's (the cursor moved on meanwhile) is not drawn over this route. */
function showTraffic(): void {
  const answer = traffic.traffic;
  const mine =
    answer && current && answer.uri === current.uri && answer.blockIndex === current.blockIndex ? answer : null;
  data.setTraffic(mine);
  panel.setTraffic(mine, traffic.message, filters.layers.traffic);
}

/** One handler per message of the host: a type without one does not compile. */
const hostMessages: MessageHandlers<HostToMapMessage> = {
  snapshot: (message) => {
    showSnapshot(message);
    if (message.highlight) data.setHighlight(message.highlight.pointIds, message.highlight.legIds);
  },
  highlight: (message) => {
    if (current && message.uri === current.uri && message.version === current.version) {
      data.setHighlight(message.highlight.pointIds, message.highlight.legIds);
    }
  },
  verdicts: (message) => showVerdicts(message),
  revealItem: (message) => {
    if (!selectItem(message.itemId, { details: true, fit: true }))
      panel.setStatus('The area to reveal is not on this map: it may be outside the corridor.');
  },
  status: (message) => panel.setStatus(message.message),
  traffic: (message) => {
    traffic = { traffic: message.traffic, ...(message.message !== undefined && { message: message.message }) };
    showTraffic();
  },
};

onHostMessage((message: HostToMapMessage) => dispatchMessage(hostMessages, message));

const clickable = new Set<BaseLayer>([
  data.route,
  data.legs,
  data.notams,
  data.airspaces,
  data.firs,
  data.microlights,
  data.traffic,
  data.alternates,
  data.alternateLines,
]);

map.on('singleclick', (event) => {
  const hits = map.getFeaturesAtPixel(event.pixel, {
    hitTolerance: 5,
    layerFilter: (layer) => clickable.has(layer),
  }) as Feature<Geometry>[];
  const ofKind = (kind: string) => hits.filter((f) => f.get('kind') === kind);
  const [point] = ofKind('point');
  const [leg] = ofKind('leg');
  const notams = ofKind('notam');
  const airspaces = ofKind('airspace');
  const [fir] = ofKind('fir');
  const [microlight] = ofKind('microlight');
  const [flight] = ofKind('flight');
  const [alternate] = [...ofKind('alternate'), ...ofKind('alternateLine')];
  data.setSelection([]);
  shown = undefined;
  selectedItem = undefined;
  table.select(undefined);
  profile.select(undefined);
  if (point) {
    const p = point.get('point') as MapPoint;
    shown = { kind: 'point', id: p.id };
    panel.showPoint(p);
    reveal(p.range);
  } else if (leg) {
    const l = leg.get('leg') as MapLeg;
    shown = { kind: 'leg', id: l.id };
    panel.showLeg(
      l,
      current?.points.find((p) => p.id === l.fromId),
      current?.points.find((p) => p.id === l.toId),
    );
    reveal(l.range);
  } else if (alternate) {
    panel.showAlternate(alternate.get('alternate') as MapAlternate);
  } else if (notams[0]) {
    selectItem(String(notams[0].getId()), { details: true });
  } else if (airspaces[0]) {
    panel.showAirspaces(airspaces.map((f) => f.get('airspace') as MapAirspace));
    // The whole stack is outlined; the rows and profile box of the airspace hit first are marked.
    selectItem(String(airspaces[0].getId()));
    data.setSelection(airspaces);
  } else if (flight) {
    panel.showFlight(flight.get('flight') as MapFlight);
  } else if (microlight) {
    panel.showMicrolight(microlight.get('name') as string);
  } else if (fir) {
    selectItem(String(fir.getId()), { details: true });
  } else {
    panel.clearDetails();
  }
});

map.on('pointermove', (event) => {
  if (event.dragging) return;
  const over = map.hasFeatureAtPixel(event.pixel, {
    hitTolerance: 5,
    layerFilter: (l) => l === data.route || l === data.legs || l === data.alternates,
  });
  mapElement.style.cursor = over ? 'pointer' : '';
});

// Each frame's extent, before its layers are drawn: a conflict's label turns away from the map's edge.
map.on('precompose', (event) => {
  styles.viewExtent = event.frameState?.extent ?? undefined;
});
// After it: a FIR's or a conflict's label the decluttering left out tries its next place.
map.on('postrender', (event) => {
  const labels = event.frameState?.declutter?.[LABEL_GROUP];
  if (labels) data.retryLabels(new Set(labels.all().map((box) => (box as { value: unknown }).value)));
});
// A new scale: every label may have room in its first place again.
map.getView().on('change:resolution', () => data.resetLabelPlaces());

map.on('moveend', () => {
  const center = map.getView().getCenter();
  const zoom = map.getView().getZoom();
  if (current && center && zoom !== undefined) saveState({ camera: { center: toLonLat(center) as LonLat, zoom } });
});

watchTheme(() => {
  styles.setPalette(readPalette());
  shareRouteColour();
  legend.draw();
  for (const layer of data.all()) layer.changed();
  basemap.restyle(map);
});

basemap.load(map).catch((error: unknown) => panel.setStatus(`The basemap could not be loaded: ${String(error)}`));
postToHost({ type: 'ready' });
// The layer's state survives reloads: the host hears it at once, and asks for traffic only if on.
postToHost({ type: 'trafficLayer', on: filters.layers.traffic });

/**
 * A read-only view of what is drawn, for the browser tests, the benchmark and the e2e suite
 * (they cannot reach into the bundle otherwise). It changes nothing.
 */
const inspect = {
  counts() {
    const count = (layer: { getSource(): { getFeatures(): unknown[] } | null }) =>
      layer.getSource()?.getFeatures().length ?? 0;
    const highlighted = data.highlight.getSource()!.getFeatures();
    const airspaces = data.applying(data.airspaces);
    const notams = data.applying(data.notams);
    return {
      points: count(data.route),
      legs: count(data.legs),
      /** The SID or STAR of each leg drawn in the procedure style. */
      procedureLegs: data.legs
        .getSource()!
        .getFeatures()
        .map((f) => f.get('leg') as MapLeg)
        .filter((leg) => leg.procedure)
        .map((leg) => leg.via),
      firs: count(data.firs),
      /** Airspaces and NOTAMs that apply (drawn in full); those left out are counted apart. */
      airspaces: airspaces.applying,
      notams: notams.applying,
      leftOutAirspaces: airspaces.leftOut,
      leftOutNotams: notams.leftOut,
      showLeftOut: styles.verdicts.showLeftOut,
      selected: data.selection
        .getSource()!
        .getFeatures()
        .map((f) => String(f.getId())),
      selectedItem,
      /** Features made since the page loaded: a restyle makes none, a rebuild makes them all again. */
      featuresMade: data.featuresMade,
      microlights: count(data.microlights),
      /** The alternates drawn: their labels as the map writes them, and their dashed lines. */
      alternates: data.alternates
        .getSource()!
        .getFeatures()
        .map((f) => `ALTN ${(f.get('alternate') as MapAlternate).name}`),
      alternateLines: count(data.alternateLines),
      traffic: count(data.traffic),
      trafficLabels: data.traffic
        .getSource()!
        .getFeatures()
        .map((f) => String(f.get('label'))),
      highlightedPoints: highlighted.filter((f) => f.get('kind') === 'point').map((f) => String(f.getId())),
      highlightedLegs: highlighted.filter((f) => f.get('kind') === 'leg').map((f) => String(f.getId())),
      highlightedPointNames: highlighted
        .filter((f) => f.get('kind') === 'point')
        .map((f) => (f.get('point') as MapPoint).name),
      visible: Object.fromEntries(
        (Object.keys(filters.layers) as MapLayerName[]).map((n) => [n, data.byName(n)[0]?.getVisible() ?? false]),
      ),
      basemapFeatures: count(basemap.land) + count(basemap.borders),
      basemapResolution: basemap.resolution ?? null,
    };
  },
  /**
   * Every feature of the route and area layers: its id, its geometry's coordinates (rounded to a
   * metre) and its data apart from how it travelled (shape, emptied arrays): a view updated by
   * difference and the same view loaded whole give the same (tests).
   */
  features(): Record<string, string[]> {
    const travel = new Set(['shape', 'polygons', 'paths', 'ring']);
    const describe = (f: Feature<Geometry>) => {
      const geometry = f.getGeometry() as SimpleGeometry | undefined;
      const flat = geometry?.getFlatCoordinates().map((n) => Math.round(n)) ?? [];
      const { geometry: _geometry, ...data } = f.getProperties();
      const json = JSON.stringify(data, (key, value: unknown) => (travel.has(key) ? undefined : value));
      return `${String(f.getId())} ${geometry?.getType() ?? '-'} ${flat.join(',')} ${json}`;
    };
    const layers = {
      route: data.route,
      legs: data.legs,
      firs: data.firs,
      airspaces: data.airspaces,
      notams: data.notams,
    };
    return Object.fromEntries(
      Object.entries(layers).map(([name, layer]) => [name, layer.getSource()!.getFeatures().map(describe).sort()]),
    );
  },
  /** The CSS pixel, relative to the map element, where a position is drawn. */
  pixelOf(position: LonLat): [number, number] | null {
    const pixel = map.getPixelFromCoordinate(fromLonLat(position));
    const [x, y] = pixel ?? [];
    return x !== undefined && y !== undefined ? [x, y] : null;
  },
  /** A drawn point by name: where it is on the map element, and the element it comes from. */
  point(name: string): { pixel: [number, number]; range: MapRange } | null {
    const point = current?.points.find((p) => p.name === name && p.position);
    return point ? { pixel: inspect.pixelOf(point.position!)!, range: point.range } : null;
  },
  /** Resolves after the next complete render of the map in which no label moved to another place. */
  async rendered(): Promise<void> {
    for (let frames = 0; frames < 20; frames++) {
      const moves = data.labelMoves;
      await new Promise<void>((resolve) => {
        map.once('rendercomplete', () => resolve());
        map.render();
      });
      if (data.labelMoves === moves) return;
    }
  },
  zoom: () => map.getView().getZoom(),
  /** Zooms by `delta` steps at once, without the buttons' animation (the bench times the labels placed again). */
  zoomBy(delta: number): void {
    const view = map.getView();
    view.setZoom((view.getZoom() ?? 0) + delta);
  },
  /** The longitudes the map shows, west and east (the tests check a fit never shows the world). */
  lonSpan(): number {
    // An extent is [west, south, east, north]: the defaults only type the destructuring.
    const [west = 0, , east = 0] = transformExtent(
      map.getView().calculateExtent(map.getSize()),
      'EPSG:3857',
      'EPSG:4326',
    );
    return east - west;
  },
  /**
   * Every box OpenLayers' decluttering kept in the last frame (labels, and the route's symbols
   * that labels avoid), in CSS pixels of the map element, with the feature it belongs to.
   */
  labelBoxes(): { kind: string; id: string; text: string; symbol: boolean; box: [number, number, number, number] }[] {
    const boxes = Object.values(lastDeclutter ?? {}).flatMap((tree) => tree.all() as DeclutterBox[]);
    return boxes.map(({ minX, minY, maxX, maxY, value }) => {
      const f = value as Feature<Geometry>;
      const kind = String(f.get('kind') ?? '');
      const text =
        kind === 'point'
          ? (f.get('point') as MapPoint).name
          : kind === 'airway'
            ? String(f.get('via'))
            : kind === 'airspace'
              ? (f.get('airspace') as MapAirspace).name
              : kind === 'notam'
                ? (f.get('notam') as MapNotam).number
                : kind === 'flight'
                  ? String(f.get('label'))
                  : kind === 'alternate'
                    ? `ALTN ${(f.get('alternate') as MapAlternate).name}`
                    : String(f.get('designator') ?? f.get('name') ?? '');
      const ratio = window.devicePixelRatio || 1;
      const box: [number, number, number, number] = [minX / ratio, minY / ratio, maxX / ratio, maxY / ratio];
      // A box centred on its point is the point's symbol; its name sits above it.
      const geometry = f.getGeometry();
      const [atX, atY] = geometry instanceof Point ? (map.getPixelFromCoordinate(geometry.getCoordinates()) ?? []) : [];
      const symbol =
        atX !== undefined &&
        atY !== undefined &&
        Math.abs((box[0] + box[2]) / 2 - atX) < 2 &&
        Math.abs((box[1] + box[3]) / 2 - atY) < 2;
      return { kind, id: String(f.getId() ?? ''), text, symbol, box };
    });
  },
  /** The airway of each airway-name line, in route order (one per stretch of the same airway). */
  airwayStretches: () =>
    data.airwayLabels
      .getSource()!
      .getFeatures()
      .sort((a, b) => String(a.getId()).localeCompare(String(b.getId()), 'en', { numeric: true }))
      .map((f) => String(f.get('via'))),
  /** The label an airspace gets at the present zoom, or undefined when it gets none. */
  airspaceLabel(id: string): string | undefined {
    const feature = data.airspaces.getSource()!.getFeatureById(id);
    const resolution = map.getView().getResolution();
    if (!feature || resolution === undefined) return undefined;
    const text = styles.airspaceLabel(feature, resolution)?.getText()?.getText();
    return typeof text === 'string' ? text : undefined;
  },
  /** The layers of the labels' declutter group, the first placed first (the highest zIndex). */
  declutterOrder: () =>
    data
      .all()
      .filter((l) => l.getDeclutter() === LABEL_GROUP)
      .sort((a, b) => (b.getZIndex() ?? 0) - (a.getZIndex() ?? 0))
      .map((l) => String(l.get('name'))),
  /**
   * Centres the view on one flight of the traffic layer at `zoom` (the e2e step looks at one
   * flight close up: at the route's zoom the declutter may rightly give every flight label's place
   * to the route's names, depending on where the simulated flights are at that moment).
   */
  centreOnFlight(id: string, zoom: number): boolean {
    const geometry = data.traffic.getSource()!.getFeatureById(id)?.getGeometry();
    if (!(geometry instanceof Point)) return false;
    map.getView().setCenter(geometry.getCoordinates());
    map.getView().setZoom(zoom);
    return true;
  },
  /** Each flight of the traffic layer as drawn: its symbol's rotation (degrees) and its label's text. */
  trafficSymbols: () =>
    data.traffic
      .getSource()!
      .getFeatures()
      .map((f) => ({
        id: String(f.getId()),
        rotationDeg: Math.round(((styles.traffic(f).getImage()?.getRotation() ?? 0) * 180) / Math.PI),
        label: String(styles.trafficLabel(f).getText()?.getText() ?? ''),
      })),
  /** The colours the map draws with now (the contrast check reads them). */
  palette: () => ({ ...styles.palette }),
  airspaceColour: (type: string) => styles.airspaceColour({ type }),
};

type DeclutterBox = { minX: number; minY: number; maxX: number; maxY: number; value: unknown };
/** The declutter trees of the last frame (a new object each frame: kept, not copied). */
let lastDeclutter: NonNullable<import('ol/Map').FrameState['declutter']> | undefined;
map.on('postrender', (event) => {
  if (event.frameState?.declutter) lastDeclutter = event.frameState.declutter;
});
(window as unknown as { icaoRouteMap: typeof inspect }).icaoRouteMap = inspect;
