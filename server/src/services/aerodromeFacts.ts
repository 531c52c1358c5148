/**
 * What the navigation data knows of an aerodrome, for its hover: its name, its elevation (the
 * aerodrome table's) and the runways nav.dat gives an ILS for, saying the data and cycle they
 * rest on. The data has no other runway facts (airports.tsv holds none; apt.dat's runway rows
 * are read for the position only).
 */
import type { NavDatabase } from '../navdata/loader';
import { dataSource } from '../expansion/airwayLevels';
import { escapeMarkdown } from '../route/markdown';

export function aerodromeFacts(db: NavDatabase | undefined, code: string): string | undefined {
  const icao = code.trim().toUpperCase();
  if (!db || !/^[A-Z]{4}$/.test(icao)) return undefined;
  const index = db.aerodrome(icao);
  if (index === undefined) return undefined;
  const point = db.point(index);
  const lines = [`**${icao}**${point.name ? ` ${escapeMarkdown(point.name)}` : ''}`];
  if (point.elevationFt !== undefined)
    lines.push(`Elevation ${Math.round(point.elevationFt).toLocaleString('en')} ft.`);
  const ils = db.ilsRunways(icao);
  lines.push(
    ils.length > 0
      ? `ILS on runway${ils.length === 1 ? '' : 's'} ${ils.join(', ')}.`
      : 'No ILS runway in the data (no instrument approach it knows of).',
  );
  lines.push(`*${dataSource(db).replace(/^in the/, 'From the')}.*`);
  return lines.join('\n\n');
}
