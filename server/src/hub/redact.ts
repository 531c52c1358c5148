/**
 * Secrets (the hub's user_key, the reference family's appId/appKey) must never reach a log, an
 * error message, a hover or the webview. Everything that prints a URL or echoes a response body
 * goes through these functions.
 *
 * Service text enters at one place, the transport: a Redactor made from the client's secrets
 * blanks every spelling of them out of the answer's body and headers before anything reads them
 * (`bytes`, `value`), and out of every message built from an answer (`text`, which also cuts
 * fragments: an excerpt may cut a key in two).
 */

/** Query parameters whose values are credentials, compared case-insensitively. */
const SECRET_PARAMS = ['user_key', 'userkey', 'appkey', 'appid', 'api_key', 'apikey', 'key', 'token', 'access_token'];

const SECRET_PARAM_PATTERN = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/** What a secret, or a piece of one, is replaced with. */
const MASK = '***';

/**
 * Secrets shorter than this are cut out only where they stand whole; one- and two-character
 * values would blank out ordinary words and are left alone. A three-character key is still cut
 * out (the language server's statuses relied on that).
 */
const MIN_SECRET = 3;
/** A start or end of a secret this long counts as the secret (excerpts cut keys in two). */
const MIN_EDGE = 4;
/** Any piece of a secret this long counts as the secret. */
const MIN_PIECE = 8;

/** The URL with every credential parameter's value and any user:password replaced by `***`. */
export function redactUrl(url: string | URL): string {
  const text = typeof url === 'string' ? url : url.href;
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@').replace(SECRET_PARAM_PATTERN, '$1***');
}

/**
 * Removes credentials from free text: URLs in it, plus every spelling of the secrets the caller
 * knows (a service could echo the key back in an error page).
 */
export function redactText(text: string, secrets: readonly (string | undefined)[] = []): string {
  return new Redactor(secrets).text(text);
}

/** ASCII letters lower-cased, nothing else: keeps every index of the text where it was. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The ways a secret travels: as given, in a URL (percent-encoded, `+` or `%20` for a space, and
 * that URL decoded without turning `+` back into a space), inside a JSON string.
 */
function spellings(secret: string): string[] {
  const form = new URLSearchParams({ k: secret }).toString().slice(2);
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    ...new Set([
      secret,
      secret.replace(/ /g, '+'),
      encodeURIComponent(secret),
      encodeURI(secret),
      form,
      form.replace(/\+/g, '%20'),
      json,
      json.replace(/\//g, '\\/'),
    ]),
  ];
}

export class Redactor {
  /** Lower-cased spellings, for case-insensitive matching in messages. */
  private readonly forms: string[];
  /**
   * Byte spellings, lower-cased as latin1 text, blanked out of bodies in any letter case (an
   * answer can echo `rEl3hUbKeY`): a body read as latin1 keeps one character per byte, so an
   * index in the lower-cased text is the same index in the body.
   */
  private readonly byteForms: string[];

  constructor(secrets: readonly (string | undefined)[] = []) {
    const usable = secrets.filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET);
    const all = usable.flatMap(spellings);
    this.forms = [...new Set(all.map(asciiLower))].sort((a, b) => b.length - a.length);
    this.byteForms = [...new Set(all.map((s) => Buffer.from(s, 'utf8').toString('latin1').toLowerCase()))];
  }

  get empty(): boolean {
    return this.forms.length === 0;
  }

  /**
   * A message: credential URL parameters and user:password, any spelling of a secret in any
   * case, and any start or end of one (4+ characters) or piece of one (8+ characters).
   */
  text(text: string): string {
    const out = text
      .replace(SECRET_PARAM_PATTERN, `$1${MASK}`)
      .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, `$1${MASK}@`);
    if (this.empty) return out;
    const lower = asciiLower(out);
    const spans: [number, number][] = [];
    const each = (needle: string, found: (at: number) => void): void => {
      for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) found(at);
    };
    for (const form of this.forms) {
      if (form.length < MIN_EDGE) {
        each(form, (at) => spans.push([at, at + form.length]));
        continue;
      }
      // A start of the secret, as long as it goes on matching.
      each(form.slice(0, MIN_EDGE), (at) => {
        let end = at + MIN_EDGE;
        while (end - at < form.length && lower[end] === form[end - at]) end++;
        spans.push([at, end]);
      });
      // An end of the secret, as far back as it matches.
      each(form.slice(-MIN_EDGE), (at) => {
        let start = at;
        const offset = form.length - MIN_EDGE;
        while (at - start < offset && lower[start - 1] === form[offset - (at - start) - 1]) start--;
        spans.push([start, at + MIN_EDGE]);
      });
      for (let i = 1; i + MIN_PIECE < form.length; i++) {
        const piece = form.slice(i, i + MIN_PIECE);
        each(piece, (at) => spans.push([at, at + MIN_PIECE]));
      }
    }
    return cut(out, spans);
  }

  /** A value read from an answer (a designator, an id): whole spellings only, in any case. */
  value(text: string): string {
    if (this.empty) return text;
    const lower = asciiLower(text);
    const spans: [number, number][] = [];
    for (const form of this.forms) {
      for (let at = lower.indexOf(form); at >= 0; at = lower.indexOf(form, at + 1)) spans.push([at, at + form.length]);
    }
    return cut(text, spans);
  }

  /** An answer's body: every spelling, in any letter case, replaced before it is read. */
  bytes(body: Buffer): Buffer {
    const finding = this.bodySpans(body);
    let step = finding.next();
    while (!step.done) step = finding.next();
    return step.value.length === 0 ? body : maskInPlace(Buffer.from(body), step.value);
  }

  /**
   * The spans of `body` that spell a secret in any letter case, found a window of BODY_WINDOW
   * bytes per step: a 30 MB answer lower-cased and searched at once held the event loop for
   * 1.5 s on a loaded machine (issue 35). Each window is lower-cased into one scratch buffer
   * (no string of the whole body), and overlaps the next by the longest spelling less one byte.
   */
  *bodySpans(body: Buffer): Generator<void, [number, number][]> {
    const spans: [number, number][] = [];
    if (this.empty) return spans;
    const longest = Math.max(...this.byteForms.map((form) => form.length));
    const scratch = Buffer.allocUnsafe(Math.min(body.length, BODY_WINDOW + longest));
    for (let start = 0; start < body.length; start += BODY_WINDOW) {
      if (start > 0) yield;
      const end = Math.min(body.length, start + BODY_WINDOW + longest - 1);
      for (let i = start; i < end; i++) scratch[i - start] = LATIN1_LOWER[body[i]!]!;
      const window = scratch.subarray(0, end - start);
      for (const form of this.byteForms) {
        for (let at = window.indexOf(form, 0, 'latin1'); at >= 0; at = window.indexOf(form, at + 1, 'latin1')) {
          // A spelling that starts in the overlap is the next window's.
          if (at < BODY_WINDOW) spans.push([start + at, start + at + form.length]);
        }
      }
    }
    return spans;
  }
}

/** Bytes of an answer lower-cased and searched per step of `Redactor.bodySpans`. */
const BODY_WINDOW = 256 * 1024;

/** Latin-1 lower case of each byte, as `String.prototype.toLowerCase` gives it for Latin-1 text. */
const LATIN1_LOWER = Uint8Array.from({ length: 256 }, (_, b) =>
  (b >= 0x41 && b <= 0x5a) || (b >= 0xc0 && b <= 0xde && b !== 0xd7) ? b + 0x20 : b,
);

/**
 * The body with each run of overlapping spans replaced by one mask, moved up in its own memory
 * (a mask is never longer than a spelling): no second copy of a large answer.
 */
export function maskInPlace(body: Buffer, spans: [number, number][]): Buffer {
  if (spans.length === 0) return body;
  spans.sort((a, b) => a[0] - b[0]);
  let to = 0;
  let from = 0;
  for (const [start, end] of spans) {
    if (end <= from) continue;
    if (start > from || from === 0) {
      to += body.copy(body, to, from, start);
      to += body.write(MASK, to, 'latin1');
    }
    from = end;
  }
  to += body.copy(body, to, from);
  return body.subarray(0, to);
}

/** The text with each run of overlapping spans replaced by one mask. */
function cut(text: string, spans: [number, number][]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    if (end <= from) continue;
    // A span that starts where the last one ended continues its mask.
    if (start > from || from === 0) out += text.slice(from, start) + MASK;
    from = end;
  }
  return out + text.slice(from);
}
