/**
 * A place in a document, LSP-style: zero-based line and character in UTF-16 code units, so
 * the route core, the protocol and the page pass them through untouched.
 */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}
