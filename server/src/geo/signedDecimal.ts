/** Positions in signed decimal degrees, latitude first, as the hover of a lat/lon element gives them. */

/** `46.3333, -78.0833` (four decimals: about 10 m). */
export function formatSignedDecimal(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}
