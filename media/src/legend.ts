/**
 * The map's legend, a collapsible panel over the map (its state kept with the other panels):
 * each entry's swatch is drawn with the very styles of the map (OpenLayers' toContext), so the
 * legend cannot say one thing while the map draws another. Redrawn when the theme changes.
 */
import Control from 'ol/control/Control';
import { LineString, Point, Polygon } from 'ol/geom';
import { toContext } from 'ol/render';
import { Fill, Stroke, Style } from 'ol/style';
import { collapsible } from './collapsible';
import { symbolFor, type MapStyles } from './styles';
import { withAlpha } from './theme';

const W = 28;
const H = 14;

type Swatch = (styles: MapStyles) => { style: Style | Style[]; geometry: 'line' | 'area' | 'point' };

const line =
  (colour: (s: MapStyles) => string, width: number, lineDash?: number[]): Swatch =>
  (s) => ({
    style: new Style({ stroke: new Stroke({ color: colour(s), width, lineDash }) }),
    geometry: 'line',
  });
const area =
  (colour: (s: MapStyles) => string, width = 1.5, fillAlpha = 0.12, lineDash?: number[]): Swatch =>
  (s) => ({
    style: new Style({
      stroke: new Stroke({ color: colour(s), width, lineDash }),
      fill: new Fill({ color: withAlpha(colour(s), fillAlpha) }),
    }),
    geometry: 'area',
  });
const symbol =
  (kind: string): Swatch =>
  (s) => ({
    style: new Style({
      image: symbolFor(
        kind,
        5,
        new Stroke({ color: s.palette.route, width: 2 }),
        new Fill({ color: s.palette.background }),
      ),
    }),
    geometry: 'point',
  });

const ENTRIES: [string, Swatch][] = [
  ['Route', (s) => ({ style: s.leg(), geometry: 'line' })],
  ['SID / STAR (procedure from the CIFP files)', (s) => ({ style: s.procedureLeg(), geometry: 'line' })],
  ['Aerodrome', symbol('aerodrome')],
  ['Alternate aerodrome (field 16, ALTN/)', (s) => ({ style: s.alternateSymbol(), geometry: 'point' })],
  ['Destination to alternate', (s) => ({ style: s.alternateLine(), geometry: 'line' })],
  ['VOR', symbol('vor')],
  ['NDB', symbol('ndb')],
  ['DME / TACAN', symbol('dme')],
  ['Fix', symbol('fix')],
  ['Lat/lon point', symbol('latlon')],
  ['Prohibited area', area((s) => s.airspaceColour({ type: 'P' }))],
  ['Restricted area, TRA / TSA', area((s) => s.airspaceColour({ type: 'R' }))],
  ['Danger area', area((s) => s.airspaceColour({ type: 'D' }))],
  ['Active restriction at the flight level', area((s) => s.airspaceColour({ type: 'R' }), 2.5, 0.3)],
  ['Controlled airspace (CTR, TMA, CTA)', area((s) => s.airspaceColour({ type: 'CTR' }))],
  ['RMZ, TMZ, FIS', area((s) => s.airspaceColour({ type: 'RMZ' }))],
  ['Class A–C · D–E · F–G', line((s) => s.palette.foreground, 1.5, [6, 3])],
  ['NOTAM area (airspace)', area((s) => s.notamColour('airspace'), 1, 0.1)],
  ['NOTAM (navaid, aerodrome, obstacle)', area((s) => s.notamColour('obstacle'), 1, 0.1)],
  ['FIR boundary', line((s) => s.palette.fir, 1.5, [8, 4, 2, 4])],
  ['Microlight site', (s) => ({ style: s.microlightSymbol(), geometry: 'point' })],
  [
    'Flight and its track (traffic, European data)',
    (s) => ({ style: new Style({ image: s.trafficSymbol(90) }), geometry: 'point' }),
  ],
];

export class Legend {
  readonly control: Control;
  private readonly list = document.createElement('ul');

  constructor(private readonly styles: MapStyles) {
    const panel = collapsible('map-legend', 'Legend', false);
    panel.element.classList.add('legend', 'ol-unselectable', 'ol-control');
    this.list.className = 'legend-entries';
    panel.body.append(this.list);
    this.control = new Control({ element: panel.element });
    this.draw();
  }

  /** Draws every swatch again (a new theme: new colours). */
  draw(): void {
    const ratio = window.devicePixelRatio || 1;
    const items = ENTRIES.map(([caption, swatch]) => {
      const item = document.createElement('li');
      const canvas = document.createElement('canvas');
      canvas.width = W * ratio;
      canvas.height = H * ratio;
      canvas.className = 'swatch';
      const context = canvas.getContext('2d');
      if (context) {
        const render = toContext(context, { size: [W, H], pixelRatio: ratio });
        const { style, geometry } = swatch(this.styles);
        for (const s of Array.isArray(style) ? style : [style]) {
          render.setStyle(s);
          render.drawGeometry(
            geometry === 'line'
              ? new LineString([
                  [2, H / 2],
                  [W - 2, H / 2],
                ])
              : geometry === 'area'
                ? new Polygon([
                    [
                      [2, 2],
                      [W - 2, 2],
                      [W - 2, H - 2],
                      [2, H - 2],
                      [2, 2],
                    ],
                  ])
                : new Point([W / 2, H / 2]),
          );
        }
      }
      const text = document.createElement('span');
      text.textContent = caption;
      item.append(canvas, text);
      return item;
    });
    this.list.replaceChildren(...items);
  }
}
