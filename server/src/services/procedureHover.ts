/**
 * The hover of a SID or STAR whose aerodrome's procedures were read (expansion/procedures.ts):
 * its aerodrome and runways, its transitions, its legs in order with their altitude and speed
 * constraints, and the file (and cycle) it comes from. Pure: the expansion result comes in as data.
 */
import type { ExpansionResult, ProcedureDetail, ProcedureElement } from '../route/model';
import { escapeMarkdown, inlineCode } from '../route/markdown';

/** Legs listed in full; a longer procedure shows its first ones and a count. */
const MAX_LEGS = 30;

export function procedureHoverSection(
  element: ProcedureElement,
  elementIndex: number,
  result: ExpansionResult,
  from: string,
): string | undefined {
  const detail = result.procedures.find((p) => p.elementIndex === elementIndex)?.detail;
  if (!detail) return undefined;
  const what = element.kind === 'sid' ? 'SID' : 'STAR';
  const lines = [
    from,
    '',
    `**${what} of ${detail.aerodrome}**${detail.rnav ? ' (RNAV)' : ''}, from ${escapeMarkdown(detail.source)}`,
    '',
    runwaysLine(detail),
  ];
  if (detail.transitions.length > 0)
    lines.push(
      '',
      `**En-route transitions:** ${detail.transitions.map((t) => inlineCode(t)).join(', ')}` +
        (detail.transition ? ` (flown: ${inlineCode(detail.transition)})` : ''),
    );
  lines.push(
    '',
    `**${element.kind === 'sid' ? 'Ends at' : 'Begins at'}:** ${detail.connects.map((t) => inlineCode(t)).join(' or ') || 'no fix'}`,
    '',
    `**Legs${detail.transition || detail.runway ? ' flown' : ''}:**`,
    '',
  );
  detail.legs.slice(0, MAX_LEGS).forEach((leg, k) => {
    // A climb to an altitude says it in its words already.
    const altitude = leg.altitude && !leg.text.includes(leg.altitude) ? leg.altitude : undefined;
    const constraints = [altitude, leg.speed].filter(Boolean).join(', ');
    const missing = leg.fix && !leg.placed ? ' *(not in the navigation data: not drawn)*' : '';
    lines.push(`${k + 1}. ${escapeMarkdown(leg.text)}${constraints ? ` — ${constraints}` : ''}${missing}`);
  });
  if (detail.legs.length > MAX_LEGS) lines.push('', `…and ${detail.legs.length - MAX_LEGS} more legs.`);
  if (detail.note) lines.push('', escapeMarkdown(detail.note));
  return lines.join('\n');
}

function runwaysLine(detail: ProcedureDetail): string {
  const runways = detail.runways.map((r) =>
    r === 'ALL' ? 'all runways' : r.endsWith('B') ? `${r.slice(0, 2)}L/R` : r,
  );
  const line = `**Runways:** ${runways.join(', ')}`;
  return detail.runway
    ? `${line} (the legs are those of ${detail.runway}, the first published: the route text names no runway)`
    : line;
}
