/**
 * Document symbols: one per block (route or FPL message) named like the block, with the points
 * of its route as children, so the outline reads like the flight.
 */
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import {
  pointOf,
  type CancellationToken,
  type PointElement,
  type RouteBlock,
  type RouteDocument,
} from '../route/model';
import { shifted } from '../route/lazyBlock';
import { BlockCache } from './blockCache';
import { rangeInside } from '../route/ranges';
import { formatNm } from './routeLegs';

/**
 * The most symbols an outline holds, as VS Code's own JSON, CSS and HTML servers cap theirs (and
 * VS Code its folding regions): an outline of more is of no use, VS Code's outline view and
 * breadcrumbs slow down with tens of thousands of symbols, and a 5 MB file (~40,000 blocks, some
 * 200,000 points) would cost megabytes of JSON and seconds per request. A document whose blocks
 * and points fit gets them all; one whose points do not gets its blocks without their points, up
 * to the cap; past the cap, one last symbol says how many blocks are not listed.
 */
export const MAX_SYMBOLS = 5000;
/** A block's symbol, placed at `line` (the block's first line when it was made or last moved). */
export interface CachedSymbol {
  symbol: DocumentSymbol;
  line: number;
}

/** Block symbols kept across requests (see BlockCache); one per document. */
export type SymbolCache = BlockCache<CachedSymbol>;

export function createSymbolCache(): SymbolCache {
  return new BlockCache<CachedSymbol>();
}

/**
 * `routeDistanceNm`, when given, says how long a block's route is (from its expansion): the
 * outline shows it in the block's detail. `cache`, when given, keeps each block's symbol from
 * one request to the next: only blocks whose lines changed are read again. At most `maxSymbols`
 * symbols (see MAX_SYMBOLS): the work is that of the symbols listed, not of the document.
 */
export function documentSymbols(
  document: RouteDocument,
  token: CancellationToken,
  maxSymbols = MAX_SYMBOLS,
  routeDistanceNm?: (block: RouteBlock) => number | undefined,
  cache?: SymbolCache,
): DocumentSymbol[] {
  const blocks = document.blocks;
  const max = Math.max(1, maxSymbols);
  cache?.begin();
  // Whether every block fits with its points (counted until they do not).
  let count = 0;
  let read = 0;
  while (read < blocks.length && count <= max) {
    if (token.isCancellationRequested) return [];
    count += 1 + (placedSymbol(blocks[read++]!, cache).children?.length ?? 0); // read < blocks.length
  }
  const nested = count <= max;
  const listed = blocks.length <= max ? blocks.length : max - 1;
  const symbols: DocumentSymbol[] = [];
  for (const block of blocks.slice(0, listed)) {
    if (token.isCancellationRequested) return [];
    let symbol = placedSymbol(block, cache);
    if (!nested) symbol = { ...symbol, children: [] };
    const distance = routeDistanceNm?.(block);
    if (distance !== undefined) symbol = { ...symbol, detail: `${symbol.detail}, ${formatNm(distance)}` };
    symbols.push(symbol);
  }
  if (listed < blocks.length) symbols.push(omitted(blocks, listed, max - 1));
  cache?.end(Math.max(read, listed));
  return symbols;
}

/** The block's symbol where the block is now: from the cache, moved if the block moved. */
function placedSymbol(block: RouteBlock, cache: SymbolCache | undefined): DocumentSymbol {
  if (!cache) return blockSymbol(block);
  const line = block.range.start.line;
  const cached = cache.get(block, (b) => ({ symbol: blockSymbol(b), line }));
  if (cached.line !== line) {
    // The cache's copy moves with the block; answers given before keep theirs.
    cached.symbol = shifted(cached.symbol, line - cached.line);
    cached.line = line;
  }
  return cached.symbol;
}

/** The one symbol that stands for the blocks from `from` on, which the outline does not list. */
export function omitted(blocks: readonly RouteBlock[], from: number, listed: number): DocumentSymbol {
  const first = blocks[from]?.range;
  const last = blocks.at(-1)?.range;
  if (!first || !last) throw new RangeError(`No block ${from} of ${blocks.length} to stand for`);
  const range = { start: first.start, end: last.end };
  return {
    name: `… ${blocks.length - from} more blocks not listed`,
    detail: `the outline lists the first ${listed} blocks of a very large file`,
    kind: SymbolKind.Namespace,
    range,
    selectionRange: first,
    children: [],
  };
}

/** The block's symbol with every point of its route as a child. */
function blockSymbol(block: RouteBlock): DocumentSymbol {
  const children: DocumentSymbol[] = [];
  for (const element of block.elements) {
    const point = pointOf(element);
    if (!point) continue;
    children.push({
      name: point.text || '(point)',
      detail: pointKindName(point),
      kind: pointSymbolKind(point),
      // A point change shows the whole `LN/N0284A045`; the name stays the point.
      range: element.range,
      selectionRange: rangeInside(point.range, element.range) ? point.range : element.range,
    });
  }
  const selection = block.routeRange && rangeInside(block.routeRange, block.range) ? block.routeRange : block.range;
  return {
    name: block.name.trim() || (block.kind === 'fpl' ? 'FPL message' : 'route'),
    detail: block.kind === 'fpl' ? 'FPL message' : blockDetail(block),
    kind: block.kind === 'fpl' ? SymbolKind.Object : SymbolKind.Namespace,
    range: block.range,
    selectionRange: selection,
    children,
  };
}

function blockDetail(block: RouteBlock): string {
  const points = block.elements.filter((e) => pointOf(e)).length;
  return `route, ${points} point${points === 1 ? '' : 's'}`;
}

export function pointKindName(point: PointElement): string {
  switch (point.kind) {
    case 'point':
      return point.ident.length <= 3 ? 'navaid' : point.ident.length === 5 ? 'named point' : 'significant point';
    case 'latLon':
      return 'lat/lon';
    case 'bearingDistance':
      return 'bearing/distance';
    case 'aerodrome':
      return 'aerodrome';
  }
}

function pointSymbolKind(point: PointElement): SymbolKind {
  switch (point.kind) {
    case 'point':
      return SymbolKind.Constant;
    case 'latLon':
    case 'bearingDistance':
      return SymbolKind.Number;
    case 'aerodrome':
      return SymbolKind.Module;
  }
}
