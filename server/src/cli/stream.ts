/**
 * `check` of one file block by block, for the plain check (no route expansion, which needs the
 * whole document): each block is parsed, its findings are written, and it is let go, so the
 * checker holds the file's text and one block whatever the file's size or its number of
 * findings. JSON lists the findings first and the blocks after them, so the blocks are parsed
 * a second time for their facts rather than kept.
 */
import { binaryFinding, eachBlock, parseBlock, type RouteBlock, type RouteDiagnostic } from '../route';
import { comparePositions } from '../services/ranges';
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
    origin: b.origin?.value,
    destination: b.destination?.value,
    referenceFix: b.referenceFix?.value,
    routeText: b.routeText,
  };
}

/**
 * Writes the findings of `text` (the contents of `file`) in document order, as text lines or
 * into the open JSON document, counting them in `counts`.
 */
export async function streamFile(
  file: string,
  text: string,
  counts: Counts,
  out: { json: JsonReportWriter } | { lines: LineSink },
): Promise<void> {
  const json = 'json' in out ? out.json : undefined;
  const write = async (d: RouteDiagnostic): Promise<void> => {
    counts[d.severity]++;
    if (json) await json.finding(d);
    else if ('lines' in out) await out.lines(textLine(file, d));
  };
  // The one finding of the document itself goes where its position puts it among the blocks'.
  let binary = binaryFinding(text);
  if (json) await json.beginFile(file);
  for (const raw of eachBlock(text)) {
    const block = parseBlock(raw, true);
    if (!block) continue;
    // A block's findings lie inside it; the summary of a flooded block is sorted into place.
    const findings = block.diagnostics.slice().sort((a, b) => comparePositions(a.range.start, b.range.start));
    for (const d of findings) {
      if (binary && comparePositions(binary.range.start, d.range.start) <= 0) {
        await write(binary);
        binary = undefined;
      }
      await write(d);
    }
  }
  if (binary) await write(binary);
  if (!json) return;
  await json.beginBlocks();
  for (const raw of eachBlock(text)) {
    const block = parseBlock(raw);
    if (block) await json.block(blockReport(block));
  }
  await json.endFile();
}
