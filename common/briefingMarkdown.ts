/**
 * "Export briefing": what applies to this flight, in route order, with the reasons, as a
 * Markdown document a dispatcher prints. Made from the map view the host computed (its
 * verdicts, crossing table and NOTAM briefing places); nothing is judged again here. Pure.
 */
import { notamBriefing, otherNotamsLine } from './notamBriefing';
import { validityText } from './notamText';
import type { MapNotam, MapView } from './protocol/mapMessages';

/**
 * Service text as Markdown text: no table breaks, no markup, no emphasis, and never an entity a
 * reader of the raw text would see ("&lt;"): a "<" that could open a tag or an autolink is
 * escaped with a backslash, any other ("< 30 NM") left as it is.
 */
function md(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]|#]/g, (c) => `\\${c}`)
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/&(?=#?\w+;)/g, '\\&');
}

/** A NOTAM's text as it was issued, in a fenced block (nothing in it is read as Markdown), indented into its list item. */
function verbatim(text: string, indent: string): string[] {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [
    `${indent}${fence}text`,
    ...text
      .trim()
      .split(/\r?\n/)
      .map((line) => `${indent}${line}`),
    `${indent}${fence}`,
  ];
}

function notamLines(n: MapNotam, why: string): string[] {
  const validity = validityText(n.validFrom, n.validTo);
  const limits = n.lower && n.upper ? ` · ${md(n.lower)}–${md(n.upper)}` : '';
  return [
    `- **${md(n.number)} ${md(n.location)}: ${md(n.decoded ?? (n.code ? `NOTAM code ${n.code}` : 'NOTAM'))}**${limits}${
      validity ? ` · ${md(validity)}` : ''
    }`,
    `  Why: ${md(why)}`,
    '',
    ...verbatim(`E) ${n.text.trim()}`, '  '),
    '',
  ];
}

export function briefingMarkdown(view: MapView): string {
  const verdict = (id: string) => view.verdicts?.[id];
  const out: string[] = [`# Briefing: ${md(view.title)}`, ''];
  if (view.flightTime) out.push(md(view.flightTime), '');
  const f = view.filters;
  out.push(
    `Corridor ${f.corridorNm} NM en route, ${f.aerodromeCorridorNm} NM around the aerodromes; levels: ${
      f.levels?.mode === 'band'
        ? `FL${Math.round(f.levels.lowerFt / 100)}–FL${Math.round(f.levels.upperFt / 100)}`
        : (f.levels?.mode ?? 'planned')
    }; time margin ${f.timeMarginMin ?? 0} min.`,
    '',
  );

  const rows = (view.crossings ?? []).filter((r) => r.kind !== 'fir' && r.applies);
  const conflicts = rows.filter((r) => r.conflict);
  out.push(`## Conflicts (${conflicts.length})`, '');
  if (conflicts.length === 0) out.push('None at the planned levels and times.', '');
  for (const r of conflicts)
    out.push(
      `- **${md(r.name)}** ${md(r.limits)}, ${r.entryNm.toFixed(0)}–${r.exitNm.toFixed(0)} NM${
        r.entryEto ? ` (${r.entryEto}${r.exitEto && r.exitEto !== r.entryEto ? `–${r.exitEto}` : ''})` : ''
      } at ${md(r.flightLevels)}: ${md(r.reason)}`,
    );
  if (conflicts.length) out.push('');

  out.push('## Along the route', '');
  if (rows.length === 0) out.push('No airspace or NOTAM area applies along the route.', '');
  else {
    out.push('| NM | ETO | Area | Limits | Flight levels | Active | Why |', '|---:|---|---|---|---|---|---|');
    for (const r of rows)
      out.push(
        `| ${r.entryNm.toFixed(0)}–${r.exitNm.toFixed(0)} | ${r.entryEto ?? ''} | ${md(r.name)}${r.conflict ? ' **(conflict)**' : ''} | ${md(
          r.limits,
        )} | ${md(r.flightLevels)} | ${r.activity === 'active' ? 'yes' : r.activity === 'inactive' ? 'no' : '?'} | ${md(r.reason)} |`,
      );
    out.push('');
  }

  const briefing = notamBriefing(view.notams, (n) => verdict(n.id)?.applies ?? n.inCorridor);
  const listed = briefing.groups.reduce((sum, g) => sum + g.notams.length, 0);
  out.push(`## NOTAMs for this flight (${listed})`, '');
  if (listed === 0) out.push('None at the planned levels and times.', '');
  for (const group of briefing.groups) {
    out.push(`### ${md(group.title)}`, '');
    for (const n of group.notams) out.push(...notamLines(n, verdict(n.id)?.reason ?? n.reason));
  }
  const rest = otherNotamsLine(briefing);
  if (rest) out.push(`Not listed: ${md(rest)}.`);
  return `${out.join('\n').trimEnd()}\n`;
}
