/** A tiny XML writer: the simulator only produces XML, so escaping is all it needs. */

export function escapeXml(text: string | number | boolean): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export type Attributes = Record<string, string | number | boolean | undefined>;

function attributes(attrs?: Attributes): string {
  if (!attrs) return '';
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v as string)}"`)
    .join('');
}

/** An element; children are already-serialised strings, a string child is escaped text. */
export function el(
  name: string,
  attrs?: Attributes,
  ...children: (string | { raw: string } | undefined)[]
): { raw: string } {
  const inner = children
    .filter((c): c is string | { raw: string } => c !== undefined)
    .map((c) => (typeof c === 'string' ? escapeXml(c) : c.raw))
    .join('');
  return { raw: inner ? `<${name}${attributes(attrs)}>${inner}</${name}>` : `<${name}${attributes(attrs)}/>` };
}

/** Shorthand for a text element. */
export function text(
  name: string,
  value: string | number | boolean | undefined,
  attrs?: Attributes,
): { raw: string } | undefined {
  return value === undefined ? undefined : el(name, attrs, String(value));
}

export function xmlDocument(root: { raw: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root.raw}\n`;
}

/**
 * Plain JSON → XML for the reference family's `xml` format: objects become elements, arrays
 * repeat an element named by the singular of the array's name.
 */
export function jsonToXml(name: string, value: unknown): { raw: string } {
  if (value === null || value === undefined) return el(name);
  if (Array.isArray(value)) {
    const item = name.endsWith('ies')
      ? `${name.slice(0, -3)}y`
      : name.endsWith('s')
        ? name.slice(0, -1)
        : `${name}Item`;
    return el(name, undefined, ...value.map((v) => jsonToXml(item, v)));
  }
  if (typeof value === 'object') {
    return el(name, undefined, ...Object.entries(value as Record<string, unknown>).map(([k, v]) => jsonToXml(k, v)));
  }
  return el(name, undefined, String(value));
}
