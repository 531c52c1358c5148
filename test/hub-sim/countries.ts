/** ICAO location-indicator prefixes → ISO 3166 countries (the ones the simulator needs to name). */

/** ICAO nationality letters (ICAO Doc 7910) of the countries below; one letter for the large ones. */
const ICAO_PREFIXES: Record<string, string> = {
  EG: 'GB',
  EI: 'IE',
  ED: 'DE',
  ET: 'DE',
  EH: 'NL',
  EB: 'BE',
  EL: 'LU',
  LF: 'FR',
  LS: 'CH',
  LO: 'AT',
  LI: 'IT',
  LK: 'CZ',
  EP: 'PL',
  EK: 'DK',
  ES: 'SE',
  EN: 'NO',
  EF: 'FI',
  BI: 'IS',
  BG: 'GL',
  LE: 'ES',
  GC: 'ES',
  LP: 'PT',
  LZ: 'SK',
  LH: 'HU',
  LJ: 'SI',
  LD: 'HR',
  LG: 'GR',
  LT: 'TR',
  OM: 'AE',
  VT: 'TH',
  WS: 'SG',
  WM: 'MY',
  VH: 'HK',
  RJ: 'JP',
  RO: 'JP',
  RK: 'KR',
  Z: 'CN',
  VA: 'IN',
  VE: 'IN',
  VI: 'IN',
  VO: 'IN',
  K: 'US',
  PA: 'US',
  PH: 'US',
  C: 'CA',
  Y: 'AU',
};

export interface Country {
  iso2: string;
  iso3: string;
  name: string;
}

const COUNTRIES: Record<string, Country> = {
  GB: { iso2: 'GB', iso3: 'GBR', name: 'United Kingdom' },
  IE: { iso2: 'IE', iso3: 'IRL', name: 'Ireland' },
  DE: { iso2: 'DE', iso3: 'DEU', name: 'Germany' },
  NL: { iso2: 'NL', iso3: 'NLD', name: 'Netherlands' },
  BE: { iso2: 'BE', iso3: 'BEL', name: 'Belgium' },
  LU: { iso2: 'LU', iso3: 'LUX', name: 'Luxembourg' },
  FR: { iso2: 'FR', iso3: 'FRA', name: 'France' },
  CH: { iso2: 'CH', iso3: 'CHE', name: 'Switzerland' },
  AT: { iso2: 'AT', iso3: 'AUT', name: 'Austria' },
  IT: { iso2: 'IT', iso3: 'ITA', name: 'Italy' },
  CZ: { iso2: 'CZ', iso3: 'CZE', name: 'Czechia' },
  PL: { iso2: 'PL', iso3: 'POL', name: 'Poland' },
  DK: { iso2: 'DK', iso3: 'DNK', name: 'Denmark' },
  SE: { iso2: 'SE', iso3: 'SWE', name: 'Sweden' },
  NO: { iso2: 'NO', iso3: 'NOR', name: 'Norway' },
  FI: { iso2: 'FI', iso3: 'FIN', name: 'Finland' },
  IS: { iso2: 'IS', iso3: 'ISL', name: 'Iceland' },
  GL: { iso2: 'GL', iso3: 'GRL', name: 'Greenland' },
  ES: { iso2: 'ES', iso3: 'ESP', name: 'Spain' },
  PT: { iso2: 'PT', iso3: 'PRT', name: 'Portugal' },
  SK: { iso2: 'SK', iso3: 'SVK', name: 'Slovakia' },
  HU: { iso2: 'HU', iso3: 'HUN', name: 'Hungary' },
  SI: { iso2: 'SI', iso3: 'SVN', name: 'Slovenia' },
  HR: { iso2: 'HR', iso3: 'HRV', name: 'Croatia' },
  GR: { iso2: 'GR', iso3: 'GRC', name: 'Greece' },
  TR: { iso2: 'TR', iso3: 'TUR', name: 'Türkiye' },
  AE: { iso2: 'AE', iso3: 'ARE', name: 'United Arab Emirates' },
  TH: { iso2: 'TH', iso3: 'THA', name: 'Thailand' },
  SG: { iso2: 'SG', iso3: 'SGP', name: 'Singapore' },
  MY: { iso2: 'MY', iso3: 'MYS', name: 'Malaysia' },
  HK: { iso2: 'HK', iso3: 'HKG', name: 'Hong Kong' },
  JP: { iso2: 'JP', iso3: 'JPN', name: 'Japan' },
  KR: { iso2: 'KR', iso3: 'KOR', name: 'Republic of Korea' },
  CN: { iso2: 'CN', iso3: 'CHN', name: 'China' },
  IN: { iso2: 'IN', iso3: 'IND', name: 'India' },
  US: { iso2: 'US', iso3: 'USA', name: 'United States' },
  CA: { iso2: 'CA', iso3: 'CAN', name: 'Canada' },
  AU: { iso2: 'AU', iso3: 'AUS', name: 'Australia' },
};

export function countryOfIcao(icao: string): Country | undefined {
  const iso = ICAO_PREFIXES[icao.slice(0, 2)] ?? ICAO_PREFIXES[icao.slice(0, 1)];
  return iso ? COUNTRIES[iso] : undefined;
}

/** The spec says "ISO 3166 country code, case sensitive": alpha-2 and alpha-3 upper case both work. */
export function countryByIso(code: string): Country | undefined {
  if (code.length === 2) return COUNTRIES[code];
  return Object.values(COUNTRIES).find((c) => c.iso3 === code);
}

/** ICAO prefixes (one or two letters) that belong to a country. */
export function icaoPrefixesOf(country: Country): string[] {
  return Object.entries(ICAO_PREFIXES)
    .filter(([, iso]) => iso === country.iso2)
    .map(([prefix]) => prefix);
}
