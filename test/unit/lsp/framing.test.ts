import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FrameGuard } from '../../../server/src/lsp/framing';

function frame(body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]);
}

/** Feeds `input` cut at the given offsets; what passes and what was reported. */
function run(input: Buffer, cuts: number[], maxFrameBytes?: number): { out: Buffer; reports: string[] } {
  const reports: string[] = [];
  const guard = new FrameGuard((p) => reports.push(p), maxFrameBytes);
  const out: Buffer[] = [];
  guard.on('data', (b: Buffer) => out.push(b));
  const points = [
    0,
    ...[...new Set(cuts)].filter((c) => c > 0 && c < input.length).sort((a, b) => a - b),
    input.length,
  ];
  for (let k = 1; k < points.length; k++) guard.write(input.subarray(points[k - 1], points[k]));
  return { out: Buffer.concat(out), reports };
}

const good = [frame('{"a":1}'), frame('{"text":"Content-Length: 5 inside a string é"}'), frame('')] as const;

test('valid frames pass unchanged, however the input is cut', () => {
  const input = Buffer.concat(good);
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: input.length - 1 }), { maxLength: 12 }), (cuts) => {
      const { out, reports } = run(input, cuts);
      assert.deepEqual(out, input);
      assert.deepEqual(reports, []);
    }),
    { numRuns: 200 },
  );
});

test('a bad frame is reported once and skipped; the frames after it pass, however the input is cut', () => {
  const bad = [
    Buffer.from('Content-Length: abc\r\n\r\n{"x":1}'),
    Buffer.from('Content-Type: x\r\n\r\n{"x":1}'),
    Buffer.from('Content-Length: -5\r\n\r\n{"x":1}'),
    Buffer.from('Content-Length: 2000\r\n\r\n{"x":1}'),
    Buffer.from('garbage without any header end '.repeat(400)),
  ];
  for (const b of bad) {
    const input = Buffer.concat([good[0], b, good[1], good[2]]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: input.length - 1 }), { maxLength: 8 }), (cuts) => {
        const { out, reports } = run(input, cuts, 1000);
        assert.deepEqual(out, Buffer.concat(good), b.toString().slice(0, 30));
        assert.equal(reports.length, 1, reports.join('\n'));
        assert.match(reports[0]!, /invalid LSP message frame/);
      }),
      { numRuns: 60 },
    );
  }
});
