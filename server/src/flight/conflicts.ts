/**
 * Conflicts of the flight with active areas, as diagnostics where the user edits: on the airway,
 * DCT or point that produces the leg. An area counts when the flight passes through its drawn
 * outline on that leg, at an altitude inside its limits, while it is active (its schedule, or
 * the NOTAM's validity and item D, at the estimated time there). One diagnostic per area and
 * token, however many legs of the airway cross it. Pure: the judged areas come in as data (the
 * judged flight, judgedFlight.ts); the code actions are services/flightConflictActions.ts.
 */
import type { OpenNotamArgument } from '../../../common/protocol/lspMessages';
import { DIAGNOSTIC_CODES } from '../route/codes';
import type { RouteDiagnostic } from '../route/model';
import type { StretchVerdict } from './applicability';
import { AREA_WORDS, RESTRICTION_QCODE } from './conflictAreas';
import { clockUtc } from './flightTime';
import type { JudgedArea } from './judgedArea';
import type { JudgedFlight, JudgedLeg } from './judgedFlight';
import { bandsOverlap, bandText, feetText, type LevelBand } from './levels';
import { stateAt, type FlightProfile, type ProfileLeg } from './profile';
import { bandBetween } from './vertical';

type NotamDocument = OpenNotamArgument;

/** What the conflicts read of the judged flight: its profile, every area judged for it, its legs. */
type ConflictInput = Pick<JudgedFlight, 'judged' | 'legs'> & { flight: { profile: FlightProfile } };

/** What a conflict diagnostic carries for its code actions (services/flightConflictActions.ts). */
export interface FlightConflictData {
  itemId: string;
  /** "ED-R136", "A1234/26". */
  name: string;
  /** The NOTAM itself (F002), or the NOTAMs that activate the area (F001). */
  notams: NotamDocument[];
}

function levelPhrase(leg: ProfileLeg, band: LevelBand): string {
  if (leg.band && leg.band.lowerFt === leg.band.upperFt) return `at ${leg.levelText}`;
  if (band.lowerFt === band.upperFt) return `at ${feetText(band.lowerFt)}`;
  // Near an aerodrome: the climb or the descent of the profile (vertical.ts), said as such.
  const way = /^(climbing|descending)\b/.exec(leg.levelText)?.[1];
  if (way && leg.startFt !== undefined && leg.endFt !== undefined)
    return `${way} through ${feetText(band.lowerFt)}–${feetText(band.upperFt)}`;
  return `between ${feetText(band.lowerFt)} and ${feetText(band.upperFt)}`;
}

function excerpt(text: string | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

interface Hit {
  area: JudgedArea;
  leg: ProfileLeg;
  mapLeg: JudgedLeg;
  band: LevelBand;
  entryNm: number;
  /** When the area is active around the flight's time there ("06:00–14:00Z"), when known. */
  activeWindow?: string;
}

/** Why the crossing is a conflict, not a crossing like any other: the level and the time, in words. */
function conflictReason(hit: Hit, code: 'F001' | 'F002'): string {
  const flown = bandText(hit.band);
  const when = hit.activeWindow ? ` ${hit.activeWindow}` : '';
  const time = code === 'F001' ? `it is active${when} when the flight is there` : `it is in force${when} then`;
  const open = hit.area.openLimits;
  // A limit not known is not a height: the conflict is possible, not certain, and says why.
  if (open && hit.area.band) {
    const known =
      open.side === 'upper'
        ? `${flown} is not below its floor ${feetText(hit.area.band.lowerFt)}`
        : open.side === 'lower'
          ? `${flown} is not above its ceiling ${feetText(hit.area.band.upperFt)}`
          : `${flown} may be within it`;
    return `a possible conflict: ${known}, and ${open.why}; ${time}`;
  }
  const level = hit.area.band ? `${flown} is within ${hit.area.limits}` : 'it applies at all levels';
  return `a conflict: ${level} and ${time}`;
}

/** Where the flight is inside the area, leg by leg: the first entry on each token, with the altitudes there. */
function hitsOf(
  area: JudgedArea,
  stretches: readonly StretchVerdict[],
  computation: ConflictInput,
  out: Map<string, Hit>,
): void {
  const legs = computation.legs;
  for (const s of stretches) {
    if (s.time !== 'active') continue;
    for (const leg of s.flight.legs) {
      const from = Math.max(s.entryNm, leg.startNm),
        to = Math.min(s.exitNm, leg.endNm);
      if (to < from) continue;
      const band = bandBetween(computation.flight.profile.vertical, from, to);
      if (!band || (area.band && !bandsOverlap(area.band, band))) continue;
      // The map's legs and the profile's legs join the same expanded points, in the same order.
      const mapLeg = legs[leg.from];
      if (!mapLeg || mapLeg.unplaced) continue;
      const key = `${area.itemId}\u0000${mapLeg.elementIndex}`;
      if (!out.has(key))
        out.set(key, {
          area,
          leg,
          mapLeg,
          band,
          entryNm: from,
          ...(s.activeWindow ? { activeWindow: s.activeWindow } : {}),
        });
    }
  }
}

/** The conflicts of one route block's flight, from its judged flight (planned levels). */
export function flightConflicts(computation: ConflictInput): RouteDiagnostic[] {
  const profile = computation.flight.profile;
  const airspaceHits = new Map<string, Hit>();
  const notamHits = new Map<string, Hit>();
  const restrictionNotams = computation.judged.filter((a) => a.kind === 'notam' && RESTRICTION_QCODE.test(a.type));
  for (const area of computation.judged) {
    if (!area.drawnCrossing || area.applicability.lateral !== 'crossed') continue;
    if (area.kind === 'airspace' && !AREA_WORDS[area.type.toUpperCase()]) continue;
    if (area.kind === 'notam' && !RESTRICTION_QCODE.test(area.type)) continue;
    hitsOf(area, area.applicability.stretches, computation, area.kind === 'airspace' ? airspaceHits : notamHits);
  }
  /** The NOTAMs that name an airspace (its activation): they open from its diagnostic instead of making their own. */
  const activations = new Map<string, JudgedArea[]>();
  const activationsOf = (area: JudgedArea) => {
    let found = activations.get(area.itemId);
    if (!found) {
      const name = area.designator.toUpperCase();
      found = restrictionNotams.filter((n) => (n.text ?? '').toUpperCase().includes(name));
      activations.set(area.itemId, found);
    }
    return found;
  };
  const out: RouteDiagnostic[] = [];
  const covered = new Set<string>();
  const diagnostic = (hit: Hit, code: 'F001' | 'F002', notams: readonly JudgedArea[]): RouteDiagnostic => {
    const etoMs = stateAt(profile, hit.entryNm).etoMs;
    const where = `${levelPhrase(hit.leg, hit.band)} over ${hit.leg.name}${etoMs !== undefined ? ` at ${clockUtc(etoMs)}` : ''}`;
    const what =
      code === 'F001'
        ? `active ${AREA_WORDS[hit.area.type.toUpperCase()]} ${hit.area.designator} (${hit.area.limits})`
        : `the area of NOTAM ${hit.area.designator} (${hit.area.limits}), in force: ${excerpt(hit.area.text)}`;
    const data: FlightConflictData = {
      itemId: hit.area.itemId,
      name: hit.area.designator,
      notams: notams.map((n) => ({
        number: n.designator,
        text: n.icaoText ?? n.text ?? '',
        ...(n.place ? { place: n.place } : {}),
      })),
    };
    return {
      code,
      severity: DIAGNOSTIC_CODES[code].severity,
      message: `${where} the route crosses ${what}; ${conflictReason(hit, code)}.`,
      range: hit.mapLeg.range,
      data,
    };
  };
  for (const hit of airspaceHits.values()) {
    const notams = activationsOf(hit.area);
    for (const n of notams) covered.add(`${n.itemId}\u0000${hit.mapLeg.elementIndex}`);
    out.push(diagnostic(hit, 'F001', notams));
  }
  for (const [key, hit] of notamHits) if (!covered.has(key)) out.push(diagnostic(hit, 'F002', [hit.area]));
  out.push(...notJudged(computation.legs));
  return out.sort(
    (a, b) =>
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      a.message.localeCompare(b.message),
  );
}

/**
 * F006 where the route is not known: a leg over points the expansion could not place is a
 * straight line the route text does not say, so no area is judged on it, and the finding says so
 * on the first of those points rather than warn of an area on a route never written.
 */
function notJudged(legs: ConflictInput['legs']): RouteDiagnostic[] {
  return legs.flatMap((leg): RouteDiagnostic[] => {
    if (!leg.unplaced) return [];
    const { names, from, to } = leg.unplaced;
    const them = names.length === 1 ? `${names[0]} is` : `${names.join(', ')} are`;
    return [
      {
        code: 'F006',
        severity: DIAGNOSTIC_CODES.F006.severity,
        message:
          `Conflicts are not judged between ${from} and ${to}: ${them} not placed, so the route there is not ` +
          `known (the times after it assume a straight line). Correct the point to have that stretch judged.`,
        range: leg.unplaced.range,
      },
    ];
  });
}
