/**
 * Airlines known to the simulator: the reference family's airline table and the operators of
 * the hub's generated flights. Real codes and names; phone numbers are the airlines' public
 * reservation numbers in the format such tables use. Categories (the spec leaves the values
 * open): A passenger airline, C cargo airline, R railway, B bus company.
 */

export interface AirlineRecord {
  fs: string;
  iata: string;
  icao: string;
  name: string;
  phoneNumber?: string;
  active: boolean;
  category: 'A' | 'C' | 'R' | 'B';
  dateFrom: string;
  dateTo?: string;
  /** Flight registration prefix (nationality mark) and the aircraft the operator flies. */
  registrationPrefix?: string;
  fleet?: { short: string[]; long: string[] };
  /** Names in other languages for `languageCode:xx`. */
  localized?: Partial<Record<'ar' | 'de' | 'es' | 'fr' | 'ja' | 'ko' | 'pt' | 'zh', string>>;
}

const NARROW_AIRBUS = ['A319', 'A320', 'A321', 'A20N', 'A21N'];

export const AIRLINES: AirlineRecord[] = [
  { fs: 'LH', iata: 'LH', icao: 'DLH', name: 'Lufthansa', phoneNumber: '+49 69 86 799 799', active: true, category: 'A', dateFrom: '1955-04-01', registrationPrefix: 'D-A', fleet: { short: NARROW_AIRBUS, long: ['A346', 'A359', 'B748', 'A388'] }, localized: { ja: 'ルフトハンザ ドイツ航空', zh: '汉莎航空', ko: '루프트한자' } },
  { fs: 'BA', iata: 'BA', icao: 'BAW', name: 'British Airways', phoneNumber: '+44 344 493 0787', active: true, category: 'A', dateFrom: '1974-03-31', registrationPrefix: 'G-E', fleet: { short: ['A319', 'A320', 'A321', 'A20N'], long: ['B77W', 'B789', 'A35K', 'A388'] }, localized: { ja: 'ブリティッシュ・エアウェイズ', fr: 'British Airways', zh: '英国航空' } },
  { fs: 'U2', iata: 'U2', icao: 'EZY', name: 'easyJet', phoneNumber: '+44 330 365 5000', active: true, category: 'A', dateFrom: '1995-11-10', registrationPrefix: 'G-E', fleet: { short: ['A319', 'A320', 'A20N', 'A21N'], long: [] } },
  { fs: 'AF', iata: 'AF', icao: 'AFR', name: 'Air France', phoneNumber: '+33 9 69 39 36 54', active: true, category: 'A', dateFrom: '1933-10-07', registrationPrefix: 'F-G', fleet: { short: ['A318', 'A319', 'A320', 'A321', 'BCS3'], long: ['B77W', 'A359', 'B789'] }, localized: { ja: 'エールフランス航空', zh: '法国航空', de: 'Air France' } },
  { fs: 'KL', iata: 'KL', icao: 'KLM', name: 'KLM Royal Dutch Airlines', phoneNumber: '+31 20 474 7747', active: true, category: 'A', dateFrom: '1919-10-07', registrationPrefix: 'PH-', fleet: { short: ['B737', 'B738', 'B739', 'E190', 'E295'], long: ['B772', 'B77W', 'B789', 'A333'] }, localized: { fr: 'KLM Compagnie Royale Néerlandaise', ja: 'KLMオランダ航空', de: 'KLM Königliche Niederländische Fluggesellschaft' } },
  { fs: 'EI', iata: 'EI', icao: 'EIN', name: 'Aer Lingus', phoneNumber: '+353 1 761 7834', active: true, category: 'A', dateFrom: '1936-04-15', registrationPrefix: 'EI-', fleet: { short: ['A320', 'A20N'], long: ['A332', 'A333', 'A21N'] } },
  { fs: 'FR', iata: 'FR', icao: 'RYR', name: 'Ryanair', phoneNumber: '+44 871 246 0002', active: true, category: 'A', dateFrom: '1985-07-08', registrationPrefix: 'EI-', fleet: { short: ['B738', 'B38M'], long: [] } },
  { fs: 'AC', iata: 'AC', icao: 'ACA', name: 'Air Canada', phoneNumber: '+1 888 247 2262', active: true, category: 'A', dateFrom: '1937-04-10', registrationPrefix: 'C-F', fleet: { short: ['A220', 'A320', 'A321'], long: ['B77W', 'B789', 'A333'] }, localized: { fr: 'Air Canada', ja: 'エア・カナダ' } },
  { fs: 'AZ', iata: 'AZ', icao: 'ITY', name: 'ITA Airways', phoneNumber: '+39 06 8596 0020', active: true, category: 'A', dateFrom: '2021-10-15', registrationPrefix: 'EI-', fleet: { short: ['A319', 'A320', 'A20N'], long: ['A359', 'A332'] } },
  { fs: 'AZ*', iata: 'AZ', icao: 'AZA', name: 'Alitalia', phoneNumber: '+39 06 65649', active: false, category: 'A', dateFrom: '1946-09-16', dateTo: '2021-10-14' },
  { fs: 'IB', iata: 'IB', icao: 'IBE', name: 'Iberia', phoneNumber: '+34 91 111 13 00', active: true, category: 'A', dateFrom: '1927-06-28', registrationPrefix: 'EC-', fleet: { short: ['A319', 'A320', 'A321', 'A20N'], long: ['A332', 'A359'] }, localized: { es: 'Iberia Líneas Aéreas de España' } },
  { fs: 'A3', iata: 'A3', icao: 'AEE', name: 'Aegean Airlines', phoneNumber: '+30 210 626 1000', active: true, category: 'A', dateFrom: '1999-05-28', registrationPrefix: 'SX-D', fleet: { short: ['A320', 'A321', 'A20N', 'DH8D'], long: [] } },
  { fs: 'OA', iata: 'OA', icao: 'OAL', name: 'Olympic Air', phoneNumber: '+30 210 355 0500', active: true, category: 'A', dateFrom: '2009-09-29', registrationPrefix: 'SX-O', fleet: { short: ['DH8D', 'AT76'], long: [] } },
  { fs: 'CX', iata: 'CX', icao: 'CPA', name: 'Cathay Pacific', phoneNumber: '+852 2747 3333', active: true, category: 'A', dateFrom: '1946-09-24', registrationPrefix: 'B-H', fleet: { short: ['A321', 'A21N', 'A333'], long: ['A359', 'A35K', 'B77W'] }, localized: { zh: '國泰航空', ja: 'キャセイパシフィック航空' } },
  { fs: 'JL', iata: 'JL', icao: 'JAL', name: 'Japan Airlines', phoneNumber: '+81 3 5460 0522', active: true, category: 'A', dateFrom: '1951-08-01', registrationPrefix: 'JA', fleet: { short: ['B738', 'B763', 'A359'], long: ['B77W', 'B789', 'A35K'] }, localized: { ja: '日本航空', zh: '日本航空', ko: '일본항공' } },
  { fs: 'NH', iata: 'NH', icao: 'ANA', name: 'All Nippon Airways', phoneNumber: '+81 3 6741 8800', active: true, category: 'A', dateFrom: '1952-12-27', registrationPrefix: 'JA', fleet: { short: ['B738', 'B763', 'A321'], long: ['B77W', 'B789', 'B78X'] }, localized: { ja: '全日本空輸', zh: '全日空' } },
  { fs: 'SQ', iata: 'SQ', icao: 'SIA', name: 'Singapore Airlines', phoneNumber: '+65 6223 8888', active: true, category: 'A', dateFrom: '1972-10-01', registrationPrefix: '9V-S', fleet: { short: ['B38M', 'A359'], long: ['A359', 'B78X', 'A388', 'B77W'] }, localized: { zh: '新加坡航空', ja: 'シンガポール航空' } },
  { fs: 'TG', iata: 'TG', icao: 'THA', name: 'Thai Airways International', phoneNumber: '+66 2 356 1111', active: true, category: 'A', dateFrom: '1960-05-01', registrationPrefix: 'HS-T', fleet: { short: ['A320', 'A333'], long: ['A359', 'B77W', 'B789'] }, localized: { ja: 'タイ国際航空', zh: '泰国国际航空' } },
  { fs: 'EK', iata: 'EK', icao: 'UAE', name: 'Emirates', phoneNumber: '+971 600 555555', active: true, category: 'A', dateFrom: '1985-10-25', registrationPrefix: 'A6-E', fleet: { short: ['B77W'], long: ['A388', 'B77W'] }, localized: { ar: 'طيران الإمارات', zh: '阿联酋航空' } },
  { fs: 'VS', iata: 'VS', icao: 'VIR', name: 'Virgin Atlantic', phoneNumber: '+44 344 209 7777', active: true, category: 'A', dateFrom: '1984-06-22', registrationPrefix: 'G-V', fleet: { short: [], long: ['A339', 'A35K', 'B789'] } },
  { fs: 'AB', iata: 'AB', icao: 'BER', name: 'Air Berlin', phoneNumber: '+49 30 3434 3434', active: false, category: 'A', dateFrom: '1978-04-28', dateTo: '2017-10-27' },
  { fs: 'AB*', iata: 'AB', icao: 'BNZ', name: 'Bonza', active: false, category: 'A', dateFrom: '2023-01-31', dateTo: '2024-04-30' },
  { fs: 'ZB', iata: 'ZB', icao: 'ABN', name: 'Air Albania', phoneNumber: '+355 4 245 0000', active: true, category: 'A', dateFrom: '2018-05-16', registrationPrefix: 'ZA-', fleet: { short: ['A319', 'A320'], long: [] } },
  { fs: 'ZB*', iata: 'ZB', icao: 'MON', name: 'Monarch Airlines', active: false, category: 'A', dateFrom: '1968-06-05', dateTo: '2017-10-02' },
  { fs: 'MT', iata: 'MT', icao: 'TCX', name: 'Thomas Cook Airlines', active: false, category: 'A', dateFrom: '2003-03-30', dateTo: '2019-09-23' },
  { fs: 'LX', iata: 'LX', icao: 'SWR', name: 'Swiss International Air Lines', phoneNumber: '+41 848 700 700', active: true, category: 'A', dateFrom: '2002-03-31', registrationPrefix: 'HB-J', fleet: { short: ['BCS1', 'BCS3', 'A320', 'A20N'], long: ['A333', 'A343', 'B77W'] }, localized: { de: 'Swiss International Air Lines', fr: 'Swiss International Air Lines' } },
  { fs: 'CV', iata: 'CV', icao: 'CLX', name: 'Cargolux', phoneNumber: '+352 4211 1', active: true, category: 'C', dateFrom: '1970-03-04', registrationPrefix: 'LX-', fleet: { short: [], long: ['B744', 'B748'] } },
  { fs: '2A', iata: '2A', icao: '', name: 'Deutsche Bahn', phoneNumber: '+49 30 2970', active: true, category: 'R', dateFrom: '1994-01-01' },
  { fs: '2C', iata: '2C', icao: '', name: 'SNCF', phoneNumber: '+33 9 70 60 99 70', active: true, category: 'R', dateFrom: '1997-01-01' },
  { fs: 'FB*', iata: 'FB', icao: '', name: 'Flibco', active: true, category: 'B', dateFrom: '2015-06-01' },
];

/** Operators by aerodrome country for the generated flights. */
export const OPERATORS_BY_COUNTRY: Record<string, string[]> = {
  GB: ['BAW', 'EZY', 'VIR'],
  DE: ['DLH'],
  FR: ['AFR', 'EZY'],
  NL: ['KLM'],
  IE: ['EIN', 'RYR'],
  IT: ['ITY'],
  ES: ['IBE'],
  GR: ['AEE', 'OAL'],
  CA: ['ACA'],
  HK: ['CPA'],
  JP: ['JAL', 'ANA'],
  SG: ['SIA'],
  TH: ['THA'],
  CH: ['SWR'],
  AE: ['UAE'],
};

export function airlineByIcao(icao: string): AirlineRecord | undefined {
  return AIRLINES.find((a) => a.icao === icao && a.active) ?? AIRLINES.find((a) => a.icao === icao);
}
