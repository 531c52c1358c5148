/**
 * Safe XML reading for remote bodies: a strict streaming parser (saxes) that knows only XML's
 * predefined entities and character references, documents that declare entities (a DOCTYPE
 * internal subset) refused before parsing, and a nesting depth limit, so a billion-laughs body or
 * a million nested tags neither hang nor exhaust memory.
 *
 * The tree has the shape the readers were written against (fast-xml-parser's, which read these
 * bodies before; test/unit/hub/xmlTree.test.ts holds the two trees equal on every fixture):
 * namespace prefixes dropped (AIXM, FIXM, GML and XLink documents use varying prefixes) and
 * `xmlns` attributes left out; attributes under `@_name`; text and attribute values trimmed, kept as a string, and under
 * `#text` when the element also has attributes or children; repeated children as an array.
 * Strings are kept escaped (`&` as `&amp;`): the readers decode them with `decodeXmlText`.
 *
 * saxes rather than fast-xml-parser: a 669 KB list of 500 FIXM flights took 105 ms to validate
 * and parse, and takes about 12 ms here (test/bench/filedRoutes.bench.ts).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ShapeError } from './errors';

export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

/** An element being read: its attributes and children so far, and its text pieces. */
interface OpenElement {
  name: string;
  node: XmlNode;
  text: string;
  /** Text not yet added: a comment does not end a run of text, an element or CDATA does. */
  pending: string;
  /** Whether it has attributes or children, i.e. is an object rather than a string. */
  structured: boolean;
}

export function parseXml(text: string, maxDepth: number): XmlNode {
  const head = text.slice(0, 4096);
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(head)) {
    throw new ShapeError('document', 'declares XML entities (a DOCTYPE internal subset), which are refused');
  }
  const root: OpenElement = { name: '', node: {}, text: '', pending: '', structured: true };
  const open: OpenElement[] = [root];
  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.on('xmldecl', (decl) => {
    const node: XmlNode = {};
    if (decl.version !== undefined) node['@_version'] = decl.version;
    if (decl.encoding !== undefined) node['@_encoding'] = decl.encoding;
    if (decl.standalone !== undefined) node['@_standalone'] = decl.standalone;
    addChild(root.node, '?xml', node);
  });
  parser.on('processinginstruction', (pi) => {
    const parent = open[open.length - 1]!;
    addPending(parent);
    parent.structured = true;
    addChild(parent.node, `?${pi.target}`, '');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (open.length > maxDepth) throw new DepthError();
    const parent = open[open.length - 1]!;
    addPending(parent);
    parent.structured = true;
    const node: XmlNode = {};
    let structured = false;
    for (const name in tag.attributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      setKey(node, `@_${localName(name)}`, escapeAmpersands(tag.attributes[name]!.trim()));
      structured = true;
    }
    open.push({ name: localName(tag.name), node, text: '', pending: '', structured });
  });
  parser.on('text', (piece) => {
    open[open.length - 1]!.pending += piece;
  });
  parser.on('cdata', (piece) => {
    const element = open[open.length - 1]!;
    addPending(element);
    element.text += piece;
  });
  parser.on('closetag', () => {
    const element = open.pop()!;
    addPending(element);
    let value: XmlValue = element.text;
    if (element.structured) {
      if (element.text) setKey(element.node, '#text', element.text);
      value = element.node;
    }
    addChild(open[open.length - 1]!.node, element.name, value);
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof DepthError) throw new ShapeError('document', `nests elements deeper than ${maxDepth} levels`);
    const reason = err instanceof Error ? err.message : String(err);
    // saxes names the line and column and what it met there (a tag or entity name, cut here);
    // readBody (body.ts) redacts the message before anyone sees it.
    throw new ShapeError('document', `is not well-formed XML (${reason.slice(0, 160)})`);
  }
  return root.node;
}

class DepthError extends Error {}

/** The text run read so far, trimmed, added to its element. */
function addPending(element: OpenElement): void {
  if (!element.pending) return;
  const trimmed = element.pending.trim();
  if (trimmed) element.text += escapeAmpersands(trimmed);
  element.pending = '';
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function escapeAmpersands(text: string): string {
  return text.includes('&') ? text.replace(/&/g, '&amp;') : text;
}

/** A repeated child turns the value into an array, in document order. */
function addChild(node: XmlNode, name: string, value: XmlValue): void {
  if (!Object.prototype.hasOwnProperty.call(node, name)) return setKey(node, name, value);
  const earlier = node[name]!;
  if (Array.isArray(earlier)) earlier.push(value);
  else node[name] = [earlier, value];
}

/** An own property even for names like `__proto__`, which plain assignment would not create. */
function setKey(node: XmlNode, name: string, value: XmlValue): void {
  if (name === '__proto__')
    Object.defineProperty(node, name, { value, enumerable: true, writable: true, configurable: true });
  else node[name] = value;
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
  // for…in rather than Object.entries: these walks run over every flight of a long list, and
  // an entries array per node was most of their cost.
  for (const key in node) {
    if (key.startsWith('@_')) continue;
    const value = node[key]!;
    if (key === name) {
      for (const item of asArray(value)) out.push(typeof item === 'string' ? { '#text': item } : (item as XmlNode));
    }
    if (typeof value !== 'string') findAll(value, name, out);
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
  for (const key in node) {
    if (key.startsWith('@_')) continue;
    const value = node[key]!;
    if (key === name) {
      const first = asArray(value)[0];
      if (first !== undefined) return typeof first === 'string' ? { '#text': first } : (first as XmlNode);
    }
    if (typeof value === 'string') continue;
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
