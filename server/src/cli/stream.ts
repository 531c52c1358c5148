/**
 * `check` of one file block by block, for the plain check (no route expansion, which needs the
 * whole document): each block is read, its findings are written, and it is let go, so the
 * checker holds the file's text and one block whatever the file's size or its number of
 * findings. JSON lists the findings first and the blocks after them: each block is read once,
 * with its facts, and its facts are held (as JSON) until the findings are written, up to
 * BLOCKS_HELD characters; past that, the rest are read a second time for their facts instead.
 */
import { binaryFinding, eachBlock, type RawBlock, type RouteBlock, type RouteDiagnostic } from '../route';
import { checkBlock, KEEP_FACTS } from '../route/block';
import { comparePositions } from '../route/ranges';
import { textLine, type Counts, type JsonReportWriter, type LineSink } from './output';

/** What the JSON output says of a block. */
export interface BlockReport {
  kind: RouteBlock['kind'];
  name: string;
  /** Zero-based, as in LSP. */
  range: RouteBlock['range'];
  origin?: string;
  destination?: string;
  referenceFix?: string;
  routeText: string;
  /** Filled by an enricher that expands routes (offline navigation data or the hub). */
  expansion?: unknown;
}

export function blockReport(b: RouteBlock): BlockReport {
  return {
    kind: b.kind,
    name: b.name,
    range: b.range,
    ...writtenEnds(b),
    routeText: b.routeText,
  };
}

/** The block's origin, destination and referenceFix as written; each left out when the block has none. */
function writtenEnds(b: { [K in 'origin' | 'destination' | 'referenceFix']?: { value: string } | undefined }): {
  origin?: string;
  destination?: string;
  referenceFix?: string;
} {
  return {
    ...(b.origin && { origin: b.origin.value }),
    ...(b.destination && { destination: b.destination.value }),
    ...(b.referenceFix && { referenceFix: b.referenceFix.value }),
  };
}

/**
 * The blocks' facts held while a file's findings are written, in characters of JSON (about the
 * file's own size for a file of this size): a larger file has the rest of its blocks read again.
 */
export const BLOCKS_HELD = 8 * 1048576;

/** The block read once for its findings and its facts, or undefined for comments only. */
function readWhole(raw: RawBlock): { findings: RouteDiagnostic[]; facts: BlockReport } | undefined {
  const read = checkBlock(raw, KEEP_FACTS);
  if (!read) return undefined;
  const { kind, name, range, origin, destination, referenceFix, diagnostics } = read.data;
  return {
    findings: diagnostics,
    facts: {
      kind,
      name,
      range,
      ...writtenEnds({ origin, destination, referenceFix }),
      routeText: read.routeText ?? '',
    },
  };
}

/** The block read for its findings only (the check pass), or undefined for comments only. */
function readFindings(raw: RawBlock): RouteDiagnostic[] | undefined {
  return checkBlock(raw)?.data.diagnostics;
}

/**
 * Writes the findings of `text` (the contents of `file`) in document order, as text lines or
 * into the open JSON document, counting them in `counts`. A sink's promise (a full pipe) is
 * awaited; the lines it takes at once are not, as a turn of the microtask queue per line added up.
 */
export async function streamFile(
  file: string,
  text: string,
  counts: Counts,
  out: { json: JsonReportWriter; blocksHeld?: number } | { lines: LineSink },
): Promise<void> {
  const json = 'json' in out ? out.json : undefined;
  const blocksHeld = ('json' in out ? out.blocksHeld : undefined) ?? BLOCKS_HELD;
  const lines = 'lines' in out ? out.lines : undefined;
  const write = (d: RouteDiagnostic): void | Promise<void> => {
    counts[d.severity]++;
    return json ? json.finding(d) : lines!(textLine(file, d));
  };
  // The one finding of the document itself goes where its position puts it among the blocks'.
  let binary = binaryFinding(text);
  const held: string[] = [];
  let heldSize = 0;
  /** Blocks from this index on are read again for their facts (the held ones filled BLOCKS_HELD). */
  let rereadFrom = -1;
  let index = 0;
  if (json) await json.beginFile(file);
  for (const raw of eachBlock(text)) {
    let found: RouteDiagnostic[] | undefined;
    if (json && rereadFrom < 0) {
      const whole = readWhole(raw);
      found = whole?.findings;
      if (whole) {
        const facts = JSON.stringify(whole.facts);
        held.push(facts);
        heldSize += facts.length;
        index++;
        if (heldSize > blocksHeld) rereadFrom = index;
      }
    } else found = readFindings(raw);
    if (!found) continue;
    // A block's findings lie inside it; the summary of a flooded block is sorted into place.
    const findings =
      found.length > 1 ? found.slice().sort((a, b) => comparePositions(a.range.start, b.range.start)) : found;
    for (const d of findings) {
      if (binary && comparePositions(binary.range.start, d.range.start) <= 0) {
        const wait = write(binary);
        if (wait) await wait;
        binary = undefined;
      }
      const wait = write(d);
      if (wait) await wait;
    }
  }
  if (binary) await write(binary);
  if (!json) return;
  await json.beginBlocks();
  for (const facts of held) {
    const wait = json.blockJson(facts);
    if (wait) await wait;
  }
  held.length = 0;
  if (rereadFrom >= 0) {
    let at = 0;
    for (const raw of eachBlock(text)) {
      // The held ones are counted (blocks of comments only are none), not read again in full.
      if (at < rereadFrom) {
        if (readFindings(raw)) at++;
        continue;
      }
      const whole = readWhole(raw);
      if (!whole) continue;
      const wait = json.block(whole.facts);
      if (wait) await wait;
    }
  }
  await json.endFile();
}
