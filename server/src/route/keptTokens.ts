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

/** Writes `value` as a varint at `at` in `out` (room made by the caller); returns where it ends. */
function putVarint(out: Uint8Array, at: number, value: number): number {
  while (value >= 128) {
    out[at++] = (value & 127) | 128;
    value >>>= 7;
  }
  out[at++] = value;
  return at;
}

/** Bytes a varint of a value below 2^35 takes at most. */
const VARINT_MAX = 5;

/**
 * The record of `count` tokens (kind codes, document lines, starts and ends) and their position
 * slots, for a block whose first line is `firstLine`; undefined when it would take more than
 * half a byte a character of the tokens' text (then the elements are read from the text).
 * Every block the parse hands out is encoded, so this runs in the parse's time: room for the
 * longest record is made once, and the bytes are written through locals (a module variable is
 * read through the module's context at every use).
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
  const starSlot = slots[4];
  if (count < KEEP_FROM || count > KEEP_UP_TO || starSlot > count - 1) return undefined;
  if (slots[0] < 0 || slots[1] < 0 || slots[2] < 0 || slots[3] < 0 || starSlot < 0) return undefined;
  // The four arrays hold (at least) `count` tokens: token k below it reads with `!`.
  // The tokens' characters are counted as they are written, and the budget checked at the end:
  // a pass of its own over the tokens first cost more than writing the few records over it.
  let characters = 0;
  // The header's six varints, then a code and at most three varints a token.
  const room = 6 * VARINT_MAX + count * (1 + 3 * VARINT_MAX);
  if (bytes.length < room) bytes = new Uint8Array(Math.max(room, bytes.length * 2));
  const out = bytes;
  let used = 0;
  used = putVarint(out, used, count);
  used = putVarint(out, used, slots[0]);
  used = putVarint(out, used, slots[1]);
  used = putVarint(out, used, slots[2]);
  used = putVarint(out, used, slots[3]);

  used = putVarint(out, used, count - 1 - starSlot);
  let line = firstLine;
  let end = -2;
  for (let k = 0; k < count; k++) {
    const code = kinds[k]!;
    if (code < 0 || code > 127) return undefined;
    const start = starts[k]!;
    const tokenLine = lines[k]!;
    if (tokenLine === line && start === end + 1) out[used++] = code;
    else {
      out[used++] = code | 128;
      used = putVarint(out, used, tokenLine - line);
      used = putVarint(out, used, start);
      line = tokenLine;
    }
    end = ends[k]!;
    characters += end - start + 1;
    used = putVarint(out, used, end - start);
  }
  if (used > characters >> 1) return undefined;
  let record = '';
  // fromCharCode takes the bytes as arguments: a few thousand at a time.
  for (let from = 0; from < used; from += 4096)
    record += String.fromCharCode.apply(null, out.subarray(from, Math.min(used, from + 4096)) as unknown as number[]);
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
