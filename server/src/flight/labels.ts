/** Airspace limits and schedules in the words charts use: "FL095–FL245", "SFC–2500 ft", "MON–FRI 07:00–15:30 UTC". */
import type { AirspaceSchedule, VerticalLimit } from '../airspace/model';

export function verticalLimit(limit: VerticalLimit | undefined): string {
  if (!limit || limit.value === undefined || limit.value === null || String(limit.value).trim() === '') return '?';
  // Services send limit values as text or as JSON numbers.
  const value = String(limit.value).trim().toUpperCase();
  const uom = String(limit.uom ?? '').toUpperCase();
  const reference = String(limit.reference ?? '').toUpperCase();
  if (value === 'UNL' || value === 'UNLIMITED') return 'UNL';
  if (value === 'GND' || value === 'SFC') return value;
  // AIXM's FLOOR / CEILING name another airspace's limit: no unit goes with them.
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  if (uom === 'FL') return `FL${value.padStart(3, '0')}`;
  // AIXM SM, standard metres: a metric level in tens of metres (Item 15's S1190 is 11 900 m).
  if (uom === 'SM') return `S${value.padStart(4, '0')} (${Number(value) * 10} m)`;
  const number = Number(value);
  if ((reference === 'SFC' || reference === 'GND') && number === 0) return reference === 'GND' ? 'GND' : 'SFC';
  const unit = uom === 'M' ? 'm' : uom === 'FT' || uom === '' ? 'ft' : uom.toLowerCase();
  const suffix = reference === 'SFC' || reference === 'GND' || reference === 'AGL' ? ' AGL' : '';
  return `${Number.isFinite(number) ? number : value} ${unit}${suffix}`;
}

export function limitsLabel(lower: string, upper: string): string {
  return `${lower}–${upper}`;
}

function isAllYear(s: AirspaceSchedule): boolean {
  return (!s.startDate || s.startDate === '01-01') && (!s.endDate || s.endDate === '31-12');
}

/** The schedules in words, or undefined when the hub gives none. "H24" for round the clock. */
export function scheduleText(schedules: readonly AirspaceSchedule[] | undefined): string | undefined {
  if (!schedules || schedules.length === 0) return undefined;
  const parts = schedules.map((s) => {
    const anyDay = (!s.day || s.day === 'ANY') && (!s.dayTil || s.dayTil === 'ANY');
    const allDay = (s.startTime ?? '00:00') === '00:00' && ['23:59', '24:00'].includes(s.endTime ?? '23:59');
    if (anyDay && allDay && isAllYear(s)) return 'H24';
    const days = anyDay ? 'daily' : s.dayTil && s.dayTil !== s.day ? `${s.day}–${s.dayTil}` : (s.day ?? '');
    const times = allDay ? 'all day' : `${s.startTime ?? '?'}–${s.endTime ?? '?'} ${s.timeReference ?? 'UTC'}`;
    const season = isAllYear(s) ? '' : ` (${s.startDate ?? '?'} to ${s.endDate ?? '?'})`;
    return `${days} ${times}${season}`;
  });
  return parts.join('; ');
}
