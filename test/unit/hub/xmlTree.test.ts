/**
 * The hub's XML readers were written against fast-xml-parser's tree; `parseXml` now builds that
 * tree with saxes (server/src/hub/xml.ts). These tests hold the two trees equal, strings compared
 * decoded as the readers see them: on the real-shape fixtures, on the simulator's XML answers,
 * on a table of edge cases, and on generated documents. fast-xml-parser stays a dependency (the
 * route export builds GPX and KML with it), so it serves here as the reference.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { decodeXmlText, findAll, parseXml, type XmlValue } from '../../../server/src/hub/xml';
import { ShapeError } from '../../../server/src/hub/errors';
import { startHubSimulator } from '../../hub-sim/server';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'real-shapes');

/** fast-xml-parser as `parseXml` configured it before. */
function reference(text: string): unknown {
  return new XMLParser({
    processEntities: false,
    htmlEntities: false,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    maxNestedTags: 63,
  }).parse(text, true);
}

/** Every string decoded, as the readers (textOf, attr) see it. */
function decoded(value: unknown): unknown {
  if (typeof value === 'string') return decodeXmlText(value);
  if (Array.isArray(value)) return value.map(decoded);
  return Object.fromEntries(Object.entries(value as Record<string, XmlValue>).map(([k, v]) => [k, decoded(v)]));
}

function assertSameTree(text: string, what: string): void {
  assert.deepStrictEqual(decoded(parseXml(text, 64)), decoded(reference(text)), what);
}

test('the real-shape fixtures read to the same tree as before', () => {
  const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.xml'));
  assert.ok(files.length >= 4, `XML fixtures in ${FIXTURES}`);
  for (const name of files) assertSameTree(readFileSync(join(FIXTURES, name), 'utf8'), name);
});

test('the simulator’s XML answers read to the same tree as before', async (t) => {
  const sim = await startHubSimulator({
    port: 0,
    quiet: true,
    settings: { variants: { flights: 'fixm', notams: 'v1-aixm' } },
  });
  t.after(() => sim.close());
  const paths = [
    '/v1/aerodromes/EGLL/destinations/EDDF/flights?status=FILED&format=xml',
    '/v2/icao-prefixes/E/firs/EGTT/airspaces?format=xml',
    '/v1/icao-prefixes/E/firs/EGTT/notams?format=xml',
  ];
  for (const path of paths) {
    const res = await fetch(`${sim.url}${path}&user_key=demo`, { headers: { accept: 'application/xml' } });
    const body = await res.text();
    assert.equal(res.status, 200, `${path}: ${body.slice(0, 200)}`);
    assert.match(body, /^<\?xml/, path);
    assertSameTree(body, path);
  }
});

test('edge cases: declarations, prefixes, mixed content, CDATA, repeats, empty elements, references', () => {
  const cases = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a xmlns="u" xmlns:x="v"><x:b x:c="1" d="2">t &amp; u</x:b><b>s</b></a>',
    '<a><e/><f></f><g>  </g><h a="1"/><!-- c --></a>',
    '<a><i>one<j>k</j>two</i><k><![CDATA[<raw> &amp;]]></k><l>a<![CDATA[ b ]]>c</l></a>',
    '<a><b><c>1</c></b><b>2</b><b><c>3</c><c>4</c></b></a>',
    '<a b="&lt;&amp;&#65;"/>',
    '<a><b>&#x41;&#65;&quot;&apos;&gt;</b></a>',
    '<a>\n  <b>  x  y \n</b>\n</a>',
    '<a>x\r\ny</a>',
    '<?xml version="1.0"?>\n<!DOCTYPE a SYSTEM "a.dtd">\n<a/>',
    '<a><?pi data?><b/></a>',
    '<a><b x="1">  </b><b>1</b><c/><b>2</b></a>',
    '<a xml:lang="en" xlink:href="#x"/>',
    '<a>x<b/>y</a>',
  ];
  for (const text of cases) assertSameTree(text, text);
});

test('generated documents read to the same tree as before', () => {
  const name = fc.constantFrom('a', 'b', 'gml:pos', 'fx:Flight', 'aixm:name', 'c-d', 'e.f');
  const text = fc.stringMatching(/^[ a-z0-9&<>"'\n]{0,12}$/).map((s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
  const attrValue = fc
    .stringMatching(/^[a-z0-9 &<"']{0,8}$/)
    .map((s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'));
  const attributes = fc
    .uniqueArray(fc.constantFrom('id', 'gml:id', 'xlink:href', 'uom', 'code'), { maxLength: 3 })
    .chain((names) => fc.tuple(...names.map((n) => attrValue.map((v) => ` ${n}="${v}"`))))
    .map((pairs) => pairs.join(''));
  const { element } = fc.letrec<{ element: string; content: string }>((tie) => ({
    element: fc
      .tuple(name, attributes, fc.array(tie('content'), { maxLength: 4 }))
      .map(([n, attrs, content]) => (content.length ? `<${n}${attrs}>${content.join('')}</${n}>` : `<${n}${attrs}/>`)),
    content: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      fc.stringMatching(/^[ a-z<&]{0,6}$/).map((s) => `<![CDATA[${s}]]>`),
      fc.constant('<!-- note -->'),
      tie('element'),
    ),
  }));
  fc.assert(
    fc.property(element, (root) => {
      const doc = `<?xml version="1.0"?>\n<root xmlns:gml="g" xmlns:fx="f" xmlns:aixm="x" xmlns:xlink="l">${root}</root>`;
      assertSameTree(doc, doc);
    }),
    { numRuns: 300 },
  );
});

test('one difference, on purpose: a line break in an attribute value is a space, as XML 1.0 says', () => {
  assert.deepStrictEqual(parseXml('<a b="x\ny\tz"/>', 64), { a: { '@_b': 'x y z' } });
});

test('not well-formed XML is refused with the line and column, never with the text', () => {
  for (const text of ['<a><b></a>', '<a>', '', '<a/><b/>', '<a b="1" b="2"/>', '<a>&unknown;</a>']) {
    assert.throws(
      () => parseXml(text, 64),
      (err: unknown) => {
        assert.ok(err instanceof ShapeError, text);
        assert.match(err.message, /not well-formed XML/, text);
        return true;
      },
    );
  }
});

test('an element named __proto__ is a plain key, not the tree’s prototype', () => {
  const tree = parseXml('<a><__proto__><polluted>yes</polluted></__proto__></a>', 64);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.getPrototypeOf(tree.a), Object.prototype);
  assert.equal(findAll(tree, 'polluted').length, 1);
});
