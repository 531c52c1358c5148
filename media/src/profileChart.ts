/**
 * The vertical profile: the flight's planned levels along the route's distance against the
 * floor-to-ceiling boxes of the areas it crosses (named where the name fits), the top of climb and
 * of descent on the flight's line, and the route's points on the distance axis with their
 * distances and times over beside it.
 * Built as SVG with DOM calls; every text goes in through textContent. The areas that apply
 * are emphasised; hovering a box marks its item on the map, a click selects it.
 */
import type { MapProfile } from '../../common/protocol/mapMessages';

const SVG = 'http://www.w3.org/2000/svg';
/** The profile's height: 196 px, less in a low window (150 px at 800 px), so the crossings under it stay in view. */
const profileHeight = () => Math.round(Math.min(196, Math.max(150, window.innerHeight * 0.19)));
/** The bottom margin holds two axes: the route's points by distance, and their times over. */
const MARGIN = { left: 46, right: 10, top: 10, bottom: 56 };

export interface ProfileEvents {
  /** The pointer is over an area's box (undefined: over none). */
  hovered(itemId: string | undefined): void;
  chosen(itemId: string): void;
}

export class ProfileView {
  readonly element = document.createElement('section');
  private readonly svg = document.createElementNS(SVG, 'svg');
  private profile: MapProfile | undefined;
  private selected: string | undefined;
  private width = 0;

  constructor(private readonly events: ProfileEvents) {
    this.element.id = 'map-profile';
    // Nothing to show until a view brings a profile.
    this.element.hidden = true;
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('aria-label', 'Vertical profile of the route');
    this.element.append(this.svg);
    this.svg.addEventListener('click', (event) => {
      const id = itemOf(event.target);
      if (id) events.chosen(id);
    });
    this.svg.addEventListener('mouseover', (event) => events.hovered(itemOf(event.target)));
    this.svg.addEventListener('mouseleave', () => events.hovered(undefined));
    // The width is read here, after the browser's own layout: reading it while a message is
    // handled would lay the page out once more, in the middle of the update.
    new ResizeObserver(() => {
      const width = this.element.clientWidth;
      if (width !== this.width) {
        this.width = width;
        this.draw();
      }
    }).observe(this.element);
    // A window made lower or higher (the width may stay): the height follows.
    window.addEventListener('resize', () => {
      if (this.svg.getAttribute('height') !== String(profileHeight())) this.draw();
    });
  }

  setProfile(profile: MapProfile | undefined): void {
    if (profile === undefined && this.profile === undefined) return;
    this.profile = profile;
    this.element.hidden = !profile || profile.totalNm <= 0;
    // Shown for the first time: its width is needed now (the only time it is read here).
    if (!this.element.hidden && this.width <= 0) this.width = this.element.clientWidth;
    this.draw();
  }

  select(itemId: string | undefined): void {
    this.selected = itemId;
    for (const box of Array.from(this.svg.querySelectorAll<SVGRectElement>('rect.area'))) {
      box.classList.toggle('selected', box.dataset.itemId === itemId);
    }
    // The selected box is drawn last, above its neighbours.
    const chosen = Array.from(this.svg.querySelectorAll<SVGRectElement>('rect.area.selected'));
    const areas = this.svg.querySelector('g.areas');
    for (const box of chosen) areas?.append(box);
  }

  /** Draws at the width last observed; a profile shown before it has a width is drawn when it gets one. */
  private draw(): void {
    const profile = this.profile;
    this.svg.replaceChildren();
    if (!profile || profile.totalNm <= 0 || this.width <= 0) return;
    const width = this.width;
    const height = profileHeight();
    this.svg.setAttribute('width', String(width));
    this.svg.setAttribute('height', String(height));
    const plotWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
    const plotHeight = height - MARGIN.top - MARGIN.bottom;
    const topFt = ceilingOfPlot(profile);
    const x = (nm: number) => MARGIN.left + (Math.min(Math.max(nm, 0), profile.totalNm) / profile.totalNm) * plotWidth;
    const y = (ft: number) => MARGIN.top + plotHeight - (Math.min(Math.max(ft, 0), topFt) / topFt) * plotHeight;

    // Level grid and its labels, in flight levels.
    const grid = svg('g', { class: 'grid' });
    const step = levelStep(topFt);
    for (let ft = 0; ft <= topFt; ft += step) {
      grid.append(svg('line', { x1: MARGIN.left, x2: MARGIN.left + plotWidth, y1: y(ft), y2: y(ft) }));
      const label = svg('text', { x: MARGIN.left - 4, y: y(ft) + 4, 'text-anchor': 'end' });
      label.textContent = ft === 0 ? 'SFC' : `FL${String(Math.round(ft / 100)).padStart(3, '0')}`;
      grid.append(label);
    }

    // Areas: left out first, the applying ones above them.
    const areas = svg('g', { class: 'areas' });
    const ordered = [...profile.areas].sort((a, b) => Number(a.applies) - Number(b.applies));
    for (const area of ordered) {
      const left = x(area.fromNm);
      const top = y(area.ceilingFt);
      const open = area.openLimit?.side;
      const box = svg('rect', {
        class: `area ${area.kind} ${area.applies ? 'applies' : 'left-out'}${open ? ` open-${open}` : ''}`,
        x: left,
        y: top,
        width: Math.max(1.5, x(area.toNm) - left),
        height: Math.max(1.5, y(area.floorFt) - top),
        // A limit not known fades out: neither a floor at the surface nor a ceiling without end.
        ...(open ? { mask: `url(#profile-open-${open})` } : {}),
      });
      box.dataset.itemId = area.itemId;
      const title = svg('title', {});
      title.textContent =
        `${area.name} ${area.label}${area.applies ? '' : ' (left out)'}` +
        (area.openLimit ? `: ${area.openLimit.why}` : '');
      box.append(title);
      areas.append(box);
    }
    // The boxes' names, where they fit inside (the title gives the rest on hover).
    const names = svg('g', { class: 'area-labels' });
    for (const area of ordered) {
      const left = x(area.fromNm);
      const boxWidth = x(area.toNm) - left;
      const boxHeight = y(area.floorFt) - y(area.ceilingFt);
      // The open side's edge carries a question mark: the limit there is not known.
      const open = area.openLimit?.side;
      if (open && boxWidth >= 8) {
        const atY =
          open === 'upper'
            ? y(area.ceilingFt) + 11
            : open === 'lower'
              ? y(area.floorFt) - 3
              : y(area.ceilingFt) + boxHeight / 2 + 4;
        const mark = svg('text', {
          class: `open-limit ${open}`,
          x: left + boxWidth / 2,
          y: atY,
          'text-anchor': 'middle',
        });
        mark.textContent = '?';
        names.append(mark);
      }
      if (boxWidth < area.name.length * 6 + 6 || boxHeight < 14) continue;
      // Below the question mark of an open ceiling.
      const name = svg('text', { x: left + 3, y: y(area.ceilingFt) + (open === 'upper' || open === 'both' ? 24 : 11) });
      name.textContent = area.name;
      names.append(name);
    }

    // The route's points on the distance axis, names that would overlap left out.
    const axis = svg('g', { class: 'axis' });
    // Beside it, the time axis: each named point's distance and time over it.
    const times = svg('g', { class: 'time-axis' });
    axis.append(svg('line', { x1: MARGIN.left, x2: MARGIN.left + plotWidth, y1: y(0), y2: y(0) }));
    let freeFrom = -Infinity;
    for (const point of profile.points) {
      const px = x(point.alongNm);
      axis.append(svg('line', { class: 'tick', x1: px, x2: px, y1: MARGIN.top, y2: y(0) + 4 }));
      // The widest of the three lines under the tick: the name, the distance and the time over.
      const approxWidth = Math.max(
        point.name.length * 6.5,
        `${Math.round(point.alongNm)} NM`.length * 6,
        (point.eto ?? '').length * 6,
      );
      // Names at the ends of the axis lean inwards rather than being cut off.
      const anchor = px - approxWidth / 2 < 0 ? 'start' : px + approxWidth / 2 > width ? 'end' : ('middle' as const);
      const from = anchor === 'start' ? px : anchor === 'end' ? px - approxWidth : px - approxWidth / 2;
      if (from < freeFrom) continue;
      const label = svg('g', { class: 'point' });
      if (point.eto) {
        const eto = svg('title', {});
        eto.textContent = `${point.name} ${point.eto}`;
        label.append(eto);
      }
      const name = svg('text', { x: px, y: y(0) + 16, 'text-anchor': anchor });
      name.textContent = point.name;
      label.append(name);
      axis.append(label);
      const when = svg('text', { x: px, y: y(0) + 30, 'text-anchor': anchor });
      when.textContent = `${Math.round(point.alongNm)} NM`;
      times.append(when);
      if (point.eto) {
        const eto = svg('text', { x: px, y: y(0) + 43, 'text-anchor': anchor, class: 'eto' });
        eto.textContent = point.eto;
        times.append(eto);
      }
      freeFrom = from + approxWidth + 4;
    }

    // The flight's levels.
    const flight = svg('polyline', {
      class: 'flight',
      points: profile.flight.map((p) => `${x(p.alongNm).toFixed(1)},${y(p.feet).toFixed(1)}`).join(' '),
    });
    // The top of climb and of descent on the flight's line, with their times over.
    const marks = svg('g', { class: 'marks' });
    const markText = (mark: NonNullable<MapProfile['marks']>[number], withTime: boolean) =>
      `${mark.name}${withTime && mark.eto ? ` ${mark.eto}` : ''}`;
    // The times go when TOC's label (rightwards) and TOD's (leftwards) would meet.
    const [toc, tod] = [profile.marks?.find((m) => m.name === 'TOC'), profile.marks?.find((m) => m.name === 'TOD')];
    const withTime =
      !toc ||
      !tod ||
      x(tod.alongNm) - x(toc.alongNm) > (markText(toc, true).length + markText(tod, true).length) * 6.5 + 12;
    for (const mark of profile.marks ?? []) {
      const mx = x(mark.alongNm),
        my = y(mark.feet);
      const group = svg('g', { class: `mark ${mark.name.toLowerCase()}` });
      group.append(svg('circle', { cx: mx, cy: my, r: 3 }));
      const text = markText(mark, withTime);
      const anchor = mark.name === 'TOC' ? 'start' : 'end';
      const label = svg('text', { x: mx + (anchor === 'start' ? 4 : -4), y: my - 5, 'text-anchor': anchor });
      label.textContent = text;
      const title = svg('title', {});
      title.textContent = `${mark.name === 'TOC' ? 'Top of climb' : 'Top of descent'}: FL${String(Math.round(mark.feet / 100)).padStart(3, '0')}, ${Math.round(mark.alongNm)} NM${mark.eto ? `, ${mark.eto}` : ''}`;
      group.append(title, label);
      marks.append(group);
    }
    this.svg.append(openMasks(), grid, areas, names, axis, times, flight, marks);
    this.select(this.selected);
  }
}

/** The plot's top: a little above the flight, and above the floors of the areas near it. */
function ceilingOfPlot(profile: MapProfile): number {
  const flightTop = Math.max(0, ...profile.flight.map((p) => p.feet));
  const floors = profile.areas.map((a) => a.floorFt).filter((ft) => ft < flightTop + 20_000);
  const top = Math.max(flightTop * 1.2, flightTop + 4_000, ...floors.map((ft) => ft + 4_000), 5_000);
  return Math.min(top, 70_000);
}

/**
 * The masks that fade a box towards the limit not known: from its open side (transparent) to its
 * middle (whole), in the box's own units, one per side.
 */
function openMasks(): SVGElement {
  const defs = svg('defs', {});
  // Offsets along the mask's rectangle, which reaches a tenth of the box beyond each side (its
  // stroke lies half outside it): the box's own edges are at 1/12 and 11/12.
  const [edge, farEdge] = [0.1 / 1.2, 1.1 / 1.2];
  const fades: Record<'upper' | 'lower' | 'both', [number, number][]> = {
    upper: [
      [edge, 0],
      [0.5, 1],
    ],
    lower: [
      [0.5, 1],
      [farEdge, 0],
    ],
    both: [
      [edge, 0],
      [0.5, 1],
      [farEdge, 0],
    ],
  };
  for (const [side, stops] of Object.entries(fades)) {
    const gradient = svg('linearGradient', { id: `profile-fade-${side}`, x1: 0, y1: 0, x2: 0, y2: 1 });
    for (const [offset, opacity] of stops)
      gradient.append(svg('stop', { offset: offset.toFixed(4), 'stop-color': 'white', 'stop-opacity': opacity }));
    const mask = svg('mask', {
      id: `profile-open-${side}`,
      maskUnits: 'objectBoundingBox',
      maskContentUnits: 'objectBoundingBox',
      x: -0.1,
      y: -0.1,
      width: 1.2,
      height: 1.2,
    });
    mask.append(svg('rect', { x: -0.1, y: -0.1, width: 1.2, height: 1.2, fill: `url(#profile-fade-${side})` }));
    defs.append(gradient, mask);
  }
  return defs;
}

function levelStep(topFt: number): number {
  for (const step of [1_000, 2_000, 5_000, 10_000]) if (topFt / step <= 6) return step;
  return 20_000;
}

function svg(tag: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

function itemOf(target: EventTarget | null): string | undefined {
  const box = (target as Element | null)?.closest?.('rect.area');
  return (box as SVGRectElement | null)?.dataset.itemId;
}
