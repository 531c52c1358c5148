/**
 * A block's route elements as views on its text (issue 27.4). Building the elements of a block
 * stores, for each element, its kind code and where it stands (line, start, end) in typed
 * arrays; an element object is a view of two fields on that store. Its range, text, description
 * and decoded parts (speed, level, point, …) are made only when someone reads them: semantic
 * tokens and symbols read kinds and ranges of every element, a hover the description of one.
 *
 * A view reads like the element the full reader builds (the same fields, the same values, the
 * same JSON through toJSON). It is no plain object: a spread `{ ...element }` or `Object.keys`
 * sees none of its fields (use `element.toJSON()`), and `'speed' in element` holds for every kind.
 */
import { lineRange } from './diagnostics';
import { ElementReader, SID_SLOT, STAR_SLOT } from './elements';
import { KIND } from './kinds';
import type { ElementKind, Range, RouteElement } from './model';

/** The kind of each kind code (kinds.ts), by its low five bits. */
const KIND_NAMES: readonly ElementKind[] = [
  'unknown',
  'direct',
  'point',
  'latLon',
  'bearingDistance',
  'pointChange',
  'cruiseClimb',
  'airway',
  'track',
  'speedLevel',
  'sid',
  'star',
  'aerodrome',
  'flightRules',
  'trafficType',
  'ifps',
  'stay',
  'truncation',
];

/** Where the position rules of a route let a SID, a STAR or an aerodrome stand (routeText.ts positions). */
export interface PositionSlots {
  firstFlags: number;
  lastFlags: number;
  routeStart: number;
  sidSlot: number;
  starSlot: number;
}

/** How many elements were built in full (tests: reading kinds and ranges builds none). */
export const fullBuilds = { elements: 0 };

/** The reader that builds one element in full when a view is asked for more than kind, text and range. */
let fullReader: ElementReader | undefined;

/**
 * The elements of one route text: per element its kind code and (line, start, end); the lines
 * they lie on, shared with the block. Moving the block moves only `lineDelta`.
 */
export class ElementStore {
  constructor(
    /** Kind code of each element (kinds.ts). */
    readonly codes: Int32Array,
    /** (line, start, end) of each element in turn, lines as they were read. */
    readonly spans: Int32Array,
    /** The block's lines; `lines[i]` was line `firstLine + i` when read. */
    readonly lines: readonly string[],
    readonly firstLine: number,
    readonly slots: PositionSlots,
    /** Lines the block moved by since the spans were read. */
    readonly lineDelta = 0,
  ) {}

  get length(): number {
    return this.codes.length;
  }

  /** The same elements `delta` lines further down (a block that moved): nothing is copied. */
  movedBy(delta: number): ElementStore {
    return new ElementStore(this.codes, this.spans, this.lines, this.firstLine, this.slots, this.lineDelta + delta);
  }

  kindOf(k: number): ElementKind {
    return KIND_NAMES[this.codes[k] & KIND];
  }

  lineOf(k: number): number {
    return this.spans[k * 3] + this.lineDelta;
  }

  rangeOf(k: number): Range {
    const at = k * 3;
    return lineRange(this.spans[at] + this.lineDelta, this.spans[at + 1], this.spans[at + 2]);
  }

  textOf(k: number): string {
    const at = k * 3;
    return this.lines[this.spans[at] - this.firstLine].slice(this.spans[at + 1], this.spans[at + 2]);
  }

  /** The position flags of element k, as the parse gave them (routeText.ts flagsOf). */
  private flagsOf(k: number): number {
    const s = this.slots;
    let flags = 0;
    if (k === 0) flags |= s.firstFlags;
    if (k === this.codes.length - 1) flags |= s.lastFlags;
    if (k === s.sidSlot) flags |= SID_SLOT;
    if (k === s.starSlot && k > s.routeStart) flags |= STAR_SLOT;
    return flags;
  }

  /** Element k built in full by the element reader (as every element was before views). */
  fullElement(k: number): RouteElement {
    const reader = (fullReader ??= new ElementReader(null, true));
    fullBuilds.elements++;
    return reader.read(this.textOf(k), this.lineOf(k), this.spans[k * 3 + 1], this.flagsOf(k));
  }

  /** One view per element. */
  views(): RouteElement[] {
    const n = this.codes.length;
    const out: RouteElement[] = new Array(n);
    for (let k = 0; k < n; k++) out[k] = new ElementView(this, k) as unknown as RouteElement;
    return out;
  }
}

/** One element of a store: kind from the store, range made once when read, the rest built in full when first read. */
export class ElementView {
  readonly #store: ElementStore;
  readonly #index: number;
  #range: Range | undefined;
  #full: RouteElement | undefined;

  constructor(store: ElementStore, index: number) {
    this.#store = store;
    this.#index = index;
  }

  get kind(): ElementKind {
    return this.#store.kindOf(this.#index);
  }

  get text(): string {
    return this.#full ? this.#full.text : this.#store.textOf(this.#index);
  }

  get range(): Range {
    return (this.#range ??= this.#full ? this.#full.range : this.#store.rangeOf(this.#index));
  }

  /** The element as the full reader builds it (its description and decoded parts). */
  full(): RouteElement {
    if (this.#full) return this.#full;
    const full = this.#store.fullElement(this.#index);
    // One range for the element, whichever was read first.
    if (this.#range) full.range = this.#range;
    return (this.#full = full);
  }

  /** The element as plain data: what the full reader builds. */
  toJSON(): RouteElement {
    return this.full();
  }
}

/** Every field of an element other than kind, text and range: read from the element built in full. */
const FULL_FIELDS = [
  'description',
  'speed',
  'level',
  'designator',
  'system',
  'ident',
  'lat',
  'lon',
  'precision',
  'bearing',
  'distanceNm',
  'icao',
  'point',
  'speedLevel',
  'fromLevel',
  'toLevel',
  'rules',
  'traffic',
  'mode',
  'index',
  'minutes',
] as const;

/** Every key of every kind of element: a field added to one kind and not listed above fails to compile here. */
type AnyKey<T> = T extends unknown ? keyof T : never;
type Unlisted = Exclude<AnyKey<RouteElement>, 'kind' | 'text' | 'range' | (typeof FULL_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

for (const field of FULL_FIELDS) {
  Object.defineProperty(ElementView.prototype, field, {
    get(this: ElementView) {
      return (this.full() as unknown as Record<string, unknown>)[field];
    },
    enumerable: false,
    configurable: true,
  });
}
