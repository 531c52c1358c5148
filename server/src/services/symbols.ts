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
import { rangeInside } from './ranges';
import { formatNm } from './routeLegs';

/**
 * An outline of more symbols than this is of no use to anyone and costs seconds to encode (a 5 MB
 * file has ~80,000 blocks): past it, blocks lose their points, then the rest is one summary entry.
 */
export const MAX_SYMBOLS = 20_000;

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
 * one request to the next: only blocks whose lines changed are read again.
 */
export function documentSymbols(
  document: RouteDocument,
  token: CancellationToken,
  maxSymbols = MAX_SYMBOLS,
  routeDistanceNm?: (block: RouteBlock) => number | undefined,
  cache?: SymbolCache,
): DocumentSymbol[] {
  const symbols: DocumentSymbol[] = [];
  let budget = maxSymbols;
  const blocks = document.blocks;
  cache?.begin();
  let i = 0;
  for (; i < blocks.length; i++) {
    if (token.isCancellationRequested) return [];
    if (budget <= 1 && i < blocks.length - 1) {
      symbols.push(omitted(blocks.slice(i)));
      break;
    }
    let symbol = placedSymbol(blocks[i], cache);
    const children = symbol.children ?? [];
    if (children.length > budget - 1) symbol = { ...symbol, children: children.slice(0, Math.max(0, budget - 1)) };
    const distance = routeDistanceNm?.(blocks[i]);
    if (distance !== undefined) symbol = { ...symbol, detail: `${symbol.detail}, ${formatNm(distance)}` };
    budget -= 1 + (symbol.children?.length ?? 0);
    symbols.push(symbol);
  }
  cache?.end(i);
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

function omitted(rest: RouteBlock[]): DocumentSymbol {
  const range = { start: rest[0].range.start, end: rest[rest.length - 1].range.end };
  return {
    name: `… ${rest.length} more blocks`,
    detail: 'not listed: the outline stops here in very large files',
    kind: SymbolKind.Namespace,
    range,
    selectionRange: rest[0].range,
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
