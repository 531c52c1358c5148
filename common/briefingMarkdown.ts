/**
 * "Export briefing": what applies to this flight, in route order, with the reasons, as a
 * Markdown document a dispatcher prints. Made from the map view the host computed (its
 * verdicts, crossing table and NOTAM briefing places); nothing is judged again here. Pure.
 */
import type { MapNotam, MapView } from './protocol/mapMessages';

/** Service text as Markdown text: no table breaks, no markup, no emphasis. */
function md(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]|#]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const SECTION_ORDER = { departure: 0, enroute: 1, destination: 2, alternate: 3 } as const;

function notamGroup(n: MapNotam): string {
  const b = n.briefing;
  if (b?.section === 'departure') return `Departure ${n.location}`;
  if (b?.section === 'destination') return `Destination ${n.location}`;
  if (b?.section === 'alternate') return `Alternate ${n.location}`;
  return b?.fir ? `En route · FIR ${b.fir}` : 'En route';
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

  const notams = view.notams
    .map((n, index) => ({ n, index }))
    .filter(({ n }) => verdict(n.id)?.applies ?? n.inCorridor)
    .sort(
      (a, b) =>
        (a.n.briefing ? SECTION_ORDER[a.n.briefing.section] : 1) -
          (b.n.briefing ? SECTION_ORDER[b.n.briefing.section] : 1) ||
        (a.n.briefing?.alongNm ?? 0) - (b.n.briefing?.alongNm ?? 0) ||
        a.index - b.index,
    )
    .map(({ n }) => n);
  out.push(`## NOTAMs (${notams.length})`, '');
  let group = '';
  for (const n of notams) {
    const title = notamGroup(n);
    if (title !== group) out.push(`### ${md(title)}`, '');
    group = title;
    const validity = n.validFrom || n.validTo ? ` · ${md(n.validFrom ?? '…')} to ${md(n.validTo ?? '…')}` : '';
    const limits = n.lower && n.upper ? ` · ${md(n.lower)}–${md(n.upper)}` : '';
    out.push(
      `- **${md(n.number)} ${md(n.location)}: ${md(n.decoded ?? (n.code ? `NOTAM code ${n.code}` : 'NOTAM'))}**${limits}${validity}`,
      `  E) ${md(n.text)}`,
      `  Why: ${md(verdict(n.id)?.reason ?? n.reason)}`,
    );
  }
  const leftOut = view.notams.length - notams.length;
  if (leftOut > 0) out.push('', `${leftOut} NOTAM${leftOut === 1 ? '' : 's'} left out by the filters.`);
  return `${out.join('\n').trimEnd()}\n`;
}
