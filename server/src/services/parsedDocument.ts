/**
 * A document's parse of one version, the one type every layer reads: the session's sources (the
 * expansion, the conflicts, the pipeline), the features and the language server's handlers. The
 * language server makes one per version of an open document (lsp/parsedDocuments.ts, its caches
 * kept across versions); the checker and the tests make one of a whole text (`parsedDocument`).
 */
import type { LineIndex, DocumentLines } from '../route/ranges';
import type { RouteDocument } from '../route/model';
import { createTokenCache, type TokenCache } from './semanticTokens';
import { createSymbolCache, type SymbolCache } from './symbols';

/** What features derive from each block, kept across the versions of a document (blockCache.ts). */
export interface BlockCaches {
  symbols: SymbolCache;
  tokens: TokenCache;
  /** The semantic tokens last sent, which a delta request starts from. */
  sentTokens?: { resultId: string; data: number[] };
}

export interface ParsedDocument {
  uri: string;
  version: number;
  document: RouteDocument;
  /** The text's line index (offsets, positions; the expansion cache's keys): built on first use by the server. */
  readonly lines: LineIndex;
  /** The lines without the whole text, for the features that read a few (folding, colours). */
  readonly lineTexts: DocumentLines;
  /** The document's, for every version. */
  readonly caches: BlockCaches;
}

/** The caches of a document seen for the first time. */
export function newBlockCaches(): BlockCaches {
  return { symbols: createSymbolCache(), tokens: createTokenCache() };
}

/** The parse of a whole text at one version (the checker's, a test's): caches of its own. */
export function parsedDocument(
  uri: string,
  version: number,
  document: RouteDocument,
  lines: LineIndex,
): ParsedDocument {
  return { uri, version, document, lines, lineTexts: lines, caches: newBlockCaches() };
}
