/** Small helpers shared by the route parser tests. */
import assert from 'node:assert/strict';
import { defined } from '../../shared/defined';
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
  return first(doc.blocks);
}

export function allDiagnostics(doc: RouteDocument): RouteDiagnostic[] {
  return [...doc.diagnostics, ...doc.blocks.flatMap((b) => b.diagnostics)];
}

export function codes(text: string): string[] {
  return allDiagnostics(parseRouteDocument(text)).map((d) => d.code);
}

/** The item at `index` (0 or more), or a failed assertion saying which is missing. */
export function nth<T>(list: readonly T[], index: number, what = `item ${index}`): T {
  assert.ok(Number.isInteger(index) && index >= 0, `${what}: ${index} is no index`);
  return defined(list[index], `${what} in a list of ${list.length}`);
}

/** The first item, or a failed assertion saying the list is empty. */
export function first<T>(list: readonly T[], what = 'first item'): T {
  return nth(list, 0, what);
}

/** The last item, or a failed assertion saying the list is empty. */
export function lastOf<T>(list: readonly T[], what = 'last item'): T {
  return nth(list, list.length - 1, what);
}

/** A range on one line, for short expectations. */
export function r(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Whether `range` lies inside a document made of `lines`. */
export function rangeInside(range: Range, lines: string[]): boolean {
  const ok = (p: { line: number; character: number }): boolean => {
    // undefined off the document: a negative, fractional or too large line number.
    const line = Number.isInteger(p.line) && p.line >= 0 ? lines[p.line] : undefined;
    return line !== undefined && Number.isInteger(p.character) && p.character >= 0 && p.character <= line.length;
  };
  const ordered =
    range.start.line < range.end.line ||
    (range.start.line === range.end.line && range.start.character <= range.end.character);
  return ok(range.start) && ok(range.end) && ordered;
}

/** Lines as an LSP client counts them: \n, \r\n and a lone \r end a line. */
export function documentLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
