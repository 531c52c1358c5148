/**
 * Offline route expansion: the elements of a parsed route block, resolved against navigation
 * data into an ordered list of points. Airways are expanded into the points between entry and
 * exit, namesakes are chosen by proximity (an airway restricting the choice to its own points),
 * and every problem becomes a finding on the element's range.
 *
 * The first point follows the hub's rule: when its name is ambiguous and no referenceFix chose
 * a candidate, no point is selected and the result lists the candidates.
 */
import type {
  AirwayElement,
  AmbiguousFirstFix,
  CancellationToken,
  ExpandedPoint,
  ExpansionResult,
  PointElement,
  ProcedureElement,
  Range,
  RouteBlock,
  RouteDiagnostic,
  RouteElement,
} from '../route/model';
import { pointOf } from '../route/model';
import { icaoCoordinate } from '../route/describe';
import type { Airway, NavDatabase } from '../navdata/loader';
import { DIAGNOSTIC_CODES, type CodeOf } from '../route/codes';

/** Beyond this distance from the previous point a point is probably the wrong namesake. */
export const FAR_POINT_NM = 1000;
/** An ambiguous first fix whose only namesake this close to the origin is the likely one. */
const LIKELY_NEAR_ORIGIN_NM = 300;
import { distanceNm } from '../geo/geodesy';
import { formatPosition } from '../geo/decimalPosition';
import { bearingDistancePoint, databasePoint } from './expandedPoints';
import { parseReferenceFix, resolveReferenceFix, type ReferenceFixSpec } from './reference';
import { againstDirection, airwayLevelFindings, dataSource, type AirwayStretch } from './airwayLevels';
import { cruisingLevelFindings, type SemicircularRule } from './cruisingLevelFindings';
import { delayPointFindings } from './delayPoints';
import { flyProcedure, type ProcedureLookup } from './procedures';

export { parseReferenceFix, resolveReferenceFix } from './reference';
export { distanceNm } from '../geo/geodesy';

export interface ExpansionOptions {
  /**
   * `literal` (the hub's contract, and the default): an ambiguous first fix without a
   * referenceFix selects no point (X005). `nearestDeparture` (what IFPS does, the editor's and the
   * checker's offline engine): the namesake clearly nearest the departure, or the one the following
   * airway or the origin settles (`likelyFirstFix`), is taken and said as information (X011), its
   * referenceFix quick fixes still offered. See `clearlyNearestDeparture`.
   */
  firstFix?: 'literal' | 'nearestDeparture';
  /** Cruising levels by magnetic track (X014): `icao` (the default, as the setting's) or `off`. */
  semicircular?: SemicircularRule;
  /** The aerodromes' procedures (CIFP), read before: SIDs and STARs are checked and flown (P codes). */
  procedures?: ProcedureLookup | undefined; // undefined (as the session passes it on): none read yet
}

export function expandRoute(
  block: RouteBlock,
  db: NavDatabase,
  token?: CancellationToken,
  options: ExpansionOptions = {},
): ExpansionResult {
  return new Expansion(block, db, token, options).run();
}

/** The last point placed, to choose namesakes and measure legs. */
interface Placed {
  lat: number;
  lon: number;
  /** Database index, or -1 for lat/lon and computed points. */
  index: number;
  ident: string;
  /** The route element it was placed for (-1: origin directive or FPL field). */
  elementIndex: number;
}

interface PendingAirway {
  element: AirwayElement;
  elementIndex: number;
  airway?: Airway;
  /** Where the airway is joined (database index), when known. */
  entry?: number;
}

class Expansion {
  private readonly points: ExpandedPoint[] = [];
  private readonly findings: RouteDiagnostic[] = [];
  private readonly procedures: ExpansionResult['procedures'] = [];
  /** Every airway stretch flown, for the level limits of its segments. */
  private readonly stretches: AirwayStretch[] = [];
  private ambiguousFirstFix?: AmbiguousFirstFix;
  private cancelled = false;
  private previous?: Placed;
  private pending: PendingAirway | undefined;
  private seenRoutePoint = false;
  private origin?: { lat: number; lon: number; icao: string };
  private reference?: ReferenceFixSpec;
  private destinationPlaced = false;
  /** An oceanic track crosses an ocean in one leg: no far-point warning for it. */
  private afterTrack = false;
  /** A point written since the last one placed that could not be placed (unknown or ambiguous). */
  private dropped: string | undefined;

  constructor(
    private readonly block: RouteBlock,
    private readonly db: NavDatabase,
    private readonly token?: CancellationToken,
    private readonly options: ExpansionOptions = {},
  ) {}

  run(): ExpansionResult {
    this.readReferenceFix();
    this.placeOrigin();
    const elements = this.block.elements;
    for (const [i, element] of elements.entries()) {
      if (this.token?.isCancellationRequested) {
        this.cancelled = true;
        break;
      }
      this.visit(element, i);
    }
    if (!this.cancelled) this.placeDestination();
    if (!this.cancelled)
      for (const f of airwayLevelFindings(this.db, elements, this.points, this.stretches))
        this.report(f.code, f.range, f.message, f.data);
    if (!this.cancelled)
      for (const f of cruisingLevelFindings(this.block, this.points, {
        rule: this.options.semicircular ?? 'icao',
        pointsSource: dataSource(this.db),
      }))
        this.report(f.code, f.range, f.message, f.data);
    if (!this.cancelled)
      for (const f of delayPointFindings(this.block, this.points, this.findings, dataSource(this.db)))
        this.report(f.code, f.range, f.message);
    const result: ExpansionResult = { points: this.points, findings: this.findings, procedures: this.procedures };
    if (this.ambiguousFirstFix) result.ambiguousFirstFix = this.ambiguousFirstFix;
    if (this.cancelled) result.cancelled = true;
    return result;
  }

  private visit(element: RouteElement, i: number): void {
    switch (element.kind) {
      case 'sid':
      case 'star':
        this.placeProcedure(element, i);
        return;
      case 'direct':
        this.pending = undefined;
        return;
      case 'track':
        this.pending = undefined;
        this.afterTrack = true;
        this.report(
          'X010',
          element.range,
          `${element.text}: oceanic tracks are published daily and are not in the ` +
            `navigation data; the leg is drawn as a direct line to the next point.`,
        );
        return;
      case 'airway':
        this.joinAirway(element, i);
        return;
      default: {
        const point = pointOf(element);
        if (point) this.placePoint(point, i);
      }
    }
  }

  /** A SID or STAR: kept as written; with the aerodrome's procedures, checked and its fixes placed. */
  private placeProcedure(element: ProcedureElement, i: number): void {
    const entry: ExpansionResult['procedures'][number] = {
      kind: element.kind,
      designator: element.designator,
      elementIndex: i,
    };
    this.procedures.push(entry);
    if (!this.options.procedures) return;
    const flown = flyProcedure(this.db, this.options.procedures, this.block, element, i);
    for (const f of flown.findings) this.report(f.code, f.range, f.message, f.data);
    if (flown.detail) entry.detail = flown.detail;
    for (const { index, ident } of flown.points) {
      const point = databasePoint(this.db, index, ident, i, element.designator ?? undefined);
      point.procedure = element.kind;
      // A procedure's legs are published: however long, they are no wrong namesake (X004).
      this.place(point, index, element.range, true);
    }
  }

  // --- airways -------------------------------------------------------------------------------

  private joinAirway(element: AirwayElement, i: number): void {
    const airway = this.db.airway(element.designator.toUpperCase());
    if (!airway) {
      this.report(
        'X006',
        element.range,
        `Airway ${element.designator} is not in the navigation data: check the designator, or replace it by DCT and the points it passes.`,
      );
      this.pending = { element, elementIndex: i };
      return;
    }
    const before = this.pending;
    if (before) {
      // Two airways in a row (the parser flags the missing joining point): find where they meet.
      this.pending = { element, elementIndex: i, airway };
      if (before.airway) this.joinAirways(before, this.pending);
      return;
    }
    const previous = this.previous;
    let entry: number | undefined;
    const atLatLon = previous && previous.index < 0 ? this.nodeAt(airway, previous.lat, previous.lon) : undefined;
    if (previous && previous.index >= 0 && airway.has(previous.index)) entry = previous.index;
    else if (atLatLon !== undefined) entry = atLatLon;
    else if (previous && previous.elementIndex === i - 1) {
      // Only the point written right before the airway can be its entry; when that point was
      // unknown or ambiguous, its own finding says so.
      const next = this.nextPointCandidates(i);
      const passing = previous.index >= 0 ? this.airwaysJoining(previous.index, next) : [];
      const [nextPoint] = next;
      const points = nextPoint !== undefined ? `${previous.ident} and ${this.db.ident(nextPoint)}` : previous.ident;
      this.report(
        'X002',
        element.range,
        `${element.designator} does not pass ${previous.ident}: an airway is joined at ` +
          `one of its own points; write the point where you join ${element.designator}, or ` +
          `DCT to the next point.`,
        passing.length ? { airways: passing, point: points } : undefined,
      );
    }
    this.pending =
      entry === undefined ? { element, elementIndex: i, airway } : { element, elementIndex: i, airway, entry };
  }

  private joinAirways(first: PendingAirway, second: PendingAirway): void {
    const a = first.airway!;
    const b = second.airway!;
    const junctions = a.nodesWhere((node) => b.has(node));
    if (junctions.length === 0) {
      this.report(
        'X003',
        second.element.range,
        `${a.name} and ${b.name} do not meet: no point lies on both. Leave ${a.name} at ` +
          `one of its points and continue DCT to a point of ${b.name}.`,
      );
      return;
    }
    const path = first.entry !== undefined ? a.path(first.entry, junctions) : undefined;
    const junction = path ? path.at(-1) : this.closest(junctions, second.elementIndex);
    if (junction === undefined) return; // neither is: a path has both ends and junctions is not empty
    if (path) this.placeInterior(path, first);
    this.place(
      databasePoint(this.db, junction, this.db.ident(junction), second.elementIndex, a.name),
      junction,
      second.element.range,
    );
    second.entry = junction;
  }

  /** Points strictly between the ends of an airway path. */
  private placeInterior(path: readonly number[], along: PendingAirway): void {
    // The entry (path[0]) is the point placed last.
    this.stretches.push({
      airway: along.airway!,
      range: along.element.range,
      elementIndex: along.elementIndex,
      path,
      firstPoint: this.points.length - 1,
    });
    for (const node of path.slice(1, -1)) {
      this.points.push(databasePoint(this.db, node, this.db.ident(node), along.elementIndex, along.airway!.name));
      this.previous = {
        lat: this.db.lat(node),
        lon: this.db.lon(node),
        index: node,
        ident: this.db.ident(node),
        elementIndex: along.elementIndex,
      };
    }
  }

  // --- points --------------------------------------------------------------------------------

  private placePoint(point: PointElement, i: number): void {
    const pending = this.pending;
    this.pending = undefined;
    if (point.kind === 'latLon') {
      // Out-of-range coordinates are the parser's finding; there is no place to put them.
      if (!(Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180)) return;
      // An airway node may itself be a lat/lon point (T16 passes 45N016W): leave the airway there.
      const node = pending?.airway ? this.nodeAt(pending.airway, point.lat, point.lon) : undefined;
      if (pending?.airway && node !== undefined) {
        this.seenRoutePoint = true;
        if (pending.entry !== undefined) {
          const path = pending.airway.path(pending.entry, [node]);
          if (path) this.placeInterior(path, pending);
        }
        this.place(
          {
            designator: point.text,
            resolvedFix: `${point.text} ${formatPosition(point.lat, point.lon)}`,
            lat: point.lat,
            lon: point.lon,
            type: 'latLon',
            elementIndex: i,
          },
          node,
          point.range,
        );
        return;
      }
      this.leaveAirwayAt(pending, point);
      this.seenRoutePoint = true;
      const at: ExpandedPoint = {
        designator: point.text,
        resolvedFix: `${point.text} ${formatPosition(point.lat, point.lon)}`,
        lat: point.lat,
        lon: point.lon,
        type: 'latLon',
        elementIndex: i,
      };
      this.place(at, -1, point.range);
      return;
    }
    if (point.kind === 'aerodrome') {
      this.placeAerodromeElement(point.icao.toUpperCase(), point.range, i);
      return;
    }
    const ident = point.ident.toUpperCase();
    const first = !this.seenRoutePoint;
    this.seenRoutePoint = true;
    const chosen = this.choose(
      ident,
      point,
      i,
      pending,
      first && point.kind === 'point' ? 'first' : first ? 'firstBase' : 'later',
    );
    if (chosen === undefined) return;
    if (point.kind === 'bearingDistance') {
      this.leaveAirwayAt(pending, point);
      const computed = bearingDistancePoint(this.db, chosen, point.bearing, point.distanceNm);
      this.place(
        {
          designator: point.text,
          resolvedFix: computed.description,
          lat: computed.lat,
          lon: computed.lon,
          type: 'computed',
          elementIndex: i,
        },
        -1,
        point.range,
      );
      return;
    }
    let alongAirway = false;
    if (pending?.airway && pending.entry !== undefined && pending.airway.has(chosen)) {
      const path = pending.airway.path(pending.entry, [chosen]);
      if (path) {
        this.placeInterior(path, pending);
        alongAirway = true;
      } else {
        const against = againstDirection(this.db, pending.airway, pending.entry, chosen, pending.element.range);
        if (against) this.report(against.code, against.range, against.message);
        else
          this.report(
            'X007',
            pending.element.range,
            `No way along ${pending.airway.name} from ${this.db.ident(pending.entry)} to ` +
              `${ident}: the airway is one-way in the other direction here, or made of ` +
              `separate pieces. Check the direction, or use DCT.`,
          );
      }
    }
    this.place(databasePoint(this.db, chosen, point.text, i), chosen, point.range, alongAirway);
  }

  /** The node of `airway` at exactly this position (lat/lon points are written to the minute). */
  private nodeAt(airway: Airway, lat: number, lon: number): number | undefined {
    return airway.nodes().find((n) => Math.abs(this.db.lat(n) - lat) < 1e-6 && Math.abs(this.db.lon(n) - lon) < 1e-6);
  }

  /** A lat/lon or computed point cannot be an airway's exit. */
  private leaveAirwayAt(pending: PendingAirway | undefined, point: PointElement): void {
    if (pending?.airway) {
      this.report(
        'X002',
        pending.element.range,
        `${pending.airway.name} cannot be left at ${point.text}: an airway is left at ` +
          `one of its own named points; write that point, then DCT ${point.text}.`,
      );
    }
  }

  /**
   * Picks the database point a coded name stands for. Candidates on the airway being left, or
   * on the airway that follows, take precedence; then the candidate closest to the previous
   * point. The first point of the route is not guessed: see `chooseFirst`.
   */
  private choose(
    ident: string,
    point: PointElement,
    i: number,
    pending: PendingAirway | undefined,
    position: 'first' | 'firstBase' | 'later',
  ): number | undefined {
    let candidates = [...this.db.lookup(ident)];
    if (candidates.length === 0) {
      this.dropped = ident;
      const onAirway = point.kind === 'point' ? this.spellingsOnAirways(ident, pending, i) : [];
      // Off airways (DCT KNOAN DCT), a name one edit away near the route is the likely slip.
      const near = point.kind === 'point' && onAirway.length === 0 ? this.spellingsNearRoute(ident, i) : [];
      const replacements = onAirway.length ? onAirway : near;
      this.report(
        'X001',
        point.range,
        `${ident} is not in the navigation data: check the spelling, or give the ` +
          `position as a lat/lon point (e.g. 5107N00200E) or as a bearing/distance from a ` +
          `known navaid (e.g. DVR090020).`,
        replacements.length ? { replacements, ...(near.length ? { near: 'route' } : {}) } : undefined,
      );
      return undefined;
    }
    // The hub contract: "When the first fix is a duplicate name and no referenceFix is given, no
    // point is selected for the first fix." Namesakes are not narrowed by the airway for it: the
    // airway only names the likely one in the warning.
    let nextAirway: string | undefined;
    if (point.kind === 'point') {
      if (pending?.airway) {
        const onAirway = candidates.filter((c) => pending.airway!.has(c));
        if (onAirway.length > 0) candidates = onAirway;
        // On the point, not the airway: the name is what does not fit.
        else {
          const passing = pending.entry !== undefined ? this.airwaysJoining(pending.entry, candidates) : [];
          // A real name elsewhere may still be a slip for a point of this airway (KONAM for KONAN).
          const replacements = this.spellingsOnAirways(ident, pending, i);
          const data = {
            ...(passing.length ? { airways: passing, point: ident } : {}),
            ...(replacements.length ? { replacements } : {}),
          };
          this.report(
            'X002',
            point.range,
            `${pending.airway.name} does not pass ${ident}${this.airwayHint(pending)}.`,
            Object.keys(data).length ? data : undefined,
          );
        }
      }
      const next = this.block.elements[i + 1];
      const following = next?.kind === 'airway' ? this.db.airway(next.designator.toUpperCase()) : undefined;
      if (following && position !== 'first') {
        const onNext = candidates.filter((c) => following.has(c));
        if (onNext.length > 0) candidates = onNext;
      }
      if (following && position === 'first')
        nextAirway = next?.kind === 'airway' ? next.designator.toUpperCase() : undefined;
    }
    if (candidates.length === 1) return candidates[0];
    if (position !== 'later') return this.chooseFirst(ident, point, candidates, nextAirway);
    if (pending?.airway && pending.entry !== undefined) {
      const path = pending.airway.path(pending.entry, candidates);
      if (path) return path[path.length - 1];
    }
    return this.closest(candidates, i);
  }

  private chooseFirst(
    ident: string,
    point: PointElement,
    candidates: number[],
    nextAirway?: string,
  ): number | undefined {
    const near = candidates.map((c) => ({ lat: this.db.lat(c), lon: this.db.lon(c) }));
    const reference = this.reference ? resolveReferenceFix(this.reference, this.db, near) : undefined;
    if (reference) return this.nearestTo(candidates, reference);
    const origin = this.origin;
    const listed = firstFixCandidates(this.db, candidates, origin, true);
    const nearest =
      this.options.firstFix === 'nearestDeparture' && origin
        ? clearlyNearestDeparture(this.db, candidates, origin, nextAirway)
        : undefined;
    if (nearest !== undefined) {
      this.takeNearestDeparture(ident, point, nearest, listed, origin!);
      return nearest;
    }
    const pick = likelyFirstFix(this.db, candidates, nextAirway, origin);
    const likely = pick?.index;
    const why = pick?.why ?? '';
    // The following airway (or the origin) settles the point: taken, so that every check of the
    // route goes on (the airway's levels, the cruising levels, the legs); the hub stays literal.
    if (likely !== undefined && this.options.firstFix === 'nearestDeparture') {
      this.takeSettled(ident, point, likely, listed, why);
      return likely;
    }
    if (likely !== undefined) {
      const at = listed.findIndex((c) => c.lat === this.db.lat(likely!) && c.lon === this.db.lon(likely!));
      if (at > 0) listed.unshift(...listed.splice(at, 1));
    }
    this.dropped = ident;
    this.ambiguousFirstFix = { ident, range: point.range, candidates: listed };
    const lines = listed.map((c) => {
      const where =
        c.distanceToOriginNm !== undefined ? `, ${Math.round(c.distanceToOriginNm)} NM from ${origin!.icao}` : '';
      return `${c.name ?? c.ident} (${c.type}${c.region ? ` ${c.region}` : ''}) ${formatPosition(c.lat, c.lon)}${where}`;
    });
    const shown = lines.length > 6 ? [...lines.slice(0, 6), `and ${lines.length - 6} more`] : lines;
    const [first] = listed;
    if (!first) return undefined; // no candidate: nothing to choose among (callers pass two or more)
    this.report(
      'X005',
      point.range,
      `${ident} names ${listed.length} places: ${shown.join('; ')}. Route expansion ` +
        `selects none of them as the first ` +
        'point' +
        (likely !== undefined
          ? ` (${why}, ${lines[0]}, is most likely meant: ` + 'the first quick fix writes its referenceFix)'
          : '') +
        '; ' +
        `add a line \`referenceFix: …\` to this route with a fix, a radial (e.g. ` +
        `${ident === 'GWC' ? 'OCK' : 'GWC'}270020) or a coordinate (e.g. ` +
        `${icaoCoordinate(first.lat, first.lon)}) near the one you mean.`,
      { ident, candidates: listed.map((c) => ({ ...c, referenceFix: icaoCoordinate(c.lat, c.lon) })) },
    );
    return undefined;
  }

  /** X011: the namesake nearest the departure is taken; the others stay a referenceFix away. */
  private takeNearestDeparture(
    ident: string,
    point: PointElement,
    chosen: number,
    listed: AmbiguousFirstFix['candidates'],
    origin: { lat: number; lon: number; icao: string },
  ): void {
    const describe = (c: AmbiguousFirstFix['candidates'][number]) =>
      `${c.name ?? c.ident} (${c.type}${c.region ? ` ${c.region}` : ''}) ${formatPosition(c.lat, c.lon)}`;
    const at = listed.findIndex((c) => c.lat === this.db.lat(chosen) && c.lon === this.db.lon(chosen));
    if (at > 0) listed.unshift(...listed.splice(at, 1));
    const [taken, next] = listed;
    if (!taken || !next) return; // a choice among namesakes needs two (callers pass two or more)
    const nm = (c: AmbiguousFirstFix['candidates'][number]) =>
      `${Math.round(c.distanceToOriginNm ?? 0).toLocaleString('en-US')} NM`;
    this.report(
      'X011',
      point.range,
      `${ident} names ${listed.length} places; the one nearest the departure ${origin.icao} is taken: ` +
        `${describe(taken)}, ${nm(taken)} from ${origin.icao} (the next, ${describe(next)}, is ${nm(next)} away). ` +
        `The hub selects none of them: a referenceFix line (the quick fixes write one) makes the choice for both.`,
      {
        ident,
        likely: true,
        candidates: listed.map((c) => ({ ...c, referenceFix: icaoCoordinate(c.lat, c.lon) })),
      },
    );
  }

  /** X011: the namesake the following airway or the origin settles is taken; the others stay a referenceFix away. */
  private takeSettled(
    ident: string,
    point: PointElement,
    chosen: number,
    listed: AmbiguousFirstFix['candidates'],
    why: string,
  ): void {
    const at = listed.findIndex((c) => c.lat === this.db.lat(chosen) && c.lon === this.db.lon(chosen));
    if (at > 0) listed.unshift(...listed.splice(at, 1));
    const taken = listed[0]!;
    const others = listed.length - 1;
    this.report(
      'X011',
      point.range,
      `${ident} names ${listed.length} places; ${why} is taken: ${taken.name ?? taken.ident} (${taken.type}` +
        `${taken.region ? ` ${taken.region}` : ''}) ${formatPosition(taken.lat, taken.lon)}, the only one the route ` +
        `can mean there (the ${others} other${others === 1 ? '' : 's'} lie elsewhere). The hub selects none of them: ` +
        `a referenceFix line (the quick fixes write one) makes the choice for both.`,
      {
        ident,
        likely: true,
        candidates: listed.map((c) => ({ ...c, referenceFix: icaoCoordinate(c.lat, c.lon) })),
      },
    );
  }

  /**
   * For a quick fix: the airways through `from` along which one of `to` can be reached (all the
   * airways through `from` when `to` is empty), at most eight, by name.
   */
  private airwaysJoining(from: number, to: readonly number[]): string[] {
    const names = this.db
      .airwaysThrough(from)
      .filter((name) => to.length === 0 || this.db.airway(name)!.path(from, to) !== undefined);
    return [...names].sort().slice(0, 8);
  }

  /** The namesakes of the point written after element `i`, when it is a coded point. */
  private nextPointCandidates(i: number): readonly number[] {
    const next = this.block.elements[i + 1];
    const point = next ? pointOf(next) : undefined;
    return point?.kind === 'point' ? this.db.lookup(point.ident.toUpperCase()) : [];
  }

  /** Names one edit away from `ident` on the airway being left or the one that follows. */
  private spellingsOnAirways(ident: string, pending: PendingAirway | undefined, i: number): string[] {
    const next = this.block.elements[i + 1];
    const airways = [
      pending?.airway,
      next?.kind === 'airway' ? this.db.airway(next.designator.toUpperCase()) : undefined,
    ];
    const found = new Set<string>();
    for (const airway of airways) {
      if (!airway) continue;
      for (const node of airway.nodes()) {
        const name = this.db.ident(node);
        if (oneEditApart(ident, name)) found.add(name);
      }
    }
    return [...found].sort();
  }

  /**
   * Names one edit away from `ident` that the data places within SPELLING_NEAR_ROUTE_NM of the
   * point placed before it or of the next point that has one place, nearest first: a slip is
   * written for a point near where the route goes, and a name of the same spelling far away is
   * not what was meant.
   */
  private spellingsNearRoute(ident: string, i: number): string[] {
    const anchors = [this.previous ?? this.origin, this.anchorAfter(i)].filter(
      (a): a is { lat: number; lon: number } => a !== undefined,
    );
    if (anchors.length === 0) return [];
    const found: { name: string; nm: number }[] = [];
    for (const name of oneEditVariants(ident)) {
      let nearest = Infinity;
      for (const c of this.db.lookup(name))
        for (const anchor of anchors) nearest = Math.min(nearest, distanceNm(anchor, this.db.at(c)));
      if (nearest <= SPELLING_NEAR_ROUTE_NM) found.push({ name, nm: nearest });
    }
    return found
      .sort((a, b) => a.nm - b.nm || a.name.localeCompare(b.name))
      .slice(0, MAX_SPELLINGS_NEAR_ROUTE)
      .map((f) => f.name);
  }

  private airwayHint(pending: PendingAirway): string {
    const airway = pending.airway!;
    if (pending.entry === undefined) return `; write the point of ${airway.name} where you leave it`;
    const reachable = this.reachableIdents(airway, pending.entry, 8);
    return reachable.length
      ? `; from ${this.db.ident(pending.entry)} its nearest points are ${reachable.join(', ')}`
      : '';
  }

  private reachableIdents(airway: Airway, from: number, limit: number): string[] {
    // Nodes of the airway nearest to the entry give the dispatcher the names to choose from.
    const entry = this.db.at(from);
    const nodes = airway
      .nodes()
      .filter((n) => n !== from)
      .map((n) => ({ n, nm: distanceNm(entry, this.db.at(n)) }))
      .sort((a, b) => a.nm - b.nm);
    return [...new Set(nodes.slice(0, limit).map(({ n }) => this.db.ident(n)))];
  }

  /** The candidate closest to the previous point (or the origin, or the next unambiguous point). */
  private closest(candidates: readonly number[], elementIndex: number): number | undefined {
    const anchor = this.previous ?? this.origin ?? this.anchorAfter(elementIndex);
    return anchor ? this.nearestTo(candidates, anchor) : candidates[0];
  }

  /** The candidate nearest a position (the first of equals); undefined when there is none. */
  private nearestTo(candidates: readonly number[], at: { lat: number; lon: number }): number | undefined {
    let best = candidates[0];
    let bestDistance = Infinity;
    for (const c of candidates) {
      const d = distanceNm(at, this.db.at(c));
      if (d < bestDistance) [best, bestDistance] = [c, d];
    }
    return best;
  }

  /**
   * With nothing placed before (the first point was ambiguous and there is no origin), the next
   * point that has one place only — a lat/lon, a unique name, an aerodrome — or the destination
   * says where the route is.
   */
  private anchorAfter(elementIndex: number): { lat: number; lon: number } | undefined {
    const elements = this.block.elements;
    for (const element of elements.slice(elementIndex + 1)) {
      const point = pointOf(element);
      let only: number | undefined;
      if (!point) continue;
      if (point.kind === 'latLon') {
        if (Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180) return point;
      } else if (point.kind === 'aerodrome') {
        only = this.db.aerodrome(point.icao.toUpperCase());
      } else {
        const found = this.db.lookup(point.ident.toUpperCase());
        if (found.length === 1) [only] = found;
      }
      if (only !== undefined) return { lat: this.db.lat(only), lon: this.db.lon(only) };
    }
    const destination = this.block.destination
      ? this.db.aerodrome(this.block.destination.value.toUpperCase())
      : undefined;
    return destination === undefined ? undefined : { lat: this.db.lat(destination), lon: this.db.lon(destination) };
  }

  /**
   * Appends a point, checking the leg from the previous one. A point reached along an airway is
   * the airway's own: however long its segment, it is not the wrong namesake X004 warns about.
   */
  private place(point: ExpandedPoint, index: number, range: Range, alongAirway = false): void {
    const previous = this.previous;
    if (previous && !alongAirway) {
      const leg = distanceNm(previous, point);
      if (leg > FAR_POINT_NM && !this.afterTrack) {
        const advice =
          point.type === 'latLon' || point.type === 'computed'
            ? 'check the coordinates, or add the points in between'
            : `check that the right ${point.designator} is meant, or add the points in between`;
        const before = this.dropped
          ? `the last point placed (${this.dropped}, written before it, was not placed)`
          : 'the point before it';
        const joining = previous.index >= 0 && index >= 0 ? this.airwaysJoining(previous.index, [index]) : [];
        this.report(
          'X004',
          range,
          `${point.designator} is ${Math.round(leg).toLocaleString('en-US')} NM from ${previous.ident}, ${before}: ${advice}.`,
          joining.length ? { airways: joining, from: previous.ident } : undefined,
        );
      }
    }
    this.points.push(point);
    this.previous = {
      lat: point.lat,
      lon: point.lon,
      index,
      ident: point.designator,
      elementIndex: point.elementIndex,
    };
    this.afterTrack = false;
    this.dropped = undefined;
  }

  // --- aerodromes and directives -------------------------------------------------------------

  private placeOrigin(): void {
    const origin = this.block.origin;
    if (!origin) return;
    const icao = origin.value.toUpperCase();
    if (icao === 'ZZZZ' || icao === 'AFIL') {
      const named = namedPlace(this.block, 'DEP', icao);
      if (named) {
        this.origin = { lat: named.lat, lon: named.lon, icao: named.designator };
        this.place(named, -1, origin.range);
      }
      return;
    }
    const index = this.db.aerodrome(icao);
    if (index === undefined) {
      this.unknownAerodrome(icao, origin.range, 'the route is expanded without its origin');
      return;
    }
    this.origin = { lat: this.db.lat(index), lon: this.db.lon(index), icao };
    this.place(databasePoint(this.db, index, icao, this.elementAt(origin.range)), index, origin.range);
  }

  private placeDestination(): void {
    const destination = this.block.destination;
    if (!destination || this.destinationPlaced) return;
    const icao = destination.value.toUpperCase();
    if (icao === 'ZZZZ') {
      const named = namedPlace(this.block, 'DEST', icao);
      if (named) this.place(named, -1, destination.range);
      return;
    }
    const index = this.db.aerodrome(icao);
    if (index === undefined) {
      this.unknownAerodrome(icao, destination.range, 'the route is expanded without its destination');
      return;
    }
    this.place(databasePoint(this.db, index, icao, this.elementAt(destination.range)), index, destination.range);
  }

  /** The route element an origin or destination was read from, or -1 for a directive or FPL field. */
  private elementAt(range: Range): number {
    return this.block.elements.findIndex(
      (e) =>
        e.kind === 'aerodrome' &&
        e.range.start.line === range.start.line &&
        e.range.start.character === range.start.character &&
        e.range.end.character === range.end.character,
    );
  }

  private placeAerodromeElement(icao: string, range: Range, i: number): void {
    if (this.block.origin && !this.seenRoutePoint && this.block.origin.value.toUpperCase() === icao && this.origin)
      return;
    const index = this.db.aerodrome(icao);
    if (index === undefined) {
      this.unknownAerodrome(icao, range, 'the route is expanded without it');
      return;
    }
    if (this.block.destination?.value.toUpperCase() === icao) this.destinationPlaced = true;
    // An aerodrome written before the first point is the origin, for the first fix's candidates.
    if (!this.origin && !this.seenRoutePoint) this.origin = { lat: this.db.lat(index), lon: this.db.lon(index), icao };
    this.place(databasePoint(this.db, index, icao, i), index, range);
  }

  /** Data without an aerodrome table (X-Plane's earth_*.dat alone) knows no aerodrome: nothing to report. */
  private unknownAerodrome(icao: string, range: Range, consequence: string): void {
    if (this.db.report.aerodromes === 0) return;
    this.report('X008', range, `Aerodrome ${icao} is not in the navigation data: ${consequence}.`);
  }

  private readReferenceFix(): void {
    const reference = this.block.referenceFix;
    if (!reference) return;
    const spec = parseReferenceFix(reference.value);
    if (!spec) {
      this.report(
        'X009',
        reference.range,
        `referenceFix ${reference.value} has none of the three forms: a fix (e.g. OCK), ` +
          `a fix radial (e.g. GWC270020: radial 270, 20 NM) or a coordinate (e.g. ` +
          `5057N00121W).`,
      );
      return;
    }
    if (
      spec.kind !== 'coordinate' &&
      this.db.lookup(spec.ident).length === 0 &&
      this.db.aerodrome(spec.ident) === undefined
    ) {
      this.report(
        'X009',
        reference.range,
        `referenceFix ${reference.value}: ${spec.ident} is not in the navigation data; ` +
          `use another fix nearby or a coordinate (e.g. 5057N00121W).`,
      );
      return;
    }
    this.reference = spec;
  }

  private report(code: CodeOf<'X' | 'P'>, range: Range, message: string, data?: unknown): void {
    const finding: RouteDiagnostic = { code, severity: DIAGNOSTIC_CODES[code].severity, message, range };
    if (data !== undefined) finding.data = data;
    this.findings.push(finding);
  }
}

/**
 * The place field 18 names for a ZZZZ aerodrome (DEP/, DEST/): its coordinates when the item gives
 * them (Doc 4444: "4 figures describing latitude in degrees and tens and units of minutes followed
 * by N or S, followed by 5 figures describing longitude … followed by E or W"; 46N078W is read
 * too). A name alone, or AFIL's ATS unit, places nothing: ZZZZ is the standard's code for an
 * aerodrome without an indicator, never one missing from the navigation data (no X008).
 */
function namedPlace(block: RouteBlock, indicator: 'DEP' | 'DEST', icao: string): ExpandedPoint | undefined {
  if (icao !== 'ZZZZ') return undefined;
  const item = block.fpl?.otherInformation.find((i) => i.indicator.toUpperCase() === indicator);
  for (const word of item?.value.toUpperCase().split(' ') ?? []) {
    const m = /^(\d{2})(\d{2})?([NS])(\d{3})(\d{2})?([EW])$/.exec(word);
    if (!m || Number(m[2] ?? 0) > 59 || Number(m[5] ?? 0) > 59) continue;
    const lat = (Number(m[1]) + Number(m[2] ?? 0) / 60) * (m[3] === 'S' ? -1 : 1);
    const lon = (Number(m[4]) + Number(m[5] ?? 0) / 60) * (m[6] === 'W' ? -1 : 1);
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    return {
      designator: word,
      resolvedFix: `${indicator}/${word} ${formatPosition(lat, lon)} (ZZZZ: the place field 18 names)`,
      lat,
      lon,
      // The aerodrome itself, at the place given: climbed out of and descended into like any other.
      type: 'aerodrome',
      elementIndex: -1,
    };
  }
  return undefined;
}

/**
 * The places `indices` as the candidates of an ambiguous first fix: with the origin known, each
 * with its distance from it (to 0.1 NM), nearest first. `regions`: a candidate without a region
 * code gets the nationality letters of the aerodrome nearest to it.
 */
/**
 * The namesake of an ambiguous first fix that is most likely meant: the only one on the airway
 * that follows it, else the only one within LIKELY_NEAR_ORIGIN_NM of the origin. The offline
 * engine's X005 and the hub's H003 both name it first, so their first quick fix writes its
 * referenceFix.
 */
export function likelyFirstFix(
  db: NavDatabase,
  candidates: readonly number[],
  nextAirway: string | undefined,
  origin: { lat: number; lon: number; icao?: string } | undefined,
): { index: number; why: string } | undefined {
  const airway = nextAirway ? db.airway(nextAirway) : undefined;
  if (airway) {
    const [onNext, ...othersOnNext] = candidates.filter((c) => airway.has(c));
    if (onNext !== undefined && othersOnNext.length === 0) return { index: onNext, why: `the one on ${nextAirway}` };
  }
  if (!origin) return undefined;
  const [close, ...othersClose] = candidates.filter((c) => distanceNm(origin, db.at(c)) <= LIKELY_NEAR_ORIGIN_NM);
  return close !== undefined && othersClose.length === 0
    ? { index: close, why: `the one near the origin${origin.icao ? ` ${origin.icao}` : ''}` }
    : undefined;
}

/**
 * How much nearer the departure the taken namesake must be than every other one: "clearly
 * nearest" means at most FAR_POINT_NM from the departure (farther, the first leg would be a far
 * jump itself), and every other namesake at least CLEARLY_NEAREST_RATIO times as far and at least
 * CLEARLY_NEAREST_MARGIN_NM farther. Dover (71 NM from EGLL) against the DVR in Papua New Guinea
 * (7,813 NM) is clear; two namesakes 150 and 400 NM away are not, and stay X005.
 */
export const CLEARLY_NEAREST_RATIO = 3;
export const CLEARLY_NEAREST_MARGIN_NM = 100;

/**
 * The namesake of an ambiguous first fix clearly nearest the departure (see
 * CLEARLY_NEAREST_RATIO), or undefined. When an airway follows the fix and another namesake is
 * on it while the nearest is not, the route itself says otherwise: no choice.
 */
export function clearlyNearestDeparture(
  db: NavDatabase,
  candidates: readonly number[],
  origin: { lat: number; lon: number },
  nextAirway: string | undefined,
): number | undefined {
  const byDistance = candidates
    .map((index) => ({ index, nm: distanceNm(origin, db.at(index)) }))
    .sort((a, b) => a.nm - b.nm);
  const [nearest, second] = byDistance;
  if (!nearest || !second) return candidates[0]; // one candidate (or none): nothing to choose
  if (nearest.nm > FAR_POINT_NM) return undefined;
  if (second.nm < nearest.nm * CLEARLY_NEAREST_RATIO || second.nm - nearest.nm < CLEARLY_NEAREST_MARGIN_NM)
    return undefined;
  const airway = nextAirway ? db.airway(nextAirway) : undefined;
  if (airway && !airway.has(nearest.index) && candidates.some((c) => airway.has(c))) return undefined;
  return nearest.index;
}

export function firstFixCandidates(
  db: NavDatabase,
  indices: readonly number[],
  origin?: { lat: number; lon: number },
  regions = false,
): AmbiguousFirstFix['candidates'] {
  const listed = indices.map((i) => {
    const candidate: AmbiguousFirstFix['candidates'][number] = db.point(i);
    if (regions && candidate.region === undefined) {
      const region = nationalityNear(db, candidate.lat, candidate.lon);
      if (region !== undefined) candidate.region = region;
    }
    if (origin) candidate.distanceToOriginNm = Math.round(distanceNm(origin, candidate) * 10) / 10;
    return candidate;
  });
  // With an origin every candidate has its distance (set just above).
  if (origin) listed.sort((a, b) => (a.distanceToOriginNm ?? 0) - (b.distanceToOriginNm ?? 0));
  return listed;
}

/** ICAO nationality letters with one letter; all others have two (EG, LG, VI…). */
const ONE_LETTER_NATIONALITIES = new Set(['C', 'K', 'U', 'Y', 'Z']);

/**
 * Data of the old formats has no region codes. The ICAO nationality letters of the nearest
 * aerodrome (within 100 NM) tell a dispatcher which country a candidate is in.
 */
function nationalityNear(db: NavDatabase, lat: number, lon: number): string | undefined {
  const [nearest] = db.nearest(lat, lon, {
    maxResults: 1,
    maxDistanceNm: 100,
    types: ['aerodrome'],
    filter: (i) => /^[A-Z]{4}$/.test(db.ident(i)),
  });
  if (nearest === undefined) return undefined;
  const icao = db.ident(nearest);
  const letter = icao.slice(0, 1);
  return ONE_LETTER_NATIONALITIES.has(letter) ? letter : icao.slice(0, 2);
}

export { icaoCoordinate };

/**
 * True when `b` differs from `a` by one letter replaced, added, removed, or two neighbours
 * swapped: the typing slips a quick fix can safely offer to undo.
 */
/** Within this distance of the route's neighbouring points, a name one edit away is offered for an unknown one. */
export const SPELLING_NEAR_ROUTE_NM = 250;
const MAX_SPELLINGS_NEAR_ROUTE = 3;
const NAME_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Every name one edit from `name` (a letter replaced, added or removed, two neighbours swapped), at least two long. */
export function oneEditVariants(name: string): Set<string> {
  const variants = new Set<string>();
  for (let i = 0; i <= name.length; i++) {
    const [head, tail] = [name.slice(0, i), name.slice(i)];
    for (const c of NAME_CHARACTERS) {
      variants.add(head + c + tail);
      if (tail) variants.add(head + c + tail.slice(1));
    }
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
  }
  variants.delete(name);
  for (const v of variants) if (v.length < 2) variants.delete(v);
  return variants;
}

export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
