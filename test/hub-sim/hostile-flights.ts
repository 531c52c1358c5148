/**
 * Hostile flight answers (issue 35, item 1), each a `flights` variant over the real service's
 * FIXM and GeoJSON shapes (`fixm`): what an attacker, or a broken upstream, can send within the
 * size limit. The product must read each without holding its event loop.
 *
 * - `nested`: one more `fx:Flight` nested 60 deep around 20,000 empty elements (0.16 MB), and a
 *   feature whose properties nest 60 deep around as many empty objects;
 * - `many`: after the answer's flights, short copies of them under new GUFIs and numbers, up to
 *   100,000 flights or 30 MB (under the client's 32 MB limit, so that it is read, not refused);
 * - `long-route`: one more flight whose route text is 2.4 MB.
 */

export type HostileFlights = 'nested' | 'many' | 'long-route';
export const HOSTILE_FLIGHTS: readonly HostileFlights[] = ['nested', 'many', 'long-route'];

/** Flights of a `many` answer, at most, and its size at most. */
export const MANY_FLIGHTS = 100_000;
export const MANY_CHARS = 30 * 1024 * 1024;
const NESTING = 60;
const EMPTIES = 20_000;
const LONG_ROUTE_CHARS = 2_400_000;

export function isHostile(variant: string): variant is HostileFlights {
  return (HOSTILE_FLIGHTS as readonly string[]).includes(variant);
}

/** The FIXM flights of a list (each serialised), as the hostile variant sends them. */
export function hostileFixm(variant: HostileFlights, flights: string[], shortCopy: (copy: number) => string): string[] {
  const out = [...flights];
  if (variant === 'nested') {
    let inner = '<fx:empty/>'.repeat(EMPTIES);
    for (let d = NESTING; d > 0; d--)
      inner = `<fx:Flight><fx:gufi>nested-${d}</fx:gufi><fx:flightIdentification aircraftIdentification="NST${d}"/>${inner}</fx:Flight>`;
    out.push(inner);
  } else if (variant === 'long-route') {
    out.push(
      `<fx:Flight><fx:gufi>long-route</fx:gufi><fx:flightIdentification aircraftIdentification="LNG1"/>` +
        `<fx:agreed><fx:route routeText="${'DCT '.repeat(LONG_ROUTE_CHARS / 4)}"/></fx:agreed></fx:Flight>`,
    );
  } else if (flights.length > 0) many(out, shortCopy);
  return out;
}

/** Short copies up to MANY_FLIGHTS or MANY_CHARS. */
function many(out: string[], shortCopy: (copy: number) => string): void {
  let chars = out.reduce((n, f) => n + f.length, 0);
  for (let copy = 0; out.length < MANY_FLIGHTS; copy++) {
    const next = shortCopy(copy);
    chars += next.length + 1;
    if (chars > MANY_CHARS) return;
    out.push(next);
  }
}

/** The GeoJSON features of a list (each serialised), as the hostile variant sends them. */
export function hostileFeatures(
  variant: HostileFlights,
  features: string[],
  shortCopy: (copy: number) => string,
): string[] {
  const out = [...features];
  if (variant === 'nested') {
    let inner = JSON.stringify(Array.from({ length: EMPTIES }, () => ({})));
    for (let d = 0; d < NESTING; d++) inner = `{"nested":${inner}}`;
    out.push(`{"type":"Feature","id":"nested","geometry":null,"properties":{"callsign":"NST1","extra":${inner}}}`);
  } else if (variant === 'long-route') {
    out.push(
      `{"type":"Feature","id":"long-route","geometry":null,"properties":{"callsign":"LNG1","routeText":"${'DCT '.repeat(LONG_ROUTE_CHARS / 4)}"}}`,
    );
  } else if (features.length > 0) many(out, shortCopy);
  return out;
}
