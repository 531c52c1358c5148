/**
 * Speeds and levels read from char codes at a position inside an element, with findings on the
 * exact characters. 'M' is a speed with 3 digits and a level with 4: the caller's position
 * (speed first, then level) decides.
 */
import type { Level, Speed } from './model';

const CH_0 = 48;
const CH_9 = 57;

function isDigitCode(c: number): boolean {
  return c >= CH_0 && c <= CH_9;
}

/** Number of digits starting at `from` (before `to`). */
function digitRun(u: string, from: number, to: number): number {
  let i = from;
  while (i < to && isDigitCode(u.charCodeAt(i))) i++;
  return i - from;
}

function digitsValue(u: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) v = v * 10 + (u.charCodeAt(i) - CH_0);
  return v;
}

/** Where a speed or level reader reports its problem: code, message, characters [from, to). */
export interface SubReport {
  (code: 'R103' | 'R104', message: string, from: number, to: number): void;
}

/**
 * Reads N+4 digits, K+4 digits or M+3 digits at `from`. Returns the speed and sets `end`
 * in `cursor`, or reports and returns null.
 */
export function readSpeed(
  u: string,
  from: number,
  to: number,
  cursor: { end: number },
  report: SubReport,
): Speed | null {
  const c = u.charCodeAt(from);
  const want = c === 77 /* M */ ? 3 : 4;
  const unitName = c === 78 ? 'N (knots)' : c === 75 ? 'K (km/h)' : 'M (Mach)';
  if (from >= to) {
    // Nothing after the '/': the finding is on the '/' that asks for a speed.
    report(
      'R103',
      `speed and level missing after '/': expected e.g. /N0450F350 or /M082F350`,
      Math.max(0, from - 1),
      Math.max(1, from),
    );
    return null;
  }
  if (c !== 78 && c !== 75 && c !== 77) {
    const digits = digitRun(u, from + 1, to);
    if ((c === 70 || c === 83 || c === 65) && digits > 0) {
      // F290, S1130, A045: a level where the speed belongs.
      const level = u.slice(from, from + 1 + digits);
      report(
        'R103',
        `speed missing before the level ${level}: the speed comes first, e.g. N0450${level} or M082${level}`,
        from,
        from + 1 + digits,
      );
      return null;
    }
    const end = Math.min(to, from + 1 + Math.max(digits, 4));
    report(
      'R103',
      `'${u.slice(from, end)}' is not a speed: expected N or K + 4 digits (N0450, K0830) or M + 3 digits (M082)`,
      from,
      end,
    );
    return null;
  }
  const n = digitRun(u, from + 1, to);
  if (n !== want) {
    const example = c === 78 ? 'N0450' : c === 75 ? 'K0830' : 'M082';
    report(
      'R103',
      `speed '${u.slice(from, from + 1 + n)}' needs ${unitName} + ${want} digits, found ${n} (e.g. ${example})`,
      from,
      from + 1 + n,
    );
    return null;
  }
  cursor.end = from + 1 + want;
  const value = digitsValue(u, from + 1, want);
  return { unit: c === 78 ? 'knots' : c === 75 ? 'kmh' : 'mach', value, text: u.slice(from, cursor.end) };
}

const LEVEL_HELP = 'expected F + 3 digits (F350), S + 4 (S1130), A + 3 (A045), M + 4 (M0840)';

/**
 * Reads F+3, S+4, A+3, M+4 digits, or VFR when allowed, at `from`. Sets `cursor.end`;
 * reports and returns null when there is no readable level.
 */
export function readLevel(
  u: string,
  from: number,
  to: number,
  cursor: { end: number },
  allowVfr: boolean,
  report: SubReport,
): Level | null {
  if (from >= to) {
    // On the speed it should follow (DVR/N0450), not on its last digit.
    let at = from;
    while (at > 0 && u.charCodeAt(at - 1) >= 48 && u.charCodeAt(at - 1) <= 57) at--;
    report(
      'R104',
      `level missing after the speed ${u.slice(Math.max(0, at - 1), from)}: ${LEVEL_HELP}${allowVfr ? ' or VFR' : ''}`,
      Math.max(0, at - 1),
      from,
    );
    return null;
  }
  const c = u.charCodeAt(from);
  if (c === 86 /* V */ && u.startsWith('VFR', from)) {
    if (!allowVfr) {
      report('R104', `VFR is not a level here: ${LEVEL_HELP}`, from, from + 3);
      return null;
    }
    cursor.end = from + 3;
    return { unit: 'vfr', value: 0, text: 'VFR' };
  }
  let want: number;
  let unit: Level['unit'];
  switch (c) {
    case 70:
      want = 3;
      unit = 'flightLevel';
      break; // F
    case 83:
      want = 4;
      unit = 'metricLevel';
      break; // S
    case 65:
      want = 3;
      unit = 'altitudeFeet';
      break; // A
    case 77:
      want = 4;
      unit = 'altitudeMetres';
      break; // M
    default: {
      const end = Math.min(to, from + 1 + digitRun(u, from + 1, to));
      report('R104', `'${u.slice(from, end)}' is not a level: ${LEVEL_HELP}${allowVfr ? ' or VFR' : ''}`, from, end);
      return null;
    }
  }
  const n = digitRun(u, from + 1, to);
  if (n !== want) {
    const example = { F: 'F350', S: 'S1130', A: 'A045', M: 'M0840' }[u[from] as 'F' | 'S' | 'A' | 'M'];
    report(
      'R104',
      `level '${u.slice(from, from + 1 + n)}' needs ${u[from]} + ${want} digits, found ${n} (e.g. ${example})`,
      from,
      from + 1 + n,
    );
    return null;
  }
  cursor.end = from + 1 + want;
  return { unit, value: digitsValue(u, from + 1, want), text: u.slice(from, cursor.end) };
}
