/**
 * The country (ISO 3166 alpha-2) of an ICAO location indicator, by its prefix: the hub lists
 * microlight aerodromes by country. Two-letter prefixes first; single letters (K, C, Y, Z) are
 * whole countries. Prefixes not listed give no country (no microlights asked for).
 */
const ICAO_PREFIXES: Readonly<Record<string, string>> = {
  EG: 'GB', EI: 'IE', ED: 'DE', ET: 'DE', EH: 'NL', EB: 'BE', EL: 'LU', LF: 'FR', LS: 'CH', LO: 'AT',
  LI: 'IT', LK: 'CZ', EP: 'PL', EK: 'DK', ES: 'SE', EN: 'NO', EF: 'FI', BI: 'IS', BG: 'GL', LE: 'ES',
  LP: 'PT', LZ: 'SK', LH: 'HU', LJ: 'SI', LD: 'HR', LG: 'GR', LT: 'TR', LR: 'RO', LB: 'BG', LY: 'RS',
  LQ: 'BA', LW: 'MK', LA: 'AL', LM: 'MT', LC: 'CY', LN: 'MC', EE: 'EE', EV: 'LV', EY: 'LT', UK: 'UA',
  UM: 'BY', LU: 'MD', OM: 'AE', VT: 'TH', WS: 'SG', WM: 'MY', VH: 'HK', RJ: 'JP', RO: 'JP', RK: 'KR',
  VA: 'IN', VI: 'IN', VO: 'IN', VE: 'IN', PA: 'US', PH: 'US', NZ: 'NZ', K: 'US', C: 'CA', Y: 'AU', Z: 'CN',
};

export function countryOfIcao(icao: string): string | undefined {
  const code = icao.toUpperCase();
  return ICAO_PREFIXES[code.slice(0, 2)] ?? ICAO_PREFIXES[code.slice(0, 1)];
}
