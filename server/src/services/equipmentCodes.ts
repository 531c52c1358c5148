/**
 * The letters and codes of FPL field 10 and of `PBN/` in field 18 (ICAO Doc 4444, Appendix 2,
 * as amended in 2012), decoded one by one for the hover: a dispatcher reads
 * `SDE2E3FGHIJ1RWY/LB1` as a list of what the aircraft carries.
 */

/** Field 10a: radio communication, navigation and approach aid equipment and capabilities. */
const COM_NAV: Record<string, string> = {
  N: 'no COM/NAV/approach aid equipment for the route, or it is unserviceable',
  S: 'standard equipment: VHF RTF, VOR and ILS',
  A: 'GBAS landing system',
  B: 'LPV (APV with SBAS)',
  C: 'LORAN C',
  D: 'DME',
  E1: 'FMC WPR ACARS',
  E2: 'D-FIS ACARS',
  E3: 'PDC ACARS',
  F: 'ADF',
  G: 'GNSS',
  H: 'HF RTF',
  I: 'inertial navigation',
  J1: 'CPDLC ATN VDL Mode 2',
  J2: 'CPDLC FANS 1/A HFDL',
  J3: 'CPDLC FANS 1/A VDL Mode A',
  J4: 'CPDLC FANS 1/A VDL Mode 2',
  J5: 'CPDLC FANS 1/A SATCOM (INMARSAT)',
  J6: 'CPDLC FANS 1/A SATCOM (MTSAT)',
  J7: 'CPDLC FANS 1/A SATCOM (Iridium)',
  K: 'MLS',
  L: 'ILS',
  M1: 'ATC SATVOICE (INMARSAT)',
  M2: 'ATC SATVOICE (MTSAT)',
  M3: 'ATC SATVOICE (Iridium)',
  O: 'VOR',
  P1: 'CPDLC RCP 400',
  P2: 'CPDLC RCP 240',
  P3: 'SATVOICE RCP 400',
  R: 'PBN approved (the levels in PBN/)',
  T: 'TACAN',
  U: 'UHF RTF',
  V: 'VHF RTF',
  W: 'RVSM approved',
  X: 'MNPS approved',
  Y: 'VHF with 8.33 kHz channel spacing',
  Z: 'other equipment or capabilities (in NAV/, COM/ or DAT/)',
};
for (let n = 4; n <= 9; n++) COM_NAV[`P${n}`] = 'reserved for RCP';

/** Field 10b: surveillance equipment and capabilities. */
const SURVEILLANCE: Record<string, string> = {
  N: 'no surveillance equipment for the route, or it is unserviceable',
  A: 'transponder Mode A (4 digits, 4,096 codes)',
  C: 'transponder Mode A and Mode C',
  E: 'transponder Mode S with aircraft identification, pressure-altitude and extended squitter (ADS-B)',
  H: 'transponder Mode S with aircraft identification, pressure-altitude and enhanced surveillance',
  I: 'transponder Mode S with aircraft identification, without pressure-altitude',
  L: 'transponder Mode S with aircraft identification, pressure-altitude, extended squitter (ADS-B) and enhanced surveillance',
  P: 'transponder Mode S with pressure-altitude, without aircraft identification',
  S: 'transponder Mode S with pressure-altitude and aircraft identification',
  X: 'transponder Mode S with neither aircraft identification nor pressure-altitude',
  B1: 'ADS-B "out" on 1090 MHz',
  B2: 'ADS-B "out" and "in" on 1090 MHz',
  U1: 'ADS-B "out" using UAT',
  U2: 'ADS-B "out" and "in" using UAT',
  V1: 'ADS-B "out" using VDL Mode 4',
  V2: 'ADS-B "out" and "in" using VDL Mode 4',
  D1: 'ADS-C with FANS 1/A',
  G1: 'ADS-C with ATN',
};

/** `PBN/`: the RNAV and RNP specifications the aircraft and crew are approved for. */
const PBN: Record<string, string> = {
  A1: 'RNAV 10 (RNP 10)',
  B1: 'RNAV 5, all permitted sensors',
  B2: 'RNAV 5 GNSS',
  B3: 'RNAV 5 DME/DME',
  B4: 'RNAV 5 VOR/DME',
  B5: 'RNAV 5 INS or IRS',
  B6: 'RNAV 5 LORAN C',
  C1: 'RNAV 2, all permitted sensors',
  C2: 'RNAV 2 GNSS',
  C3: 'RNAV 2 DME/DME',
  C4: 'RNAV 2 DME/DME/IRU',
  D1: 'RNAV 1, all permitted sensors',
  D2: 'RNAV 1 GNSS',
  D3: 'RNAV 1 DME/DME',
  D4: 'RNAV 1 DME/DME/IRU',
  L1: 'RNP 4',
  O1: 'Basic RNP 1, all permitted sensors',
  O2: 'Basic RNP 1 GNSS',
  O3: 'Basic RNP 1 DME/DME',
  O4: 'Basic RNP 1 DME/DME/IRU',
  S1: 'RNP APCH',
  S2: 'RNP APCH with BARO-VNAV',
  T1: 'RNP AR APCH with RF (special authorization required)',
  T2: 'RNP AR APCH without RF (special authorization required)',
};

export interface DecodedCode {
  code: string;
  /** Undefined when the code is not in the table. */
  meaning?: string;
}

/**
 * Splits a run of codes into the longest ones of `table`: a letter with a digit where the table
 * has it (`E2`, `J1`, `B1`), else one letter. Unknown letters (and a digit alone) come out as
 * they are, without a meaning.
 */
/** The code with its meaning from `table`, or without one when the table has none. */
function decoded(code: string, table: Record<string, string>): DecodedCode {
  const meaning = table[code];
  return meaning === undefined ? { code } : { code, meaning };
}

function splitCodes(text: string, table: Record<string, string>): DecodedCode[] {
  const out: DecodedCode[] = [];
  for (let i = 0; i < text.length;) {
    const two = text.slice(i, i + 2);
    if (/^[A-Z]\d$/.test(two)) {
      out.push(decoded(two, table));
      i += 2;
    } else {
      out.push(decoded(text.charAt(i), table));
      i += 1;
    }
  }
  return out;
}

/** Field 10 (`SDE2E3FGHIJ1RWY/LB1`): the equipment before `/`, the surveillance after it. */
export function decodeField10(text: string): { equipment: DecodedCode[]; surveillance: DecodedCode[] } {
  const [before = '', after = ''] = text.toUpperCase().replace(/\s+/g, '').split('/', 2);
  return { equipment: splitCodes(before, COM_NAV), surveillance: splitCodes(after, SURVEILLANCE) };
}

/** `PBN/A1B1C1D1S2`: two characters per specification. */
export function decodePbn(value: string): DecodedCode[] {
  const text = value.toUpperCase().replace(/\s+/g, '');
  const out: DecodedCode[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const code = text.slice(i, i + 2);
    out.push(decoded(code, PBN));
  }
  return out;
}

/** One markdown line per code: `` - `E2`: D-FIS ACARS ``; an unknown code says so. */
export function codeLines(codes: readonly DecodedCode[], unknown: string): string[] {
  return codes.map((c) => `- \`${c.code}\`: ${c.meaning ?? unknown}`);
}
