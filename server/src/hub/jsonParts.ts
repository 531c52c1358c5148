/**
 * A large JSON answer read in parts, a slice per turn of the event loop: its bytes are scanned
 * once for the bounds of the parts that matter (the elements of `features` or `flightStatuses`,
 * the other members of the envelope), and each part is decoded and given to JSON.parse on its
 * own. One JSON.parse of a 30 MB list of 100,000 flights holds the event loop for hundreds of
 * milliseconds, and so does decoding it into one string; the parts of a slice take a few. The
 * bytes are scanned as they are: the characters that give JSON its structure are ASCII, and no
 * byte of a UTF-8 sequence for another character is below 0x80.
 *
 * What is kept is bounded: the elements of a read array up to its `max` (the rest counted, not
 * parsed), an element up to `maxPartChars` (a larger one counted as left out), and the other
 * members up to `maxPartChars` (a larger one skipped, named in `skipped`).
 */
import { ShapeError } from './errors';

/** An array of the envelope read element by element (`features`, `appendix.airports`). */
export interface ArrayReader {
  max: number;
  /** Called with each element, parsed, in order. */
  element(value: unknown, index: number): void;
  /** Called for an element larger than `maxPartChars`, not parsed. */
  tooLarge?(index: number, chars: number): void;
}

export interface JsonPartsOptions {
  /** Dotted paths of the arrays read element by element; the objects on their way are read member by member. */
  arrays: Record<string, ArrayReader>;
  /** JSON.parse of a part's text, or the client's parse that redacts what spells a secret. */
  parse: (text: string) => unknown;
  maxPartChars: number;
}

export interface JsonParts {
  /** The other members of the envelope and of the objects on the way to the arrays, by dotted path. */
  members: Map<string, unknown>;
  /** Elements of each array beyond its `max`, not parsed. */
  notRead: Map<string, number>;
  /** Members larger than `maxPartChars`, not parsed. */
  skipped: string[];
  /** Whether each array path held an array (a missing or other value: false). */
  found: Set<string>;
}

/** Bytes scanned between two yields. */
const SCAN_CHARS = 256 * 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

/**
 * The steps of reading the answer's bytes: a generator that yields every SCAN_CHARS bytes scanned
 * or parsed; run it with `yieldingLoop(() => !steps.next().done)`.
 */
export function* jsonPartSteps(text: Buffer, options: JsonPartsOptions, out: JsonParts): Generator<void, void, void> {
  let budget = SCAN_CHARS;
  let i = 0;
  const descend = new Set<string>();
  for (const path of Object.keys(options.arrays)) {
    const keys = path.split('.');
    for (let k = 1; k < keys.length; k++) descend.add(keys.slice(0, k).join('.'));
  }
  const fail = (what: string): never => {
    throw new ShapeError('body', `is not valid JSON (${what} at character ${i})`);
  };
  const space = (): void => {
    while (i < text.length) {
      const c = text[i]!;
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return;
      i++;
    }
  };
  const spend = function* (chars: number): Generator<void, void, void> {
    budget -= chars;
    if (budget <= 0) {
      budget = SCAN_CHARS;
      yield;
    }
  };
  /** The end of the string starting at i (on its opening quote). */
  const stringEnd = (from: number): number => {
    let j = from + 1;
    for (;;) {
      const quote = text.indexOf(QUOTE, j);
      if (quote < 0) {
        i = text.length;
        return fail('an unterminated string');
      }
      let backslashes = 0;
      for (let k = quote - 1; k > from && text[k] === BACKSLASH; k--) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      j = quote + 1;
    }
  };
  /** Moves i past the value starting at i, yielding on the way. */
  const skipValue = function* (): Generator<void, void, void> {
    const start = i;
    const c = text[i];
    if (c === QUOTE) {
      i = stringEnd(i);
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      let depth = 0;
      let counted = i;
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === QUOTE) {
          i = stringEnd(i);
        } else {
          i++;
          if (ch === OPEN_BRACE || ch === OPEN_BRACKET) depth++;
          else if ((ch === CLOSE_BRACE || ch === CLOSE_BRACKET) && --depth === 0) break;
        }
        if (i - counted >= 4096) {
          yield* spend(i - counted);
          counted = i;
        }
      }
      if (depth !== 0) fail('an unclosed bracket');
      yield* spend(i - counted);
      return;
    } else {
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === COMMA || ch === CLOSE_BRACE || ch === CLOSE_BRACKET || ch <= 32) break;
        i++;
      }
      if (i === start) fail('a missing value');
    }
    yield* spend(i - start);
  };
  const parsePart = function* (start: number, end: number): Generator<void, unknown, void> {
    let value: unknown;
    try {
      value = options.parse(text.toString('utf8', start, end));
    } catch {
      i = start;
      fail('a value that does not parse');
    }
    yield* spend(end - start);
    return value;
  };
  const readArray = function* (path: string, reader: ArrayReader): Generator<void, void, void> {
    i++;
    let index = 0;
    space();
    if (text[i] === CLOSE_BRACKET) {
      i++;
      return;
    }
    for (;;) {
      space();
      const start = i;
      yield* skipValue();
      if (index >= reader.max) out.notRead.set(path, (out.notRead.get(path) ?? 0) + 1);
      else if (i - start > options.maxPartChars) reader.tooLarge?.(index, i - start);
      else reader.element(yield* parsePart(start, i), index);
      index++;
      space();
      if (text[i] === COMMA) i++;
      else if (text[i] === CLOSE_BRACKET) {
        i++;
        return;
      } else fail('a missing comma in an array');
    }
  };
  const readObject = function* (prefix: string): Generator<void, void, void> {
    i++;
    space();
    if (text[i] === CLOSE_BRACE) {
      i++;
      return;
    }
    for (;;) {
      space();
      if (text[i] !== QUOTE) fail('a missing member name');
      const keyEnd = stringEnd(i);
      const key = JSON.parse(text.toString('utf8', i, keyEnd)) as string;
      i = keyEnd;
      space();
      if (text[i] !== COLON) fail('a missing colon');
      i++;
      space();
      const path = prefix ? `${prefix}.${key}` : key;
      const reader = options.arrays[path];
      if (reader && text[i] === OPEN_BRACKET) {
        out.found.add(path);
        yield* readArray(path, reader);
      } else if (descend.has(path) && text[i] === OPEN_BRACE) yield* readObject(path);
      else {
        const start = i;
        yield* skipValue();
        if (i - start > options.maxPartChars) out.skipped.push(path);
        else out.members.set(path, yield* parsePart(start, i));
      }
      space();
      if (text[i] === COMMA) i++;
      else if (text[i] === CLOSE_BRACE) {
        i++;
        return;
      } else fail('a missing comma in an object');
    }
  };
  space();
  if (text[i] !== OPEN_BRACE) {
    // Not an envelope: the caller's shape error (read whole when small, for the exact reason).
    if (text.length > options.maxPartChars) throw new ShapeError('body', 'is not a JSON object');
    out.members.set('', options.parse(text.toString('utf8')));
    return;
  }
  yield* readObject('');
  space();
  if (i < text.length) fail('text after the end');
}

export function emptyJsonParts(): JsonParts {
  return { members: new Map(), notRead: new Map(), skipped: [], found: new Set() };
}
