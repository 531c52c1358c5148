/** Positions in decimal degrees, as the expansion messages write them. */

/** `51.16N 001.36E` */
export function formatPosition(lat: number, lon: number): string {
  const la = `${Math.abs(lat).toFixed(2).padStart(5, '0')}${lat < 0 ? 'S' : 'N'}`;
  const lo = `${Math.abs(lon).toFixed(2).padStart(6, '0')}${lon < 0 ? 'W' : 'E'}`;
  return `${la} ${lo}`;
}
