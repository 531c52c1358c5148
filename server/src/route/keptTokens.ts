/**
 * The check pass's tokens, kept compact for the elements (issue 27.4). The check pass cuts route
 * text into tokens and finds each token's kind; building the elements later did all of it again,
 * character by character (a third of the full element model's time). So the check pass keeps
 * each token's kind and place in a short string of byte-sized codes, and the elements are made
 * from it without reading the text again.
 *
 * A record is a string whose characters are bytes (a one-byte string: a byte a code):
 * - a header of varints: the token count, then the position slots (elementViews.ts
 *   PositionSlots: first and last flags, route start, SID slot, and the STAR slot counted back
 *   from the last token);
 * - per token its kind code (below 128). A token on the line of the one before, one blank after
 *   it, needs nothing more than its length (a varint); any other token has 128 added to its code
 *   and gives its line (from the previous token's, or the block's first line) and its start.
 *
 * A route of single-spaced tokens takes about two bytes a token, a third of a byte a character.
 * A record longer than half a byte a character of its route text is not kept (a word a line, odd
 * blanks), nor a record of a block of fewer than 8 or more than 4,096 tokens: the memory a
 * document holds stays within its bound, and such a block's elements are read from its text as
 * before.
 */
import { SLOT_COUNT, storeSpace, ElementStore } from './elementViews';

/** How many records were kept and read (tests: the elements of a checked block come from its record). */
export const tokenRecords = { kept: 0, decoded: 0 };

/** Blocks of fewer tokens keep no record: reading them again costs little, a record's header more. */
export const KEEP_FROM = 8;
/**
 * Nor do blocks of more: no real route comes near (a long one has a few hundred elements), and a
 * huge block, read once, is cheaper read again than kept beside the text and its edited copy.
 */
export const KEEP_UP_TO = 4096;

/** The bytes of the record being written (encoding is synchronous, never re-entered). */
let bytes = new Uint8Array(1024);
let used = 0;

function put(byte: number): void {
  if (used === bytes.length) {
    const grown = new Uint8Array(bytes.length * 2);
    grown.set(bytes);
    bytes = grown;
  }
  bytes[used++] = byte;
}

function putVarint(value: number): void {
  while (value >= 128) {
    put((value & 127) | 128);
    value >>>= 7;
  }
  put(value);
}

/**
 * The record of `count` tokens (kind codes, document lines, starts and ends) and their position
 * slots, for a block whose first line is `firstLine`; undefined when it would take more than
 * half a byte a character of the tokens' text (then the elements are read from the text).
 */
export function encodeTokens(
  count: number,
  kinds: Int32Array,
  lines: Int32Array,
  starts: Int32Array,
  ends: Int32Array,
  slots: readonly [number, number, number, number, number],
  firstLine: number,
): string | undefined {
  if (count < KEEP_FROM || count > KEEP_UP_TO || slots[4] > count - 1 || slots.some((slot) => slot < 0))
    return undefined;
  used = 0;
  let characters = 0;
  for (let k = 0; k < count; k++) characters += ends[k] - starts[k] + 1;
  const budget = characters >> 1;
  putVarint(count);
  for (let i = 0; i < 4; i++) putVarint(slots[i]);
  putVarint(count - 1 - slots[4]);
  let line = firstLine;
  let end = -2;
  for (let k = 0; k < count; k++) {
    const code = kinds[k];
    if (code < 0 || code > 127) return undefined;
    const start = starts[k];
    if (lines[k] === line && start === end + 1) put(code);
    else {
      put(code | 128);
      putVarint(lines[k] - line);
      putVarint(start);
      line = lines[k];
    }
    end = ends[k];
    putVarint(end - start);
    if (used > budget) return undefined;
  }
  let record = '';
  // fromCharCode takes the bytes as arguments: a few thousand at a time.
  for (let from = 0; from < used; from += 4096)
    record += String.fromCharCode.apply(null, bytes.subarray(from, Math.min(used, from + 4096)) as unknown as number[]);
  tokenRecords.kept++;
  return record;
}

/** Reading position in the record being decoded. */
let at = 0;

function varint(record: string): number {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = record.charCodeAt(at++);
    value += (byte & 127) * 2 ** shift;
    if (byte < 128) return value;
    shift += 7;
  }
}

/**
 * The element store of a record (as scanElements makes it from the text): `lines` are the
 * block's lines, the first of them document line `firstLine`.
 */
export function decodeTokens(record: string, lines: readonly string[], firstLine: number): ElementStore {
  tokenRecords.decoded++;
  at = 0;
  const count = varint(record);
  const firstFlags = varint(record);
  const lastFlags = varint(record);
  const routeStart = varint(record);
  const sidSlot = varint(record);
  const starSlot = count - 1 - varint(record);
  const base = storeSpace.take(count * 4 + SLOT_COUNT);
  const data = storeSpace.data;
  let line = firstLine;
  let end = -2;
  for (let k = 0; k < count; k++) {
    const code = record.charCodeAt(at++);
    let start = end + 1;
    if (code >= 128) {
      line += varint(record);
      start = varint(record);
    }
    end = start + varint(record);
    data[base + k] = code & 127;
    data[base + count + k] = line;
    data[base + 2 * count + k] = start;
    data[base + 3 * count + k] = end;
  }
  ElementStore.writeSlots(data, base, count, firstFlags, lastFlags, routeStart, sidSlot, starSlot);
  return new ElementStore(count, data, base, lines, firstLine);
}
