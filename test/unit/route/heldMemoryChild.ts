/**
 * Run by heldMemory.test.ts in a child process with a capped heap: parses one shape of text as
 * the language server does (incremental parser, then the diagnostics it publishes) and prints
 * how many bytes of heap the parse holds per character of text.
 */
import { IncrementalRouteParser } from '../../../server/src/route';
import { documentDiagnostics } from '../../../server/src/services/diagnostics';
import { heldShapes } from './heldShapes';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const [shape, megabytes] = process.argv.slice(2);
const text = heldShapes(Number(megabytes) * 1048576)[shape];
gc();
gc();
const before = process.memoryUsage().heapUsed;
const parser = new IncrementalRouteParser();
const document = parser.parse(text);
const published = documentDiagnostics(document, { isCancellationRequested: false });
gc();
gc();
const held = process.memoryUsage().heapUsed - before;
console.log(
  JSON.stringify({ bytesPerChar: held / text.length, blocks: document.blocks.length, published: published.length }),
);
// Kept alive up to here, as the server keeps them.
if (!parser || document.blocks.length < 0) console.log('unreachable');
