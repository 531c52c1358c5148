/**
 * Reading one data file as text in chunks, within a size limit: a folder is user input, and a
 * gzip bomb, a 1 GB file, a FIFO or a device must end in one clear error, never in gigabytes of
 * memory, a hang, or an event loop frozen while the rest of the server waits.
 */
import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { isGzip } from './text';

export class NavDataError extends Error {
  override name = 'NavDataError';
}

/** Too many bytes after decompression (internal: becomes a NavDataError with the file's name). */
class OverLimit extends Error {}

/**
 * The bytes read (after decompression) between two turns of the event loop: 256 KiB, some 6,000
 * rows of fix.dat. With 1 MiB chunks the longest stall of a large load was 11–24% of the load on a
 * quiet machine, so a hover waited up to 190 ms, and the load test's bound (25%) failed under a
 * busy `npm test`; with 256 KiB it is 5–11%, for a load about 4% longer.
 */
const CHUNK_BYTES = 1 << 18;

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `1.0 GB`, `2.3 MB`, `512 KB`: sizes in messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1 << 30) return `${(bytes / (1 << 30)).toFixed(1)} GB`;
  if (bytes >= 1 << 20)
    return `${Number.isInteger(bytes / (1 << 20)) ? bytes / (1 << 20) : (bytes / (1 << 20)).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

function typeOf(stat: import('node:fs').Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}

/** What the file is, in the messages: navigation data unless the caller reads another kind of file. */
export interface FileKind {
  /** "this navigation data file", "the FIR boundaries file". */
  this: string;
  /** "navigation data must be ordinary files". */
  mustBe: string;
}

const NAVDATA_FILE: FileKind = {
  this: 'this navigation data file',
  mustBe: 'navigation data must be ordinary files',
};

/**
 * Calls `onText` with the file's text, chunk by chunk (a character split between chunks is kept
 * whole), decompressing gzip (by its magic bytes) on the way; yields to the event loop between
 * chunks. At most `maxBytes` of text are read: more is a NavDataError that names the file and
 * the limit. `onText` may throw a NavDataError to stop early.
 */
export async function readTextFile(
  file: string,
  encoding: 'latin1' | 'utf8',
  maxBytes: number,
  onText: (text: string) => void,
  kind: FileKind = NAVDATA_FILE,
): Promise<void> {
  const name = path.basename(file);
  // Non-blocking open: opening a FIFO for reading would otherwise wait for a writer for ever.
  const handle = await fs
    .open(file, constants.O_RDONLY | constants.O_NONBLOCK)
    .catch((error: NodeJS.ErrnoException) => {
      throw new NavDataError(`${file} cannot be read (${error.code ?? error.message}).`);
    });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw new NavDataError(`${name} is not a regular file (${typeOf(stat)}): ${kind.mustBe} (${file}).`);
    }
    if (stat.size > maxBytes) {
      throw new NavDataError(
        `${name} is ${formatBytes(stat.size)}: larger than the limit of ` +
          `${formatBytes(maxBytes)} for ${kind.this}, so it is not read ` +
          `(${file}).`,
      );
    }
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    const gzip = isGzip(head);
    const decoder = new StringDecoder(encoding);
    let total = 0;
    // What stopped the reading: pipeline reports a consumer's own error as an abort.
    let stop: Error | undefined;
    const consume = async (chunks: AsyncIterable<Buffer>) => {
      try {
        for await (const chunk of chunks) {
          total += chunk.length;
          if (total > maxBytes) throw new OverLimit();
          onText(decoder.write(chunk));
          await yieldToEvents();
        }
        onText(decoder.end());
      } catch (error) {
        stop ??= error as Error;
        throw error;
      }
    };
    const source = handle.createReadStream({ start: 0, highWaterMark: CHUNK_BYTES, autoClose: false });
    try {
      if (gzip) await pipeline(source, createGunzip({ chunkSize: CHUNK_BYTES }), consume);
      else await pipeline(source, consume);
    } catch (thrown) {
      const error = stop instanceof NavDataError || stop instanceof OverLimit ? stop : thrown;
      if (error instanceof NavDataError) throw error;
      if (error instanceof OverLimit) {
        throw new NavDataError(
          `${name} inflates to more than ${formatBytes(maxBytes)}: that is over the limit ` +
            `for ${kind.this}, so it is not used (a damaged file or a gzip ` +
            `bomb?) (${file}).`,
        );
      }
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (gzip && code.startsWith('Z_')) {
        throw new NavDataError(
          `${file} cannot be decompressed (${(error as Error).message}): the gzip file is damaged or incomplete.`,
        );
      }
      throw new NavDataError(`${file} cannot be read (${code || (error as Error).message}).`);
    }
  } finally {
    await handle.close().catch(() => {});
  }
}
