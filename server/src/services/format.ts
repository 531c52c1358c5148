/** Words for speeds and levels, and safe markdown for text that came from the user's file. */
import type { Level, Speed } from '../route/model';

export function describeSpeed(speed: Speed): string {
  switch (speed.unit) {
    case 'knots':
      return `${speed.value} kt true airspeed`;
    case 'kmh':
      return `${speed.value} km/h true airspeed`;
    case 'mach':
      return `Mach ${(speed.value / 100).toFixed(2)}`;
  }
}

export function describeLevel(level: Level): string {
  switch (level.unit) {
    case 'flightLevel':
      return `flight level ${String(level.value).padStart(3, '0')}`;
    case 'metricLevel':
      return `standard metric level ${level.value * 10} m`;
    case 'altitudeFeet':
      return `altitude ${level.value * 100} ft`;
    case 'altitudeMetres':
      return `altitude ${level.value * 10} m`;
    case 'vfr':
      return 'VFR (no cruising level)';
  }
}

/** Inline code that survives backticks, line breaks and control characters in the source. */
export function inlineCode(text: string, maxLength = 60): string {
  let shown = text.replace(/[\u0000-\u001f\u007f]/g, '\uFFFD');
  if (shown.length > maxLength) shown = `${shown.slice(0, maxLength)}…`;
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** Plain text made inert for markdown (descriptions and messages are prose, not markup). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
}
