/**
 * The basemap, bundled with the extension: Natural Earth land, coastlines and borders from
 * world-atlas (50m; 10m once zoomed in, loaded the first time it is needed), and a graticule.
 * The files come from the extension's own dist/media/basemap, already projected by the build
 * (scripts/basemap.mjs); nothing remote, ever.
 */
import Feature from 'ol/Feature';
import { MultiLineString, MultiPolygon, type Geometry } from 'ol/geom';
import Graticule from 'ol/layer/Graticule';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Text } from 'ol/style';
import { decodeBasemap } from './basemapData';
import type { MapStyles } from './styles';

/** Zoom from which the 10m data replace the 50m (about 1:4M, where 50m coasts look coarse). */
const DETAIL_ZOOM = 6;

export class Basemap {
  readonly land = new VectorLayer({
    source: new VectorSource<Feature<Geometry>>(),
    zIndex: -3,
    updateWhileInteracting: true,
  });
  readonly borders = new VectorLayer({
    source: new VectorSource<Feature<Geometry>>(),
    zIndex: -2,
    updateWhileInteracting: true,
  });
  readonly graticule: Graticule;
  private detail: 'none' | 'loading' | 'loaded' = 'none';
  /** The resolution drawn, once one is. */
  private drawn: '50m' | '10m' | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly styles: MapStyles,
    private readonly onError: (message: string) => void,
  ) {
    this.land.setStyle(styles.land);
    this.borders.setStyle(styles.borders);
    this.graticule = this.makeGraticule();
  }

  get resolution(): '50m' | '10m' | undefined {
    return this.drawn;
  }

  layers() {
    return [this.land, this.borders, this.graticule];
  }

  async load(map: OlMap): Promise<void> {
    await this.loadResolution('50m');
    map.getView().on('change:resolution', () => {
      if (this.detail === 'none' && (map.getView().getZoom() ?? 0) >= DETAIL_ZOOM) void this.loadDetail();
    });
    if ((map.getView().getZoom() ?? 0) >= DETAIL_ZOOM) void this.loadDetail();
  }

  /** The graticule's colours come from the theme: rebuilt when it changes. */
  restyle(map: OlMap): void {
    this.land.changed();
    this.borders.changed();
    const index = map.getLayers().getArray().indexOf(this.graticule);
    const replacement = this.makeGraticule();
    if (index >= 0) map.getLayers().setAt(index, replacement);
    (this as { graticule: Graticule }).graticule = replacement;
  }

  private makeGraticule(): Graticule {
    const p = this.styles.palette;
    const label = () =>
      new Text({
        font: `10px ${p.fontFamily}`,
        fill: new Fill({ color: p.muted }),
        stroke: new Stroke({ color: p.background, width: 3 }),
      });
    const lon = label();
    lon.setTextBaseline('bottom');
    const lat = label();
    lat.setTextAlign('end');
    return new Graticule({
      strokeStyle: new Stroke({ color: p.graticule, width: 1 }),
      showLabels: true,
      lonLabelStyle: lon,
      latLabelStyle: lat,
      wrapX: false,
      zIndex: -1,
    });
  }

  private async loadDetail(): Promise<void> {
    this.detail = 'loading';
    try {
      await this.loadResolution('10m');
      this.detail = 'loaded';
    } catch (error) {
      this.detail = 'none';
      this.onError(`detailed coastlines could not be loaded: ${String(error)}`);
    }
  }

  private async loadResolution(resolution: '50m' | '10m'): Promise<void> {
    const response = await fetch(`${this.baseUrl}/basemap-${resolution}.bin`);
    if (!response.ok) throw new Error(`basemap ${resolution}: HTTP ${response.status}`);
    const { land, borders } = decodeBasemap(await response.arrayBuffer());
    // Borders are the arcs two countries share; coastlines are the land polygons' outlines.
    replace(this.land, new MultiPolygon(land.flatCoordinates, 'XY', land.endss));
    replace(this.borders, new MultiLineString(borders.flatCoordinates, 'XY', borders.ends));
    this.drawn = resolution;
  }
}

function replace(layer: VectorLayer<VectorSource<Feature<Geometry>>>, geometry: Geometry): void {
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeature(new Feature(geometry));
}
