/**
 * The flight's filters beside the corridor control: which levels count (all, the planned ones,
 * or a band FLxxx–FLyyy) and the time margin around the flight's own times, plus the switch
 * that draws what the verdicts leave out. The page only collects the user's choice; the host
 * judges every airspace and NOTAM with it and answers with verdicts.
 */
import { levelBandOfFlightLevels, MAP_FILTER_LIMITS, readTimeMarginMin } from '../../common/mapFilters';
import type { MapFilters, MapLevelFilter } from '../../common/protocol/mapMessages';

export interface FlightFilterEvents {
  levelsChanged(levels: MapLevelFilter): void;
  timeMarginChanged(minutes: number): void;
  showLeftOutToggled(show: boolean): void;
}

const MIN_FL = MAP_FILTER_LIMITS.levelFt.min / 100;
const MAX_FL = MAP_FILTER_LIMITS.levelFt.max / 100;
const { min: MIN_MARGIN_MIN, max: MAX_MARGIN_MIN } = MAP_FILTER_LIMITS.timeMarginMin;

export class FlightFilterControls {
  readonly element = document.createElement('div');
  private readonly modes = new Map<MapLevelFilter['mode'], HTMLInputElement>();
  private readonly lowerFl = numberField('band-lower-fl', 'from FL', MIN_FL, MAX_FL, 10);
  private readonly upperFl = numberField('band-upper-fl', 'to FL', MIN_FL, MAX_FL, 10);
  private readonly margin = numberField('time-margin-min', 'minutes', MIN_MARGIN_MIN, MAX_MARGIN_MIN, 5);
  private readonly showLeftOut = document.createElement('input');
  private readonly band = document.createElement('div');

  constructor(private readonly events: FlightFilterEvents) {
    const levels = fieldset('map-levels', 'Levels');
    const captions: Record<MapLevelFilter['mode'], string> = {
      all: 'All levels',
      planned: 'Planned levels',
      band: 'Band',
    };
    for (const mode of ['all', 'planned', 'band'] as const) {
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = 'levels';
      radio.id = `levels-${mode}`;
      radio.value = mode;
      radio.addEventListener('change', () => this.levelsChosen());
      this.modes.set(mode, radio);
      levels.append(labelled(radio, captions[mode]));
    }
    this.band.className = 'band';
    this.band.append(this.lowerFl.label, this.upperFl.label);
    levels.append(this.band);
    for (const field of [this.lowerFl, this.upperFl]) field.input.addEventListener('change', () => this.levelsChosen());

    const time = fieldset('map-time', 'Time margin');
    time.append(this.margin.label);
    this.margin.input.addEventListener('change', () => {
      const minutes = readTimeMarginMin(this.margin.input.valueAsNumber);
      this.margin.input.setCustomValidity(
        minutes !== undefined ? '' : `${MIN_MARGIN_MIN} to ${MAX_MARGIN_MIN} minutes`,
      );
      if (minutes !== undefined) events.timeMarginChanged(minutes);
    });

    this.showLeftOut.type = 'checkbox';
    this.showLeftOut.id = 'show-left-out';
    this.showLeftOut.addEventListener('change', () => events.showLeftOutToggled(this.showLeftOut.checked));
    const leftOut = labelled(this.showLeftOut, 'Show what is left out (faded)');
    leftOut.className = 'left-out-switch';

    this.element.append(levels, time, leftOut);
  }

  set(filters: MapFilters, showLeftOut: boolean): void {
    const levels = filters.levels;
    this.modes.get(levels.mode)!.checked = true;
    if (levels.mode === 'band') {
      this.lowerFl.input.value = String(Math.round(levels.lowerFt / 100));
      this.upperFl.input.value = String(Math.round(levels.upperFt / 100));
    } else if (!this.lowerFl.input.value) {
      this.lowerFl.input.value = '0';
      this.upperFl.input.value = '660';
    }
    this.band.hidden = levels.mode !== 'band';
    this.margin.input.value = String(filters.timeMarginMin);
    this.margin.input.setCustomValidity('');
    this.showLeftOut.checked = showLeftOut;
  }

  /** The level filter the radios and the band say, or nothing while the band is not a band. */
  private levelsChosen(): void {
    const mode = [...this.modes].find(([, radio]) => radio.checked)?.[0] ?? 'planned';
    this.band.hidden = mode !== 'band';
    if (mode !== 'band') {
      this.events.levelsChanged({ mode });
      return;
    }
    const lower = this.lowerFl.input.valueAsNumber;
    const upper = this.upperFl.input.valueAsNumber;
    const band = levelBandOfFlightLevels(lower, upper);
    const valid = band !== undefined;
    this.upperFl.input.setCustomValidity(valid ? '' : 'The band runs from a lower to a higher flight level.');
    this.upperFl.input.title = valid ? '' : 'The band runs from a lower to a higher flight level.';
    if (band) this.events.levelsChanged(band);
  }
}

function fieldset(id: string, legend: string): HTMLFieldSetElement {
  const set = document.createElement('fieldset');
  set.id = id;
  const caption = document.createElement('legend');
  caption.textContent = legend;
  set.append(caption);
  return set;
}

function labelled(input: HTMLInputElement, caption: string): HTMLLabelElement {
  const label = document.createElement('label');
  label.htmlFor = input.id;
  label.append(input, document.createTextNode(` ${caption}`));
  return label;
}

function numberField(id: string, caption: string, min: number, max: number, step: number) {
  const input = document.createElement('input');
  input.type = 'number';
  input.id = id;
  input.min = String(min);
  input.max = String(max);
  input.step = String(step);
  const label = document.createElement('label');
  label.htmlFor = id;
  label.append(document.createTextNode(`${caption} `), input);
  return { input, label };
}
