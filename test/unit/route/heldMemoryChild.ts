/**
 * Run by heldMemory.test.ts in a child process with a capped heap: opens one shape of text as
 * the language server does (ParsedDocuments: the incremental parser, then the diagnostics it
 * publishes), lets the idle time after the open pass (the server builds its editor of the
 * document then), then edits it once (the editor the server keeps from then on, the parser's last
 * blocks and the new text), and prints how many bytes of heap each state holds per character.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ParsedDocuments } from '../../../server/src/lsp/parsedDocuments';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { heldShapes } from './heldShapes';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const [shape = '', megabytes] = process.argv.slice(2);
const makeText = heldShapes(Number(megabytes) * 1048576)[shape];
if (!makeText) throw new Error(`no text shape ${JSON.stringify(shape)} in heldShapes.ts`);
const text = makeText();
const uri = 'file:///held.route';
const live = { isCancellationRequested: false };

function heapUsed(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

const before = heapUsed();
const documents = new ParsedDocuments();
let textDocument = TextDocument.create(uri, 'route', 1, text);
let published = documentDiagnostics(documents.get(textDocument).document, live);
const open = heapUsed() - before;

async function main(): Promise<void> {
  // The idle time after the open: the server builds its editor of the document then.
  while (!documents.editorBuilt(uri)) await new Promise((resolve) => setImmediate(resolve));
  const idle = heapUsed() - before;
  // One character typed at the start: the server switches to its editor of the document.
  const change = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' };
  documents.recordChanges(uri, 1, [change], 2);
  textDocument = TextDocument.update(textDocument, [change], 2);
  const parsed = documents.get(textDocument);
  published = documentDiagnostics(parsed.document, live);
  const edited = heapUsed() - before;
  console.log(
    JSON.stringify({
      open: open / text.length,
      idle: idle / text.length,
      edited: edited / text.length,
      blocks: parsed.document.blocks.length,
      published: published.length,
    }),
  );
  // Kept alive up to here, as the server keeps them.
  if (!documents || parsed.version < 0) console.log('unreachable');
}

void main();
