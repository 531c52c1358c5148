/**
 * Document symbols: one per block (route or FPL message) named like the block, with the points
 * of its route as children, so the outline reads like the flight.
 */
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import { pointOf, type CancellationToken, type PointElement, type RouteBlock, type RouteDocument } from '../route/model';
import { rangeInside } from './ranges';

export function documentSymbols(document: RouteDocument, token: CancellationToken): DocumentSymbol[] {
  const symbols: DocumentSymbol[] = [];
  for (const block of document.blocks) {
    if (token.isCancellationRequested) return [];
    symbols.push(blockSymbol(block));
  }
  return symbols;
}

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
