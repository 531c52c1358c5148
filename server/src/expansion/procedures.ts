/**
 * A route's SID and STAR against the procedures data (X-Plane's CIFP, navdata/cifp.ts): whether
 * the aerodrome publishes it, whether it ends (SID) or begins (STAR) at the point written beside
 * it, and the fixes it flies. The route types are joined as published: a SID's runway transition,
 * its common route, then the en-route transition that ends at the next point; a STAR's en-route
 * transition from the point before, its common route, then a runway transition. The route text
 * names no runway: the first runway published is flown, and the hover says which.
 *
 * Fixes are matched by ident and region (the data's region where it has one), then by type, then
 * the one nearest the aerodrome. Legs that end at no fix (a climb to an altitude, vectors) are
 * described, never given a place. Pure: the CIFP look-ups come in as data.
 */
import type { CifpLeg, CifpProcedure, CifpRoute, AerodromeProcedures } from '../navdata/cifp';
import { runwayName } from '../navdata/cifp';
import { procedureSource, type CifpLookup } from '../navdata/cifpFiles';
import type { NavDatabase } from '../navdata/loader';
import { distanceNm } from '../geo/geodesy';
import {
  pointOf,
  type ProcedureDetail,
  type ProcedureElement,
  type ProcedureLeg,
  type Range,
  type RouteBlock,
} from '../route/model';
import type { CodeOf } from '../route/codes';
import { textFix } from '../route/textFixes';

/** The CIFP look-up of an aerodrome if it has ended (the session reads the files before expanding). */
export type ProcedureLookup = (icao: string) => CifpLookup | undefined;

export interface ProcedureFinding {
  code: CodeOf<'P'>;
  range: Range;
  message: string;
  data?: unknown;
}

export interface FlownProcedure {
  findings: ProcedureFinding[];
  detail?: ProcedureDetail;
  /** The database points of its fixes, in order, without the point written beside it. */
  points: { index: number; ident: string }[];
}

/** A procedure's fix farther than this from its aerodrome is another namesake. */
const MAX_FIX_DISTANCE_NM = 400;
/** How many procedures a message lists. */
const LISTED = 8;

/** The departure and destination of a block: its directives or FPL fields, else its first and last words. */
export function blockAerodromes(block: RouteBlock): { origin?: string; destination?: string } {
  const elements = block.elements;
  const first = elements[0];
  const last = elements[elements.length - 1];
  const origin = block.origin?.value ?? (first?.kind === 'aerodrome' ? first.icao : undefined);
  const destination =
    block.destination?.value ?? (last?.kind === 'aerodrome' && elements.length > 1 ? last.icao : undefined);
  return {
    ...(origin ? { origin: origin.toUpperCase() } : {}),
    ...(destination ? { destination: destination.toUpperCase() } : {}),
  };
}

/** The coded point written right after (SID) or before (STAR) the procedure, upper case. */
export function connectingPoint(block: RouteBlock, elementIndex: number, kind: 'sid' | 'star'): string | undefined {
  const element = block.elements[kind === 'sid' ? elementIndex + 1 : elementIndex - 1];
  const point = element ? pointOf(element) : undefined;
  if (!point || point.kind === 'latLon') return undefined;
  return (point.kind === 'aerodrome' ? point.icao : point.ident).toUpperCase();
}

interface Joined {
  legs: CifpLeg[];
  runway?: string;
  transition?: string;
  connects: boolean;
}

const fixOf = (leg: CifpLeg | undefined) => leg?.fix?.ident;
const lastFix = (legs: readonly CifpLeg[]) => fixOf([...legs].reverse().find((l) => l.fix));
const firstFix = (legs: readonly CifpLeg[]) => fixOf(legs.find((l) => l.fix));

function parts(procedure: CifpProcedure) {
  const runway = procedure.routes.filter((r) => r.part === 'runway');
  const common = procedure.routes.filter((r) => r.part === 'common');
  const enroute = procedure.routes.filter((r) => r.part === 'enroute');
  return { runway, common, enroute };
}

/** The common route for a runway: the one published for it, else the one for all runways, else the first. */
function commonFor(common: readonly CifpRoute[], runway: string | undefined): CifpRoute | undefined {
  return (
    common.find((r) => runway !== undefined && r.transition === runway) ??
    common.find((r) => r.transition === 'ALL' || r.transition === '') ??
    common[0]
  );
}

/** Where a SID ends: its common route's last fix (or its runway transition's), then each en-route transition's. */
export function sidEnds(procedure: CifpProcedure): { end?: string; transitions: { name: string; end?: string }[] } {
  const { runway, common, enroute } = parts(procedure);
  const base = commonFor(common, runway[0]?.transition) ?? runway[0];
  const end = base ? lastFix(base.legs) : undefined;
  const transitions = enroute.map((r) => ({ name: r.transition, end: lastFix(r.legs) ?? r.transition }));
  return end === undefined ? { transitions } : { end, transitions };
}

/** Where a STAR begins: its common route's first fix (or its runway transition's), then each en-route transition's. */
export function starStarts(procedure: CifpProcedure): {
  start?: string;
  transitions: { name: string; start?: string }[];
} {
  const { runway, common, enroute } = parts(procedure);
  const base = commonFor(common, undefined) ?? runway[0];
  const start = base ? firstFix(base.legs) : undefined;
  const transitions = enroute.map((r) => ({ name: r.transition, start: firstFix(r.legs) ?? r.transition }));
  return start === undefined ? { transitions } : { start, transitions };
}

/** The points a SID can end at (without and with its transitions), a STAR begin at. */
export function connections(procedure: CifpProcedure): string[] {
  const found =
    procedure.kind === 'sid'
      ? (({ end, transitions }) => [end, ...transitions.map((t) => t.end)])(sidEnds(procedure))
      : (({ start, transitions }) => [start, ...transitions.map((t) => t.start)])(starStarts(procedure));
  return [...new Set(found.filter((x): x is string => !!x))];
}

function joinSid(procedure: CifpProcedure, next: string | undefined): Joined {
  const { runway, common, enroute } = parts(procedure);
  const runwayRoute = runway[0];
  const commonRoute = commonFor(common, runwayRoute?.transition);
  const legs = [...(runwayRoute?.legs ?? []), ...(commonRoute?.legs ?? [])];
  const joined: Joined = { legs, connects: false };
  const flownRunway =
    runwayRoute?.transition ?? (commonRoute?.transition.startsWith('RW') ? commonRoute.transition : undefined);
  if (flownRunway) joined.runway = runwayName(flownRunway);
  if (next === undefined) return joined;
  if (lastFix(legs) === next) return { ...joined, connects: true };
  const transition = enroute.find((r) => (lastFix(r.legs) ?? r.transition) === next);
  if (!transition) return joined;
  return { ...joined, legs: [...legs, ...transition.legs], transition: transition.transition, connects: true };
}

function joinStar(procedure: CifpProcedure, before: string | undefined): Joined {
  const { runway, common, enroute } = parts(procedure);
  const commonRoute = commonFor(common, undefined);
  const runwayRoute = runway[0];
  const legs = [...(commonRoute?.legs ?? []), ...(runwayRoute?.legs ?? [])];
  const joined: Joined = { legs, connects: false };
  if (runwayRoute) joined.runway = runwayName(runwayRoute.transition);
  if (before === undefined) return joined;
  if (firstFix(legs) === before) return { ...joined, connects: true };
  const transition = enroute.find((r) => (firstFix(r.legs) ?? r.transition) === before);
  if (!transition) return joined;
  return { ...joined, legs: [...transition.legs, ...legs], transition: transition.transition, connects: true };
}

/** The procedures of one kind of an aerodrome that connect to `point`, by name. */
export function connectingProcedures(procedures: AerodromeProcedures, kind: 'sid' | 'star', point: string): string[] {
  const map = kind === 'sid' ? procedures.sids : procedures.stars;
  return [...map.values()].filter((p) => connections(p).includes(point)).map((p) => p.name);
}

/**
 * The points of each aerodrome's fixes once resolved, by navigation data: the same SID is flown
 * by many routes, and a resolution measures a geodesic per namesake.
 */
const resolvedFixes = new WeakMap<NavDatabase, WeakMap<AerodromeProcedures, Map<string, number | undefined>>>();

function resolvedFix(
  db: NavDatabase,
  procedures: AerodromeProcedures,
  fix: NonNullable<CifpLeg['fix']>,
  near: { lat: number; lon: number },
): number | undefined {
  let byFile = resolvedFixes.get(db);
  if (!byFile) resolvedFixes.set(db, (byFile = new WeakMap()));
  let byFix = byFile.get(procedures);
  if (!byFix) byFile.set(procedures, (byFix = new Map()));
  const key = `${fix.ident}\u0000${fix.region}\u0000${fix.section}\u0000${fix.subsection}`;
  if (byFix.has(key)) return byFix.get(key);
  const index = resolveProcedureFix(db, fix, near);
  byFix.set(key, index);
  return index;
}

/** The database point a procedure's fix stands for, or undefined when the data has none near the aerodrome. */
export function resolveProcedureFix(
  db: NavDatabase,
  fix: NonNullable<CifpLeg['fix']>,
  near: { lat: number; lon: number },
): number | undefined {
  if (fix.section === 'P' && fix.subsection === 'A') return db.aerodrome(fix.ident);
  let candidates = [...db.lookup(fix.ident)];
  const inRegion = candidates.filter((i) => fix.region && db.points.region[i] === fix.region);
  if (inRegion.length > 0) candidates = inRegion;
  const wanted =
    fix.section === 'D'
      ? fix.subsection === 'B'
        ? ['ndb']
        : ['vor', 'dme', 'tacan']
      : fix.section === 'P' && fix.subsection === 'N'
        ? ['ndb']
        : ['fix'];
  const typed = candidates.filter((i) => wanted.includes(db.type(i)));
  if (typed.length > 0) candidates = typed;
  let best: number | undefined;
  let bestNm = MAX_FIX_DISTANCE_NM;
  for (const i of candidates) {
    const nm = distanceNm(near, db.at(i));
    if (nm <= bestNm) [best, bestNm] = [i, nm];
  }
  return best;
}

/**
 * A SID or STAR of the route: its findings, what it is (for hovers), and the fixes to insert.
 * Nothing is said without an aerodrome or without a procedures file for it (many aerodromes
 * have none); an unreadable file is said once, as information.
 */
export function flyProcedure(
  db: NavDatabase,
  lookup: ProcedureLookup,
  block: RouteBlock,
  element: ProcedureElement,
  elementIndex: number,
): FlownProcedure {
  const kind = element.kind;
  const outcome: FlownProcedure = { findings: [], points: [] };
  const name = element.designator?.toUpperCase();
  const aerodrome = blockAerodromes(block)[kind === 'sid' ? 'origin' : 'destination'];
  if (!name || !aerodrome) return outcome;
  const found = lookup(aerodrome);
  if (!found || found.state === 'missing') return outcome;
  if (found.state === 'unreadable') {
    outcome.findings.push({
      code: 'P005',
      range: element.range,
      message: `${name} is not checked: ${found.message}`,
    });
    return outcome;
  }
  const procedures = found.procedures;
  const source = procedureSource(procedures);
  const connect = connectingPoint(block, elementIndex, kind);
  const what = kind === 'sid' ? 'SID' : 'STAR';
  const procedure = (kind === 'sid' ? procedures.sids : procedures.stars).get(name);
  if (!procedure) {
    outcome.findings.push(notPublished(procedures, source, element, name, connect));
    return outcome;
  }
  const joined = kind === 'sid' ? joinSid(procedure, connect) : joinStar(procedure, connect);
  if (connect !== undefined && !joined.connects) {
    const ends = connections(procedure);
    const others = connectingProcedures(procedures, kind, connect).filter((n) => n !== name);
    const where =
      kind === 'sid'
        ? `ends at ${ends.join(' or ')}, not at ${connect}, the point written after it`
        : `begins at ${ends.join(' or ')}, not at ${connect}, the point written before it`;
    outcome.findings.push({
      code: kind === 'sid' ? 'P002' : 'P004',
      range: element.range,
      message:
        `${name} ${where} (${source}). ` +
        (others.length > 0
          ? `${aerodrome}'s ${what}s that ${kind === 'sid' ? 'end' : 'begin'} at ${connect}: ${others.slice(0, LISTED).join(', ')}.`
          : `No ${what} of ${aerodrome} ${kind === 'sid' ? 'ends' : 'begins'} at ${connect}: write ${kind === 'sid' ? 'a point where the SID ends' : 'the point where the STAR begins'}, or the generic ${what}.`),
      ...(others.length === 1 ? { data: textFix(`Replace ${name} by ${others[0]}`, element.range, others[0]!) } : {}),
    });
  }
  const { detail, points, missing } = flown(db, procedures, procedure, joined, source, connect);
  outcome.detail = detail;
  outcome.points = points;
  if (missing.length > 0)
    outcome.findings.push({
      code: 'P006',
      range: element.range,
      message:
        `${name}: ${missing.join(', ')} of ${source} ${missing.length === 1 ? 'is' : 'are'} not in the ` +
        `navigation data near ${aerodrome}: the ${what} is drawn without ${missing.length === 1 ? 'it' : 'them'}.`,
    });
  return outcome;
}

function notPublished(
  procedures: AerodromeProcedures,
  source: string,
  element: ProcedureElement,
  name: string,
  connect: string | undefined,
): ProcedureFinding {
  const kind = element.kind;
  const what = kind === 'sid' ? 'SID' : 'STAR';
  const other = (kind === 'sid' ? procedures.stars : procedures.sids).has(name)
    ? ` (it is one of its ${kind === 'sid' ? 'STARs' : 'SIDs'})`
    : '';
  const connecting = connect ? connectingProcedures(procedures, kind, connect) : [];
  const all = [...(kind === 'sid' ? procedures.sids : procedures.stars).keys()];
  const hint =
    connecting.length > 0
      ? `Its ${what}s that ${kind === 'sid' ? 'end' : 'begin'} at ${connect}: ${connecting.slice(0, LISTED).join(', ')}.`
      : all.length > 0
        ? `Its ${what}s: ${all.slice(0, LISTED).join(', ')}${all.length > LISTED ? ` and ${all.length - LISTED} more` : ''}.`
        : `It publishes no ${what}.`;
  return {
    code: kind === 'sid' ? 'P001' : 'P003',
    range: element.range,
    message: `${name} is not a ${what} of ${procedures.icao} in ${source}${other}. ${hint}`,
    ...(connecting.length === 1
      ? { data: textFix(`Replace ${name} by ${connecting[0]}`, element.range, connecting[0]!) }
      : {}),
  };
}

/** The legs in words and the fixes placed, consecutive repeats (a transition's joining fix) once. */
function flown(
  db: NavDatabase,
  procedures: AerodromeProcedures,
  procedure: CifpProcedure,
  joined: Joined,
  source: string,
  connect: string | undefined,
): { detail: ProcedureDetail; points: { index: number; ident: string }[]; missing: string[] } {
  const at = db.aerodrome(procedures.icao);
  const near = at !== undefined ? db.at(at) : undefined;
  const legs: ProcedureLeg[] = [];
  const points: { index: number; ident: string }[] = [];
  const missing: string[] = [];
  let previousFix: string | undefined;
  for (const leg of joined.legs) {
    const ident = leg.fix?.ident;
    if (ident !== undefined && ident === previousFix) continue;
    previousFix = ident ?? previousFix;
    const runway = leg.fix?.section === 'P' && leg.fix.subsection === 'G';
    const index = leg.fix && !runway && near ? resolvedFix(db, procedures, leg.fix, near) : undefined;
    const described: ProcedureLeg = { placed: index !== undefined, text: legText(leg) };
    if (ident) described.fix = ident;
    const altitude = altitudeText(leg);
    if (altitude) described.altitude = altitude;
    if (leg.speed) described.speed = `${SPEED_WORDS[leg.speed.description] ?? 'at'} ${leg.speed.knots} kt`;
    legs.push(described);
    if (ident && !runway && index === undefined && !missing.includes(ident)) missing.push(ident);
    if (index !== undefined && index !== at) points.push({ index, ident: ident! });
  }
  // The point written beside the procedure is the route's own: placed by the route, not twice.
  if (connect !== undefined) {
    const edge = procedure.kind === 'sid' ? points.length - 1 : 0;
    if (points[edge]?.ident === connect) points.splice(edge, 1);
  }
  const { runway, enroute } = parts(procedure);
  const runways = [
    ...new Set([
      ...runway.map((r) => runwayName(r.transition)),
      ...procedure.routes
        .filter((r) => r.part === 'common' && r.transition.startsWith('RW'))
        .map((r) => runwayName(r.transition)),
    ]),
  ];
  const detail: ProcedureDetail = {
    aerodrome: procedures.icao,
    source,
    runways: runways.length > 0 ? runways : ['ALL'],
    transitions: enroute.map((r) => r.transition),
    rnav: procedure.routes.some((r) => r.rnav),
    legs,
    connects: connections(procedure),
  };
  if (joined.runway && runways.length > 1) detail.runway = joined.runway;
  if (joined.transition) detail.transition = joined.transition;
  return { detail, points, missing };
}

const ALTITUDE_WORDS: Readonly<Record<string, string>> = {
  '+': 'at or above',
  '-': 'at or below',
  '@': 'at',
  ' ': 'at',
};
const SPEED_WORDS: Readonly<Record<string, string>> = { '+': 'at or above', '-': 'at or below', '@': 'at' };

function altitudeValue(value: { feet: number; flightLevel: boolean } | undefined): string {
  if (!value) return '';
  return value.flightLevel
    ? `FL${String(value.feet / 100).padStart(3, '0')}`
    : `${value.feet.toLocaleString('en-US')} ft`;
}

/** ARINC 424 5.29 in words; `B` is between the second (lower) and the first (upper) altitude. */
export function altitudeText(leg: CifpLeg): string | undefined {
  const a = leg.altitude;
  if (!a) return undefined;
  const first = altitudeValue(a.first);
  const second = altitudeValue(a.second);
  if (a.description === 'B' && first && second) return `between ${second} and ${first}`;
  if (a.description === 'C' && second) return `at or above ${second}`;
  const words = ALTITUDE_WORDS[a.description];
  return words ? `${words} ${first || second}` : `${first || second} (${a.description})`;
}

const course = (leg: CifpLeg) =>
  leg.courseDeg !== undefined ? ` ${String(Math.round(leg.courseDeg)).padStart(3, '0')}°` : '';

/** A leg in words by its path terminator (ARINC 424 5.21). */
export function legText(leg: CifpLeg): string {
  const fix = leg.fix?.ident ?? '';
  const to = altitudeText(leg) ?? 'an altitude';
  const turn = leg.turn === 'L' ? ' turning left' : leg.turn === 'R' ? ' turning right' : '';
  switch (leg.pathTerminator) {
    case 'IF':
      return `from ${fix}`;
    case 'TF':
      return `to ${fix}`;
    case 'DF':
      return `direct to ${fix}${turn}`;
    case 'CF':
      return `on course${course(leg)} to ${fix}${turn}`;
    case 'RF':
    case 'AF':
      return `on an arc to ${fix}${turn}`;
    case 'CA':
      return `climb on course${course(leg)} to ${to}`;
    case 'VA':
      return `heading${course(leg)} to ${to}`;
    case 'FA':
      return `from ${fix} on course${course(leg)} to ${to}`;
    case 'CD':
    case 'VD':
    case 'FD':
      return `${leg.pathTerminator === 'VD' ? 'heading' : 'on course'}${course(leg)} to ${leg.distanceNm ?? '?'} NM from ${leg.recommendedNavaid ?? fix}`;
    case 'CI':
    case 'VI':
      return `${leg.pathTerminator === 'VI' ? 'heading' : 'on course'}${course(leg)} to intercept the next leg`;
    case 'CR':
    case 'VR':
      return `${leg.pathTerminator === 'VR' ? 'heading' : 'on course'}${course(leg)} to a radial of ${leg.recommendedNavaid ?? '?'}`;
    case 'VM':
    case 'FM':
      return `${leg.pathTerminator === 'FM' ? `from ${fix} on course` : 'heading'}${course(leg)}, then radar vectors`;
    case 'HA':
    case 'HF':
    case 'HM':
      return `hold at ${fix}`;
    case 'PI':
      return `procedure turn at ${fix}`;
    default:
      return `${leg.pathTerminator}${fix ? ` ${fix}` : ''}`;
  }
}
