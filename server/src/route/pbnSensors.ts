/**
 * The PBN/ codes of ICAO Doc 4444 Amendment 1 (Appendix 2, Item 18) and the navigation sensors
 * each needs in field 10a. A code for one sensor needs that sensor's letter (B2 GNSS: G; B4
 * VOR/DME: D and O, or S, whose standard equipment includes the VOR); a code "all permitted
 * sensors" (B1, C1, D1, O1) needs at least one sensor of its specification (ICAO Doc 9613: RNAV 5
 * VOR/DME, DME/DME, INS/IRS or GNSS; RNAV 1 and 2 and Basic RNP 1 GNSS, DME/DME or DME/DME/IRU);
 * RNAV 10 needs a long-range system (GNSS or inertial); RNP 4, RNP APCH and RNP AR APCH are flown
 * on GNSS. LORAN C (B6) has no letter of its own in 10a and is not judged. Pure.
 */

/** A need of one code: one of `anyOf` in field 10a. */
export interface SensorNeed {
  anyOf: readonly string[];
}

export interface PbnCode {
  /** What the code means (Doc 4444 App. 2). */
  what: string;
  /** Every need must be met. */
  needs: readonly SensorNeed[];
}

const G: SensorNeed = { anyOf: ['G'] };
const D: SensorNeed = { anyOf: ['D'] };
const I: SensorNeed = { anyOf: ['I'] };
const VOR: SensorNeed = { anyOf: ['O', 'S'] };
const ANY_RNAV: SensorNeed = { anyOf: ['G', 'D', 'I'] };

export const PBN_TABLE: Readonly<Record<string, PbnCode>> = {
  A1: { what: 'RNAV 10 (RNP 10)', needs: [{ anyOf: ['G', 'I'] }] },
  B1: { what: 'RNAV 5 all permitted sensors', needs: [ANY_RNAV] },
  B2: { what: 'RNAV 5 GNSS', needs: [G] },
  B3: { what: 'RNAV 5 DME/DME', needs: [D] },
  B4: { what: 'RNAV 5 VOR/DME', needs: [D, VOR] },
  B5: { what: 'RNAV 5 INS or IRS', needs: [I] },
  B6: { what: 'RNAV 5 LORAN C', needs: [] },
  C1: { what: 'RNAV 2 all permitted sensors', needs: [ANY_RNAV] },
  C2: { what: 'RNAV 2 GNSS', needs: [G] },
  C3: { what: 'RNAV 2 DME/DME', needs: [D] },
  C4: { what: 'RNAV 2 DME/DME/IRU', needs: [D, I] },
  D1: { what: 'RNAV 1 all permitted sensors', needs: [ANY_RNAV] },
  D2: { what: 'RNAV 1 GNSS', needs: [G] },
  D3: { what: 'RNAV 1 DME/DME', needs: [D] },
  D4: { what: 'RNAV 1 DME/DME/IRU', needs: [D, I] },
  L1: { what: 'RNP 4', needs: [G] },
  O1: { what: 'Basic RNP 1 all permitted sensors', needs: [ANY_RNAV] },
  O2: { what: 'Basic RNP 1 GNSS', needs: [G] },
  O3: { what: 'Basic RNP 1 DME/DME', needs: [D] },
  O4: { what: 'Basic RNP 1 DME/DME/IRU', needs: [D, I] },
  S1: { what: 'RNP APCH', needs: [G] },
  S2: { what: 'RNP APCH with BARO-VNAV', needs: [G] },
  T1: { what: 'RNP AR APCH with RF', needs: [G] },
  T2: { what: 'RNP AR APCH without RF', needs: [G] },
};

export const SENSOR_NAMES: Readonly<Record<string, string>> = {
  G: 'GNSS',
  D: 'DME',
  I: 'inertial navigation',
  O: 'VOR',
  S: 'standard: VHF, VOR, ILS',
};

/** A letter of 10a, not the digit of a code like E1 or J1: 10a's single letters never take a digit. */
export function hasLetter(equipment: string, letter: string): boolean {
  for (let at = equipment.indexOf(letter); at >= 0; at = equipment.indexOf(letter, at + 1)) {
    const next = equipment.charCodeAt(at + 1);
    if (!(next >= 48 && next <= 57)) return true;
  }
  return false;
}

/** What one PBN/ code lacks in field 10a: each unmet need, or nothing. */
export function missingSensors(code: string, equipment: string): SensorNeed[] {
  const entry = PBN_TABLE[code];
  if (!entry) return [];
  return entry.needs.filter((need) => !need.anyOf.some((letter) => hasLetter(equipment, letter)));
}

function letterWords(letter: string): string {
  return `${letter} (${SENSOR_NAMES[letter] ?? letter})`;
}

/** "D (DME) and O (VOR) or S (standard: VHF, VOR, ILS)"; three or more choices: "one of G (GNSS), D (DME) or I (…)". */
export function needsWords(needs: readonly SensorNeed[]): string {
  return needs
    .map((need) => {
      const words = need.anyOf.map(letterWords);
      if (words.length === 1) return words[0]!;
      const choice = `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]!}`;
      return words.length > 2 ? `one of ${choice}` : choice;
    })
    .join(' and ');
}
