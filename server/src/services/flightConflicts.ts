/**
 * Conflicts of the flight with active areas, as diagnostics where the user edits: on the airway,
 * DCT or point that produces the leg. An area counts when the flight passes through its drawn
 * outline on that leg, at an altitude inside its limits, while it is active (its schedule, or
 * the NOTAM's validity and item D, at the estimated time there). One diagnostic per area and
 * token, however many legs of the airway cross it. Pure: the map's computation comes in as data.
 */
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { stateAt, type ProfileLeg, type StretchVerdict } from '../flight';
import { AREA_WORDS, RESTRICTION_QCODE } from '../flight/conflictAreas';
import { clockUtc } from '../flight/flightTime';
import { bandsOverlap, feetText, type LevelBand } from '../flight/levels';
import type { JudgedArea } from '../map/flightView';
import type { MapComputation } from '../map/mapView';
import { OPEN_NOTAM_COMMAND, type OpenNotamArgument } from '../protocol/lspMessages';
import type { MapLeg, MapPosition } from '../protocol/mapMessages';
import type { RouteDiagnostic, Severity } from '../route/model';

export const FLIGHT_CONFLICT_CODES = {
  F001: {
    severity: 'warning',
    title: 'The route crosses an active restricted, danger or prohibited area at the planned level and time',
  },
  F002: {
    severity: 'warning',
    title: 'The route crosses the area of an airspace NOTAM in force at the planned level and time',
  },
} as const satisfies Record<string, { severity: Severity; title: string }>;

/** The command the "Reveal on map" action runs (the client's map; arguments: one MapRevealArgument). */
export const SHOW_MAP_COMMAND = 'icaoRoute.showMap';

export interface MapRevealArgument {
  uri: string;
  position: MapPosition;
  itemId: string;
}

type NotamDocument = OpenNotamArgument;
export { OPEN_NOTAM_COMMAND };

/** What a conflict diagnostic carries for its code actions. */
export interface FlightConflictData {
  itemId: string;
  /** "ED-R136", "A1234/26". */
  name: string;
  /** The NOTAM itself (F002), or the NOTAMs that activate the area (F001). */
  notams: NotamDocument[];
}

/**
 * The altitudes flown over [fromNm, toNm] of a leg: between its end altitudes by distance on a
 * climb, descent or change of level; the whole band of a cruise climb's layer.
 */
function altitudesOver(leg: ProfileLeg, fromNm: number, toNm: number): LevelBand | undefined {
  if (!leg.band) return undefined;
  const { startFt, endFt } = leg;
  if (startFt === undefined || endFt === undefined) return leg.band;
  // A cruise climb (a layer at one end altitude) or one leg between two aerodromes (peaks half-way).
  if (startFt === endFt && (leg.band.lowerFt !== leg.band.upperFt || startFt === 0)) return leg.band;
  const length = leg.endNm - leg.startNm;
  const at = (nm: number) =>
    length > 0 ? startFt + (endFt - startFt) * Math.min(1, Math.max(0, (nm - leg.startNm) / length)) : endFt;
  const [a, b] = [at(fromNm), at(toNm)];
  return { lowerFt: Math.min(a, b), upperFt: Math.max(a, b) };
}

function levelPhrase(leg: ProfileLeg, band: LevelBand): string {
  if (leg.band && leg.band.lowerFt === leg.band.upperFt) return `at ${leg.levelText}`;
  if (band.lowerFt === band.upperFt) return `at ${feetText(band.lowerFt)}`;
  return `between ${feetText(band.lowerFt)} and ${feetText(band.upperFt)}`;
}

function excerpt(text: string | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

interface Hit {
  area: JudgedArea;
  leg: ProfileLeg;
  mapLeg: MapLeg;
  band: LevelBand;
  entryNm: number;
  /** When the area is active around the flight's time there ("06:00–14:00Z"), when known. */
  activeWindow?: string;
}

/** Why the crossing is a conflict, not a crossing like any other: the level and the time, in words. */
function conflictReason(hit: Hit, code: 'F001' | 'F002'): string {
  const flown = hit.band.lowerFt === hit.band.upperFt ? feetText(hit.band.lowerFt) : 'the levels flown there';
  const level = hit.area.band ? `${flown} is within ${hit.area.limits}` : 'it applies at all levels';
  const when = hit.activeWindow ? ` ${hit.activeWindow}` : '';
  const time = code === 'F001' ? `it is active${when} when the flight is there` : `it is in force${when} then`;
  return `a conflict: ${level} and ${time}`;
}

/** Where the flight is inside the area, leg by leg: the first entry on each token, with the altitudes there. */
function hitsOf(
  area: JudgedArea,
  stretches: readonly StretchVerdict[],
  computation: MapComputation,
  out: Map<string, Hit>,
): void {
  const legs = computation.view.legs;
  for (const s of stretches) {
    if (s.time !== 'active') continue;
    for (const leg of s.flight.legs) {
      const from = Math.max(s.entryNm, leg.startNm),
        to = Math.min(s.exitNm, leg.endNm);
      if (to < from) continue;
      const band = altitudesOver(leg, from, to);
      if (!band || (area.band && !bandsOverlap(area.band, band))) continue;
      // The map's legs and the profile's legs join the same expanded points, in the same order.
      const mapLeg = legs[leg.from];
      if (!mapLeg) continue;
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

/** The conflicts of one route block's flight, from its map computation (planned levels). */
export function flightConflicts(computation: MapComputation): RouteDiagnostic[] {
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
      notams: notams.map((n) => ({ number: n.designator, text: n.icaoText ?? n.text ?? '' })),
    };
    return {
      code,
      severity: FLIGHT_CONFLICT_CODES[code].severity,
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
  return out.sort(
    (a, b) =>
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      a.message.localeCompare(b.message),
  );
}

function conflictData(value: unknown): FlightConflictData | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { itemId, name, notams } = value as Partial<FlightConflictData>;
  if (typeof itemId !== 'string' || typeof name !== 'string' || !Array.isArray(notams)) return undefined;
  const valid = notams.filter(
    (n): n is NotamDocument => !!n && typeof n.number === 'string' && typeof n.text === 'string',
  );
  return { itemId, name, notams: valid };
}

/** "Reveal on map" and "Open NOTAM" for the conflict diagnostics among `diagnostics`. */
export function flightConflictActions(uri: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.code !== 'F001' && d.code !== 'F002') continue;
    const data = conflictData(d.data);
    if (!data) continue;
    const reveal: MapRevealArgument = { uri, position: d.range.start, itemId: data.itemId };
    const title = `Reveal ${data.name} on the map`;
    actions.push({
      title,
      kind: 'quickfix',
      diagnostics: [d],
      command: { title, command: SHOW_MAP_COMMAND, arguments: [reveal] },
    });
    for (const notam of data.notams) {
      // An area's diagnostic may carry its activation NOTAMs: the title says whose.
      const open = d.code === 'F001' ? `Open NOTAM ${notam.number} of ${data.name}` : `Open NOTAM ${notam.number}`;
      actions.push({
        title: open,
        kind: 'quickfix',
        diagnostics: [d],
        command: { title: open, command: OPEN_NOTAM_COMMAND, arguments: [notam] },
      });
    }
  }
  return actions;
}
