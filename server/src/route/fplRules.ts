/**
 * The rules that tie one FPL field to another (ICAO Doc 4444 App. 2 notes, Annex 2, and the
 * IFPS Users Manual where marked): field 8 against the route, ZZZZ and AFIL against field 18,
 * field 10a against PBN/, COM/, NAV/ and DAT/, RVSM, VFR above FL200, DLE/ points, and
 * aerodromes written into field 15.
 */
import type { DiagnosticSink } from './diagnostics';
import { lineRange } from './diagnostics';
import type { OtherInformation, OtherItem } from './fplOther';
import { KIND, K_AERODROME, K_CRUISE_CLIMB, K_FLIGHT_RULES, K_POINT_CHANGE, K_SPEED_LEVEL } from './kinds';
import type { Located, Range } from './model';
import type { RouteEvent } from './routeText';
import { isBlankCode } from './routeText';
import { spanRange } from './diagnostics';
import { textFix, type TextFix, type TextFixData } from './textFixes';
import { checkItemsAgainstFields } from './fplItemRules';
import { directionOfLevel, nearestLevels, type Rules } from './cruisingLevels';
import { missingSensors, needsWords, PBN_TABLE } from './pbnSensors';

/** What the message gave, field by field, for the rules between them. */
export interface FplFacts {
  /** Field 8's flight rules letter (I V Y Z), '' when absent or unreadable. */
  rules: string;
  rulesRange: () => Range;
  /** Field 10a and 10b in upper case ('' when unreadable). */
  equipment: string;
  surveillance: string;
  /** The range of character `offset` of field 10's text, and where a letter joins 10a (before the '/'). */
  equipmentCharRange?: (offset: number) => Range | undefined;
  departure?: Located<string>;
  destination?: Located<string>;
  /** Field 16's alternates. */
  alternates: readonly Located<string>[];
  /** Field 13's estimated off-block time (hhmm) as written, when field 13 is well formed. */
  eobt?: string;
  /** Field 16's total EET (hhmm) as written, when field 16 is well formed. */
  totalEet?: { text: string };
  /** Field 19's E/ (fuel endurance, hhmm) as written, with its range. */
  endurance?: { text: string; range: Range };
  /** Field 15's levels, changes of rules and aerodromes, in order. */
  events: readonly RouteEvent[];
  /** Whether field 15 writes a point (DLE/). */
  routeHasPoint: (ident: string) => boolean;
  /** Whether field 15 flies an ATS route, a track or a SID/STAR, whose interior points it does not write. */
  fliesNamedRoute: boolean;
  other?: OtherInformation;
  /** Where a new item joins field 18: its start, or all of it when it is a lone 0 (built only for a finding). */
  otherStart: () => Range | undefined;
  lineText: (line: number) => string;
}

/** Regions where FL290–FL410 is RVSM airspace and W is checked: the ICAO EUR region's location indicators. */
function inEurRegion(icao: string | undefined): boolean {
  if (!icao) return false;
  const c = icao.charCodeAt(0);
  return c === 69 /* E */ || c === 76 /* L */ || c === 85; /* U */
}

/** A level of a speed/level group, with its place on the line. */
interface PlannedLevel {
  unit: string;
  value: number;
  text: string;
  feet: number;
  line: number;
  start: number;
  end: number;
}

const GROUP = /^(?:[NK]\d{4}|M\d{3})(F\d{3}|A\d{3}|S\d{4}|M\d{4}|VFR)(F\d{3}|A\d{3}|S\d{4}|M\d{4}|PLUS)?$/;

/** The levels of a speed/level group, a change of speed/level or a cruise climb. */
function levelsOf(e: RouteEvent): PlannedLevel[] {
  const u = e.text.toUpperCase();
  const groupStart = u.lastIndexOf('/') + 1;
  const m = GROUP.exec(u.slice(groupStart));
  if (!m) return [];
  const levels: PlannedLevel[] = [];
  let at = e.start + groupStart + (u.charCodeAt(groupStart) === 77 ? 4 : 5);
  for (const text of [m[1], m[2]]) {
    if (!text || text === 'PLUS') continue;
    const unit = text.charAt(0) === 'V' ? 'VFR' : text.charAt(0);
    const value = unit === 'VFR' ? 0 : Number(text.slice(1));
    const feet = unit === 'F' || unit === 'A' ? value * 100 : unit === 'VFR' ? 0 : value * 10 * 3.28084;
    levels.push({ unit, value, text, feet, line: e.line, start: at, end: at + text.length });
    at += text.length;
  }
  return levels;
}

const RULES_NAMES: Record<string, string> = {
  I: 'I (IFR throughout)',
  V: 'V (VFR throughout)',
  Y: 'Y (IFR first, then VFR)',
  Z: 'Z (VFR first, then IFR)',
};

const LEVEL_UNITS = { F: 'flightLevel', A: 'altitudeFeet', S: 'metricLevel', M: 'altitudeMetres' } as const;

/**
 * A VFR part at an IFR cruising level, or an IFR part at a VFR one (Annex 2, Appendix 3: the VFR
 * levels are the IFR levels + 500 ft, + 150 m). Which direction is meant needs the route's tracks
 * (X014); here only the column: both neighbours of the other rules are offered.
 */
function checkLevelRules(level: PlannedLevel, vfrPart: boolean, range: Range, sink: DiagnosticSink): void {
  const unit = LEVEL_UNITS[level.unit as keyof typeof LEVEL_UNITS];
  if (!unit) return;
  const asLevel = { unit, value: level.value, text: level.text };
  const own: Rules = vfrPart ? 'VFR' : 'IFR';
  const other: Rules = vfrPart ? 'IFR' : 'VFR';
  // Below 3,000 ft a VFR flight cruises at any level; at or below it no IFR level is judged either.
  if (level.feet <= 3000 || directionOfLevel(asLevel, own) || !directionOfLevel(asLevel, other)) return;
  const choices = (['eastbound', 'westbound'] as const)
    .flatMap((d) => nearestLevels(asLevel, d, own).map((l) => ({ l, d })))
    .sort((a, b) => a.l.value - b.l.value);
  const offer = choices.map((c) => `${c.l.text} ${c.d}`).join(' or ');
  const fixData = fixes(
    ...choices.map((c) => ({
      title: `Change ${level.text} to ${c.l.text} (${c.d})`,
      edits: [{ range, newText: c.l.text }],
      preferred: false,
    })),
  );
  if (vfrPart)
    sink.add(
      'R336',
      `${level.text} is an IFR cruising level, but this part of the flight is VFR: above 3,000 ft above the ground ` +
        `a VFR flight cruises at the IFR levels + 500 ft (Annex 2, Appendix 3), e.g. ${offer}`,
      range,
      fixData,
    );
  else
    sink.add(
      'R337',
      `${level.text} is a VFR cruising level (the IFR levels + 500 ft, Annex 2, Appendix 3), but this part of the ` +
        `flight is IFR: an IFR flight cruises at an IFR level, e.g. ${offer}`,
      range,
      fixData,
    );
}

/** Field 8 against field 15; VFR above FL200; RVSM without W; the VFR and IFR columns of the levels. */
function checkRulesAndLevels(f: FplFacts, sink: DiagnosticSink, nonRvsm: boolean): void {
  const rules = f.rules;
  let vfr = rules === 'V' || rules === 'Z';
  let firstChange = '';
  let rvsmWarned = false;
  const checkRvsm =
    !f.equipment.includes('W') &&
    !nonRvsm &&
    f.equipment !== '' &&
    (inEurRegion(f.departure?.value) || inEurRegion(f.destination?.value));
  const events = f.events;
  for (let k = 0; k < events.length; k++) {
    const e = events[k]!; // k < events.length
    const kind = e.code & KIND;
    if (kind === K_FLIGHT_RULES) {
      const to = e.text.toUpperCase();
      if (!firstChange) firstChange = to;
      if (rules === 'I' || rules === 'V') {
        sink.add(
          'R314',
          `field 8 gives flight rules ${RULES_NAMES[rules]}, but field 15 changes to ${to} here: ` +
            `write ${to === 'VFR' ? 'Y' : 'Z'} in field 8 for a change of flight rules, or remove the change`,
          lineRange(e.line, e.start, e.end),
        );
      } else if ((rules === 'Y' || rules === 'Z') && firstChange === to && to === (rules === 'Y' ? 'IFR' : 'VFR')) {
        sink.add(
          'R314',
          `field 8 gives flight rules ${RULES_NAMES[rules]}, so the first change in field 15 is to ` +
            `${rules === 'Y' ? 'VFR' : 'IFR'}, not to ${to}`,
          lineRange(e.line, e.start, e.end),
        );
      }
      vfr = to === 'VFR';
      continue;
    }
    if (kind !== K_SPEED_LEVEL && kind !== K_POINT_CHANGE && kind !== K_CRUISE_CLIMB) continue;
    // A change whose rules change at the same point (LN/N0120A045 VFR) is flown under the new rules.
    const next = events[k + 1];
    const changesHere = next && (next.code & KIND) === K_FLIGHT_RULES && next.index === e.index + 1;
    const here = changesHere ? next.text.toUpperCase() === 'VFR' : vfr;
    const levels = levelsOf(e);
    for (const level of levels) {
      const range = lineRange(level.line, level.start, level.end);
      checkLevelRules(level, here, range, sink);
      if (level.unit === 'VFR') {
        if (!here && rules)
          sink.add(
            'R314',
            `field 8 gives flight rules ${RULES_NAMES[rules] ?? rules}: an IFR part of the flight cannot plan VFR as its ` +
              `level; give a cruising level, e.g. F350, or change the flight rules`,
            range,
          );
        continue;
      }
      if (here && level.feet > 20_000) {
        // Annex 2, 4.4: VFR flights are not operated above FL200 unless authorised.
        sink.add(
          'R319',
          `${level.text} is above FL200 in a VFR part of the flight: VFR flights are not operated above ` +
            `FL200 unless the State authorises it (Annex 2, 4.4)`,
          range,
        );
      }
      if (!here && checkRvsm && !rvsmWarned && level.unit === 'F' && level.value >= 290 && level.value <= 410) {
        rvsmWarned = true;
        sink.add(
          'R318',
          `${level.text} is in RVSM airspace (FL290–FL410) of the EUR region, but field 10a has no W ` +
            `(RVSM approved): add W if the aircraft is approved, or STS/NONRVSM for a non-approved State aircraft`,
          range,
        );
      }
    }
  }
  if ((rules === 'Y' || rules === 'Z') && !firstChange) {
    const to = rules === 'Y' ? 'VFR' : 'IFR';
    sink.add(
      'R314',
      `field 8 gives flight rules ${RULES_NAMES[rules]}, but field 15 has no change to ${to}: write ${to} ` +
        `after the point where it happens, e.g. LN/N0120A045 ${to}, or write ${rules === 'Y' ? 'I' : 'V'} in field 8`,
      f.rulesRange(),
    );
  }
}

function itemRange(item: OtherItem): Range {
  return spanRange(item.fromLine, item.fromChar, item.toLine, item.toChar);
}

/** A letter joined to field 10a, as a fix. */
function addToEquipment(f: FplFacts, letters: string, title: string, preferred = true): TextFix | undefined {
  const slash = f.equipment.length;
  const at = f.equipmentCharRange?.(slash);
  if (!at) return undefined;
  return { title, edits: [{ range: { start: at.start, end: at.start }, newText: letters }], preferred };
}

function fixes(...list: (TextFix | undefined)[]): TextFixData | undefined {
  const kept = list.filter((x): x is TextFix => x !== undefined);
  return kept.length > 0 ? { fixes: kept } : undefined;
}

/** Field 10a against PBN/, COM/, NAV/ and DAT/. */
function checkEquipment(f: FplFacts, pbn: OtherItem | undefined, equipmentNamed: boolean, sink: DiagnosticSink): void {
  const eq = f.equipment;
  if (!eq || eq === 'N') return;
  const pbnValue = pbn?.value.toUpperCase() ?? '';
  if (pbn && /^([A-Z]\d)+$/.test(pbnValue)) {
    if (!eq.includes('R')) {
      sink.add(
        'R309',
        `PBN/${pbn.value}: PBN capabilities need R (PBN approved) in field 10a`,
        itemRange(pbn),
        fixes(addToEquipment(f, 'R', 'Add R (PBN approved) to field 10a')),
      );
    }
    const oneWord = pbn.fromLine === pbn.toLine && !pbn.value.includes(' ');
    for (let at = 0; at + 1 < pbnValue.length; at += 2) {
      const code = pbnValue.slice(at, at + 2);
      const range = oneWord ? lineRange(pbn.fromLine, pbn.fromChar + 4 + at, pbn.fromChar + 6 + at) : itemRange(pbn);
      const missing = missingSensors(code, eq);
      if (missing.length === 0) continue;
      // The letters of one-letter needs are certain; a need with a choice gives one fix per choice.
      const certain = missing.filter((need) => need.anyOf.length === 1).map((need) => need.anyOf[0]!);
      const choice = missing.find((need) => need.anyOf.length > 1);
      const fix = (choice ? choice.anyOf : ['']).map((l) => {
        const letters = [...certain, l].filter(Boolean);
        return addToEquipment(f, letters.join(''), `Add ${letters.join(' and ')} to field 10a`, !choice);
      });
      sink.add(
        'R316',
        `PBN/ ${code} (${PBN_TABLE[code]!.what}) needs ${needsWords(missing)} in field 10a`,
        range,
        fixes(...fix),
      );
    }
  }
  const letterRange = (letter: string): Range => {
    // The letter itself, not an E1/J1/M1/P1 code's digit: 10a's single letters are never followed by a digit.
    const re = new RegExp(`${letter}(?!\\d)`);
    const at = re.exec(eq)?.index ?? 0;
    return f.equipmentCharRange?.(at) ?? f.rulesRange();
  };
  if (/R(?!\d)/.test(eq) && !pbn) {
    const start = f.otherStart();
    const insert = start
      ? textFix('Insert PBN/ in field 18 (then list the PBN codes)', start, f.other?.count ? 'PBN/ ' : 'PBN/', false)
      : undefined;
    sink.add(
      'R317',
      `R (PBN approved) in field 10a needs PBN/ in field 18 with the RNAV and RNP levels that can be met, e.g. PBN/B1D1`,
      letterRange('R'),
      insert,
    );
  }
  if (!equipmentNamed && /Z(?!\d)/.test(eq)) {
    sink.add(
      'R317',
      `Z (other equipment) in field 10a needs COM/, NAV/ or DAT/ in field 18 naming that equipment, e.g. NAV/GBAS`,
      letterRange('Z'),
    );
  }
}

/** ZZZZ and AFIL need the indicator that names them. */
function checkUnnamedAerodromes(f: FplFacts, items: readonly OtherItem[], sink: DiagnosticSink): void {
  const has = (indicator: string): boolean => items.some((i) => i.indicator === indicator && i.value.trim() !== '');
  const dep = f.departure;
  if (dep?.value === 'ZZZZ' && !has('DEP'))
    sink.add(
      'R315',
      'field 13 gives the departure aerodrome as ZZZZ: field 18 must name it with DEP/, e.g. DEP/4530N00510E or DEP/MY FARM STRIP',
      dep.range,
    );
  if (dep?.value === 'AFIL' && !has('DEP'))
    sink.add(
      'R315',
      'field 13 AFIL (flight plan filed in the air): field 18 must name the ATS unit that holds the supplementary data with DEP/, e.g. DEP/EGTTZQZX',
      dep.range,
    );
  const dest = f.destination;
  if (dest?.value === 'ZZZZ' && !has('DEST'))
    sink.add(
      'R315',
      'field 16 gives the destination aerodrome as ZZZZ: field 18 must name it with DEST/, e.g. DEST/4530N00510E',
      dest.range,
    );
  for (const alternate of f.alternates) {
    if (alternate.value === 'ZZZZ' && !has('ALTN'))
      sink.add(
        'R315',
        'field 16 gives an alternate aerodrome as ZZZZ: field 18 must name it with ALTN/, e.g. ALTN/4530N00510E',
        alternate.range,
      );
  }
}

/**
 * DLE/ points must be points of the route. Only a route that names every point it passes can be
 * judged here: a point inside an airway (or a track, a SID, a STAR) is a point of the route that
 * field 15 does not write; the expansion judges those routes (X015).
 */
function checkDelays(f: FplFacts, items: readonly OtherItem[], count: number, sink: DiagnosticSink): void {
  if (f.fliesNamedRoute) return;
  for (let k = 0; k < count; k++) {
    const item = items[k]!; // the field's items are the first `count`
    if (item.indicator !== 'DLE') continue;
    const words = item.value.toUpperCase().split(' ');
    for (const word of words) {
      const m = /^([A-Z0-9]{1,10}[A-Z])(\d{4})$/.exec(word);
      if (!m) continue; // its format is reported by R309
      const point = m[1]!; // the pattern always captures it
      if (f.routeHasPoint(point)) continue;
      const oneWord = words.length === 1 && item.fromLine === item.toLine;
      sink.add(
        'R320',
        `DLE/${word}: ${point} is not a point of the route: field 15 flies no ATS route and does not write it; ` +
          `a delay is planned at a significant point on the route`,
        oneWord ? lineRange(item.fromLine, item.fromChar + 4, item.toChar) : itemRange(item),
      );
    }
  }
}

/** Doc 4444 Item 15 has no aerodrome: in an FPL, fields 13 and 16 give them. */
function checkRouteAerodromes(f: FplFacts, sink: DiagnosticSink): void {
  for (const e of f.events) {
    if ((e.code & KIND) !== K_AERODROME || e.count < 2) continue;
    const first = e.index === 0;
    if (!first && e.index !== e.count - 1) continue;
    const text = f.lineText(e.line);
    const icao = e.text.toUpperCase();
    let from = e.start;
    let to = e.end;
    if (first) {
      while (to < text.length && isBlankCode(text.charCodeAt(to))) to++;
    } else {
      while (from > 0 && isBlankCode(text.charCodeAt(from - 1))) from--;
    }
    const message = first
      ? `aerodrome ${icao} before the speed/level group: in an FPL message field 13 gives the departure` +
        `${f.departure ? ` (${f.departure.value})` : ''}; field 15 begins with the speed/level group`
      : `aerodrome ${icao} at the end of the route: in an FPL message field 16 gives the destination` +
        `${f.destination ? ` (${f.destination.value})` : ''}; field 15 ends with the last point or STAR`;
    sink.add(
      'R321',
      message,
      lineRange(e.line, e.start, e.end),
      textFix(`Remove ${icao} from field 15`, lineRange(e.line, from, to), ''),
    );
  }
}

/** Every rule between fields, once the message is read. */
export function checkBetweenFields(f: FplFacts, sink: DiagnosticSink): void {
  const items = f.other ? f.other.items : NO_ITEMS;
  const count = f.other ? f.other.count : 0;
  let pbn: OtherItem | undefined;
  let nonRvsm = false;
  let equipmentNamed = false;
  for (let k = 0; k < count; k++) {
    const item = items[k]!; // the field's items are the first `count`
    const indicator = item.indicator;

    if (indicator === 'PBN') pbn ??= item;
    else if (indicator === 'STS') nonRvsm ||= /\bNONRVSM\b/i.test(item.value);
    else if (indicator === 'COM' || indicator === 'NAV' || indicator === 'DAT') equipmentNamed = true;
  }
  if (
    f.departure?.value === 'ZZZZ' ||
    f.departure?.value === 'AFIL' ||
    f.destination?.value === 'ZZZZ' ||
    f.alternates.length > 0
  )
    checkUnnamedAerodromes(f, items.slice(0, count), sink);
  checkRouteAerodromes(f, sink);
  if (f.rules) checkRulesAndLevels(f, sink, nonRvsm);
  checkEquipment(f, pbn, equipmentNamed, sink);
  checkDelays(f, items, count, sink);
  checkItemsAgainstFields(f, items, count, sink);
}

const NO_ITEMS: readonly OtherItem[] = [];
