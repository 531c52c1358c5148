/** Small helpers shared by the route parser tests. */
import assert from 'node:assert/strict';
import {
  parseRouteDocument,
  type Range,
  type RouteBlock,
  type RouteDiagnostic,
  type RouteDocument,
} from '../../../server/src/route';

export function onlyBlock(text: string): RouteBlock {
  const doc = parseRouteDocument(text);
  assert.equal(doc.blocks.length, 1, `expected one block in ${JSON.stringify(text)}`);
  return doc.blocks[0];
}

export function allDiagnostics(doc: RouteDocument): RouteDiagnostic[] {
  return [...doc.diagnostics, ...doc.blocks.flatMap((b) => b.diagnostics)];
}

export function codes(text: string): string[] {
  return allDiagnostics(parseRouteDocument(text)).map((d) => d.code);
}

/** A range on one line, for short expectations. */
export function r(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Whether `range` lies inside a document made of `lines`. */
export function rangeInside(range: Range, lines: string[]): boolean {
  const ok = (p: { line: number; character: number }): boolean =>
    Number.isInteger(p.line) &&
    Number.isInteger(p.character) &&
    p.line >= 0 &&
    p.line < lines.length &&
    p.character >= 0 &&
    p.character <= lines[p.line].length;
  const ordered =
    range.start.line < range.end.line ||
    (range.start.line === range.end.line && range.start.character <= range.end.character);
  return ok(range.start) && ok(range.end) && ordered;
}

/** Lines as an LSP client counts them: \n, \r\n and a lone \r end a line. */
export function documentLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
