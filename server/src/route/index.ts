/** The route language core: model, parser and local checks. Free of LSP and VS Code types. */
export * from './model';
export { DIAGNOSTIC_CODES, type DiagnosticCode, type DiagnosticCodeInfo } from './codes';
export { blocksInOrder, parseRouteDocument, IncrementalRouteParser } from './document';
export { parseBlock, LazyRouteBlock } from './lazyBlock';
export { RouteDocumentEditor } from './editing';
export { MovableRouteBlock, keyOfBlock, diagnosticCountOf, settledBlock } from './movableBlock';
export { eachBlock, splitBlocks, splitLines, type RawBlock } from './blocks';
export { binaryFinding } from './document';
export { setReferenceClock } from './clock';
