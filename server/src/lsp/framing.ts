/**
 * A guard in front of the LSP base protocol's framing (`Content-Length: n\r\n\r\n` + n bytes) on
 * a byte stream (stdio). vscode-jsonrpc's reader, given a frame whose Content-Length is missing,
 * not a number, negative or absurdly large, reports an error nobody sees and then reads every
 * later message out of step: the connection is wedged in silence. This guard passes valid
 * frames through unchanged; an invalid one is reported (what was wrong) and skipped up to the
 * next `Content-Length:` header, so the next good message is read again.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** Larger than any document an editor sends (a 50 MB file is ~55 MB of JSON). */
export const MAX_FRAME_BYTES = 256 << 20;
/** A header block longer than this is no header. */
const MAX_HEADER_BYTES = 8192;

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /content-length:/i;

export class FrameGuard extends Transform {
  private buffer: Buffer = Buffer.alloc(0);
  /** Body bytes still to pass through for the current valid frame. */
  private bodyLeft = 0;
  /** Skipping since a bad frame: reported once, not once per chunk, until a good frame comes. */
  private resyncing = false;

  constructor(
    private readonly report: (problem: string) => void,
    private readonly maxFrameBytes = MAX_FRAME_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    if (this.bodyLeft > 0) {
      const take = Math.min(this.bodyLeft, data.length);
      this.push(data.subarray(0, take));
      this.bodyLeft -= take;
      data = data.subarray(take);
    }
    if (data.length > 0) {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      this.drain();
    }
    done();
  }

  private drain(): void {
    while (this.buffer.length > 0 && this.bodyLeft === 0) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) {
        if (this.buffer.length > MAX_HEADER_BYTES) this.skip(`a header block longer than ${MAX_HEADER_BYTES} bytes`);
        return;
      }
      const header = this.buffer.subarray(0, end).toString('ascii');
      const length = this.contentLength(header);
      if (typeof length === 'string') {
        this.skip(length);
        continue;
      }
      this.resyncing = false;
      const frameStart = end + HEADER_END.length;
      this.push(this.buffer.subarray(0, frameStart));
      const available = this.buffer.length - frameStart;
      const take = Math.min(length, available);
      if (take > 0) this.push(this.buffer.subarray(frameStart, frameStart + take));
      this.bodyLeft = length - take;
      this.buffer = this.buffer.subarray(frameStart + take);
      if (this.buffer.length === 0) this.buffer = Buffer.alloc(0);
    }
  }

  /** The body length, or what is wrong with the header block. */
  private contentLength(header: string): number | string {
    let length: number | string = 'no Content-Length header';
    for (const line of header.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) return `a header line without ':' (${JSON.stringify(line.slice(0, 60))})`;
      if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
      const value = line.slice(colon + 1).trim();
      if (!/^\d{1,12}$/.test(value))
        return `Content-Length ${JSON.stringify(value.slice(0, 40))} is not a number of bytes`;
      const n = Number(value);
      if (n > this.maxFrameBytes) return `Content-Length ${n} is over the limit of ${this.maxFrameBytes} bytes`;
      length = n;
    }
    return length;
  }

  /**
   * Reports the bad frame (once per run of bad input) and drops bytes up to the next
   * Content-Length header after offset 0; without one, all but a tail that may be its start.
   */
  private skip(problem: string): void {
    const next = this.buffer.toString('latin1', 1).search(CONTENT_LENGTH);
    const dropped = next >= 0 ? next + 1 : Math.max(1, this.buffer.length - 14);
    if (!this.resyncing)
      this.report(`invalid LSP message frame (${problem}): skipped up to the next Content-Length header`);
    this.resyncing = true;
    this.buffer = this.buffer.subarray(dropped);
  }
}
