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

/** How many numbers a store takes after its four runs: the position slots (PositionSlots' order). */
export const SLOT_COUNT = 5;

/**
 * Where stores' numbers lie: in shared chunks, each store from its offset. An array buffer each
 * was most of a small store's cost, and a view (subarray) each an object per block.
 */
class StoreSpace {
  static readonly CHUNK = 16384;
  #chunk = new Int32Array(StoreSpace.CHUNK);
  #used = 0;
  /** The array the last `take` gave room in. */
  data = this.#chunk;

  /** Room for `size` numbers: returns their offset in `data`. */
  take(size: number): number {
    if (size > StoreSpace.CHUNK / 4) {
      this.data = new Int32Array(size);
      return 0;
    }
    if (this.#used + size > StoreSpace.CHUNK) {
      this.#chunk = new Int32Array(StoreSpace.CHUNK);
      this.#used = 0;
    }
    this.data = this.#chunk;
    const at = this.#used;
    this.#used += size;
    return at;
  }
}

/** The one space every store takes its numbers from (parsing is synchronous, never re-entered). */
export const storeSpace = new StoreSpace();

/**
 * The elements of one route text: per element its kind code and (line, start, end), as four runs
 * (codes, lines, starts, ends) then the position slots, from `at` in a typed array shared with
 * other stores (an array or a view of its own was most of a small store's cost); the lines they
 * lie on, shared with the block. Moving the block moves only `lineDelta`. An element index below
 * `length` is in range of the runs (the store took room for them all), and its line is one of
 * `lines`: reads of element k say so with `!`.
 */
export class ElementStore {
  constructor(
    /** How many elements. */
    readonly length: number,
    /** From `at`: kind codes (kinds.ts), then lines as they were read, starts and ends, `length` each; then the slots. */
    readonly data: Int32Array,
    readonly at: number,
    /** The block's lines; `lines[i]` was line `firstLine + i` when read. */
    readonly lines: readonly string[],
    readonly firstLine: number,
    /** Lines the block moved by since the spans were read. */
    readonly lineDelta = 0,
  ) {}

  /** The same elements `delta` lines further down (a block that moved): nothing is copied. */
  movedBy(delta: number): ElementStore {
    return new ElementStore(this.length, this.data, this.at, this.lines, this.firstLine, this.lineDelta + delta);
  }

  /** Writes the position slots of a store of `count` elements from `at` (after its four runs; `slots` reads them). */
  static writeSlots(
    data: Int32Array,
    at: number,
    count: number,
    firstFlags: number,
    lastFlags: number,
    routeStart: number,
    sidSlot: number,
    starSlot: number,
  ): void {
    const s = at + 4 * count;
    data[s] = firstFlags;
    data[s + 1] = lastFlags;
    data[s + 2] = routeStart;
    data[s + 3] = sidSlot;
    data[s + 4] = starSlot;
  }

  /** Where the position rules let a SID, a STAR or an aerodrome stand, as the parse found it. */
  get slots(): PositionSlots {
    const d = this.data;
    const s = this.at + 4 * this.length;
    return { firstFlags: d[s]!, lastFlags: d[s + 1]!, routeStart: d[s + 2]!, sidSlot: d[s + 3]!, starSlot: d[s + 4]! };
  }

  kindOf(k: number): ElementKind {
    return KIND_NAMES[this.data[this.at + k]! & KIND]!; // every kind code names a kind
  }

  lineOf(k: number): number {
    return this.data[this.at + this.length + k]! + this.lineDelta;
  }

  rangeOf(k: number): Range {
    const n = this.length;
    const d = this.data;
    const a = this.at + k;
    return lineRange(d[a + n]! + this.lineDelta, d[a + 2 * n]!, d[a + 3 * n]!);
  }

  textOf(k: number): string {
    const n = this.length;
    const d = this.data;
    const a = this.at + k;
    return this.lines[d[a + n]! - this.firstLine]!.slice(d[a + 2 * n]!, d[a + 3 * n]!);
  }

  /** The position flags of element k, as the parse gave them (routeText.ts flagsOf). */
  private flagsOf(k: number): number {
    const s = this.slots;
    let flags = 0;
    if (k === 0) flags |= s.firstFlags;
    if (k === this.length - 1) flags |= s.lastFlags;
    if (k === s.sidSlot) flags |= SID_SLOT;
    if (k === s.starSlot && k > s.routeStart) flags |= STAR_SLOT;
    return flags;
  }

  /** The elements built in full so far, by index (kept on the store: a field on every view was a sixth of its size). */
  #fulls: (RouteElement | undefined)[] | undefined;

  /** Element k built in full, if it was. */
  builtFull(k: number): RouteElement | undefined {
    return this.#fulls?.[k];
  }

  /** Element k built in full, built on first use and kept. */
  full(k: number): RouteElement {
    const fulls = (this.#fulls ??= []);
    return (fulls[k] ??= this.fullElement(k));
  }

  /** Element k built in full by the element reader: its description and decoded parts. */
  fullElement(k: number): RouteElement {
    const reader = (fullReader ??= new ElementReader(null, true));
    fullBuilds.elements++;
    return reader.read(this.textOf(k), this.lineOf(k), this.data[this.at + 2 * this.length + k]!, this.flagsOf(k));
  }

  /**
   * The route text as one line, elements in upper case joined by single spaces, as
   * routeText.ts buildRouteText makes it, from the spans (no character is scanned again): each
   * line's text from its first to its last element when single spaces part them all.
   */
  routeText(): string {
    const n = this.length;
    const d = this.data;
    const at = this.at;
    const pieces: string[] = [];
    let singleSpaced = true;
    for (let k = 0; k < n;) {
      const line = d[at + n + k]!;
      const text = this.lines[line - this.firstLine]!;
      const from = d[at + 2 * n + k]!;
      let last = k;
      while (last + 1 < n && d[at + n + last + 1] === line) {
        const gap = d[at + 3 * n + last]!;
        if (d[at + 2 * n + last + 1]! - gap !== 1 || text.charCodeAt(gap) !== 32) singleSpaced = false;
        last++;
      }
      pieces.push(text.slice(from, d[at + 3 * n + last]!));
      k = last + 1;
    }
    if (!singleSpaced) {
      pieces.length = n;
      for (let k = 0; k < n; k++) pieces[k] = this.textOf(k);
    }
    const [only] = pieces;
    const joined = pieces.length === 1 && only !== undefined ? only : pieces.join(' ');

    return joined.toUpperCase();
  }

  /** One view per element. */
  views(): RouteElement[] {
    const n = this.length;
    const out: RouteElement[] = new Array(n);
    for (let k = 0; k < n; k++) out[k] = new ElementView(this, k) as unknown as RouteElement;
    return out;
  }
}

/** One element of a store: kind from the store, range made when read, the rest built in full (and kept by the store) when first read. */
export class ElementView {
  readonly #store: ElementStore;
  readonly #index: number;

  constructor(store: ElementStore, index: number) {
    this.#store = store;
    this.#index = index;
  }

  get kind(): ElementKind {
    return this.#store.kindOf(this.#index);
  }

  get text(): string {
    const full = this.#store.builtFull(this.#index);
    return full ? full.text : this.#store.textOf(this.#index);
  }

  /**
   * Made on each read until the element is built in full (then its range): kept, a range for each
   * element read once (semantic tokens) outlived young garbage and cost twice the build.
   */
  get range(): Range {
    const full = this.#store.builtFull(this.#index);
    return full ? full.range : this.#store.rangeOf(this.#index);
  }

  /** The element as the full reader builds it (its description and decoded parts). */
  full(): RouteElement {
    return this.#store.full(this.#index);
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
