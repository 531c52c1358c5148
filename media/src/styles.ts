/**
 * How each kind of feature looks. Styles are cached per kind (and per label where there is one)
 * so that redrawing 5,000 NOTAMs reuses objects; the cache is dropped when the theme changes.
 */
import type { FeatureLike } from 'ol/Feature';
import { getCenter } from 'ol/extent';
import { Point } from 'ol/geom';
import { fromLonLat } from 'ol/proj';
import { Circle as CircleStyle, Fill, Icon, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { DeclutterMode } from 'ol/style/Style';
import type {
  LonLat,
  MapAirspace,
  MapAlternate,
  MapFir,
  MapLeg,
  MapNotam,
  MapPoint,
  NotamSubject,
} from '../../common/protocol/mapMessages';
import { withAlpha, type MapPalette } from './theme';
import { Verdicts } from './verdicts';

/**
 * Outline width of the thousands of context areas. Skia draws a stroke no wider than one device
 * pixel as a hairline, several times faster than a wider one, which it turns into a path to fill:
 * at 1.2 px, rasterising 7,000 outlines took most of a restyle's frame.
 */
const AREA_OUTLINE = 1;

/** Map resolution (m/px, about zoom 10) below which dense context layers get their labels: thousands of decluttered labels cost more than the rest of a frame. */
const DENSE_LABEL_RESOLUTION = 150;
/** Labels of areas the route crosses, NOTAMs and FIRs appear from a regional scale (about zoom 6) down. */
const FAR_RESOLUTION = 2500;
/** Labels of the areas the route only passes near, from about zoom 8 down. */
const NEAR_RESOLUTION = 600;

export class MapStyles {
  private cache = new Map<string, Style | Style[]>();
  /** Context layers with too many features to label them all at a small scale. */
  denseLayers = new Set<string>();
  /** What the map shows now (EPSG:3857): a conflict's label turns away from the map's edge. */
  viewExtent: number[] | undefined;
  /**
   * Labels that can go in one of several places (a FIR's along the route, a conflict's round its
   * corner), by feature id: the place drawn now, and how many there are. After a frame the page
   * moves a label the decluttering left out to its next place (DataLayers.retryLabels).
   */
  readonly labelChoice = new Map<string, number>();
  readonly labelWays = new Map<string, number>();

  /** The place of a label of `ways` places drawn now (the first until the page moved it). */
  private choice(id: string, ways: number): number {
    this.labelWays.set(id, ways);
    return Math.min(this.labelChoice.get(id) ?? 0, ways - 1);
  }

  constructor(
    public palette: MapPalette,
    /** The host's verdicts: what they leave out is hidden, or faded and dashed on demand. */
    readonly verdicts = new Verdicts(),
  ) {}

  setPalette(palette: MapPalette): void {
    this.palette = palette;
    this.cache.clear();
  }

  private cached<T extends Style | Style[]>(key: string, make: () => T): T {
    let style = this.cache.get(key) as T | undefined;
    if (!style) {
      style = make();
      this.cache.set(key, style);
    }
    return style;
  }

  private font(size: number, weight = 'normal'): string {
    return `${weight} ${size}px ${this.palette.fontFamily}`;
  }

  private label(
    text: string,
    options: {
      size?: number;
      colour?: string;
      offsetY?: number;
      bold?: boolean;
      placement?: 'point' | 'line';
      declutterMode?: DeclutterMode;
      /** Past the polygon's width at the label (areas that must be read at any zoom). */
      overflow?: boolean;
      offsetX?: number;
      textAlign?: CanvasTextAlign;
      textBaseline?: CanvasTextBaseline;
    } = {},
  ): Text {
    const p = this.palette;
    return new Text({
      text,
      font: this.font(options.size ?? 11, options.bold ? 'bold' : 'normal'),
      fill: new Fill({ color: options.colour ?? p.foreground }),
      stroke: new Stroke({ color: p.casing, width: 3 }),
      offsetY: options.offsetY ?? 0,
      offsetX: options.offsetX ?? 0,
      textAlign: options.textAlign,
      textBaseline: options.textBaseline,
      placement: options.placement ?? 'point',
      overflow: options.overflow ?? options.placement === 'line',
      // A little air around each label, so that the survivors of decluttering read apart.
      padding: [1, 2, 1, 2],
      declutterMode: options.declutterMode,
    });
  }

  // ---- route ----

  point = (feature: FeatureLike): Style => {
    const point = feature.get('point') as MapPoint;
    return this.cached(`point:${point.kind}:${point.status}:${point.name}`, () => this.pointStyle(point, false));
  };

  pointHighlighted = (feature: FeatureLike): Style => {
    const point = feature.get('point') as MapPoint;
    return this.cached(`point-hl:${point.kind}:${point.status}:${point.name}`, () => this.pointStyle(point, true));
  };

  private pointStyle(point: MapPoint, highlighted: boolean, nameOnly = false): Style {
    const p = this.palette;
    const colour = highlighted
      ? p.highlight
      : point.status === 'ambiguous'
        ? p.warning
        : point.status === 'unresolved'
          ? p.error
          : p.route;
    const stroke = new Stroke({
      color: colour,
      width: highlighted ? 3 : 2,
      lineDash: point.status === 'ambiguous' ? [3, 2] : undefined,
    });
    const fill = new Fill({ color: p.background });
    const size = highlighted ? 9 : 6;
    const name = point.status === 'ambiguous' ? `${point.name} ?` : point.name;
    const text = this.label(name, {
      // Clear of the symbol: a name touching its own symbol would be decluttered away.
      offsetY: -size - 13,
      bold: highlighted || isAerodrome(point.kind),
      colour: point.status === 'resolved' ? p.foreground : colour,
    });
    // Highlighted, the names of an airway's points come first among the labels (their layer is
    // the top of the group) but are decluttered all the same: close fixes never run together.
    if (highlighted)
      return new Style({ image: symbolFor(point.kind, size, stroke, fill, 'obstacle'), text, zIndex: 10 });
    if (nameOnly) return new Style({ text });
    // Every point of the route is drawn, an obstacle every label avoids (the top layer of the
    // group); its name goes on another layer (pointName), where it has room.
    return new Style({ image: symbolFor(point.kind, size, stroke, fill, 'obstacle'), zIndex: 2 });
  }

  /** A route point's name, decluttered after the symbols and the active restrictions. */
  pointName = (feature: FeatureLike): Style => {
    const point = feature.get('point') as MapPoint;
    return this.cached(`point-name:${point.status}:${point.kind}:${point.name}`, () => {
      const text = this.pointStyle(point, false, true).getText() ?? undefined;
      return new Style({ text });
    });
  };

  /**
   * The route's legs: thick, in the route's colour, over a casing of the background's colour
   * that sets them apart from any airspace outline they cross. Their airway names are drawn
   * once per stretch of the same airway (airwayLabel).
   */
  leg = (feature?: FeatureLike): Style[] =>
    (feature?.get('leg') as MapLeg | undefined)?.procedure
      ? this.procedureLeg()
      : this.cached('leg', () => [
          new Style({ stroke: new Stroke({ color: this.palette.casing, width: 7 }), zIndex: 0 }),
          new Style({ stroke: new Stroke({ color: this.palette.route, width: 3.5 }), zIndex: 1 }),
        ]);

  /**
   * A leg of a SID or STAR (the procedures data's fixes): the route's colour, thinner and dashed
   * over the same casing, so that the published procedure reads apart from the route written.
   */
  procedureLeg = (): Style[] =>
    this.cached('procedure-leg', () => [
      new Style({ stroke: new Stroke({ color: this.palette.casing, width: 6 }), zIndex: 0 }),
      new Style({ stroke: new Stroke({ color: this.palette.route, width: 2.5, lineDash: [9, 5] }), zIndex: 1 }),
    ]);

  /**
   * An alternate aerodrome (field 16, ALTN/): a thin double ring in the route's colour,
   * where the route's own aerodromes are one thick ring and the traffic blue chevrons; its label
   * "ALTN EDDK" in the route's colour. An obstacle to the labels placed after it.
   */
  alternateSymbol = (): Style => this.cached('alternate-symbol', () => new Style({ image: this.alternateRings() }));

  alternate = (feature: FeatureLike): Style => {
    const alternate = feature.get('alternate') as MapAlternate;
    return this.cached(
      `alternate:${alternate.name}`,
      () =>
        new Style({
          image: this.alternateRings('obstacle'),
          text: this.label(`ALTN ${alternate.name}`, {
            size: 11,
            bold: true,
            colour: this.palette.route,
            offsetY: -20,
          }),
        }),
    );
  };

  /**
   * Two thin concentric rings in one image (drawn once per palette, at twice its size for sharp
   * screens): the alternate's symbol. The outer one is filled with the map's background, so the
   * dashed line from the destination stops at its edge.
   */
  private alternateRings(declutterMode?: DeclutterMode): Icon {
    const key = `${this.palette.route}:${this.palette.background}`;
    if (this.ringsCanvas?.key !== key) {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 40;
      const c = canvas.getContext('2d')!;
      c.lineWidth = 3;
      c.strokeStyle = this.palette.route;
      c.fillStyle = this.palette.background;
      c.beginPath();
      c.arc(20, 20, 16, 0, 2 * Math.PI);
      c.fill();
      c.stroke();
      c.beginPath();
      c.arc(20, 20, 7, 0, 2 * Math.PI);
      c.stroke();
      this.ringsCanvas = { key, canvas };
    }
    return new Icon({ img: this.ringsCanvas.canvas, scale: 0.5, declutterMode });
  }

  private ringsCanvas: { key: string; canvas: HTMLCanvasElement } | undefined;

  /** The thin dashed line from the destination to an alternate, over a casing. */
  alternateLine = (): Style[] =>
    this.cached('alternate-line', () => [
      new Style({ stroke: new Stroke({ color: this.palette.casing, width: 4 }), zIndex: 0 }),
      new Style({ stroke: new Stroke({ color: this.palette.route, width: 1.5, lineDash: [4, 4] }), zIndex: 1 }),
    ]);

  /** One airway name along its stretch of consecutive legs (see DataLayers). */
  airwayLabel = (feature: FeatureLike): Style => {
    const via = String(feature.get('via') ?? '');
    return this.cached(
      `airway:${via}`,
      () =>
        new Style({
          text: this.label(via, { size: 10, bold: true, colour: this.palette.route, placement: 'line', offsetY: -9 }),
        }),
    );
  };

  legHighlighted = (): Style[] =>
    this.cached('leg-hl', () => [
      new Style({ stroke: new Stroke({ color: withAlpha(this.palette.highlight, 0.35), width: 10 }), zIndex: 8 }),
      new Style({ stroke: new Stroke({ color: this.palette.highlight, width: 4 }), zIndex: 9 }),
    ]);

  // ---- context layers ----

  fir = (feature: FeatureLike): Style => {
    const designator = String(feature.get('designator') ?? '');
    return this.cached(`fir:${designator}`, () => {
      const p = this.palette;
      return new Style({
        stroke: new Stroke({ color: p.fir, width: 1.5, lineDash: [8, 4, 2, 4] }),
      });
    });
  };

  /**
   * FIR designators, on the route where the host places them (between two points of its stretch
   * in the FIR). After the conflicts and the route's names in the declutter order, before the
   * airways and the other areas.
   */
  firLabel = (feature: FeatureLike, resolution: number): Style | undefined => {
    if (resolution > FAR_RESOLUTION) return undefined;
    const designator = String(feature.get('designator') ?? '');
    const places = (feature.get('fir') as MapFir | undefined)?.labelPlaces ?? [];
    const at = places.length ? places[this.choice(String(feature.getId()), places.length)] : undefined;
    // On the route's line where the host places it (between two of its points), as a road's
    // number sits on the road; else in the outline, as any area.
    return this.cached(
      `fir-label:${designator}:${at?.join(',') ?? ''}`,
      () =>
        new Style({
          geometry: at ? new Point(fromLonLat(at)) : undefined,
          text: this.label(designator, { size: 12, colour: this.palette.fir, bold: true }),
        }),
    );
  };

  private labelled(layer: string, resolution: number): boolean {
    return !this.denseLayers.has(layer) || resolution < DENSE_LABEL_RESOLUTION;
  }

  airspace = (feature: FeatureLike, resolution: number): Style | undefined => {
    const airspace = feature.get('airspace') as MapAirspace;
    const applies = this.verdicts.applies(airspace.id);
    if (!applies && !this.verdicts.showLeftOut) return undefined;
    // Zoomed out, where thousands of areas are a few pixels each, the class dashes show nothing
    // but cost a restyle about 30 ms: they are drawn where the labels are.
    const close = this.labelled('airspaces', resolution);
    const restriction = applies && isRestriction(airspace.type);
    const key = `as:${airspace.type}:${airspace.airspaceClass ?? ''}:${airspace.crossed}:${applies}:${close}`;
    return this.cached(key, () => {
      const colour = this.airspaceColour(airspace);
      if (!applies) return this.leftOut(colour, '');
      return new Style({
        stroke: new Stroke({
          color: colour,
          // An active restriction at the flight's level stands out from the areas every flight crosses.
          width: restriction ? 2.5 : airspace.crossed ? 2 : AREA_OUTLINE,
          lineDash: close ? classDash(airspace.airspaceClass) : undefined,
        }),
        // A faint fill: it makes the inside clickable (hit detection follows what is painted).
        fill: new Fill({ color: withAlpha(colour, restriction ? 0.16 : this.palette.highContrast ? 0.04 : 0.07) }),
      });
    });
  };

  /**
   * An airspace's label, by priority and zoom: an active restricted, prohibited, danger or TRA
   * area at the flight's level always asks for room, with its limits and when it is active;
   * one the route crosses from a regional scale; the others close up only. Decluttered with
   * every other label (see DataLayers: the route's names come first).
   */
  airspaceLabel = (feature: FeatureLike, resolution: number): Style | undefined => {
    const airspace = feature.get('airspace') as MapAirspace;
    const applies = this.verdicts.applies(airspace.id);
    const verdict = this.verdicts.get(airspace.id);
    const restriction = (applies && isRestriction(airspace.type)) || this.verdicts.conflict(airspace.id);
    if (!restriction) {
      if (!applies && !this.verdicts.showLeftOut) return undefined;
      if (!this.labelled('airspaces', resolution)) return undefined;
      if (resolution > (airspace.crossed ? FAR_RESOLUTION : NEAR_RESOLUTION)) return undefined;
    }
    const active =
      restriction && verdict?.activity === 'active'
        ? `active ${verdict.activeWindow ?? '(no schedule: always)'}`
        : restriction && verdict?.activity === 'unknown'
          ? 'activity not known'
          : '';
    // Two lines for a restriction (its name, then its limits and when it is active): the
    // conflicts crowd round the route, and a smaller box leaves room for more of them.
    const text = restriction
      ? [airspace.name, [airspace.label, active].filter(Boolean).join(' · ')].join('\n')
      : [airspace.name, airspace.label].filter(Boolean).join('\n');
    const at = restriction ? this.clearOfRoute(feature, airspace.labelAt, text, resolution) : undefined;
    return this.cached(`as-label:${applies}:${airspace.type}:${text}:${at?.key ?? ''}`, () => {
      const colour = this.airspaceColour(airspace);
      if (!applies) return new Style({ text: this.label(text, { size: 9, colour: this.palette.muted }) });
      return new Style({
        geometry: at?.geometry,
        text: this.label(text, {
          size: restriction ? 11 : 10,
          bold: restriction,
          colour,
          overflow: restriction,
          ...at?.placement,
        }),
      });
    });
  };

  /**
   * A conflict area's label at the place the host chose (its outline's point farthest from the
   * route), set out from the area's middle: a point south-west of it gets the label's north-east
   * corner, one due north its bottom edge…, so the label stands off the area and the route's
   * points that cross it. The ways that keep it on the map come first; where the first has no
   * room, the page tries the others (labelChoice).
   */
  private clearOfRoute(
    feature: FeatureLike,
    labelAt: LonLat | undefined,
    text: string,
    resolution: number,
  ): { key: string; geometry: Point; placement: LabelPlacement } | undefined {
    const extent = feature.getGeometry()?.getExtent();
    if (!labelAt || !extent) return undefined;
    const at = fromLonLat(labelAt);
    const [cx, cy] = getCenter(extent);
    const [dx, dy] = [at[0]! - cx!, at[1]! - cy!];
    // The label's size in pixels, roughly (bold 11 px): enough to tell whether it fits.
    const lines = text.split('\n');
    const [width, height] = [Math.max(...lines.map((l) => l.length)) * 7 + 10, lines.length * 14 + 10];
    // Within 22.5° of an axis the label is centred across it; else it goes out by a corner.
    const sx: Side = Math.abs(dx) < Math.abs(dy) * 0.41 ? 0 : dx > 0 ? 1 : -1;
    const sy: Side = Math.abs(dy) < Math.abs(dx) * 0.41 ? 0 : dy > 0 ? 1 : -1;
    const ways = ([1, 0, -1] as Side[])
      .flatMap((x) => ([1, 0, -1] as Side[]).map((y) => [x, y] as const))
      .filter(([x, y]) => x !== 0 || y !== 0)
      // Never back across the area (and the route through it): only ways out from its middle.
      .filter(([x, y]) => x * sx + y * sy >= 0)
      // Nearest the way out from the middle first.
      .sort(([ax, ay], [bx, by]) => Math.abs(ax - sx) + Math.abs(ay - sy) - (Math.abs(bx - sx) + Math.abs(by - sy)));
    const view = this.viewExtent;
    const fits = ([x, y]: readonly [Side, Side]) => {
      if (!view) return true;
      const room = (metres: number) => metres / resolution;
      const [left, right] = [room(at[0]! - view[0]!), room(view[2]! - at[0]!)];
      const [below, above] = [room(at[1]! - view[1]!), room(view[3]! - at[1]!)];
      const across = (before: number, after: number, side: Side, size: number) =>
        side === 1 ? after >= size : side === -1 ? before >= size : before >= size / 2 && after >= size / 2;
      return across(left, right, x, width) && across(below, above, y, height);
    };
    const ordered = [...ways.filter(fits), ...ways.filter((w) => !fits(w))];
    const id = String(feature.getId());
    const [x, y] = ordered[this.choice(id, ordered.length)]!;
    const placement: LabelPlacement = {
      ...(x === 1
        ? { textAlign: 'left' as const, offsetX: 6 }
        : x === -1
          ? { textAlign: 'right' as const, offsetX: -6 }
          : {}),
      ...(y === 1
        ? { textBaseline: 'bottom' as const, offsetY: -6 }
        : y === -1
          ? { textBaseline: 'top' as const, offsetY: 6 }
          : {}),
    };
    return { key: `${id}:${labelAt.join(',')}:${x}:${y}`, geometry: new Point(at), placement };
  }

  /** The labels of the areas other than the active restrictions (see restrictionLabel). */
  contextLabel = (feature: FeatureLike, resolution: number): Style | undefined =>
    this.isActiveRestriction(feature) ? undefined : this.airspaceLabel(feature, resolution);

  /**
   * The labels of the restricted, prohibited, danger and TRA areas at the flight's level: above
   * the route's line and before the names of its fixes (their layer is higher in the stack),
   * since they are what the flight must avoid.
   */
  restrictionLabel = (feature: FeatureLike, resolution: number): Style | undefined =>
    this.isActiveRestriction(feature) ? this.airspaceLabel(feature, resolution) : undefined;

  private isActiveRestriction(feature: FeatureLike): boolean {
    const airspace = feature.get('airspace') as MapAirspace;
    return this.verdicts.conflict(airspace.id) || (this.verdicts.applies(airspace.id) && isRestriction(airspace.type));
  }

  /** Which labels of a layer ask for room first (rendered first wins in OpenLayers' decluttering): the conflicts. */
  labelRank = (feature: FeatureLike): number => {
    const airspace = feature.get('airspace') as MapAirspace | undefined;
    if (!airspace) return 3;
    if (this.verdicts.conflict(airspace.id)) return 0;
    if (this.verdicts.applies(airspace.id) && isRestriction(airspace.type)) return 1;
    return airspace.crossed ? 2 : 3;
  };

  /** An item the verdicts leave out, drawn on demand: thin, dashed, faded, with a muted label. */
  private leftOut(colour: string, text: string): Style {
    const faded = withAlpha(colour, this.palette.highContrast ? 0.8 : 0.45);
    return new Style({
      stroke: new Stroke({ color: faded, width: AREA_OUTLINE, lineDash: [3, 5] }),
      fill: new Fill({ color: withAlpha(colour, 0.02) }),
      image: new CircleStyle({ radius: 2.5, stroke: new Stroke({ color: faded, width: 1 }) }),
      text: text ? this.label(text, { size: 9, colour: this.palette.muted }) : undefined,
      zIndex: -1,
    });
  }

  airspaceColour(airspace: Pick<MapAirspace, 'type'>): string {
    const p = this.palette;
    switch (airspaceGroup(airspace.type)) {
      case 'prohibited':
        return p.red;
      case 'restricted':
        return p.orange;
      case 'danger':
        return p.yellow;
      case 'controlled':
        return p.blue;
      case 'information':
        return p.green;
      default:
        return p.purple;
    }
  }

  notam = (feature: FeatureLike): Style | undefined => {
    const notam = feature.get('notam') as MapNotam;
    const applies = this.verdicts.applies(notam.id, notam.inCorridor);
    if (!applies && !this.verdicts.showLeftOut) return undefined;
    return this.cached(`notam:${notam.subject}:${applies}`, () => {
      const colour = this.notamColour(notam.subject);
      if (!applies) return this.leftOut(colour, '');
      return new Style({
        stroke: new Stroke({ color: colour, width: AREA_OUTLINE }),
        fill: new Fill({ color: withAlpha(colour, 0.06) }),
        image: new CircleStyle({ radius: 3, fill: new Fill({ color: colour }) }),
      });
    });
  };

  notamLabel = (feature: FeatureLike, resolution: number): Style | undefined => {
    const notam = feature.get('notam') as MapNotam;
    if (this.verdicts.conflict(notam.id)) return undefined;
    const applies = this.verdicts.applies(notam.id, notam.inCorridor);
    if (!applies && !this.verdicts.showLeftOut) return undefined;
    if (!this.labelled('notams', resolution) || resolution > FAR_RESOLUTION) return undefined;
    return this.cached(`notam-label:${notam.subject}:${applies}:${notam.number}`, () => {
      const colour = applies ? this.notamColour(notam.subject) : this.palette.muted;
      return new Style({ text: this.label(notam.number, { size: applies ? 10 : 9, colour }) });
    });
  };

  /**
   * A restriction NOTAM the flight conflicts with: its number, limits and when it is in force,
   * at the place the host chose, with the conflict areas' labels (above the route's names).
   */
  notamConflictLabel = (feature: FeatureLike, resolution: number): Style | undefined => {
    const notam = feature.get('notam') as MapNotam;
    if (!this.verdicts.conflict(notam.id)) return undefined;
    const verdict = this.verdicts.get(notam.id);
    const limits = notam.lower && notam.upper ? `${notam.lower}–${notam.upper}` : '';
    const when = verdict?.activeWindow ? `active ${verdict.activeWindow}` : '';
    const text = [notam.number, [limits, when].filter(Boolean).join(' · ')].filter(Boolean).join('\n');
    const at = this.clearOfRoute(feature, notam.labelAt, text, resolution);
    return this.cached(`notam-conflict:${notam.subject}:${text}:${at?.key ?? ''}`, () => {
      const colour = this.notamColour(notam.subject);
      return new Style({
        geometry: at?.geometry,
        text: this.label(text, { size: 11, bold: true, colour, overflow: true, ...at?.placement }),
      });
    });
  };

  notamColour(subject: NotamSubject): string {
    const p = this.palette;
    const colours: Record<NotamSubject, string> = {
      airspace: p.purple,
      navaid: p.blue,
      aerodrome: p.green,
      obstacle: p.orange,
      procedure: p.yellow,
      other: p.muted,
    };
    return colours[subject] ?? p.muted;
  }

  selected = (): Style =>
    this.cached('selected', () => {
      const p = this.palette;
      return new Style({
        stroke: new Stroke({ color: p.highlight, width: 3 }),
        fill: new Fill({ color: withAlpha(p.highlight, 0.12) }),
        image: new CircleStyle({ radius: 7, stroke: new Stroke({ color: p.highlight, width: 3 }) }),
      });
    });

  /** The microlight site's symbol alone (the legend). */
  microlightSymbol = (): Style =>
    new Style({
      image: new RegularShape({
        points: 3,
        radius: 5,
        stroke: new Stroke({ color: this.palette.green, width: 1.5 }),
        fill: new Fill({ color: this.palette.background }),
      }),
    });

  microlight = (feature: FeatureLike): Style => {
    // Shown on demand and few: decluttered with the other labels, its symbol an obstacle.
    const name = String(feature.get('name') ?? '');
    return this.cached(`ml:${name}`, () => {
      const p = this.palette;
      return new Style({
        image: new RegularShape({
          points: 3,
          radius: 5,
          stroke: new Stroke({ color: p.green, width: 1.5 }),
          fill: new Fill({ color: p.background }),
          declutterMode: 'obstacle',
        }),
        text: this.label(name, { size: 10, colour: p.green, offsetY: -12 }),
      });
    });
  };

  /** A flight's symbol: an arrowhead along its track (north up when no track is reported). */
  /**
   * A flight of the traffic layer: a chevron (an arrowhead with a notched tail) pointing along its
   * track, blue with a casing (the route is magenta, its points circles and triangles), so that a
   * flight is never taken for a point. Drawn once per palette on a canvas (no image to load), at
   * twice its size for sharp screens.
   */
  trafficSymbol = (trackDeg = 0): Icon =>
    new Icon({ img: this.chevron(), scale: 0.5, rotation: (trackDeg * Math.PI) / 180, rotateWithView: false });

  private chevronCanvas: { key: string; canvas: HTMLCanvasElement } | undefined;

  private chevron(): HTMLCanvasElement {
    const key = `${this.palette.blue}:${this.palette.background}`;
    if (this.chevronCanvas?.key === key) return this.chevronCanvas.canvas;
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const c = canvas.getContext('2d')!;
    c.beginPath();
    c.moveTo(20, 2); // the nose, up: the track 0° before rotation
    c.lineTo(34, 36);
    c.lineTo(20, 27); // the notch of the tail
    c.lineTo(6, 36);
    c.closePath();
    c.lineJoin = 'round';
    c.lineWidth = 3;
    c.strokeStyle = this.palette.background;
    c.fillStyle = this.palette.blue;
    c.stroke();
    c.fill();
    this.chevronCanvas = { key, canvas };
    return canvas;
  }

  /** A flight's symbol, rotated to its track; its label is the traffic labels' (below). */
  traffic = (feature: FeatureLike): Style => {
    // Rounded to 5°: few styles, and no visible difference.
    const track = Math.round(Number(feature.get('trackDeg') ?? 0) / 5) * 5;
    return this.cached(`traffic:${track}`, () => new Style({ image: this.trafficSymbol(track) }));
  };

  /**
   * A flight's label, "call sign level" as the host wrote it, placed above its symbol. It is
   * decluttered after the route's names and the conflicts' labels: a flight never hides them.
   */
  trafficLabel = (feature: FeatureLike): Style => {
    const text = String(feature.get('label') ?? '');
    return this.cached(
      `traffic-label:${text}`,
      () => new Style({ text: this.label(text, { size: 10, colour: this.palette.blue, offsetY: -15 }) }),
    );
  };

  // ---- basemap ----

  land = (): Style =>
    this.cached(
      'land',
      () =>
        new Style({
          fill: new Fill({ color: this.palette.land }),
          stroke: new Stroke({ color: this.palette.coast, width: 1 }),
        }),
    );

  borders = (): Style =>
    this.cached(
      'borders',
      () => new Style({ stroke: new Stroke({ color: this.palette.border, width: 0.8, lineDash: [4, 3] }) }),
    );
}

type Side = -1 | 0 | 1;
type LabelPlacement = {
  textAlign?: CanvasTextAlign;
  textBaseline?: CanvasTextBaseline;
  offsetX?: number;
  offsetY?: number;
};

/** Typed symbols: hexagon VOR, circle-in-circle NDB, square DME, triangle fix, ring aerodrome, cross lat/lon. */
export function symbolFor(kind: string, size: number, stroke: Stroke, fill: Fill, declutterMode?: DeclutterMode) {
  switch (kind.toLowerCase()) {
    case 'vor':
    case 'vor/dme':
    case 'vortac':
      return new RegularShape({ points: 6, radius: size, stroke, fill, declutterMode });
    case 'ndb':
      return new CircleStyle({
        radius: size * 0.8,
        stroke,
        fill: new Fill({ color: stroke.getColor() as string }),
        declutterMode,
      });
    case 'dme':
    case 'tacan':
      return new RegularShape({ points: 4, radius: size, angle: Math.PI / 4, stroke, fill, declutterMode });
    case 'aerodrome':
    case 'airport':
      return new CircleStyle({
        radius: size + 1,
        stroke: new Stroke({ color: stroke.getColor() ?? undefined, width: 3.5 }),
        fill,
        declutterMode,
      });
    case 'latlon':
    case 'lat/lon':
      return new RegularShape({ points: 4, radius: size, radius2: 0, angle: Math.PI / 4, stroke, declutterMode });
    case 'fix':
    case 'waypoint':
      return new RegularShape({ points: 3, radius: size, stroke, fill, declutterMode });
    default:
      return new CircleStyle({ radius: size * 0.7, stroke, fill, declutterMode });
  }
}

const isAerodrome = (kind: string) => ['aerodrome', 'airport'].includes(kind.toLowerCase());

/** Restricted, prohibited, danger and temporary reserved/segregated areas: what a conflict is made of. */
export function isRestriction(type: string): boolean {
  const group = airspaceGroup(type);
  return group === 'prohibited' || group === 'restricted' || group === 'danger';
}

type AirspaceGroup = 'prohibited' | 'restricted' | 'danger' | 'controlled' | 'information' | 'other';

/** The hub's airspace type words, grouped for colour (P/R/D by their ICAO letters). */
export function airspaceGroup(type: string): AirspaceGroup {
  const t = type.trim().toUpperCase();
  if (t === 'P' || t.startsWith('PROHIB')) return 'prohibited';
  if (t === 'R' || t.startsWith('RESTRICT') || t === 'TRA' || t === 'TSA') return 'restricted';
  if (t === 'D' || t.startsWith('DANGER')) return 'danger';
  if (['CTR', 'TMA', 'CTA', 'ATZ', 'TIZ', 'AWY', 'OCA', 'UTA'].includes(t) || t.startsWith('CONTROL'))
    return 'controlled';
  if (['FIR', 'UIR', 'FIS', 'TIA', 'RMZ', 'TMZ'].includes(t)) return 'information';
  return 'other';
}

/** Classes A–C solid, D–E dashed, F–G dotted, none: long dash. */
function classDash(airspaceClass: string | undefined): number[] | undefined {
  const c = airspaceClass?.trim().toUpperCase();
  if (!c) return [10, 4];
  if ('ABC'.includes(c.charAt(0))) return undefined;
  if ('DE'.includes(c.charAt(0))) return [6, 3];
  return [1, 3];
}
