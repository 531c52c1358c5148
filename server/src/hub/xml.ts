/**
 * Safe XML reading for remote bodies: fast-xml-parser with entity processing off, documents
 * that declare entities (a DOCTYPE internal subset) refused before parsing, and a nesting depth
 * limit, so a billion-laughs body or a million nested tags neither hang nor exhaust memory.
 *
 * Namespace prefixes are dropped (AIXM, FIXM, GML and XLink documents use varying prefixes);
 * attributes are kept under `@_name`, tag values stay strings.
 */
import { XMLParser } from 'fast-xml-parser';
import { ShapeError } from './errors';

export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

export function parseXml(text: string, maxDepth: number): XmlNode {
  const head = text.slice(0, 4096);
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(head)) {
    throw new ShapeError('document', 'declares XML entities (a DOCTYPE internal subset), which are refused');
  }
  const parser = new XMLParser({
    processEntities: false,
    htmlEntities: false,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    // The parser counts the enclosing elements of a new one, so depth d needs d - 1.
    maxNestedTags: Math.max(1, maxDepth - 1),
  });
  let result: unknown;
  try {
    result = parser.parse(text, true);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (/nested/i.test(reason)) throw new ShapeError('document', `nests elements deeper than ${maxDepth} levels`);
    // The validator's message names the line; it never contains more than a tag name.
    throw new ShapeError('document', `is not well-formed XML (${reason.slice(0, 160)})`);
  }
  if (result === true || typeof result !== 'object' || result === null) {
    throw new ShapeError('document', 'is not well-formed XML');
  }
  return result as XmlNode;
}

/** The five predefined XML entities, decoded by hand since entity processing is off. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    switch (name.toLowerCase()) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every element named `name` anywhere below `node` (document order). */
export function findAll(node: XmlValue | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  if (node === undefined || typeof node === 'string') return out;
  if (Array.isArray(node)) {
    for (const item of node) findAll(item, name, out);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_')) continue;
    if (key === name) {
      for (const item of asArray(value)) out.push(typeof item === 'string' ? { '#text': item } : (item as XmlNode));
    }
    findAll(value, name, out);
  }
  return out;
}

/** The first element `name` below `node` in document order (findAll's first), without walking the rest. */
export function findFirst(node: XmlValue | undefined, name: string): XmlNode | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findFirst(item, name);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_')) continue;
    if (key === name) {
      const first = asArray(value)[0];
      if (first !== undefined) return typeof first === 'string' ? { '#text': first } : (first as XmlNode);
    }
    const found = findFirst(value, name);
    if (found) return found;
  }
  return undefined;
}

/** Text content of an element value (string or node with `#text`), decoded; '' when absent. */
export function textOf(value: XmlValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return decodeXmlText(value);
  if (Array.isArray(value)) return textOf(value[0]);
  const inner = value['#text'];
  return typeof inner === 'string' ? decodeXmlText(inner) : '';
}

/** Text of the first element `name` anywhere below `node`, or undefined. */
export function textAt(node: XmlValue | undefined, name: string): string | undefined {
  const found = findFirst(node, name);
  if (!found) return undefined;
  const text = textOf(found);
  return text === '' ? undefined : text;
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? decodeXmlText(value) : undefined;
}
