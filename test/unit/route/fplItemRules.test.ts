/**
 * Field 18 and the rules between fields, as a flight-plan office checks them (issue 37 §3):
 * PBN/ against 10a by Doc 4444 Amendment 1's codes, STS/NONRVSM with W, TALT/ at the departure,
 * an alternate that is the destination, E/ shorter than the total EET, NAV/ augmentation without
 * G or Z, RIF/ without its location indicator, and the DOF/ filing window. One table per rule,
 * with the exact range and message; each case names what the rule must say or that it is silent.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument, setReferenceClock } from '../../../server/src/route';
import { allDiagnostics } from './helpers';

type Fields = Partial<Record<'f7' | 'f8' | 'f9' | 'f10' | 'f13' | 'f15' | 'f16' | 'f18' | 'f19', string>>;

/** Zurich to Paris (lines 0–5, field 19 on line 5 after field 18). */
const M = (o: Fields = {}): string =>
  `(FPL-${o.f7 ?? 'SWR12'}-${o.f8 ?? 'IS'}\n-${o.f9 ?? 'A320/M'}-${o.f10 ?? 'SDE2E3FGIJ1RWY/LB1'}\n-${o.f13 ?? 'LSZH1200'}` +
  `\n-${o.f15 ?? 'N0450F350 GERSA UN851 DJL'}\n-${o.f16 ?? 'LFPG0045 LFPO'}\n-${o.f18 ?? 'PBN/A1B1C1D1 DOF/270305'}` +
  `${o.f19 ? `-${o.f19}` : ''})`;

/**
 * One case: the message built from `fields`, checked with `now` (an ISO date) as the clock if given,
 * and the finding's [line, start, end] and whole message, or neither where the rule must be silent.
 */
type Case = { name: string; fields: Fields; now?: string } & (
  { at: [line: number, start: number, end: number]; message: string } | { at?: never; message?: never }
);

/** One rule's table of cases, its code said once: each case a test named `title: case name`. */
function rule(title: string, code: string, cases: Case[]): void {
  for (const c of cases) {
    test(`${title}: ${c.name}`, () => {
      const now = c.now;
      setReferenceClock(now ? () => Date.parse(now) : undefined);
      let found;
      try {
        found = allDiagnostics(parseRouteDocument(M(c.fields))).filter((d) => d.code === code);
      } finally {
        setReferenceClock(undefined);
      }
      assert.deepEqual(
        found.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, d.message]),
        c.at ? [[...c.at, c.message]] : [],
      );
    });
  }
}

test('the base message is clean', () => {
  assert.deepEqual(
    allDiagnostics(parseRouteDocument(M())).map((d) => d.message),
    [],
  );
});

const NONRVSM_WITH_W =
  'STS/NONRVSM is a flight not approved for RVSM that asks to be handled in RVSM airspace, but field 10a ' +
  'gives W (RVSM approved): remove W if the aircraft is not approved, or STS/NONRVSM if it is';

const ALTERNATE_IS_DESTINATION =
  'alternate LFPG is the destination aerodrome (field 16 LFPG): a destination alternate is another aerodrome, ' +
  'to proceed to when LFPG cannot be used; name another or remove it';

rule('PBN/ against field 10a (Doc 4444 Amendment 1)', 'R316', [
  {
    name: 'B4 (RNAV 5 VOR/DME) needs D as well as the VOR',
    fields: { f10: 'SRWY/S', f18: 'PBN/B4' },
    at: [5, 5, 7],
    message: 'PBN/ B4 (RNAV 5 VOR/DME) needs D (DME) in field 10a',
  },
  {
    name: 'B4 without DME and VOR',
    fields: { f10: 'GRWY/S', f18: 'PBN/B4' },
    at: [5, 5, 7],
    message: 'PBN/ B4 (RNAV 5 VOR/DME) needs D (DME) and O (VOR) or S (standard: VHF, VOR, ILS) in field 10a',
  },
  { name: 'B4 with D and S', fields: { f10: 'SDRWY/S', f18: 'PBN/B4' } },
  {
    name: 'D1 (all permitted sensors) needs one of G, D, I',
    fields: { f10: 'SRWY/S', f18: 'PBN/D1' },
    at: [5, 5, 7],
    message:
      'PBN/ D1 (RNAV 1 all permitted sensors) needs one of G (GNSS), D (DME) or I (inertial navigation) in field 10a',
  },
  { name: 'D1 with I alone is enough', fields: { f10: 'SIRWY/S', f18: 'PBN/D1' } },
  {
    name: 'B1 needs one of G, D, I',
    fields: { f10: 'SRWY/S', f18: 'PBN/B1' },
    at: [5, 5, 7],
    message:
      'PBN/ B1 (RNAV 5 all permitted sensors) needs one of G (GNSS), D (DME) or I (inertial navigation) in field 10a',
  },
  {
    name: 'S1 (RNP APCH) needs G',
    fields: { f10: 'SDIRWY/S', f18: 'PBN/S1' },
    at: [5, 5, 7],
    message: 'PBN/ S1 (RNP APCH) needs G (GNSS) in field 10a',
  },
  {
    name: 'S2 (RNP APCH with BARO-VNAV) needs G, second code of the item',
    fields: { f10: 'SDIRWY/S', f18: 'PBN/D3S2' },
    at: [5, 7, 9],
    message: 'PBN/ S2 (RNP APCH with BARO-VNAV) needs G (GNSS) in field 10a',
  },
  {
    name: 'T1 (RNP AR APCH) needs G',
    fields: { f10: 'SDIRWY/S', f18: 'PBN/T1' },
    at: [5, 5, 7],
    message: 'PBN/ T1 (RNP AR APCH with RF) needs G (GNSS) in field 10a',
  },
  {
    name: 'L1 (RNP 4) needs G',
    fields: { f10: 'SDIRWY/S', f18: 'PBN/L1' },
    at: [5, 5, 7],
    message: 'PBN/ L1 (RNP 4) needs G (GNSS) in field 10a',
  },
  {
    name: 'A1 (RNAV 10) needs GNSS or inertial',
    fields: { f10: 'SDRWY/S', f18: 'PBN/A1' },
    at: [5, 5, 7],
    message: 'PBN/ A1 (RNAV 10 (RNP 10)) needs G (GNSS) or I (inertial navigation) in field 10a',
  },
  {
    name: 'O4 needs D and I',
    fields: { f10: 'SGRWY/S', f18: 'PBN/O4' },
    at: [5, 5, 7],
    message: 'PBN/ O4 (Basic RNP 1 DME/DME/IRU) needs D (DME) and I (inertial navigation) in field 10a',
  },
  { name: 'B6 (LORAN C) has no letter to check', fields: { f10: 'SRWY/S', f18: 'PBN/B6' } },
  {
    name: 'E1 is no I: a code with a digit is not a sensor letter',
    fields: { f10: 'SDE1RWY/S', f18: 'PBN/B5' },
    at: [5, 5, 7],
    message: 'PBN/ B5 (RNAV 5 INS or IRS) needs I (inertial navigation) in field 10a',
  },
]);

rule('STS/NONRVSM with W', 'R329', [
  {
    name: 'W and STS/NONRVSM contradict each other',
    fields: { f18: 'STS/NONRVSM PBN/A1B1C1D1 DOF/270305' },
    at: [5, 5, 12],
    message: NONRVSM_WITH_W,
  },
  {
    name: 'the word among others',
    fields: { f18: 'STS/HOSP NONRVSM PBN/A1B1C1D1' },
    at: [5, 10, 17],
    message: NONRVSM_WITH_W,
  },
  { name: 'without W', fields: { f10: 'SDE2E3FGIJ1RY/LB1', f18: 'STS/NONRVSM PBN/A1B1C1D1' } },
  { name: 'another STS/', fields: { f18: 'STS/HOSP PBN/A1B1C1D1' } },
]);

rule('TALT/ and the alternates', 'R330', [
  {
    name: 'TALT/ is the departure',
    fields: { f18: 'PBN/A1B1C1D1 DOF/270305 TALT/LSZH' },
    at: [5, 30, 34],
    message:
      'TALT/LSZH: the take-off alternate is the departure aerodrome (field 13 LSZH): a take-off alternate is ' +
      'another aerodrome, to land at shortly after take-off when LSZH cannot be used',
  },
  { name: 'TALT/ another aerodrome', fields: { f18: 'PBN/A1B1C1D1 TALT/LSGG' } },
]);

rule('TALT/ and the alternates', 'R331', [
  {
    name: 'the first alternate is the destination',
    fields: { f16: 'LFPG0045 LFPG' },
    at: [4, 10, 14],
    message: ALTERNATE_IS_DESTINATION,
  },
  {
    name: 'the second alternate is the destination',
    fields: { f16: 'LFPG0045 LFPO LFPG' },
    at: [4, 15, 19],
    message: ALTERNATE_IS_DESTINATION,
  },
  { name: 'ZZZZ for both is no repeat', fields: { f16: 'ZZZZ0045 ZZZZ', f18: 'DEST/X ALTN/Y' } },
]);

rule('E/ against the total EET', 'R332', [
  {
    name: 'endurance shorter than the total EET',
    fields: { f19: 'E/0030 P/2' },
    at: [5, 25, 31],
    message:
      'E/0030: the fuel endurance (0:30) is shorter than the total EET of field 16 (0045, 0:45): the flight would ' +
      'run out of fuel before its destination; check E/ and field 16',
  },
  { name: 'endurance as long as the EET', fields: { f19: 'E/0045' } },
  { name: 'endurance longer', fields: { f19: 'E/0230 P/2' } },
  { name: 'malformed E/ is R313 only', fields: { f19: 'E/0090' } },
]);

rule('NAV/ augmentation', 'R333', [
  {
    name: 'SBAS without G or Z',
    fields: { f10: 'SDE2E3FIJ1WY/LB1', f18: 'NAV/SBAS DOF/270305' },
    at: [5, 5, 9],
    message:
      'NAV/ names SBAS, a GNSS augmentation, but field 10a has neither G (GNSS, whose augmentation NAV/ states) ' +
      'nor Z (other equipment, specified in NAV/): add G if the aircraft carries GNSS',
  },
  {
    name: 'EGNOS, second word',
    fields: { f10: 'SDE2E3FIJ1WY/LB1', f18: 'NAV/RNVD1 EGNOS' },
    at: [5, 11, 16],
    message:
      'NAV/ names EGNOS, a GNSS augmentation, but field 10a has neither G (GNSS, whose augmentation NAV/ states) ' +
      'nor Z (other equipment, specified in NAV/): add G if the aircraft carries GNSS',
  },
  { name: 'with G', fields: { f18: 'PBN/A1B1C1D1 NAV/SBAS' } },
  { name: 'with Z', fields: { f10: 'SDE2E3FIJ1WYZ/LB1', f18: 'NAV/SBAS' } },
  { name: 'no augmentation named', fields: { f10: 'SDE2E3FIJ1WY/LB1', f18: 'NAV/RNVD1' } },
]);

rule('RIF/', 'R309', [
  {
    name: 'without its location indicator',
    fields: { f18: 'PBN/A1B1C1D1 RIF/DTA HEC' },
    at: [5, 14, 25],
    message:
      "RIF/DTA HEC: the revised route ends with the ICAO location indicator of the revised destination (4 letters), e.g. RIF/DTA HEC KLAX; 'HEC' is none",
  },
  { name: 'with it', fields: { f18: 'PBN/A1B1C1D1 RIF/DTA HEC KLAX' } },
  { name: 'the indicator alone', fields: { f18: 'PBN/A1B1C1D1 RIF/KLAX' } },
]);

rule('DOF/: the filing window', 'R334', [
  {
    name: 'more than 120 hours before the EOBT',
    fields: {},
    now: '2027-02-28T11:00:00Z',
    at: [5, 14, 24],
    message:
      'DOF/270305 with EOBT 1200 is 5 Mar 2027 12:00Z, 121 hours after now (28 Feb 2027 11:00Z): a flight plan is ' +
      'filed at most 120 hours before its EOBT (Doc 4444, Amendment 1); check the date',
  },
  { name: 'exactly 120 hours before', fields: {}, now: '2027-02-28T12:00:00Z' },
  { name: 'the EOBT counts, not the day', fields: { f13: 'LSZH0030' }, now: '2027-02-28T11:00:00Z' },
  { name: 'no clock, no window', fields: {} },
  { name: 'a past date is R326 only', fields: {}, now: '2027-03-07T11:00:00Z' },
]);

rule('EET/ by itself', 'R335', [
  {
    name: 'an estimate beyond the total EET',
    fields: { f18: 'PBN/A1B1C1D1 EET/LFFF0030 LFPG0050' },
    at: [5, 27, 35],
    message:
      'EET/LFPG0050: 0:50 from take-off is beyond the total EET of field 16 (0045, 0:45): every estimate of EET/ is ' +
      'on the way to the destination; check the time or field 16',
  },
  { name: 'the total itself is no later', fields: { f18: 'PBN/A1B1C1D1 EET/LFFF0045' } },
]);

rule('EET/ by itself', 'R309', [
  {
    name: '50N07E is no significant point: a longitude has 3 figures',
    fields: { f18: 'PBN/A1B1C1D1 EET/50N07E0042' },
    at: [5, 14, 28],
    message:
      "EET/50N07E0042: '50N07E' (in 50N07E0042) is neither a FIR (4 letters) nor a significant point: a name of 2, 3 " +
      'or 5 letters, a latitude/longitude (50N007E, 5030N00715E) or a bearing and distance (DUB180040)',
  },
  { name: '50N007E is one', fields: { f18: 'PBN/A1B1C1D1 EET/50N007E0042 5030N00715E0044' } },
  {
    name: 'a 6-letter name is none either',
    fields: { f18: 'PBN/A1B1C1D1 EET/LFFF0010 ABCDEF0030' },
    at: [5, 14, 37],
    message:
      "EET/LFFF0010 ABCDEF0030: 'ABCDEF' (in ABCDEF0030) is neither a FIR (4 letters) nor a significant point: a " +
      'name of 2, 3 or 5 letters, a latitude/longitude (50N007E, 5030N00715E) or a bearing and distance (DUB180040)',
  },
]);
