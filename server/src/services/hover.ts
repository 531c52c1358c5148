/**
 * Hover: what the thing under the cursor is, what it means decoded, and where it may stand.
 * Every element kind has its own explanation (the switch is exhaustive, so a new kind in the
 * model fails the type check here until it is explained).
 */
import { flightDateMs } from '../route/flightDate';
import { departureMs, readDepartureValue } from '../route/departure';
import { clockUtc, formatUtc } from '../flight/flightTime';
import { codeLines, decodeField10, decodePbn } from './equipmentCodes';
import type { Hover } from 'vscode-languageserver-types';
import type {
  CancellationToken,
  ExpansionResult,
  Position,
  RouteBlock,
  RouteDocument,
  RouteElement,
} from '../route/model';
import { airlineHoverSection, type AirlineDirectory } from '../remote/airlineDirectory';
import { formatDegreesMinutes } from '../geo/degreesMinutes';
import { formatSignedDecimal } from '../geo/signedDecimal';
import { expansionHoverSection } from './expansionHover';
import { describeLevel, describeSpeed, describeSpeedLevel } from '../route/describe';
import { escapeMarkdown, inlineCode } from '../route/markdown';
import { locate } from '../route/locate';
import { rangesIntersect } from '../route/ranges';
import { pointKindName } from './symbols';
import { aerodromeFacts } from './aerodromeFacts';
import type { NavDatabase } from '../navdata/loader';
import { MONTHS } from '../route/fplOther';

/** What route expansion knows of the document's blocks, handed in by the caller. */
export interface ExpansionLookup {
  /** "the hub" or "navigation data": named in the hover so the user knows where it came from. */
  sourceName: string;
  resultFor(block: RouteBlock): ExpansionResult | undefined;
}

export function hover(
  document: RouteDocument,
  position: Position,
  token: CancellationToken,
  expansion?: ExpansionLookup,
  airlines?: AirlineDirectory,
  navdata?: NavDatabase,
  /** What plain route text without a date is timed from: `icaoRoute.flight.departureTime`, else now. */
  referenceMs: number = Date.now(),
): Hover | null {
  if (token.isCancellationRequested) return null;
  const found = locate(document, position);
  if (!found) return null;
  switch (found.kind) {
    case 'element': {
      let value = elementHover(found.element);
      if (found.element.kind === 'unknown') {
        // Editors without diagnostic hovers (or with them off) still learn what is wrong.
        const problems = found.block.diagnostics.filter((d) => rangesIntersect(d.range, found.element.range));
        if (problems.length > 0)
          value += `\n\n${problems.map((d) => `- ${d.code}: ${escapeMarkdown(d.message)}`).join('\n')}`;
      }
      const result = expansion?.resultFor(found.block);
      const section = result
        ? expansionHoverSection(
            found.element,
            found.index,
            result,
            expansion!.sourceName,
            found.block.elements[found.index + 1],
            flightDateMs(found.block),
          )
        : undefined;
      if (section) value += `\n\n---\n\n${section}`;
      const facts = found.element.kind === 'aerodrome' ? aerodromeFacts(navdata, found.element.icao) : undefined;
      if (facts) value += `\n\n---\n\n${facts}`;
      return markdown(value, found.element.range);
    }
    case 'directive': {
      const d = found.directive;
      let value = directiveHover(d.key, d.value);
      if (d.key === 'departure') value += `\n\n${departureMeaning(found.block, d.value, referenceMs)}`;
      const result = d.key === 'origin' || d.key === 'destination' ? expansion?.resultFor(found.block) : undefined;
      const points = result?.points ?? [];
      const end = d.key === 'origin' ? points[0] : points[points.length - 1];
      if (end && end.elementIndex === -1) {
        value +=
          `\n\n---\n\n*Route expansion (${expansion!.sourceName})*\n\n**Resolved:** ` +
          `aerodrome at ${formatDegreesMinutes(end.lat, end.lon)}`;
        if (end.resolvedFix) value += `\n\n${escapeMarkdown(end.resolvedFix)}`;
      }
      const facts = d.key === 'origin' || d.key === 'destination' ? aerodromeFacts(navdata, d.value) : undefined;
      if (facts) value += `\n\n---\n\n${facts}`;
      return markdown(value, found.part === 'key' ? d.keyRange : d.valueRange);
    }
    case 'fplItem':
      return markdown(fplItemHover(found.item.indicator, found.item.value), found.item.range);
    case 'fplSupplementaryItem':
      return markdown(fplSupplementaryHover(found.item.indicator, found.item.value), found.item.range);
    case 'fplField': {
      let value = fplFieldHover(found.field.number, found.field.text);
      const section = airlines && found.field.number === 7 ? airlineHoverSection(found.field, airlines) : undefined;
      if (section) value += `\n\n---\n\n${section}`;
      // Field 13's departure, field 16's destination (and its alternates: the first is said).
      const facts =
        found.field.number === 13 || found.field.number === 16
          ? aerodromeFacts(navdata, found.field.text.trim().slice(0, 4))
          : undefined;
      if (facts) value += `\n\n---\n\n${facts}`;
      return markdown(value, found.field.range);
    }
    case 'block':
      return null;
  }
}

function markdown(value: string, range: Hover['range']): Hover {
  const contents = { kind: 'markdown' as const, value };
  return range ? { contents, range } : { contents };
}

function title(text: string, what: string): string {
  return `${inlineCode(text)} — **${what}**`;
}

function elementHover(element: RouteElement): string {
  const lines = [title(element.text, kindTitle(element))];
  if (element.description) lines.push('', escapeMarkdown(element.description));
  lines.push('', kindExplanation(element));
  return lines.join('\n');
}

function kindTitle(element: RouteElement): string {
  switch (element.kind) {
    case 'speedLevel':
      return 'speed and level';
    case 'direct':
      return 'direct';
    case 'airway':
      return 'ATS route';
    case 'track':
      return element.system === 'NAT' ? 'North Atlantic track' : 'PACOTS track';
    case 'sid':
      return 'standard instrument departure (SID)';
    case 'star':
      return 'standard arrival route (STAR)';
    case 'point':
      return pointKindName(element);
    case 'latLon':
      return 'geographic coordinates';
    case 'bearingDistance':
      return 'bearing and distance from a point';
    case 'aerodrome':
      return 'aerodrome';
    case 'pointChange':
      return 'change of speed and level';
    case 'cruiseClimb':
      return 'cruise climb';
    case 'flightRules':
      return `change to ${element.rules}`;
    case 'truncation':
      return 'route truncated';
    case 'trafficType':
      return element.traffic === 'OAT' ? 'operational air traffic' : 'general air traffic';
    case 'ifps':
      return element.mode === 'IFPSTOP' ? 'IFPS processing stops' : 'IFPS processing resumes';
    case 'stay':
      return 'stay';
    case 'unknown':
      return 'not a route element';
  }
}

function kindExplanation(element: RouteElement): string {
  switch (element.kind) {
    case 'speedLevel':
      return (
        `Cruising ${describeSpeedLevel(element.speed, element.level)}. The route text ` +
        `starts with this group; later a speed/level group may only follow a point and ` +
        `\`/\`.`
      );
    case 'direct':
      return 'The route goes direct to the next point. `DCT` must be followed by a point and must not follow an ATS route.';
    case 'airway':
      return `ATS route ${inlineCode(element.designator)}, flown from the point before it to the point after it, where it is left.`;
    case 'track':
      return element.system === 'NAT'
        ? `North Atlantic organised track ${inlineCode(element.designator)} of the day, used like an ATS route.`
        : `Pacific organised track system (PACOTS) track ${inlineCode(element.designator)}, used like an ATS route.`;
    case 'sid':
      return element.designator === null
        ? 'The word `SID`: a departure procedure to be assigned by air traffic control. ' +
            'Only as the first element after the speed/level group.'
        : 'Departure procedure from the departure aerodrome. Only as the first element after the speed/level group.';
    case 'star':
      return element.designator === null
        ? 'The word `STAR`: an arrival procedure to be assigned by air traffic control. Only as the last element of the route.'
        : 'Arrival procedure to the destination aerodrome. Only as the last element of the route.';
    case 'point':
      return element.ident.length <= 3
        ? 'Coded designator of a radio navigation aid (VOR, NDB, DME or TACAN). Written ' +
            '`DCT` between two points unless an ATS route joins them.'
        : 'Coded designator of a significant point. Written `DCT` between two points unless an ATS route joins them.';
    case 'latLon':
      return (
        `${element.precision === 'degrees' ? 'Whole degrees' : 'Degrees and minutes'} of ` +
        `latitude and longitude ` +
        `(\`${element.precision === 'degrees' ? 'ddNdddW' : 'ddmmNdddmmW'}\`): ` +
        `${formatSignedDecimal(element.lat, element.lon)}.`
      );
    case 'bearingDistance':
      return (
        `The point ${element.distanceNm} NM from ${inlineCode(element.ident)} on ` +
        `magnetic bearing ${String(element.bearing).padStart(3, '0')}°.`
      );
    case 'aerodrome':
      return (
        `ICAO location indicator of an aerodrome. Accepted as the first or last word of ` +
        `route text (the hub's route expansion accepts route text that contains the ` +
        `aerodromes); in an FPL message the aerodromes belong in fields 13 and 16.`
      );
    case 'pointChange':
      return (
        `At ${inlineCode(element.point.text)} the flight changes to ` +
        `${describeSpeedLevel(element.speedLevel.speed, element.speedLevel.level)}.`
      );
    case 'cruiseClimb':
      return element.toLevel
        ? `From ${inlineCode(element.point.text)} the flight climbs at ` +
            `${describeSpeed(element.speed)} between ${describeLevel(element.fromLevel)} and ` +
            `${describeLevel(element.toLevel)}.`
        : `From ${inlineCode(element.point.text)} the flight climbs at ` +
            `${describeSpeed(element.speed)} from ${describeLevel(element.fromLevel)} and ` +
            `above (\`PLUS\`).`;
    case 'flightRules':
      return element.rules === 'VFR'
        ? 'From the preceding point the flight continues under visual flight rules.'
        : 'From the preceding point the flight continues under instrument flight rules; the point normally carries a new speed and level.';
    case 'truncation':
      return 'The route is truncated here and continues outside the text (only as the last element).';
    case 'trafficType':
      return element.traffic === 'OAT'
        ? 'From the preceding point the flight is operational (military) air traffic (EUROCONTROL).'
        : 'From the preceding point the flight is general air traffic (EUROCONTROL).';
    case 'ifps':
      return element.mode === 'IFPSTOP'
        ? 'EUROCONTROL IFPS stops checking the route from the preceding point.'
        : 'EUROCONTROL IFPS resumes checking the route from the preceding point.';
    case 'stay':
      return (
        `Stay number ${element.index}: the flight spends ` +
        `${formatMinutes(element.minutes)} in the area of the preceding point ` +
        `(EUROCONTROL \`STAYn/hhmm\`).`
      );
    case 'unknown':
      return 'The parser could not read this as any Item 15 element; see the problem reported on it.';
  }
}

function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

const DIRECTIVES: Record<string, string> = {
  origin: 'Departure aerodrome (ICAO location indicator) sent with the route to the route expansion as `origin`.',
  destination:
    'Destination aerodrome (ICAO location indicator) sent with the route to the route expansion as `destination`.',
  referenceFix:
    'Chooses among several points that share the name of the first point: a fix, a ' +
    'fix radial such as `DVR090020`, or a coordinate. The candidate closest to it is ' +
    'taken.',
  departure:
    'When the route is flown: the time at its first point, in UTC, for the ETOs of the profile, the map and ' +
    'the conflicts with areas and NOTAMs. Written `261201 1430` (YYMMDD HHMM, as `DOF/` and an EOBT), ' +
    '`2026-12-01T14:30Z`, or a time alone (`1430`) for its next occurrence. It comes before ' +
    '`icaoRoute.flight.departureTime` and now.',
};

/** What a `departure:` value means: the UTC date and time it times the flight at, or why none. */
function departureMeaning(block: RouteBlock, value: string, referenceMs: number): string {
  if (block.fpl)
    return '**Not used:** this block is an FPL message, timed by its EOBT (field 13) and `DOF/` (field 18).';
  const read = readDepartureValue(value);
  if ('problem' in read) return `**Not a time:** ${escapeMarkdown(read.problem.message)}; the flight has no time.`;
  const ms = departureMs(read.time, referenceMs);
  if (read.time.kind === 'dateTime') return `**Means:** ${formatUtc(ms)} (UTC).`;
  return (
    `**Means:** ${formatUtc(ms)} (UTC): no date, so the first ${clockUtc(ms)} at or after ` +
    `${formatUtc(referenceMs)} (\`icaoRoute.flight.departureTime\`, else now), as an EOBT without \`DOF/\`.`
  );
}

function directiveHover(key: string, value: string): string {
  const known = DIRECTIVES[key];
  if (!known) {
    return `${title(`${key}:`, 'unknown directive')}\n\nKnown directives: \`origin:\`, \`destination:\`, \`referenceFix:\`, \`departure:\`.`;
  }
  return `${title(`${key}: ${value}`, 'directive')}\n\n${known}`;
}

const FPL_FIELDS: Record<number, [string, string]> = {
  7: [
    'aircraft identification',
    'Field 7: the call sign or registration, optionally with the SSR mode and code (`/A1234`).',
  ],
  8: [
    'flight rules and type of flight',
    'Field 8: flight rules (`I`, `V`, `Y`, `Z`) and type of flight (`S` scheduled, ' +
      '`N` non-scheduled, `G` general aviation, `M` military, `X` other).',
  ],
  9: [
    'number and type of aircraft, wake turbulence',
    'Field 9: number of aircraft if more than one, ICAO aircraft type designator and ' +
      'wake turbulence category after `/` (`L`, `M`, `H`, `J`).',
  ],
  10: [
    'equipment and capabilities',
    'Field 10: radio communication, navigation and approach aid equipment before `/`, surveillance equipment after it.',
  ],
  13: [
    'departure aerodrome and time',
    'Field 13: ICAO location indicator of the departure aerodrome and the estimated ' +
      'off-block time (`hhmm`, UTC). It is the origin of the route.',
  ],
  15: ['route', 'Field 15: cruising speed and level followed by the route (ICAO Doc 4444 Item 15).'],
  16: [
    'destination, total EET and alternates',
    'Field 16: ICAO location indicator of the destination, total estimated elapsed time (`hhmm`) and up to two alternate aerodromes.',
  ],
  18: [
    'other information',
    'Field 18: indicators followed by `/` and their values (`DOF/`, `REG/`, `EET/`, `RMK/` …), or `0` when there is none.',
  ],
  19: [
    'supplementary information',
    'Field 19: supplementary information for search and rescue (`E/` endurance, `P/` persons on board, `R/` emergency radio, `S/` survival equipment, `J/` jackets, `D/` dinghies, `A/` colour and markings, `N/` remarks, `C/` pilot in command).',
  ],
};

function fplFieldHover(number: number, text: string): string {
  const [name, explanation] = FPL_FIELDS[number] ?? [`field ${number}`, `Field ${number} of the flight plan message.`];
  const value = `${title(text, `FPL ${name}`)}\n\n${explanation}`;
  return number === 10 ? `${value}\n\n${field10Lines(text).join('\n')}` : value;
}

/** Each letter and code of field 10, in the order written. */
function field10Lines(text: string): string[] {
  const { equipment, surveillance } = decodeField10(text);
  const lines = ['**Equipment:**', '', ...codeLines(equipment, 'not a field 10 code')];
  if (surveillance.length > 0)
    lines.push('', '**Surveillance:**', '', ...codeLines(surveillance, 'not a surveillance code'));
  return lines;
}

const FIELD_18: Record<string, string> = {
  STS: 'reason for special handling by ATS',
  PBN: 'performance-based navigation capabilities',
  NAV: 'navigation equipment other than in field 10',
  COM: 'communication equipment other than in field 10',
  DAT: 'data communication equipment other than in field 10',
  SUR: 'surveillance equipment other than in field 10',
  DEP: 'departure aerodrome not in the ICAO location indicators (field 13 is ZZZZ)',
  DEST: 'destination aerodrome not in the ICAO location indicators (field 16 is ZZZZ)',
  DOF: 'date of flight (YYMMDD)',
  REG: 'aircraft registration',
  EET: 'estimated elapsed times to points or FIR boundaries',
  SEL: 'SELCAL code',
  TYP: 'aircraft type not in the ICAO designators (field 9 is ZZZZ)',
  CODE: 'aircraft address (24-bit, hexadecimal)',
  DLE: 'en-route delay or holding',
  OPR: 'aircraft operator',
  ORGN: "originator's address",
  PER: 'aircraft performance category',
  ALTN: 'alternate aerodrome not in the ICAO location indicators',
  RALT: 'en-route alternate aerodromes',
  TALT: 'take-off alternate aerodrome',
  RIF: 'route to the revised destination aerodrome',
  RMK: 'plain-language remarks',
};

function fplItemHover(indicator: string, value: string): string {
  const meaning = FIELD_18[indicator.toUpperCase()] ?? 'an indicator of field 18';
  const lines = [
    title(`${indicator}/${value}`, 'FPL other information'),
    '',
    `${inlineCode(`${indicator}/`)}: ${meaning}.`,
  ];
  const date = indicator.toUpperCase() === 'DOF' ? dateOfFlight(value.trim()) : undefined;
  if (date) lines.push('', `Date of flight: ${date}.`);
  if (indicator.toUpperCase() === 'PBN' && value.trim())
    lines.push('', ...codeLines(decodePbn(value), 'not a PBN code'));
  return lines.join('\n');
}

const FIELD_19: Record<string, string> = {
  E: 'fuel endurance (hhmm)',
  P: 'total number of persons on board (TBN: to be notified)',
  R: 'emergency radio: U UHF 243.0 MHz, V VHF 121.5 MHz, E emergency locator transmitter',
  S: 'survival equipment: P polar, D desert, M maritime, J jungle',
  J: 'life jackets: L with lights, F with fluorescein, U with UHF radio, V with VHF radio',
  D: 'dinghies: number, total capacity, C if covered, colour',
  A: 'colour of the aircraft and significant markings',
  N: 'plain-language remarks (other survival equipment and useful remarks)',
  C: 'name of the pilot in command',
};

/** The letters of R/ S/ J/ each have a meaning: list the ones written. */
const FIELD_19_LETTERS: Record<string, Record<string, string>> = {
  R: { U: 'UHF 243.0 MHz', V: 'VHF 121.5 MHz', E: 'emergency locator transmitter (ELT)' },
  S: { P: 'polar', D: 'desert', M: 'maritime', J: 'jungle' },
  J: { L: 'with lights', F: 'with fluorescein', U: 'with UHF radio', V: 'with VHF radio' },
};

function fplSupplementaryHover(indicator: string, value: string): string {
  const key = indicator.toUpperCase();
  const meaning = FIELD_19[key] ?? 'not an indicator of field 19';
  const lines = [
    title(`${indicator}/${value}`, 'FPL supplementary information'),
    '',
    `${inlineCode(`${indicator}/`)}: ${meaning}.`,
  ];
  const v = value.trim().toUpperCase();
  const endurance = key === 'E' ? /^(\d\d)([0-5]\d)$/.exec(v) : null;
  if (endurance) lines.push('', `Endurance: ${Number(endurance[1])} h ${endurance[2]} min.`);
  if (key === 'P' && /^\d{1,3}$/.test(v)) lines.push('', `Persons on board: ${Number(v)}.`);
  const letters = FIELD_19_LETTERS[key];
  if (letters && [...v].every((c) => letters[c]))
    lines.push('', ...[...v].map((c) => `- ${inlineCode(c)}: ${letters[c]}`));
  return lines.join('\n');
}

/** `261121` → "21 November 2026"; undefined unless it is a real YYMMDD date. */
function dateOfFlight(value: string): string | undefined {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [2000 + Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
