/**
 * The route map webview: draws the MapView the extension host posts (route, FIRs, airspaces,
 * NOTAMs, microlights over a bundled basemap) with OpenLayers on Canvas 2D, and tells the host
 * what the user clicked or filtered. It computes nothing about the route: distances, crossings
 * and corridor decisions arrive in the view model.
 */
import 'ol/ol.css';
import './map.css';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import OlMap from 'ol/Map';
import View from 'ol/View';
import ScaleLine from 'ol/control/ScaleLine';
import { defaults as defaultControls } from 'ol/control/defaults';
import { isEmpty } from 'ol/extent';
import type BaseLayer from 'ol/layer/Base';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import {
  DEFAULT_MAP_FILTERS,
  type HostToMapMessage,
  type LonLat,
  type MapAirspace,
  type MapFilters,
  type MapLayerName,
  type MapLeg,
  type MapNotam,
  type MapPoint,
  type MapRange,
  type MapView,
} from '../../server/src/protocol/mapMessages';
import { Basemap } from './basemap';
import { DataLayers } from './layers';
import { loadState, onHostMessage, postToHost, saveState } from './messaging';
import { SidePanel } from './panels';
import { MapStyles } from './styles';
import { readPalette, watchTheme } from './theme';

const saved = loadState();
let filters: MapFilters = saved.filters ?? structuredClone(DEFAULT_MAP_FILTERS);
let current: MapView | null = null;
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
app.append(mapElement, side);

const styles = new MapStyles(readPalette());
const data = new DataLayers(styles);
const basemap = new Basemap(document.body.dataset.basemap ?? 'basemap', styles, (message) => panel.setStatus(message));

const map = new OlMap({
  target: mapElement,
  layers: [...basemap.layers(), ...data.all()],
  controls: defaultControls({ attribution: false, rotate: false }).extend([
    new ScaleLine({ units: 'nautical', bar: false }),
  ]),
  view: new View({ center: fromLonLat([10, 50]), zoom: 4, maxZoom: 14 }),
});

const panel = new SidePanel(side, {
  layerToggled(name, visible) {
    filters = { ...filters, layers: { ...filters.layers, [name]: visible } };
    applyLayerVisibility();
    filtersChanged();
  },
  corridorChanged(corridorNm, aerodromeCorridorNm) {
    filters = { ...filters, corridorNm, aerodromeCorridorNm };
    panel.setStatus('Recomputing the corridor…');
    filtersChanged();
  },
  fitRequested: () => fitToRoute(),
  pointChosen(point) {
    panel.showPoint(point);
    reveal(point.range);
  },
  notamChosen(notam) {
    panel.showNotam(notam);
    const feature = data.notams.getSource()!.getFeatureById(notam.id);
    data.setSelection(feature ? [feature] : []);
  },
});
panel.setFilters(filters);
applyLayerVisibility();

function filtersChanged(): void {
  saveState({ filters });
  postToHost({ type: 'filters', filters });
}

function applyLayerVisibility(): void {
  for (const name of Object.keys(filters.layers) as MapLayerName[]) {
    for (const layer of data.byName(name)) layer.setVisible(filters.layers[name]);
  }
}

function reveal(range: MapRange): void {
  if (current) postToHost({ type: 'reveal', uri: current.uri, version: current.version, range });
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
  if (extent) map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 10, size: map.getSize() });
}

/** What the details panel shows, so that a new snapshot of the same route keeps showing it. */
let shown: { kind: 'point' | 'leg' | 'notam'; id: string } | undefined;

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
  } else if (shown?.kind === 'notam') {
    const notam = view.notams.find((n) => n.id === shown!.id);
    if (notam) return panel.showNotam(notam);
  }
  shown = undefined;
}

function showSnapshot(view: MapView | null, message: string | undefined): void {
  const previous = current;
  current = view;
  panel.setStatus(message);
  if (view) {
    // The layer switches are the user's; the corridor is what the host computed with.
    filters = {
      ...filters,
      corridorNm: view.filters.corridorNm,
      aerodromeCorridorNm: view.filters.aerodromeCorridorNm,
    };
    panel.setFilters(filters);
    saveState({ uri: view.uri, filters });
  }
  data.setView(view);
  panel.setView(view);
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
  if (sameRoute) showAgain(view);
  else {
    shown = undefined;
    fitToRoute();
  }
}

onHostMessage((message: HostToMapMessage) => {
  switch (message.type) {
    case 'snapshot':
      showSnapshot(message.view, message.message);
      if (message.highlight) data.setHighlight(message.highlight.pointIds, message.highlight.legIds);
      break;
    case 'highlight':
      if (current && message.uri === current.uri && message.version === current.version) {
        data.setHighlight(message.highlight.pointIds, message.highlight.legIds);
      }
      break;
    case 'status':
      panel.setStatus(message.message);
      break;
  }
});

const clickable = new Set<BaseLayer>([data.route, data.legs, data.notams, data.airspaces, data.firs, data.microlights]);

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
  data.setSelection([]);
  shown = undefined;
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
  } else if (notams.length) {
    const notam = notams[0].get('notam') as MapNotam;
    shown = { kind: 'notam', id: notam.id };
    panel.showNotam(notam);
    data.setSelection([notams[0]]);
  } else if (airspaces.length) {
    panel.showAirspaces(airspaces.map((f) => f.get('airspace') as MapAirspace));
    data.setSelection(airspaces);
  } else if (microlight) {
    panel.showMicrolight(microlight.get('name') as string);
  } else if (fir) {
    panel.showFir(fir.get('designator') as string, (fir.get('fir') as { name: string }).name);
  } else {
    panel.clearDetails();
  }
});

map.on('pointermove', (event) => {
  if (event.dragging) return;
  const over = map.hasFeatureAtPixel(event.pixel, {
    hitTolerance: 5,
    layerFilter: (l) => l === data.route || l === data.legs,
  });
  mapElement.style.cursor = over ? 'pointer' : '';
});

map.on('moveend', () => {
  const center = map.getView().getCenter();
  const zoom = map.getView().getZoom();
  if (current && center && zoom !== undefined) saveState({ camera: { center: toLonLat(center) as LonLat, zoom } });
});

watchTheme(() => {
  styles.setPalette(readPalette());
  for (const layer of data.all()) layer.changed();
  basemap.restyle(map);
});

basemap.load(map).catch((error: unknown) => panel.setStatus(`The basemap could not be loaded: ${String(error)}`));
postToHost({ type: 'ready' });

/**
 * A read-only view of what is drawn, for the browser tests, the benchmark and the e2e suite
 * (they cannot reach into the bundle otherwise). It changes nothing.
 */
const inspect = {
  counts() {
    const count = (layer: { getSource(): { getFeatures(): unknown[] } | null }) =>
      layer.getSource()?.getFeatures().length ?? 0;
    const highlighted = data.highlight.getSource()!.getFeatures();
    return {
      points: count(data.route),
      legs: count(data.legs),
      firs: count(data.firs),
      airspaces: count(data.airspaces),
      notams: count(data.notams),
      microlights: count(data.microlights),
      highlightedPoints: highlighted.filter((f) => f.get('kind') === 'point').map((f) => String(f.getId())),
      highlightedLegs: highlighted.filter((f) => f.get('kind') === 'leg').map((f) => String(f.getId())),
      highlightedPointNames: highlighted
        .filter((f) => f.get('kind') === 'point')
        .map((f) => (f.get('point') as MapPoint).name),
      visible: Object.fromEntries(
        (Object.keys(filters.layers) as MapLayerName[]).map((n) => [n, data.byName(n)[0].getVisible()]),
      ),
      basemapFeatures: count(basemap.land) + count(basemap.borders),
    };
  },
  /** The CSS pixel, relative to the map element, where a position is drawn. */
  pixelOf(position: LonLat): [number, number] | null {
    const pixel = map.getPixelFromCoordinate(fromLonLat(position));
    return pixel ? [pixel[0], pixel[1]] : null;
  },
  /** A drawn point by name: where it is on the map element, and the element it comes from. */
  point(name: string): { pixel: [number, number]; range: MapRange } | null {
    const point = current?.points.find((p) => p.name === name && p.position);
    return point ? { pixel: inspect.pixelOf(point.position!)!, range: point.range } : null;
  },
  /** Resolves after the next complete render of the map. */
  rendered(): Promise<void> {
    return new Promise((resolve) => {
      map.once('rendercomplete', () => resolve());
      map.render();
    });
  },
  zoom: () => map.getView().getZoom(),
};
(window as unknown as { icaoRouteMap: typeof inspect }).icaoRouteMap = inspect;
