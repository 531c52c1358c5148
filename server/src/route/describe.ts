/** Decoded meanings of elements in words, as hovers and outlines show them. */
import type { Level, Speed } from './model';

/** 11300 → "11,300" without the cost of toLocaleString. */
export function groupThousands(n: number): string {
  const s = String(n);
  if (s.length <= 3) return s;
  let out = '';
  let i = s.length % 3;
  if (i > 0) out = s.slice(0, i);
  for (; i < s.length; i += 3) out += (out ? ',' : '') + s.slice(i, i + 3);
  return out;
}

export function describeSpeed(speed: Speed): string {
  switch (speed.unit) {
    case 'knots':
      return `${speed.value} kt TAS`;
    case 'kmh':
      return `${speed.value} km/h TAS`;
    case 'mach': {
      const v = speed.value;
      return `Mach ${Math.floor(v / 100)}.${v % 100 < 10 ? '0' : ''}${v % 100}`;
    }
  }
}

export function describeLevel(level: Level): string {
  switch (level.unit) {
    case 'flightLevel':
      return level.text.length === 4 ? `FL${level.text.slice(1)}` : `FL${level.value}`;
    case 'metricLevel':
      return `metric level ${groupThousands(level.value * 10)} m`;
    case 'altitudeFeet':
      return `altitude ${groupThousands(level.value * 100)} ft`;
    case 'altitudeMetres':
      return `altitude ${groupThousands(level.value * 10)} m`;
    case 'vfr':
      return 'VFR';
  }
}

export function describeSpeedLevel(speed: Speed, level: Level): string {
  return level.unit === 'vfr'
    ? `${describeSpeed(speed)}, VFR (no cruising level)`
    : `${describeSpeed(speed)} at ${describeLevel(level)}`;
}

function pad(n: number, width: number): string {
  let s = String(n);
  while (s.length < width) s = '0' + s;
  return s;
}

/** Degrees (and minutes when given) as written, e.g. "46°20'N 078°05'W". */
export function describeLatLon(
  latDeg: number,
  latMin: number,
  ns: string,
  lonDeg: number,
  lonMin: number,
  ew: string,
  withMinutes: boolean,
): string {
  return withMinutes
    ? `${pad(latDeg, 2)}°${pad(latMin, 2)}'${ns} ${pad(lonDeg, 3)}°${pad(lonMin, 2)}'${ew}`
    : `${pad(latDeg, 2)}°${ns} ${pad(lonDeg, 3)}°${ew}`;
}

/** ICAO coordinate `ddmmNdddmmE` of a position, rounded to the minute. */
export function icaoCoordinate(lat: number, lon: number): string {
  const part = (value: number, degreeDigits: number, hemispheres: string) => {
    let minutes = Math.round(Math.abs(value) * 60);
    const degrees = Math.floor(minutes / 60);
    minutes -= degrees * 60;
    const hemisphere = value < 0 ? hemispheres[1] : hemispheres[0];
    return `${String(degrees).padStart(degreeDigits, '0')}${String(minutes).padStart(2, '0')}${hemisphere}`;
  };
  return `${part(lat, 2, 'NS')}${part(lon, 3, 'EW')}`;
}
