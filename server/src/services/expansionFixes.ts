/**
 * Quick fixes where route expansion knows the answer, read from the data of its findings:
 * X001 (and the hub's H001/H002 when navigation data is set too, expansion/hubSpellings.ts) a
 * misspelt point one edit away from a point on the airway, or near the route → that point; X002 an airway
 * that does not pass the point → the airways that do, and a point of the airway one edit away; X004 a far jump between two points → the
 * airway that joins them; X012 an airway not for the planned level → the airway that covers the same
 * points at it; X014 a level of the other direction for its first leg → the nearest levels of the leg's
direction. The engine (server/src/expansion) puts the answers in the data.
 */
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { pointOf } from '../route/model';
import type { FixContext } from './codeActions';
import { sameRange } from '../route/ranges';

function fix(context: FixContext, title: string, edits: TextEdit[], isPreferred: boolean): CodeAction {
  return {
    title,
    kind: 'quickfix',
    diagnostics: [context.diagnostic],
    isPreferred,
    edit: { changes: { [context.uri]: edits } },
  };
}

function names(data: unknown, key: string): string[] {
  const list = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string' && /^[A-Z0-9]{1,7}$/.test(n)) : [];
}

export function replaceMisspeltPoint(context: FixContext): CodeAction[] {
  const range = context.diagnostic.range;
  const written = context.lines.getText(range);
  const replacements = names(context.diagnostic.data, 'replacements');
  const where =
    (context.diagnostic.data as { near?: unknown } | undefined)?.near === 'route' ? 'near the route' : 'on the airway';
  return replacements.map((name) =>
    fix(context, `Replace ${written} by ${name} (${where})`, [{ range, newText: name }], replacements.length === 1),
  );
}

/**
 * X002 sits on the airway when it is joined at a point it does not pass, and on the point when
 * the airway does not pass the point it is left at: either way the airway is what is replaced.
 */
function airwayRangeOf(context: FixContext): FixContext['diagnostic']['range'] | undefined {
  const elements = context.block?.elements ?? [];
  const at = elements.findIndex((e) => sameRange(pointOf(e)?.range ?? e.range, context.diagnostic.range));
  if (at < 0) return context.diagnostic.range;
  for (const element of elements.slice(0, at + 1).reverse()) if (element.kind === 'airway') return element.range;
  return undefined;
}

export function replaceAirway(context: FixContext): CodeAction[] {
  const range = airwayRangeOf(context);
  if (!range) return [];
  const written = context.lines.getText(range);
  const data = context.diagnostic.data as { point?: unknown; covers?: unknown } | undefined;
  // X002 names the point the airway passes; X012 the points and level it covers.
  const passing =
    typeof data?.point === 'string'
      ? ` (passes ${data.point})`
      : typeof data?.covers === 'string'
        ? ` (covers ${data.covers})`
        : '';
  const airways = names(context.diagnostic.data, 'airways').filter((name) => name !== written.toUpperCase());
  return airways.map((name) =>
    fix(context, `Replace ${written} by ${name}${passing}`, [{ range, newText: name }], airways.length === 1),
  );
}

/** `A DCT B` → `A AWY B`; `A B` → `A AWY B`. */
export function insertJoiningAirway(context: FixContext): CodeAction[] {
  const elements = context.block?.elements ?? [];
  const at = elements.findIndex(
    (e) =>
      sameRange(e.range, context.diagnostic.range) || sameRange(pointOf(e)?.range ?? e.range, context.diagnostic.range),
  );
  const before = elements[at - 1];
  const target = elements[at];
  if (!before || !target) return []; // not found (-1), or the first element: nothing before it
  const airways = names(context.diagnostic.data, 'airways');
  const from = (context.diagnostic.data as { from?: unknown } | undefined)?.from;
  const what = `between ${typeof from === 'string' ? from : before.text} and ${target.text}`;
  if (before.kind === 'direct') {
    return airways.map((name) =>
      fix(
        context,
        `Fly ${name} ${what} instead of DCT`,
        [{ range: before.range, newText: name }],
        airways.length === 1,
      ),
    );
  }
  if (!pointOf(before)) return [];
  return airways.map((name) =>
    fix(
      context,
      `Insert ${name} ${what}`,
      [{ range: { start: target.range.start, end: target.range.start }, newText: `${name} ` }],
      airways.length === 1,
    ),
  );
}

/** A level as Item 15 writes it: F350, A045, S1130, M0840. */
const LEVEL = /^(?:[FA]\d{3}|[SM]\d{4})$/;

/**
 * X014 sits on the speed/level group or the change that sets the level, which ends with the
 * level: that level is replaced by each of the nearest levels of the leg's direction, once the
 * text still ends with the level the finding judged.
 */
export function changeCruisingLevel(context: FixContext): CodeAction[] {
  const data = context.diagnostic.data as { level?: unknown; levels?: unknown } | undefined;
  const level = typeof data?.level === 'string' && LEVEL.test(data.level) ? data.level : undefined;
  const levels = Array.isArray(data?.levels)
    ? data.levels.filter((l): l is string => typeof l === 'string' && LEVEL.test(l))
    : [];
  const range = context.diagnostic.range;
  if (!level || range.start.line !== range.end.line) return [];
  const written = context.lines.getText(range);
  if (!written.toUpperCase().endsWith(level)) return [];
  const at = { start: { line: range.end.line, character: range.end.character - level.length }, end: range.end };
  return levels.map((to) =>
    fix(context, `Change ${level} to ${to}`, [{ range: at, newText: to }], levels.length === 1),
  );
}
