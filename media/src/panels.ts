/**
 * The side panel beside the map: title, status, notices, layer switches, the corridor control,
 * details of what was clicked, the points not on the map, and the NOTAM list. Every text that
 * comes from a service is set with textContent: a NOTAM that contains markup shows it as text.
 */
import { MAP_FILTER_LIMITS, readCorridorNm } from '../../common/mapFilters';
import type {
  MapAirspace,
  MapFilters,
  MapFlight,
  MapLayerName,
  MapLeg,
  MapNotam,
  MapPoint,
  MapAlternate,
  MapTraffic,
  MapView,
} from '../../common/protocol/mapMessages';
import { icaoNotamText, validityText } from '../../common/notamText';
import { collapsible } from './collapsible';
import { FlightFilterControls, type FlightFilterEvents } from './flightFilters';
import { loadState, saveState } from './messaging';
import { NotamList } from './notamList';
import { activityText, type Verdicts } from './verdicts';

/** A track in whole degrees, 000–359. */
const track3 = (degrees: number): string => (Math.round(degrees) % 360).toString().padStart(3, '0');

const LAYER_LABELS: Record<MapLayerName, string> = {
  route: 'Route',
  firs: 'FIRs',
  airspaces: 'Airspaces',
  notams: 'NOTAMs',
  microlights: 'Microlights',
  traffic: 'Traffic (European data)',
};

export interface SidePanelEvents extends FlightFilterEvents {
  layerToggled(name: MapLayerName, visible: boolean): void;
  corridorChanged(corridorNm: number, aerodromeCorridorNm: number): void;
  fitRequested(): void;
  /** The host writes the file (a save dialog): the page only asks. */
  exportRequested(format: 'geojson' | 'gpx'): void;
  /** What applies to this flight, as Markdown: the host writes it. */
  briefingRequested(): void;
  pointChosen(point: MapPoint): void;
  notamChosen(notam: MapNotam): void;
  /** "Show in editor" on a point or a leg: the editor is shown and takes the focus. */
  showInEditor(range: MapPoint['range']): void;
}

export class SidePanel {
  private readonly title = el('h1', { id: 'map-title' });
  private readonly status = el('p', { id: 'map-status', role: 'status' });
  /**
   * What the host says is missing, folded into one line with a count (the first notice, cut):
   * several notices would push the filters and the lists out of view.
   */
  private readonly notices = collapsible('map-notices', '', false);
  private readonly noticeList = el('ul', { className: 'notice-list' });
  private readonly layerBoxes = new Map<MapLayerName, HTMLInputElement>();
  private readonly corridor = numberInput('corridor-nm', 'en route');
  private readonly aerodromeCorridor = numberInput('aerodrome-corridor-nm', 'aerodromes');
  private readonly details = el('section', { id: 'map-details', className: 'details', ariaLive: 'polite' });
  private readonly unresolved = el('section', { id: 'map-unresolved' });
  private readonly notamList: NotamList;
  private readonly flightFilters: FlightFilterControls;
  /** What the traffic layer shows, under its switch: how many flights, of which FIRs, when, and what is missing. */
  private readonly trafficNote = el('ul', { id: 'map-traffic', className: 'notices' });
  private traffic: MapTraffic | null = null;

  constructor(
    root: HTMLElement,
    private readonly events: SidePanelEvents,
    private readonly verdicts: Verdicts,
  ) {
    this.flightFilters = new FlightFilterControls(events);
    this.notamList = new NotamList(verdicts, (notam) => events.notamChosen(notam));
    const layers = el('fieldset', { id: 'map-layers' });
    layers.append(el('legend', { textContent: 'Layers' }));
    for (const name of Object.keys(LAYER_LABELS) as MapLayerName[]) {
      const box = el('input', { type: 'checkbox', id: `layer-${name}` });
      box.addEventListener('change', () => events.layerToggled(name, box.checked));
      this.layerBoxes.set(name, box);
      const label = el('label', { htmlFor: box.id });
      label.append(box, document.createTextNode(` ${LAYER_LABELS[name]}`));
      layers.append(label);
    }
    this.trafficNote.hidden = true;
    layers.append(this.trafficNote);

    const corridor = el('fieldset', { id: 'map-corridor' });
    corridor.append(
      el('legend', { textContent: 'Corridor half-width (NM)' }),
      this.corridor.label,
      this.aerodromeCorridor.label,
    );
    const apply = () => {
      const a = readCorridorNm(this.corridor.input.valueAsNumber);
      const b = readCorridorNm(this.aerodromeCorridor.input.valueAsNumber);
      if (a !== undefined && b !== undefined) events.corridorChanged(a, b);
    };
    this.corridor.input.addEventListener('change', apply);
    this.aerodromeCorridor.input.addEventListener('change', apply);

    const fit = el('button', { id: 'map-fit', type: 'button', textContent: 'Fit to route' });
    fit.addEventListener('click', () => events.fitRequested());
    const exports = el('p', { id: 'map-export', className: 'export' });
    for (const [format, label] of [
      ['geojson', 'Export GeoJSON'],
      ['gpx', 'Export GPX'],
    ] as const) {
      const button = el('button', { id: `map-export-${format}`, type: 'button', textContent: label });
      button.addEventListener('click', () => events.exportRequested(format));
      exports.append(button);
    }
    const briefing = el('button', { id: 'map-export-briefing', type: 'button', textContent: 'Export briefing' });
    briefing.addEventListener('click', () => events.briefingRequested());
    exports.append(briefing);

    const credit = el('p', { className: 'credit', textContent: 'Basemap: Natural Earth' });
    // The panel can fold away to give the map the whole width (kept across reloads).
    const toggle = el('button', { id: 'side-toggle', type: 'button', className: 'side-toggle' });
    const content = el('div', { id: 'side-content' });
    const fold = (folded: boolean) => {
      root.classList.toggle('folded', folded);
      root.parentElement?.classList.toggle('side-folded', folded);
      content.hidden = folded;
      toggle.textContent = folded ? '«' : '»';
      toggle.title = folded ? 'Show the side panel' : 'Hide the side panel';
      toggle.setAttribute('aria-expanded', String(!folded));
    };
    fold(loadState().panels?.side === false);
    toggle.addEventListener('click', () => {
      const folded = !root.classList.contains('folded');
      fold(folded);
      saveState({ panels: { ...loadState().panels, side: !folded } });
    });
    // What was clicked comes first, where it is seen; the filters and the NOTAMs fold away.
    const filters = collapsible('panel-filters', 'Filters and export', true);
    filters.body.append(layers, corridor, this.flightFilters.element, fit, exports);
    const notams = collapsible('panel-notams', 'NOTAM briefing', true);
    notams.body.append(this.notamList.element);
    this.notices.element.classList.add('notices');
    this.notices.body.append(this.noticeList);
    content.append(
      this.title,
      this.status,
      this.notices.element,
      this.details,
      filters.element,
      this.unresolved,
      notams.element,
      credit,
    );
    root.append(toggle, content);
  }

  setStatus(message: string | undefined): void {
    this.status.textContent = message ?? '';
    this.status.hidden = !message;
  }

  setFilters(filters: MapFilters): void {
    this.flightFilters.set(filters, this.verdicts.showLeftOut);
    for (const [name, box] of this.layerBoxes) box.checked = filters.layers[name];
    this.corridor.input.value = String(filters.corridorNm);
    this.aerodromeCorridor.input.value = String(filters.aerodromeCorridorNm);
  }

  setView(view: MapView | null): void {
    this.title.textContent = view ? view.title : 'Route map';
    // Notices are the host's words, each once: replaced, never appended to.
    const notices = [
      ...new Set([
        ...(view?.notices ?? []),
        ...(view?.alternates?.notPlaced ?? []).map((a) => `ALTN ${a.name}: not placed (${a.why}).`),
      ]),
    ];
    this.noticeList.replaceChildren(...notices.map((n) => el('li', { textContent: n })));
    this.notices.element.hidden = notices.length === 0;
    const summary = this.notices.element.querySelector('summary')!;
    summary.replaceChildren(
      el('span', { className: 'count', textContent: `${notices.length} notice${notices.length === 1 ? '' : 's'}` }),
      el('span', { className: 'first', textContent: notices[0] ?? '' }),
    );
    this.clearDetails();
    this.renderUnresolved(view?.points ?? []);
    this.renderNotams(view?.notams ?? []);
  }

  clearDetails(): void {
    this.details.replaceChildren();
    this.details.hidden = true;
  }

  /** The traffic layer's answer (null and a message: why there is none), said under its switch. */
  setTraffic(traffic: MapTraffic | null, message: string | undefined, shown: boolean): void {
    this.traffic = traffic;
    const lines: string[] = [];
    if (shown && traffic) {
      const firs = traffic.firs.length ? ` within ${traffic.firs.join(', ')}` : '';
      lines.push(
        `${traffic.flights.length} flight${traffic.flights.length === 1 ? '' : 's'}${firs} at ${traffic.asOf}`,
      );
      lines.push(...traffic.notices);
    }
    if (shown && message) lines.push(message);
    this.trafficNote.replaceChildren(...lines.map((line) => el('li', { textContent: line })));
    this.trafficNote.hidden = lines.length === 0;
  }

  /** A flight of the traffic layer. */
  showFlight(flight: MapFlight): void {
    const facts = el('ul');
    const lines = [
      `${flight.levelText}${flight.trackDeg !== undefined ? `, track ${String(flight.trackDeg).padStart(3, '0')}°` : ''}`,
      flight.departure || flight.arrival ? `${flight.departure ?? '?'} → ${flight.arrival ?? '?'}` : undefined,
      flight.aircraftType ? `Aircraft ${flight.aircraftType}` : undefined,
      `${flight.status ? `${flight.status}, ` : ''}within ${flight.fir}${this.traffic ? ` at ${this.traffic.asOf}` : ''}`,
      flight.notAtcCallsign
        ? 'Named by its operator and flight number: the hub gives no ATC call sign for it.'
        : undefined,
    ];
    for (const line of lines) if (line) facts.append(el('li', { textContent: line }));
    this.showDetails(`Flight ${flight.callsign}`, facts);
  }

  showPoint(point: MapPoint): void {
    const facts = el('ul');
    for (const fact of point.facts) facts.append(el('li', { textContent: fact }));
    // The aerodrome's movements around the flight's time, when the traffic layer brought them.
    if (point.kind === 'aerodrome')
      for (const movement of this.traffic?.aerodromes ?? []) {
        if (movement.aerodrome !== point.name.toUpperCase()) continue;
        const untimed = movement.untimed ? ` (${movement.untimed} more without a time)` : '';
        facts.append(
          el('li', {
            className: 'traffic-count',
            textContent: `${movement.movement === 'departures' ? 'Departures' : 'Arrivals'} ${movement.window}: ${movement.count}${untimed}`,
          }),
        );
      }
    this.showDetails(
      `${point.name} (${point.kind}${point.status === 'resolved' ? '' : `, ${point.status}`})`,
      facts,
      point.range,
    );
  }

  /** An alternate aerodrome's facts (field 16, ALTN/), as a route point's. */
  showAlternate(alternate: MapAlternate): void {
    const facts = el('ul');
    for (const fact of alternate.facts) facts.append(el('li', { textContent: fact }));
    this.showDetails(`ALTN ${alternate.name} (alternate aerodrome)`, facts);
  }

  showLeg(leg: MapLeg, from: MapPoint | undefined, to: MapPoint | undefined): void {
    const facts = el('ul');
    facts.append(el('li', { textContent: `${from?.name ?? '?'} → ${to?.name ?? '?'} via ${leg.via}` }));
    facts.append(
      el('li', {
        textContent:
          `${leg.distanceNm.toFixed(1)} NM, ` +
          (leg.magneticTrackDeg !== undefined ? `magnetic track ${track3(leg.magneticTrackDeg)}°, ` : '') +
          `true track ${track3(leg.trackDeg)}°`,
      }),
    );
    this.showDetails(`Leg ${leg.via}`, facts, leg.range);
  }

  /** Every airspace stacked under the clicked spot, lowest floor first. */
  showAirspaces(airspaces: MapAirspace[]): void {
    const sorted = [...airspaces].sort(
      (a, b) => floorFeet(a.lower) - floorFeet(b.lower) || a.name.localeCompare(b.name),
    );
    const list = el('ol', { className: 'stack' });
    for (const a of sorted) {
      const item = el('li');
      item.append(
        el('strong', { textContent: a.name }),
        el('span', { textContent: ` ${a.type}${a.airspaceClass ? ` class ${a.airspaceClass}` : ''}, ${a.label}` }),
      );
      if (a.schedule) item.append(el('div', { className: 'schedule', textContent: a.schedule }));
      item.append(...this.verdictLines(a.id, a.reason));
      list.append(item);
    }
    this.showDetails(`${sorted.length} airspace${sorted.length === 1 ? '' : 's'} here`, list);
  }

  showNotam(notam: MapNotam): void {
    const body = el('div');
    const meta = [notam.location, notam.code, notam.lower && notam.upper ? `${notam.lower}–${notam.upper}` : undefined]
      .filter(Boolean)
      .join(' · ');
    body.append(el('p', { className: 'meta', textContent: meta }));
    const validity = validityText(notam.validFrom, notam.validTo);
    if (validity) body.append(el('p', { className: 'meta validity', textContent: validity }));
    if (notam.schedule) body.append(el('p', { className: 'meta', textContent: notam.schedule }));
    if (notam.decoded) body.prepend(el('p', { className: 'subject', textContent: notam.decoded }));
    body.append(...this.verdictLines(notam.id, notam.reason));
    // The whole NOTAM in ICAO form (Q, A–G), its E line marked out.
    const whole = icaoNotamText(notam);
    const e = `\nE) ${notam.text.trim()}`;
    const at = whole.indexOf(e);
    const icao = el('pre', { className: 'notam-icao' });
    if (at >= 0) {
      icao.append(
        document.createTextNode(whole.slice(0, at + 4)),
        el('span', { className: 'notam-text', textContent: notam.text.trim() }),
        document.createTextNode(whole.slice(at + e.length)),
      );
    } else icao.textContent = whole;
    body.append(icao);
    this.showDetails(`NOTAM ${notam.number}`, body);
  }

  /**
   * Why an item is shown or left out, and whether it is active when the flight is there: the
   * host's verdict when there is one, else the view's own reason.
   */
  private verdictLines(id: string, fallbackReason: string): HTMLElement[] {
    const verdict = this.verdicts.get(id);
    if (!verdict) return [el('div', { className: 'reason', textContent: fallbackReason })];
    return [
      el('div', {
        className: `verdict ${verdict.applies ? 'applies' : 'left-out'} activity-${verdict.activity}`,
        textContent: `${verdict.applies ? 'Applies' : 'Left out'} · ${activityText(verdict.activity)}`,
      }),
      el('div', { className: 'reason', textContent: verdict.reason }),
    ];
  }

  showFir(designator: string, name: string): void {
    this.showDetails(`FIR ${designator}`, el('p', { textContent: name }));
  }

  showMicrolight(name: string): void {
    this.showDetails('Microlight site', el('p', { textContent: name }));
  }

  /** With `range`, a button shows that element in the editor (a click on the map keeps the focus here). */
  private showDetails(heading: string, body: HTMLElement, range?: MapPoint['range']): void {
    this.details.replaceChildren(el('h2', { textContent: heading }), body);
    if (range) {
      const show = el('button', { id: 'map-show-in-editor', type: 'button', textContent: 'Show in editor' });
      show.addEventListener('click', () => this.events.showInEditor(range));
      this.details.append(show);
    }
    this.details.hidden = false;
    // The panel may be scrolled down to the NOTAM list: what was clicked comes into view.
    this.details.scrollIntoView?.({ block: 'nearest' });
  }

  private renderUnresolved(points: MapPoint[]): void {
    const missing = points.filter((p) => !p.position);
    this.unresolved.replaceChildren();
    this.unresolved.hidden = missing.length === 0;
    if (missing.length === 0) return;
    this.unresolved.append(el('h2', { textContent: 'Not on the map' }));
    const list = el('ul');
    for (const point of missing) {
      const button = el('button', {
        type: 'button',
        className: `link ${point.status}`,
        textContent: `${point.name} (${point.status})`,
      });
      button.addEventListener('click', () => this.events.pointChosen(point));
      const item = el('li');
      item.append(button);
      list.append(item);
    }
    this.unresolved.append(list);
  }

  /** New verdicts for the same view (a filter change): the NOTAM list follows them. */
  refreshVerdicts(view: MapView): void {
    this.renderNotams(view.notams);
  }

  private renderNotams(notams: MapNotam[]): void {
    this.notamList.show(notams);
  }
}

/** Sort key for an airspace floor written "SFC", "GND", "FL095", "2500 ft", "1500 ft AMSL", "300 m". */
export function floorFeet(lower: string): number {
  const text = lower.trim().toUpperCase();
  if (text === '' || text.startsWith('SFC') || text.startsWith('GND')) return 0;
  const fl = /^FL\s*(\d+)/.exec(text);
  if (fl) return Number(fl[1]) * 100;
  const value = /^(\d+(?:\.\d+)?)\s*(FT|M)?/.exec(text);
  if (value) return Number(value[1]) * (value[2] === 'M' ? 3.2808 : 1);
  return Number.MAX_SAFE_INTEGER;
}

type Props<K extends keyof HTMLElementTagNameMap> = Partial<Omit<HTMLElementTagNameMap[K], 'style'>>;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props<K> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element, props);
  return element;
}

function numberInput(id: string, caption: string) {
  const { min, max } = MAP_FILTER_LIMITS.corridorNm;
  const input = el('input', { type: 'number', id, min: String(min), max: String(max), step: '5' });
  const label = el('label', { htmlFor: id });
  label.append(document.createTextNode(`${caption} `), input);
  return { input, label };
}
