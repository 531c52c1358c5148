/** Shared handling of answer bodies: which syntax they are in, and shape errors made typed. */
import { ServiceError, malformed } from './errors';
import { parseJson } from './geojson';
import type { HttpResponse } from './transport';
import type { Redactor } from './redact';
import { decodeXmlText, parseXml, type XmlNode, type XmlValue } from './xml';

export type BodyKind = 'json' | 'xml' | 'html' | 'text';

export function bodyKind(res: HttpResponse): BodyKind {
  const ct = res.contentType;
  if (ct.includes('json')) return 'json';
  if (ct.includes('html')) return 'html';
  if (ct.includes('xml')) return 'xml';
  const start = res.body.subarray(0, 256).toString('utf8').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  if (/^<!doctype html|^<html/i.test(start)) return 'html';
  if (start.startsWith('<')) return 'xml';
  return 'text';
}

/**
 * Runs a reader over the body, turning any ShapeError into a malformedResponse ServiceError. Shape
 * errors quote the answer (`type is "…"`, a JSON syntax excerpt), so their text is redacted.
 */
export function readBody<T>(res: HttpResponse, what: string, reader: () => T): T {
  try {
    return reader();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    // No cause: it would carry the text unredacted into anything that inspects the error.
    throw malformed(what, res.url, res.redactor.text(err instanceof Error ? err.message : String(err)));
  }
}

/** readBody for a reader that takes turns of the event loop. */
export async function readBodyYielding<T>(res: HttpResponse, what: string, reader: () => Promise<T>): Promise<T> {
  try {
    return await reader();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    throw malformed(what, res.url, res.redactor.text(err instanceof Error ? err.message : String(err)));
  }
}

/**
 * JSON.parse for one part of the answer's text (jsonParts.ts), with the redaction `jsonOf`
 * applies to the whole: a JSON escape can spell a secret in a value or a property name.
 */
export function jsonPartParser(res: HttpResponse): (part: string) => unknown {
  if (res.redactor.empty || !res.body.includes('\\')) return (part) => parseJson(part);
  return (part) =>
    redactNames(
      parseJson(part, (value) => res.redactor.value(value)),
      res.redactor,
    );
}

/** A string of a FIXM answer as kept, when a character reference (&#x41;) could spell a secret. */
export function xmlStringCleaner(res: HttpResponse): ((value: string) => string) | undefined {
  if (res.redactor.empty || !res.body.includes('&#')) return undefined;
  return (value) => res.redactor.value(value);
}

export function jsonOf(res: HttpResponse): unknown {
  const text = res.body.toString('utf8');
  // The transport blanked the secrets out of the bytes in any case; a JSON escape (\u0041, \/)
  // can still spell one, in a value or in a property name.
  if (res.redactor.empty || !text.includes('\\')) return parseJson(text);
  return redactNames(
    parseJson(text, (value) => res.redactor.value(value)),
    res.redactor,
  );
}

/** The parsed JSON with every property name that spells a secret redacted (values are already). */
function redactNames(value: unknown, redactor: Redactor): unknown {
  // An explicit stack: the answer may nest deeper than the call stack allows.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const name of Object.keys(record)) {
      const child = record[name];
      const clean = redactor.value(name);
      if (clean !== name) {
        delete record[name];
        record[clean] = child;
      }
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return value;
}

export function xmlOf(res: HttpResponse, maxDepth: number): XmlNode {
  const text = res.body.toString('utf8');
  const tree = parseXml(text, maxDepth);
  // A character reference (&#x41;) can still spell a secret once the readers decode the text.
  if (res.redactor.empty || !text.includes('&#')) return tree;
  return redactTree(tree, res.redactor) as XmlNode;
}

/** The tree with every value that decodes to a secret's spelling redacted (decoded, then). */
function redactTree(value: XmlValue, redactor: Redactor): XmlValue {
  if (typeof value === 'string') {
    const decoded = decodeXmlText(value);
    const clean = redactor.value(decoded);
    return clean === decoded ? value : clean;
  }
  if (Array.isArray(value)) return value.map((item) => redactTree(item, redactor));
  const out: XmlNode = {};
  for (const [name, child] of Object.entries(value)) out[name] = redactTree(child, redactor);
  return out;
}

export function expectDataKind(res: HttpResponse, what: string, allowed: BodyKind[]): BodyKind {
  const kind = bodyKind(res);
  if (!allowed.includes(kind)) {
    const hint = kind === 'html' ? ' (an HTML page: a captive portal, a proxy, or a wrong base URL?)' : '';
    throw malformed(
      what,
      res.url,
      `it is ${kind === 'html' ? 'HTML' : kind.toUpperCase()} instead of ${allowed.map((k) => k.toUpperCase()).join(' or ')}${hint}`,
    );
  }
  return kind;
}
