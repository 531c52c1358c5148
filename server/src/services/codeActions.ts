/**
 * Quick fixes, only where the fix is unambiguous. Each fixer is keyed by the diagnostic code the
 * parser (R1xx/R2xx) or the expansion emits; one more fixer recognises the ambiguous first fix by
 * the shape of its data (candidates), whatever code the expansion gives it, and offers to choose a
 * candidate by inserting a `referenceFix:` directive.
 */
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import {
  FIX_TYPE_LABEL,
  pointOf,
  type CancellationToken,
  type FixType,
  type NavPoint,
  type Range,
  type RouteBlock,
  type RouteDocument,
} from '../route/model';
import { isUsualFlightLevel } from '../route/sequence';
import type { TextFix } from '../route/textFixes';
import { DIAGNOSTIC_SOURCE } from './documentDiagnostics';
import { changeCruisingLevel, insertJoiningAirway, replaceAirway, replaceMisspeltPoint } from './expansionFixes';
import { blockAt } from '../route/locate';
import { LineIndex, rangeContains, rangesIntersect } from '../route/ranges';
import { icaoCoordinate } from '../route/describe';

export interface FixContext {
  uri: string;
  document: RouteDocument;
  lines: LineIndex;
  diagnostic: Diagnostic;
  block: RouteBlock | undefined;
}

export type Fixer = (context: FixContext) => CodeAction[];

export const FIXERS: Record<string, Fixer> = {
  R102: upperCase,
  R206: insertDirect,
  R210: roundFlightLevel,
  R117: attachToPoint,
  R217: directRoute,
  H001: replaceMisspeltPoint,
  H002: replaceMisspeltPoint,
  H003: originAsReference,
  H005: originAsReference,
  X001: replaceMisspeltPoint,
  X002: (context) => [...replaceMisspeltPoint(context), ...replaceAirway(context)],
  X004: insertJoiningAirway,
  X012: replaceAirway,
  X014: changeCruisingLevel,
};

export function codeActions(
  uri: string,
  document: RouteDocument,
  lines: LineIndex,
  range: Range,
  diagnostics: readonly Diagnostic[],
  token: CancellationToken,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (token.isCancellationRequested) return [];
    if (diagnostic.source !== undefined && diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    if (!rangesIntersect(diagnostic.range, range)) continue;
    const context: FixContext = { uri, document, lines, diagnostic, block: blockAt(document, diagnostic.range.start) };
    const fixer = typeof diagnostic.code === 'string' ? FIXERS[diagnostic.code] : undefined;
    const candidates = firstFixCandidates(diagnostic.data);
    // When the finding names a likely place (its first candidate), its referenceFix is the first fix.
    const likely = candidates && (diagnostic.data as { likely?: unknown }).likely === true;
    const chosen = candidates ? chooseFirstFix(context, candidates) : [];
    const [preferred] = chosen;
    if (likely && preferred) preferred.isPreferred = true;
    if (likely) actions.push(...chosen);
    if (fixer) actions.push(...fixer(context).map((a) => (likely ? { ...a, isPreferred: false } : a)));
    actions.push(...statedFixes(context));
    if (!likely) actions.push(...chosen);
  }
  return actions;
}

/**
 * The received diagnostics of ours that the document's current version still has, each as the
 * current version has it (with its `data`); the others' diagnostics as they came. A diagnostic
 * published for an older version may lie where other text is now (typed earlier on its line,
 * it covers other characters), and its fixes were made for the text it was on: the stated edits
 * of the parser and the expansion's names would write at stale positions (issue 35, item 5:
 * `DOF/26120OF/261201`). Ours are matched by code, range and message, so an unchanged finding
 * keeps its fixes, and a moved one gets them back once it is published where it now is. This
 * also gives back the `data` a client need not keep without `dataSupport` (Neovim 0.7 drops it).
 */
export function stillCurrent(received: readonly Diagnostic[], current: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const diagnostic of received) {
    if (diagnostic.source !== undefined && diagnostic.source !== DIAGNOSTIC_SOURCE) {
      out.push(diagnostic);
      continue;
    }
    const match = current.find(
      (d) => d.code === diagnostic.code && d.message === diagnostic.message && rangesEqual(d.range, diagnostic.range),
    );
    if (match) out.push(match);
  }
  return out;
}

function rangesEqual(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

function quickFix(context: FixContext, title: string, edits: TextEdit[], isPreferred = true): CodeAction {
  return {
    title,
    kind: 'quickfix',
    diagnostics: [context.diagnostic],
    isPreferred,
    edit: { changes: { [context.uri]: edits } },
  };
}

/** The fixes the parser stated with its finding (route/textFixes.ts), each checked before it is offered. */
function statedFixes(context: FixContext): CodeAction[] {
  const fixes = (context.diagnostic.data as { fixes?: unknown } | undefined)?.fixes;
  if (!Array.isArray(fixes)) return [];
  const actions: CodeAction[] = [];
  for (const fix of fixes as Partial<TextFix>[]) {
    if (typeof fix?.title !== 'string' || !Array.isArray(fix.edits)) continue;
    const edits = fix.edits.filter(
      (e): e is TextEdit => typeof e?.newText === 'string' && isPosition(e.range?.start) && isPosition(e.range?.end),
    );
    if (edits.length === fix.edits.length && edits.length > 0)
      actions.push(quickFix(context, fix.title, edits, fix.preferred === true));
  }
  return actions;
}

function isPosition(p: unknown): boolean {
  const q = p as { line?: unknown; character?: unknown } | undefined;
  return Number.isInteger(q?.line) && Number.isInteger(q?.character);
}

function upperCase(context: FixContext): CodeAction[] {
  const range = context.diagnostic.range;
  const text = context.lines.getText(range);
  // The parser names the replacement; upper-casing the range is the same fix without it.
  const suggested = (context.diagnostic.data as { replacement?: unknown } | undefined)?.replacement;
  const upper =
    typeof suggested === 'string' && suggested.toLowerCase() === text.toLowerCase() ? suggested : text.toUpperCase();
  if (!text || upper === text) return [];
  return [quickFix(context, `Write ${upper} in upper case`, [{ range, newText: upper }])];
}

/** `A B` → `A DCT B` for the pair of consecutive points whose second point carries the diagnostic. */
function insertDirect(context: FixContext): CodeAction[] {
  const elements = context.block?.elements ?? [];
  const at = context.diagnostic.range.start;
  for (const [i, b] of elements.entries()) {
    const a = elements[i - 1];
    if (!a || !pointOf(a) || !pointOf(b) || !rangeContains(b.range, at)) continue;
    // Before the second point, so the edit reads `A DCT B` on whichever line B starts.
    return [
      quickFix(context, `Insert DCT between ${a.text} and ${b.text}`, [
        { range: { start: b.range.start, end: b.range.start }, newText: 'DCT ' },
      ]),
    ];
  }
  return [];
}

/**
 * `KONAN F370` → `KONAN/N0450F370`, `DVR M082` → `DVR/M082F350`: a lone level or Mach number
 * joined to the point before it, with the speed or level of the route's first group.
 */
function attachToPoint(context: FixContext): CodeAction[] {
  const elements = context.block?.elements ?? [];
  const at = context.diagnostic.range.start;
  const first = elements.find((e) => e.kind === 'speedLevel');
  if (!first || first.kind !== 'speedLevel') return [];
  for (const [i, lone] of elements.entries()) {
    const before = elements[i - 1];
    if (!before || !rangeContains(lone.range, at)) continue;
    const point = pointOf(before);
    if (!point || before.kind !== point.kind || point.kind === 'aerodrome') return [];
    const u = lone.text.toUpperCase();
    const mach = u.length === 4 && u.startsWith('M');
    const group = mach ? `${u}${first.level.text}` : `${first.speed.text}${u}`;
    const newText = `${before.text.toUpperCase()}/${group}`;
    return [
      quickFix(context, `Write ${newText}`, [{ range: { start: before.range.start, end: lone.range.end }, newText }]),
    ];
  }
  return [];
}

/** `N0450F350` alone → `N0450F350 DCT`: direct from departure to destination. */
function directRoute(context: FixContext): CodeAction[] {
  const data = context.diagnostic.data as { insert?: unknown; at?: { line: number; character: number } } | undefined;
  if (typeof data?.insert !== 'string' || !data.at) return [];
  return [
    quickFix(context, 'Add DCT (direct to the destination)', [
      { range: { start: data.at, end: data.at }, newText: data.insert },
    ]),
  ];
}

/**
 * F352 → F350, F353 → F355, F213 → F210: the nearest usual cruising level (multiples of 5, of 10
 * from FL200, as R210 checks). Halfway between two (F355), both are offered and neither preferred.
 */
function roundFlightLevel(context: FixContext): CodeAction[] {
  const range = context.diagnostic.range;
  const text = context.lines.getText(range);
  const match = /F(\d{3})(?!\d)/i.exec(text);
  if (!match) return [];
  const written = Number(match[1]);
  const nearest = nearestUsualLevels(written);
  if (nearest.includes(written)) return [];
  const from = context.lines.offsetAt(range.start) + match.index;
  const where = toRange(context.lines, from, from + match[0].length);
  return nearest.map((level) => {
    const newText = `F${String(level).padStart(3, '0')}`;
    return quickFix(context, `Change ${match[0]} to ${newText}`, [{ range: where, newText }], nearest.length === 1);
  });
}

function nearestUsualLevels(level: number): number[] {
  for (let distance = 0; distance <= 10; distance++) {
    const found = [level - distance, level + distance].filter(
      (l, i) => (i === 0 || distance > 0) && l >= 0 && l <= 999 && isUsualFlightLevel(l),
    );
    if (found.length > 0) return found;
  }
  return [];
}

function toRange(lines: LineIndex, from: number, to: number): Range {
  return { start: lines.positionAt(from), end: lines.positionAt(to) };
}

/** A candidate as the expansion reports it; `referenceFix` is its own suggestion for the value. */
type Candidate = NavPoint & { distanceToOriginNm?: number; referenceFix?: string };

function firstFixCandidates(data: unknown): Candidate[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const candidates = (data as { candidates?: unknown }).candidates;
  if (!Array.isArray(candidates) || candidates.length === 0) return undefined;
  const valid = candidates.filter(
    (c): c is Candidate =>
      typeof c === 'object' &&
      c !== null &&
      typeof c.ident === 'string' &&
      Number.isFinite(c.lat) &&
      Number.isFinite(c.lon),
  );
  return valid.length > 0 ? valid : undefined;
}

/** One action per candidate: a `referenceFix:` line at the block's start naming its coordinates. */
function chooseFirstFix(context: FixContext, candidates: readonly Candidate[]): CodeAction[] {
  return candidates.flatMap((candidate) => {
    const where =
      typeof candidate.referenceFix === 'string' && /^[A-Z0-9]{2,11}$/.test(candidate.referenceFix)
        ? candidate.referenceFix
        : icaoCoordinate(candidate.lat, candidate.lon);
    const type = FIX_TYPE_LABEL[candidate.type as FixType] ?? candidate.type;
    const what = [candidate.ident, type, candidate.region, candidate.name].filter(Boolean).join(' ');
    const away =
      candidate.distanceToOriginNm !== undefined ? `, ${Math.round(candidate.distanceToOriginNm)} NM from origin` : '';
    const edit = referenceFixEdit(context, where);
    return edit ? [quickFix(context, `Use ${what} at ${where}${away} (referenceFix)`, [edit], false)] : [];
  });
}

/** The hub lists no candidates; the origin's position selects the namesake nearest the departure. */
function originAsReference(context: FixContext): CodeAction[] {
  const origin = (
    context.diagnostic.data as
      { ident?: unknown; origin?: { icao?: unknown; lat?: unknown; lon?: unknown } } | undefined
  )?.origin;
  const ident = (context.diagnostic.data as { ident?: unknown } | undefined)?.ident;
  if (
    !origin ||
    typeof origin.icao !== 'string' ||
    typeof origin.lat !== 'number' ||
    typeof origin.lon !== 'number' ||
    typeof ident !== 'string'
  )
    return [];
  if (!Number.isFinite(origin.lat) || !Number.isFinite(origin.lon)) return [];
  const where = icaoCoordinate(origin.lat, origin.lon);
  const edit = referenceFixEdit(context, where);
  return edit
    ? [quickFix(context, `Use the ${ident} nearest the origin ${origin.icao}: referenceFix ${where}`, [edit])]
    : [];
}

/** Sets the block's referenceFix, or inserts the line below its comment header. */
function referenceFixEdit(context: FixContext, value: string): TextEdit | undefined {
  const block = context.block;
  if (!block || block.kind !== 'route') return undefined;
  const existing = block.directives.find((d) => d.key === 'referenceFix');
  if (existing) return { range: existing.valueRange, newText: value };
  // Below the block's comment header, above its first directive or route line.
  const starts = [
    ...block.directives.map((d) => d.range.start),
    ...block.elements.slice(0, 1).map((e) => e.range.start),
  ];
  const firstLine = {
    line: starts.length > 0 ? Math.min(...starts.map((p) => p.line)) : block.range.start.line,
    character: 0,
  };
  return { range: { start: firstLine, end: firstLine }, newText: `referenceFix: ${value}\n` };
}
