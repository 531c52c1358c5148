/** Coordinates as the route export files write them (GeoJSON numbers, GPX and KML text). */

/** 1e-7° is about 1 cm: finer than any navigation data, and short. */
export const COORDINATE_DECIMALS = 7;

/** A coordinate rounded to COORDINATE_DECIMALS, as a GeoJSON number. */
export function roundCoordinate(value: number): number {
  return Number(value.toFixed(COORDINATE_DECIMALS));
}

/** A coordinate as XML Schema's xsd:decimal writes it (GPX, KML): never in exponent notation. */
export function xsdDecimal(value: number): string {
  const text = value.toFixed(COORDINATE_DECIMALS).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}
