/**
 * The simulator's route expansion: route text → the waypoints the hub answers, in order. Its
 * own engine over its own reading of the navigation data (navdata.ts, route-text.ts), following
 * the hub contract:
 *
 * - origin first and destination last (from the request, or written in the route text);
 * - an airway is expanded into its points between the point where it is joined and the point
 *   where it is left (fewest segments), and a name on the airway is the airway's own;
 * - a name with several places is the one nearest the point before it;
 * - "When the first fix is a duplicate name and no referenceFix is given, no point is selected
 *   for the first fix." With a referenceFix (a fix, a fix radial or a coordinate), the namesake
 *   closest to it;
 * - a name the data does not know selects no point.
 *
 * A point with no selected place is still listed (without a place): the answer's unresolved
 * marking (left out, or `geometry: null`) is the caller's choice.
 */
import { destination, distanceNm } from './geo';
import type { AirwayGraph, NavData, Place } from './navdata';
import { readCoordinate, readRouteText, type RouteToken } from './route-text';

export interface RouteRequest {
  routeText: string;
  origin?: string;
  destination?: string;
  referenceFix?: string;
}

export interface Waypoint {
  designator: string;
  /** Undefined: no point selected (ambiguous first fix, unknown name). */
  at?: { lat: number; lon: number; resolvedFix: string; elevationFt?: number; kind: string };
}

export type ExpansionAnswer = { waypoints: Waypoint[] } | { refused: string };

type Position = { lat: number; lon: number };

const KIND_LABEL: Record<string, string> = {
  fix: 'FIX',
  vor: 'VOR',
  ndb: 'NDB',
  dme: 'DME',
  tacan: 'TACAN',
  aerodrome: 'AD',
  airwayEnd: 'FIX',
};

const hemisphere = (v: number, pos: string, neg: string, digits: number) =>
  `${Math.abs(v)
    .toFixed(4)
    .padStart(digits + 5, '0')}${v < 0 ? neg : pos}`;
const where = (p: Position) => `${hemisphere(p.lat, 'N', 'S', 2)} ${hemisphere(p.lon, 'E', 'W', 3)}`;

function describe(place: Place): string {
  return `${place.ident} ${KIND_LABEL[place.kind]} ${where(place)}${place.name ? ` ${place.name}` : ''}`;
}

/** The referenceFix forms of the contract: a fix, a fix radial (GWC270020) or a coordinate. */
type Reference =
  | { kind: 'coordinate'; lat: number; lon: number }
  | { kind: 'fix'; ident: string }
  | { kind: 'radial'; ident: string; bearing: number; distanceNm: number };

export function readReference(text: string): Reference | undefined {
  const value = text.trim().toUpperCase();
  const coordinate = readCoordinate(value);
  if (coordinate) return { kind: 'coordinate', ...coordinate };
  const radial = /^([A-Z]{2,5})(\d{3})(\d{3})$/.exec(value);
  if (radial && Number(radial[2]) <= 360)
    return { kind: 'radial', ident: radial[1]!, bearing: Number(radial[2]) % 360, distanceNm: Number(radial[3]) };
  return /^[A-Z]{2,5}$/.test(value) ? { kind: 'fix', ident: value } : undefined;
}

class Expander {
  private readonly out: Waypoint[] = [];
  /** The last place selected (for namesakes), with its data index when it is a place of the data. */
  private last?: Position & { index?: number };
  /** The airway being flown (its graph when the data knows it) and where it was joined (when known). */
  private airway: { graph: AirwayGraph | undefined; entry: number | undefined } | undefined;
  private reference?: Position;
  private firstFixSeen = false;
  private destinationWritten = false;
  private originPlace?: number;

  constructor(
    private readonly data: NavData,
    private readonly request: RouteRequest,
  ) {}

  run(): ExpansionAnswer {
    const tokens = readRouteText(this.request.routeText);
    const refused = this.readReferenceFix(tokens);
    if (refused) return { refused };
    const origin = this.request.origin ? this.data.aerodromes.get(this.request.origin) : undefined;
    if (origin !== undefined) {
      this.originPlace = origin;
      this.emitPlace(this.request.origin!, origin);
    }
    tokens.forEach((token, i) => this.visit(token, tokens, i));
    const destination = this.request.destination ? this.data.aerodromes.get(this.request.destination) : undefined;
    if (destination !== undefined && !this.destinationWritten) this.emitPlace(this.request.destination!, destination);
    return { waypoints: this.out };
  }

  private readReferenceFix(tokens: RouteToken[]): string | undefined {
    if (!this.request.referenceFix) return undefined;
    const reference = readReference(this.request.referenceFix);
    if (!reference) return `referenceFix ${this.request.referenceFix} is no fix, fix radial or coordinate.`;
    if (reference.kind === 'coordinate') {
      this.reference = reference;
      return undefined;
    }
    const named = [...(this.data.byIdent.get(reference.ident) ?? [])];
    const aerodrome = this.data.aerodromes.get(reference.ident);
    if (aerodrome !== undefined) named.push(aerodrome);
    if (named.length === 0) return `referenceFix ${reference.ident} is not in the navigation data.`;
    // A named reference with namesakes: the one nearest the first fix's places.
    const first = tokens.find((t) => t.kind === 'named' || t.kind === 'bearingDistance') as
      { ident: string } | undefined;
    const near = (first ? (this.data.byIdent.get(first.ident) ?? []) : []).map((i) => this.place(i));
    const score = (i: number) =>
      Math.min(Infinity, ...near.map((p) => distanceNm(p.lat, p.lon, this.place(i).lat, this.place(i).lon)));
    // `named` is not empty (above); with no places near, every score is Infinity and the first stays.
    const base = named.reduce((a, b) => (score(b) < score(a) ? b : a));
    const basePlace = this.place(base);
    this.reference =
      reference.kind === 'fix' ? basePlace : this.radialPoint(basePlace, reference.bearing, reference.distanceNm);
    return undefined;
  }

  /** The place at an index the data's own maps gave (so it is there). */
  private place(i: number): Place {
    const place = this.data.places[i];
    if (!place) throw new Error(`The navigation data has no place ${i}.`);
    return place;
  }

  /** A magnetic bearing from a VOR turns true with its variation; from other places it is taken as true. */
  private radialPoint(base: Place, bearing: number, nm: number): Position {
    const trueBearing = base.kind === 'vor' && base.variation !== undefined ? bearing + base.variation : bearing;
    return destination(base.lat, base.lon, (trueBearing + 360) % 360, nm);
  }

  private visit(token: RouteToken, tokens: RouteToken[], i: number): void {
    switch (token.kind) {
      case 'direct':
      case 'track':
        this.airway = undefined;
        return;
      case 'airway':
        this.joinAirway(token.designator, tokens, i);
        return;
      case 'coordinate':
        this.atCoordinate(token);
        return;
      case 'aerodrome':
        // Four letters at either end that name no aerodrome may still be a point (ALFA on W401).
        if (this.data.aerodromes.has(token.icao)) this.atAerodrome(token.icao);
        else this.atNamed({ kind: 'named', ident: token.icao, text: token.icao }, tokens, i);
        return;
      case 'named':
      case 'bearingDistance':
        this.atNamed(token, tokens, i);
        return;
      default:
        return;
    }
  }

  private joinAirway(designator: string, tokens: RouteToken[], i: number): void {
    const graph = this.data.airways.get(designator);
    const before = this.airway;
    if (before?.graph && graph && tokens[i - 1]?.kind === 'airway') {
      // Two airways in a row: they meet where a place lies on both.
      const junctions = before.graph.places().filter((p) => graph.has(p));
      const path = before.entry !== undefined ? before.graph.route(before.entry, junctions) : undefined;
      const end = path?.at(-1);
      if (path && end !== undefined) {
        this.emitPath(path, designator);
        this.airway = { graph, entry: end };
        return;
      }
      this.airway = { graph, entry: undefined };
      return;
    }
    const last = this.last;
    let entry: number | undefined;
    if (graph && last?.index !== undefined && graph.has(last.index)) entry = last.index;
    else if (graph && last) entry = graph.places().find((p) => this.samePosition(this.place(p), last));
    this.airway = { graph, entry };
  }

  private samePosition(a: Position, b: Position): boolean {
    return Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lon - b.lon) < 1e-6;
  }

  /** Places strictly between the ends of a path along the airway, then its last place. */
  private emitPath(path: number[], _designator: string): void {
    for (const p of path.slice(1)) this.emitPlace(this.place(p).ident, p);
  }

  private atCoordinate(token: { text: string; lat: number; lon: number }): void {
    const airway = this.airway;
    this.airway = undefined;
    this.firstFixSeen = true;
    if (airway?.graph && airway.entry !== undefined) {
      const node = airway.graph.places().find((p) => this.samePosition(this.place(p), token));
      const path = node !== undefined ? airway.graph.route(airway.entry, [node]) : undefined;
      if (path) for (const p of path.slice(1, -1)) this.emitPlace(this.place(p).ident, p);
    }
    this.emit(token.text, { ...token, resolvedFix: `${token.text} ${where(token)}`, kind: 'latLon' });
  }

  private atAerodrome(icao: string): void {
    this.airway = undefined;
    const index = this.data.aerodromes.get(icao);
    if (icao === this.request.origin && this.originPlace !== undefined && !this.firstFixSeen) return;
    if (icao === this.request.destination) this.destinationWritten = true;
    if (index !== undefined) this.emitPlace(icao, index);
  }

  private atNamed(
    token: Extract<RouteToken, { kind: 'named' | 'bearingDistance' }>,
    tokens: RouteToken[],
    i: number,
  ): void {
    const airway = this.airway;
    this.airway = undefined;
    const first = !this.firstFixSeen;
    this.firstFixSeen = true;
    let candidates = this.data.byIdent.get(token.ident) ?? [];
    if (candidates.length === 0) {
      this.out.push({ designator: token.text });
      return;
    }
    let chosen: number | undefined;
    if (first) {
      if (candidates.length === 1) chosen = candidates[0];
      else if (this.reference) chosen = this.nearest(candidates, this.reference);
      else {
        this.out.push({ designator: token.text });
        return;
      }
    } else {
      if (token.kind === 'named') {
        const onAirway = airway?.graph ? candidates.filter((c) => airway.graph!.has(c)) : [];
        if (onAirway.length) candidates = onAirway;
        const next = tokens[i + 1];
        const following = next?.kind === 'airway' ? this.data.airways.get(next.designator) : undefined;
        const onNext = following ? candidates.filter((c) => following.has(c)) : [];
        if (onNext.length) candidates = onNext;
      }
      if (candidates.length === 1) chosen = candidates[0];
      else {
        const along =
          airway?.graph && airway.entry !== undefined ? airway.graph.route(airway.entry, candidates) : undefined;
        chosen = along?.at(-1) ?? this.nearest(candidates, this.last ?? this.anchorAfter(tokens, i));
      }
    }
    // Each branch above chose from candidates, which are never empty there.
    if (chosen === undefined) {
      this.out.push({ designator: token.text });
      return;
    }
    if (token.kind === 'bearingDistance') {
      const base = this.place(chosen);
      const at = this.radialPoint(base, token.bearing, token.distanceNm);
      this.emit(token.text, {
        ...at,
        resolvedFix: `${token.text} ${token.distanceNm} NM ${String(token.bearing).padStart(3, '0')} ${describe(base)}`,
        kind: 'computed',
      });
      return;
    }
    if (token.kind === 'named' && airway?.graph && airway.entry !== undefined && airway.graph.has(chosen)) {
      const path = airway.graph.route(airway.entry, [chosen]);
      if (path) for (const p of path.slice(1, -1)) this.emitPlace(this.place(p).ident, p);
    }
    this.emitPlace(token.text, chosen);
  }

  /** With nothing selected yet: the next place that is unique, or the destination, tells where the route is. */
  private anchorAfter(tokens: RouteToken[], i: number): Position | undefined {
    for (const t of tokens.slice(i + 1)) {
      if (t.kind === 'coordinate') return t;
      const aerodrome = t.kind === 'aerodrome' ? this.data.aerodromes.get(t.icao) : undefined;
      if (aerodrome !== undefined) return this.place(aerodrome);
      const unique = t.kind === 'named' ? soleOf(this.data.byIdent.get(t.ident) ?? []) : undefined;
      if (unique !== undefined) return this.place(unique);
    }
    const destination = this.request.destination ? this.data.aerodromes.get(this.request.destination) : undefined;
    return destination === undefined ? undefined : this.place(destination);
  }

  /** The candidate nearest `at` (the first without `at`); undefined only with no candidates. */
  private nearest(candidates: readonly number[], at: Position | undefined): number | undefined {
    if (!at) return candidates[0];
    let best = candidates[0];
    let bestNm = Infinity;
    for (const c of candidates) {
      const nm = distanceNm(at.lat, at.lon, this.place(c).lat, this.place(c).lon);
      if (nm < bestNm) [best, bestNm] = [c, nm];
    }
    return best;
  }

  private emitPlace(designator: string, index: number): void {
    const p = this.place(index);
    this.emit(
      designator,
      {
        lat: p.lat,
        lon: p.lon,
        resolvedFix: describe(p),
        ...(p.elevationFt !== undefined ? { elevationFt: p.elevationFt } : {}),
        kind: p.kind,
      },
      index,
    );
  }

  private emit(designator: string, at: NonNullable<Waypoint['at']>, index?: number): void {
    this.out.push({ designator, at });
    this.last = { lat: at.lat, lon: at.lon, ...(index !== undefined ? { index } : {}) };
  }
}

/** The one element of a list of one; undefined for none or several. */
function soleOf(list: readonly number[]): number | undefined {
  return list.length === 1 ? list[0] : undefined;
}

export function expandRouteText(data: NavData, request: RouteRequest): ExpansionAnswer {
  return new Expander(data, request).run();
}

/**
 * The same route with one airway replaced by another that joins the same two points (UL9 for
 * L9 between DVR and KONAN), or undefined when no airway of the data allows it: filed routes of
 * real flights between two aerodromes often differ just so.
 */
export function oneAirwayApart(data: NavData, routeText: string): string | undefined {
  const words = routeText.trim().split(/\s+/);
  const tokens = readRouteText(routeText);
  for (const [i, airway] of tokens.entries()) {
    const [before, after] = [tokens[i - 1], tokens[i + 1]];
    if (airway.kind !== 'airway' || before?.kind !== 'named' || after?.kind !== 'named') continue;
    const from = data.byIdent.get(before.ident) ?? [];
    const to = data.byIdent.get(after.ident) ?? [];
    for (const [designator, graph] of [...data.airways].sort(([a], [b]) => a.localeCompare(b))) {
      if (designator === airway.designator || !/^[A-Z]{1,2}\d{1,3}$/.test(designator)) continue;
      if (
        from.some(
          (a) =>
            graph.has(a) &&
            graph.route(
              a,
              to.filter((b) => graph.has(b)),
            ),
        )
      ) {
        return [...words.slice(0, i), designator, ...words.slice(i + 1)].join(' ');
      }
    }
  }
  return undefined;
}
