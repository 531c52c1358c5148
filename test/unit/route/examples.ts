import { parseRouteDocument, setReferenceClock, type RouteDocument } from '../../../server/src/route';

/**
 * One example per diagnostic code: the input, where the finding must be, and a piece of its
 * message. The rules test checks every example; docs/diagnostics.md shows the same examples.
 */
export interface CodeExample {
  code: string;
  text: string;
  /** [line, start character, end character] of the finding. */
  at: [number, number, number] | [number, number, number, number];
  /** A piece the message must contain. */
  says: string;
  /** The date the checks take as today (ISO), for the findings that depend on it. */
  today?: string;
}

/** Parses an example with its clock (none unless it names today). */
export function parseExample(ex: CodeExample): RouteDocument {
  setReferenceClock(ex.today ? () => Date.parse(ex.today!) : undefined);
  try {
    const doc = parseRouteDocument(ex.text);
    // A block reads its findings again on first use: read them while the clock is set.
    for (const block of doc.blocks) void block.diagnostics;
    return doc;
  } finally {
    setReferenceClock(undefined);
  }
}

const FPL = (
  f7 = 'DLH4AB',
  f8 = 'IS',
  f9 = 'A320/M',
  f10 = 'SDE2E3FGIJ1WY/LB1',
  f13 = 'EGLL1200',
  f15 = 'N0450F350 DVR',
  f16 = 'EDDF0105 EDDK',
  f18 = 'DOF/261121',
): string => `(FPL-${f7}-${f8}\n-${f9}-${f10}\n-${f13}\n-${f15}\n-${f16}\n-${f18})`;

export const EXAMPLES: CodeExample[] = [
  { code: 'R001', text: 'N0450F350 DVR\u0000', at: [0, 13, 14], says: 'plain text' },
  { code: 'R002', text: 'orgin: EGLL\nN0450F350 DVR', at: [0, 0, 5], says: 'did you mean origin?' },
  { code: 'R003', text: 'origin:\nN0450F350 DVR', at: [0, 0, 7], says: 'has no value' },
  { code: 'R004', text: 'origin: EGLL\norigin: EDDF\nN0450F350 DVR', at: [1, 0, 6], says: 'given twice' },
  {
    code: 'R005',
    text: 'destination: EDDF1\nN0450F350 DVR',
    at: [0, 13, 18],
    says: '4-letter ICAO location indicator',
  },
  { code: 'R006', text: 'referenceFix: 12AB\nN0450F350 DVR', at: [0, 14, 18], says: 'not a significant point' },
  { code: 'R007', text: 'N0450F350 DVR: DCT KONAN', at: [0, 13, 14], says: 'a colon never occurs' },
  { code: 'R008', text: `${FPL()}\nN0450F350 DVR`, at: [6, 0, 13], says: 'after the end of the FPL message' },
  { code: 'R009', text: 'origin: EGLL\ndestination: EDDF', at: [0, 0, 1, 17], says: 'no route text' },
  { code: 'R010', text: `N0450F350 ${'! '.repeat(250).trim()}`, at: [0, 508, 509], says: 'more problem(s)' },
  { code: 'R011', text: 'departure: 261301 1430\nN0450F350 DVR', at: [0, 13, 15], says: 'month 13 is not a month' },
  {
    code: 'R012',
    text: `departure: 261201 1430\n${FPL()}`,
    at: [0, 0, 9],
    says: 'timed by its EOBT (field 13) and DOF/',
  },
  { code: 'R101', text: 'N0450F350 X', at: [0, 10, 11], says: 'single letter' },
  { code: 'R102', text: 'N0450F350 dvr', at: [0, 10, 13], says: 'upper case: DVR' },
  { code: 'R103', text: 'N045F350 DVR', at: [0, 0, 4], says: 'needs N (knots) + 4 digits' },
  { code: 'R104', text: 'N0450F35 DVR', at: [0, 5, 8], says: 'needs F + 3 digits, found 2 (e.g. F350)' },
  { code: 'R105', text: 'N0450F350 95N010W', at: [0, 10, 12], says: 'latitude 95°N out of range' },
  { code: 'R106', text: 'N0450F350 45N190W', at: [0, 13, 16], says: 'longitude 190°W out of range' },
  { code: 'R107', text: 'N0450F350 4575N01000W', at: [0, 12, 14], says: 'minutes of latitude' },
  { code: 'R108', text: 'N0450F350 DUB370040', at: [0, 13, 16], says: 'bearing 370°' },
  { code: 'R109', text: 'N0450F350 4620N0780W', at: [0, 10, 20], says: 'not a latitude/longitude' },
  { code: 'R110', text: 'N0450F350 DVR DCT ABCDEFGH12', at: [0, 18, 28], says: 'has 10 characters' },
  { code: 'R111', text: 'N0450F350 DVR/', at: [0, 13, 14], says: "speed/level missing after '/'" },
  { code: 'R112', text: 'N0450F350 DVR DCT C/48N050W/M082F290', at: [0, 32, 36], says: 'second level or PLUS' },
  { code: 'R113', text: 'N0450F350 DVR STAY0/0030', at: [0, 14, 24], says: 'STAYn/hhmm' },
  { code: 'R114', text: 'N0450F350 DV-R', at: [0, 12, 13], says: "character '-' is not allowed" },
  { code: 'R115', text: 'N0450F350 DVR DCT ABCD DCT KONAN', at: [0, 18, 22], says: 'has 4 letters' },
  { code: 'R116', text: 'N0450F350 DVR DCT KONAN ANEKI1L AMASI', at: [0, 24, 31], says: 'looks like a SID/STAR' },
  { code: 'R117', text: 'N0450F350 DVR DCT KONAN F370 AMASI', at: [0, 24, 28], says: 'level F370 alone' },
  { code: 'R201', text: 'DVR DCT KONAN', at: [0, 0, 3], says: 'must begin with a speed/level group' },
  { code: 'R202', text: 'N0450F350 DVR UL9', at: [0, 14, 17], says: 'the route ends here' },
  { code: 'R203', text: 'N0450F350 DVR UL9 UL607 KONAN', at: [0, 18, 23], says: 'need their joining point' },
  {
    code: 'R204',
    text: 'N0450F350 DVR DCT UL9 KONAN',
    at: [0, 18, 21],
    says: 'DCT must be followed by a point, found ATS route UL9',
  },
  { code: 'R205', text: 'N0450F350 DVR UL9 DCT KONAN', at: [0, 18, 21], says: 'DCT cannot follow ATS route UL9' },
  { code: 'R206', text: 'N0450F350 DVR KONAN', at: [0, 14, 19], says: 'write DCT between DVR and KONAN' },
  { code: 'R207', text: 'N0450F350 DVR DCT KONAN SID', at: [0, 24, 27], says: 'SID may appear only as the first' },
  { code: 'R208', text: 'N0450F350 DVR STAR DCT KONAN', at: [0, 14, 18], says: 'STAR may appear only as the last' },
  { code: 'R209', text: 'N0450F350 DVR N0460F370 DCT KONAN', at: [0, 14, 23], says: "attached to a point with '/'" },
  { code: 'R210', text: 'N0450F355 DVR', at: [0, 5, 9], says: 'F355 is not a usual cruising level' },
  { code: 'R211', text: 'N0450F350 DVR T DCT KONAN', at: [0, 14, 15], says: 'only as the last element' },
  { code: 'R212', text: 'N0120VFR DVR DCT KONAN IFR', at: [0, 23, 26], says: 'normally gives the new speed and level' },
  { code: 'R213', text: 'N0450F350 IFR DVR', at: [0, 10, 13], says: 'must follow the point where it happens' },
  { code: 'R214', text: 'N0450F350 OAT DVR', at: [0, 10, 13], says: 'must follow the point where it applies' },
  {
    code: 'R215',
    text: 'N0450F350 DVR6J DCT KONAN',
    at: [0, 16, 19],
    says: 'must be followed by the point where it ends',
  },
  { code: 'R216', text: 'N0450F350 DVR L9 UL9 KONAN', at: [0, 17, 20], says: 'transition point is usually written' },
  { code: 'R217', text: 'N0450F350', at: [0, 0, 9], says: 'not followed by a route' },
  { code: 'R218', text: 'N0400F200 SAM2X T', at: [0, 16, 17], says: 'found SID SAM2X before it' },
  { code: 'R301', text: FPL().slice(0, -1), at: [5, 11, 11], says: "expected ')'" },
  {
    code: 'R302',
    text: '(FPL-DLH4AB-IS-A320/M-S/C-EGLL1200-N0450F250 DVR)',
    at: [0, 48, 49],
    says: 'missing fields 16',
  },
  { code: 'R303', text: FPL('DLH4ABCDE'), at: [0, 5, 14], says: 'field 7' },
  { code: 'R304', text: FPL(undefined, 'XS'), at: [0, 12, 14], says: 'field 8' },
  { code: 'R305', text: FPL(undefined, undefined, 'A320'), at: [1, 1, 5], says: 'field 9' },
  { code: 'R306', text: FPL(undefined, undefined, undefined, 'SDE2E3'), at: [1, 8, 14], says: 'field 10' },
  { code: 'R307', text: FPL(undefined, undefined, undefined, undefined, 'EGLL12'), at: [2, 1, 7], says: 'field 13' },
  {
    code: 'R308',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, 'EDDF01'),
    at: [4, 1, 7],
    says: 'field 16',
  },
  {
    code: 'R309',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'DOF/2611'),
    at: [5, 1, 9],
    says: 'YYMMDD',
  },
  { code: 'R310', text: `${FPL().slice(0, -1)}-E/0230-X)`, at: [5, 19, 20], says: 'extra field' },
  {
    code: 'R311',
    text: FPL(undefined, undefined, undefined, undefined, undefined, ''),
    at: [3, 1, 1],
    says: 'field 15 (route) is empty',
  },
  { code: 'R312', text: FPL().replace('(FPL', '(CHG'), at: [0, 1, 4], says: 'is not FPL' },
  { code: 'R313', text: `${FPL().slice(0, -1)}-E/0790 P/2)`, at: [5, 12, 18], says: 'fuel endurance is hhmm' },
  {
    code: 'R314',
    text: FPL(undefined, 'YG', undefined, undefined, undefined, 'N0110F080 DVR DCT SPR'),
    at: [0, 12, 14],
    says: 'field 15 has no change to VFR',
  },
  { code: 'R315', text: FPL(undefined, undefined, undefined, undefined, 'ZZZZ1200'), at: [2, 1, 5], says: 'DEP/' },
  {
    code: 'R316',
    text: FPL(undefined, undefined, undefined, 'SDRWY/S', undefined, undefined, undefined, 'PBN/C2'),
    at: [5, 5, 7],
    says: 'PBN/ C2 (RNAV 2 GNSS) needs G (GNSS) in field 10a',
  },
  {
    code: 'R317',
    text: FPL(undefined, undefined, undefined, 'SDGRWY/S'),
    at: [1, 11, 12],
    says: 'R (PBN approved) in field 10a needs PBN/',
  },
  {
    code: 'R318',
    text: FPL(undefined, undefined, undefined, 'SDFGI/S'),
    at: [3, 6, 10],
    says: 'in RVSM airspace (FL290–FL410) of the EUR region',
  },
  {
    code: 'R319',
    text: FPL(undefined, 'VG', undefined, undefined, undefined, 'N0140F250 DVR'),
    at: [3, 6, 10],
    says: 'above FL200 in a VFR part of the flight',
  },
  {
    code: 'R320',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'DLE/XAMAN0020'),
    at: [5, 5, 14],
    says: 'XAMAN is not a point of the route: field 15 flies no ATS route',
  },
  {
    code: 'R321',
    text: FPL(undefined, undefined, undefined, undefined, undefined, 'EGLL N0450F350 DVR'),
    at: [3, 1, 5],
    says: 'field 13 gives the departure (EGLL)',
  },
  {
    code: 'R322',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'DOF/261121 RFP/Q1'),
    at: [5, 12, 18],
    says: "not a Doc 4444 indicator: it is the EUROCONTROL IFPS's own",
  },
  {
    code: 'R323',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'DOF/261121 DOF/261121'),
    at: [5, 12, 22],
    says: 'DOF/261121 is given twice',
  },
  {
    code: 'R324',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'DOF/270305 DOF/270306'),
    at: [5, 12, 22],
    says: 'DOF/ is given twice with different values (DOF/270305 and DOF/270306)',
  },
  {
    code: 'R325',
    text: FPL(undefined, undefined, undefined, undefined, undefined, 'N0450F350\u00a0DVR'),
    at: [3, 10, 11],
    says: 'U+00A0 (no-break space) is not a blank of an ATS message',
  },
  {
    code: 'R326',
    text: FPL(),
    at: [5, 1, 11],
    says: 'DOF/261121 is 21 November 2026, 5 days before today (26 November 2026)',
    today: '2026-11-26T10:00:00Z',
  },
  { code: 'R327', text: FPL('HB-XYZ'), at: [0, 7, 8], says: "hyphen inside field 7: 'HB-XYZ'" },
  {
    code: 'R328',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'OPR/AIR-LINK'),
    at: [5, 9, 13],
    says: 'a hyphen inside field 18 text (as in OPR/AIR-LINK) ends field 18',
  },
  {
    code: 'R329',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'STS/NONRVSM'),
    at: [5, 5, 12],
    says: 'but field 10a gives W (RVSM approved)',
  },
  {
    code: 'R330',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'TALT/EGLL'),
    at: [5, 6, 10],
    says: 'the take-off alternate is the departure aerodrome (field 13 EGLL)',
  },
  {
    code: 'R331',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, 'EDDF0105 EDDF'),
    at: [4, 10, 14],
    says: 'alternate EDDF is the destination aerodrome (field 16 EDDF)',
  },
  {
    code: 'R332',
    text: `${FPL().slice(0, -1)}-E/0045)`,
    at: [5, 12, 18],
    says: 'the fuel endurance (0:45) is shorter than the total EET of field 16 (0105, 1:05)',
  },
  {
    code: 'R333',
    text: FPL(undefined, undefined, undefined, 'SDE2E3FIJ1WY/LB1', undefined, undefined, undefined, 'NAV/SBAS'),
    at: [5, 5, 9],
    says: 'NAV/ names SBAS, a GNSS augmentation, but field 10a has neither G',
  },
  {
    code: 'R334',
    text: FPL(),
    at: [5, 1, 11],
    says: 'DOF/261121 with EOBT 1200 is 21 Nov 2026 12:00Z, 122 hours after now (16 Nov 2026 10:00Z)',
    today: '2026-11-16T10:00:00Z',
  },
  {
    code: 'R335',
    text: FPL(undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'EET/EBBU0015 EDGG0110'),
    at: [5, 14, 22],
    says: 'EET/EDGG0110: 1:10 from take-off is beyond the total EET of field 16 (0105, 1:05)',
  },
  {
    code: 'R336',
    text: FPL(undefined, 'VG', undefined, undefined, undefined, 'N0100A050 DVR'),
    at: [3, 6, 10],
    says: 'A050 is an IFR cruising level, but this part of the flight is VFR',
  },
  {
    code: 'R337',
    text: FPL(undefined, undefined, undefined, undefined, undefined, 'N0250F115 DVR'),
    at: [3, 6, 10],
    says: 'F115 is a VFR cruising level (the IFR levels + 500 ft, Annex 2, Appendix 3)',
  },
];
