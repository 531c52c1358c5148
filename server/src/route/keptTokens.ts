/**
 * The check pass's tokens, kept compact for the elements (issue 27.4). The check pass cuts route
 * text into tokens and finds each token's kind; building the elements later did all of it again,
 * character by character (a third of the full element model's time). So the check pass keeps
 * each token's kind and place in a short string of 7-bit codes, and the elements are made
 * from it without reading the text again.
 *
 * A record is a string of ASCII characters, each a 7-bit code: made from its bytes by the
 * platform's UTF-8 decoder, a native copy, where building the string from the bytes in JavaScript
 * was most of what keeping the tokens cost the parse (String.fromCharCode over the bytes: 7-8 %
 * of the parse's time on clean routes, issue 41.2). In it:
 * - a header of varints (six bits a byte, 64 for "more"): the token count, then the position
 *   slots (elementViews.ts PositionSlots: first and last flags, route start, SID slot, and the
 *   STAR slot counted back from the last token);
 * - per token its kind code (kinds.ts: seven bits). A token on the line of the one before, one
 *   blank after it, needs nothing more than its length (a varint); any other token is preceded
 *   by PLACED (a code no token has) and its line (from the previous token's, or the block's first
 *   line) and its start.
 *
 * A route of single-spaced tokens takes about two bytes a token, a third of a byte a character.
 * A record longer than half a byte a character of its route text is not kept (a word a line, odd
 * blanks), nor a record of a block of fewer than 8 or more than 4,096 tokens: the memory a
 * document holds stays within its bound, and such a block's elements are read from its text as
 * before.
 */
import { SLOT_COUNT, storeSpace, ElementStore } from './elementViews';
import { KIND } from './kinds';

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

/** Makes the record's string from its bytes (all below 128: one byte a character). */
const ascii = new TextDecoder();

/**
 * Comes before a token that gives its line and start: the kind part (kinds.ts KIND) no token
 * has, so no code is taken for it.
 */
const PLACED = KIND;

/** Writes `value` as a varint at `at` in `out` (room made by the caller); returns where it ends. */
function putVarint(out: Uint8Array, at: number, value: number): number {
  while (value >= 64) {
    out[at++] = (value & 63) | 64;
    value = Math.floor(value / 64);
  }
  out[at++] = value;
  return at;
}

/** Bytes a varint of a value below 2^36 takes at most. */
const VARINT_MAX = 6;

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
  // The header's six varints, then PLACED, a code and at most three varints a token.
  const room = 6 * VARINT_MAX + count * (2 + 3 * VARINT_MAX);
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
    if (code < 0 || code > 127 || (code & KIND) === PLACED) return undefined;
    const start = starts[k]!;
    const tokenLine = lines[k]!;
    if (tokenLine !== line || start !== end + 1) {
      out[used++] = PLACED;
      used = putVarint(out, used, tokenLine - line);
      used = putVarint(out, used, start);
      line = tokenLine;
    }
    out[used++] = code;
    end = ends[k]!;
    characters += end - start + 1;
    used = putVarint(out, used, end - start);
  }
  if (used > characters >> 1) return undefined;
  tokenRecords.kept++;
  return ascii.decode(out.subarray(0, used));
}

/** Reading position in the record being decoded. */
let at = 0;

function varint(record: string): number {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = record.charCodeAt(at++);
    value += (byte & 63) * 2 ** shift;
    if (byte < 64) return value;
    shift += 6;
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
    let code = record.charCodeAt(at++);
    let start = end + 1;
    if (code === PLACED) {
      line += varint(record);
      start = varint(record);
      code = record.charCodeAt(at++);
    }
    end = start + varint(record);
    data[base + k] = code;
    data[base + count + k] = line;
    data[base + 2 * count + k] = start;
    data[base + 3 * count + k] = end;
  }
  ElementStore.writeSlots(data, base, count, firstFlags, lastFlags, routeStart, sidSlot, starSlot);
  return new ElementStore(count, data, base, lines, firstLine);
}
