/** Positions in degrees and decimal minutes, as the hover and the map write them. */

/** `51°09.7'N 001°21.6'E` (minutes rounded to a tenth). */
export function formatDegreesMinutes(lat: number, lon: number): string {
  const part = (value: number, degreeDigits: number, positive: string, negative: string) => {
    const tenths = Math.round(Math.abs(value) * 600);
    const degrees = Math.floor(tenths / 600);
    const minutes = (tenths % 600) / 10;
    return `${String(degrees).padStart(degreeDigits, '0')}°${minutes.toFixed(1).padStart(4, '0')}'${value < 0 ? negative : positive}`;
  };
  return `${part(lat, 2, 'N', 'S')} ${part(lon, 3, 'E', 'W')}`;
}
