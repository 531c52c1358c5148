/**
 * Completion from what route expansion knows: after a point, the airways through it (and, at the
 * end of the route, the destination's STARs that begin there); after an airway, its points in the
 * direction of flight with their distance along it; after `DCT`, the nearest fixes ahead; after
 * the first speed/level group, the departure's SIDs and the fixes near the departure; in
 * `referenceFix:`, the candidates of an ambiguous first fix; aerodromes in `origin:`,
 * `destination:` and FPL fields 13 and 16; in field 7 of an FPL message, airline designators;
 * the directives' names (`origin:` … `departure:`) on a line above the route text.
 * "Ahead" is towards the destination when it is known (towardsDestination.ts). Pure: the navigation data and the airline directory come
 * in as data; the block is expanded here (one block, a few milliseconds) because the text just
 * typed has no cached expansion yet.
 */
import { CompletionItemKind, type CompletionItem, type TextEdit } from 'vscode-languageserver-types';
import { expandRoute, firstFixCandidates, icaoCoordinate } from '../expansion/offlineExpansion';
import { distanceNm, inverse, type GeoPoint } from '../geo/geodesy';
import type { NavDatabase } from '../navdata/loader';
import {
  FIX_TYPE_LABEL,
  pointOf,
  type CancellationToken,
  type DirectiveKey,
  type ExpandedPoint,
  type Position,
  type Range,
  type RouteBlock,
  type RouteDocument,
  type RouteElement,
} from '../route/model';
import { airlineCompletions, type AirlineDirectory } from '../remote/airlineDirectory';
import { comparePositions, rangeContains, type LineIndex } from '../route/ranges';
import { formatNm, formatTrack } from './routeLegs';
import { progressTowards, rankByProgress } from './towardsDestination';
import { sidItems, starItems, type ProcedureLookup } from './procedureCompletion';
import { blockAerodromes } from '../expansion/procedures';

/** What is loaded at the moment of asking; `undefined` (as the session passes it on) when not yet. */
export interface CompletionData {
  db?: NavDatabase | undefined;
  airlines?: AirlineDirectory | undefined;
  /** The aerodromes' procedures as far as read (SIDs and STARs are offered once they are). */
  procedures?: ProcedureLookup | undefined;
}

/** Items per list: enough to choose from, few enough to send at once. */
const MAX_ITEMS = 60;
const POINT_TYPES = ['fix', 'vor', 'ndb', 'dme', 'tacan'] as const;

export function completions(
  document: RouteDocument,
  lines: LineIndex,
  position: Position,
  data: CompletionData,
  token: CancellationToken,
): CompletionItem[] {
  const block = blockOnLine(document, position.line);
  if (!block || token.isCancellationRequested) return [];
  const before = lines.lineText(position.line).slice(0, position.character);
  if (before.includes('#')) return [];
  const prefix = /[A-Za-z0-9]*$/.exec(before)![0];
  const replace: Range = {
    start: { line: position.line, character: position.character - prefix.length },
    end: position,
  };

  const field = block.fpl?.fields.find(
    (f) =>
      rangeContains(f.range, position) ||
      (f.range.start.line <= position.line &&
        comparePositions(f.range.start, position) <= 0 &&
        isLastFieldBefore(block, f.number, position)),
  );
  if (field?.number === 7) return data.airlines ? airlineCompletions(data.airlines, prefix, replace) : [];
  if (!block.fpl) {
    const keys = directiveKeyItems(block, before, lines.lineText(position.line).slice(position.character), replace);
    if (keys) return keys;
  }
  const db = data.db;
  // Field 13 is the departure (then its time), field 16 the destination (then EET, alternates).
  if (field?.number === 13 || field?.number === 16) {
    const word = before.slice(Math.max(field.range.start.character, before.lastIndexOf(' ') + 1));
    return db && /^-?[A-Za-z]{0,4}$/.test(word) ? aerodromeItems(db, block, prefix, replace) : [];
  }
  if (block.fpl && field?.number !== 15) return [];
  if (!db) return [];
  if (/^\s*referenceFix\s*:/i.test(before)) return referenceFixItems(block, db, replace);
  if (/^\s*(origin|destination)\s*:\s*[A-Za-z]*$/i.test(before)) return aerodromeItems(db, block, prefix, replace);
  if (/^\s*[A-Za-z]+\s*:/.test(before)) return [];

  const elements = block.elements;
  let previous = -1;
  for (const [i, candidate] of elements.entries()) {
    if (
      comparePositions(candidate.range.end, replace.start) <= 0 &&
      comparePositions(candidate.range.start, replace.start) < 0
    )
      previous = i;
  }
  const element = elements[previous];
  if (!element) return [];
  const { origin, destination } = blockAerodromes(block);
  if (previous === 0 && element.kind === 'speedLevel') {
    const sids = data.procedures && origin ? sidItems(db, data.procedures, origin, destination, replace) : [];
    return renumbered([...sids, ...firstFixes(db, block, replace)]);
  }
  const result = expandRoute(block, db, token, { firstFix: 'nearestDeparture' });
  if (token.isCancellationRequested) return [];
  const placed = new Map<number, ExpandedPoint>();
  for (const p of result.points) if (p.via === undefined && p.elementIndex >= 0) placed.set(p.elementIndex, p);
  const resolved = (i: number) => resolvedPoint(db, placed.get(i));
  const context: Context = { db, block, replace, resolved, result: result.points };
  if (element.kind === 'airway') return pointsAlong(context, element.designator.toUpperCase(), previous);
  if (element.kind === 'direct') return nearestAhead(context, previous - 1);
  if (pointOf(element)) {
    const point = pointOf(element)!;
    const stars =
      data.procedures && destination && point.kind !== 'latLon' && lastBeforeDestination(block, previous, replace)
        ? starItems(
            data.procedures,
            destination,
            (point.kind === 'aerodrome' ? point.icao : point.ident).toUpperCase(),
            replace,
          )
        : [];
    return renumbered([...stars, ...airwaysFrom(context, previous)]);
  }
  return [];
}

/** Items in the order given, numbered so (SIDs and STARs before the lists that follow them). */
function renumbered(items: CompletionItem[]): CompletionItem[] {
  return items.slice(0, MAX_ITEMS).map((item, k) => ({ ...item, sortText: sortKey(k) }));
}

/**
 * True when nothing but the word being typed, or the destination written as the last word,
 * follows element `previous`: the place of a STAR.
 */
function lastBeforeDestination(block: RouteBlock, previous: number, replace: Range): boolean {
  const after = block.elements.slice(previous + 1);
  return after.every(
    (e, k) =>
      comparePositions(e.range.start, replace.start) === 0 || (k === after.length - 1 && e.kind === 'aerodrome'),
  );
}

/** The directives a block of route text may have, as the documentation writes them, with what each is. */
const DIRECTIVE_KEYS: readonly [key: DirectiveKey, detail: string][] = [
  ['origin', 'departure aerodrome, e.g. EGLL'],
  ['destination', 'destination aerodrome, e.g. EDDF'],
  ['referenceFix', 'the point that chooses among namesakes of the first point'],
  ['departure', 'when the route is flown, UTC: 261201 1430 (YYMMDD HHMM), 2026-12-01T14:30Z, or 1430'],
];

/**
 * The names of the directives the block lacks that begin with the word typed, when the word
 * starts a line above the route text and nothing follows it; undefined elsewhere (route text).
 */
function directiveKeyItems(
  block: RouteBlock,
  before: string,
  after: string,
  replace: Range,
): CompletionItem[] | undefined {
  const word = /^\s*([A-Za-z]+)$/.exec(before)?.[1];
  if (!word || !/^\s*(#.*)?$/.test(after)) return undefined;
  const routeStart = block.routeRange?.start;
  if (routeStart && routeStart.line < replace.start.line) return undefined;
  // A word typed above an FPL message makes the block route text until it is a directive.
  if (block.routeText.includes('(FPL')) return undefined;
  const typed = word.toLowerCase();
  const given = new Set(block.directives.map((d) => d.key));
  const items = DIRECTIVE_KEYS.filter(([key]) => !given.has(key) && key.toLowerCase().startsWith(typed)).map(
    ([key, detail], i): CompletionItem => ({
      label: `${key}:`,
      kind: CompletionItemKind.Keyword,
      detail,
      sortText: String(i),
      filterText: key,
      textEdit: edit(replace, `${key}: `),
    }),
  );
  return items.length > 0 ? items : undefined;
}

interface Context {
  db: NavDatabase;
  block: RouteBlock;
  replace: Range;
  resolved: (elementIndex: number) => number | undefined;
  result: ExpandedPoint[];
}

/** A block whose lines include `line` (a cursor after a trailing blank is still in its block). */
function blockOnLine(document: RouteDocument, line: number): RouteBlock | undefined {
  const blocks = document.blocks;
  let low = 0;
  let high = blocks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = blocks[middle]!.range; // low <= middle <= high < blocks.length
    if (line < range.start.line) high = middle - 1;
    else if (line > range.end.line) low = middle + 1;
    else return blocks[middle];
  }
  return undefined;
}

/** The cursor is past the end of field `number` but before the next field starts. */
function isLastFieldBefore(block: RouteBlock, number: number, position: Position): boolean {
  const fields = block.fpl!.fields;
  const k = fields.findIndex((f) => f.number === number);
  const next = fields[k + 1];
  return !next || comparePositions(position, next.range.start) < 0;
}

/** The database index of a point the expansion placed (undefined for lat/lon and computed points). */
function resolvedPoint(db: NavDatabase, point: ExpandedPoint | undefined): number | undefined {
  if (!point) return undefined;
  const ident = point.designator.toUpperCase();
  if (point.type === 'aerodrome') return db.aerodrome(ident);
  return db.lookup(ident).find((i) => db.lat(i) === point.lat && db.lon(i) === point.lon);
}

function edit(replace: Range, newText: string): TextEdit {
  return { range: replace, newText };
}

/** The point's long name (navaids) as the item's documentation; nothing when the data has none. */
function nameAsDocumentation(db: NavDatabase, i: number): { documentation?: string } {
  const name = db.points.name[i];
  return name ? { documentation: name } : {};
}

function describe(db: NavDatabase, i: number): string {
  const region = db.points.region[i];
  return `${FIX_TYPE_LABEL[db.type(i)]}${region ? ` ${region}` : ''}`;
}

function sortKey(n: number): string {
  return String(n).padStart(5, '0');
}

/** Difference of two tracks, 0–180°. */
function turn(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * The direction of flight at a point: from the point before it, else towards the destination.
 * Undefined when neither is known. Used only without a destination: with one, candidates are
 * ranked by their progress towards it (towardsDestination.ts).
 */
function flightTrack(context: Context, at: number, elementIndex: number): number | undefined {
  const { db, result } = context;
  const k = result.findIndex((p) => p.elementIndex === elementIndex && p.via === undefined);
  const from = k > 0 ? result[k - 1] : undefined;
  if (from && (from.lat !== db.lat(at) || from.lon !== db.lon(at))) return inverse(from, db.at(at)).trackDeg;
  return undefined;
}

/** Where the block's destination is, when the data knows it. */
function destinationOf(db: NavDatabase, block: RouteBlock): GeoPoint | undefined {
  const code = block.destination?.value.toUpperCase();
  const index = code ? db.aerodrome(code) : undefined;
  return index === undefined ? undefined : db.at(index);
}

/** The airway the flight reached point `elementIndex` along (written just before it), if any. */
function airwayJustFlown(block: RouteBlock, elementIndex: number): string | undefined {
  const before = block.elements[elementIndex - 1];
  return before?.kind === 'airway' ? before.designator.toUpperCase() : undefined;
}

function airwaysFrom(context: Context, elementIndex: number): CompletionItem[] {
  const { db } = context;
  const at = context.resolved(elementIndex);
  if (at === undefined) return [];
  const destination = destinationOf(db, context.block);
  const track = destination ? undefined : flightTrack(context, at, elementIndex);
  const flown = airwayJustFlown(context.block, elementIndex);
  const items = db.airwaysThrough(at).map((name) => {
    const airway = db.airway(name)!;
    const next = airway.neighbours(at).map((n) => ({
      n,
      leg: inverse(db.at(at), db.at(n)),
      progress: destination ? progressTowards(db.at(at), db.at(n), destination) : undefined,
    }));
    const ahead = destination
      ? next.filter((x) => x.progress!.progressNm > 0)
      : track === undefined
        ? next
        : next.filter((x) => turn(x.leg.trackDeg, track) <= 90);
    const shown = (ahead.length > 0 ? ahead : next).map((x) => `${db.ident(x.n)} ${formatNm(x.leg.distanceNm)}`);
    return {
      name,
      // The airway just flown leads back where the flight came from: last, whatever its shape.
      rank: name === flown ? -2 : ahead.length === 0 ? -1 : Math.max(...ahead.map((x) => x.progress?.efficiency ?? 0)),
      detail: `ATS route through ${db.ident(at)}${shown.length ? ` · next ${shown.join(' / ')}` : ''}`,
    };
  });
  items.sort((a, b) => b.rank - a.rank || a.name.localeCompare(b.name));
  return items.slice(0, MAX_ITEMS).map((item, k) => ({
    label: item.name,
    kind: CompletionItemKind.Module,
    detail: item.detail,
    sortText: sortKey(k),
    textEdit: edit(context.replace, item.name),
  }));
}

/** The points of the airway reachable from its entry, nearest along the airway first. */
function pointsAlong(context: Context, name: string, airwayIndex: number): CompletionItem[] {
  const { db } = context;
  const airway = db.airway(name);
  const entryElement = context.block.elements[airwayIndex - 1] as RouteElement | undefined;
  const entry = entryElement && pointOf(entryElement) ? context.resolved(airwayIndex - 1) : undefined;
  if (!airway || entry === undefined || !airway.has(entry)) return [];
  const destination = destinationOf(db, context.block);
  const track = destination ? undefined : flightTrack(context, entry, airwayIndex - 1);
  // Breadth-first from the entry, each branch kept with its first step to judge its direction.
  const along = new Map<number, { nm: number; first: number }>([[entry, { nm: 0, first: -1 }]]);
  const queue = [entry];
  // Enough of the airway to list MAX_ITEMS ahead whichever way it runs; long airways stop here.
  // The array iterator reads the length each step, so nodes queued below are visited too.
  for (const node of queue) {
    if (along.size > MAX_ITEMS * 3) break;
    const here = along.get(node)!;
    for (const next of airway.neighbours(node)) {
      if (along.has(next)) continue;
      const leg = inverse(db.at(node), db.at(next)).distanceNm;
      along.set(next, { nm: here.nm + leg, first: here.first < 0 ? next : here.first });
      queue.push(next);
    }
  }
  along.delete(entry);
  const branches = new Set([...along.values()].map((v) => v.first));
  let keep = branches;
  const leadsOn = (b: number) =>
    destination
      ? progressTowards(db.at(entry), db.at(b), destination).progressNm > 0
      : track === undefined || turn(inverse(db.at(entry), db.at(b)).trackDeg, track) <= 90;
  const ahead = new Set([...branches].filter(leadsOn));
  if (ahead.size > 0) keep = ahead;
  const listed = [...along]
    .filter(([, v]) => keep.has(v.first))
    .sort((a, b) => a[1].nm - b[1].nm)
    .slice(0, MAX_ITEMS);
  return listed.map(([node, v], k) => ({
    label: db.ident(node),
    kind: CompletionItemKind.Constant,
    detail: `${describe(db, node)} · ${formatNm(v.nm)} along ${name} from ${db.ident(entry)}`,
    ...nameAsDocumentation(db, node),
    sortText: sortKey(k),
    textEdit: edit(context.replace, db.ident(node)),
  }));
}

/** After DCT: fixes and navaids near the point before it, towards the destination first. */
function nearestAhead(context: Context, baseIndex: number): CompletionItem[] {
  const { db } = context;
  const base = baseIndex >= 0 ? context.resolved(baseIndex) : undefined;
  if (base === undefined) return [];
  const destination = destinationOf(db, context.block);
  const track = destination ? undefined : flightTrack(context, base, baseIndex);
  return pointsNear(db, base, destination, track, DCT_RADIUS_NM, context.replace);
}

/** How far completion looks for the next point after DCT, and for the first point of a route. */
const DCT_RADIUS_NM = 400;
const FIRST_FIX_RADIUS_NM = 120;

/**
 * After the first speed/level group: the fixes and navaids near the departure, towards the
 * destination first (after the departure's SIDs, when its procedures were read).
 */
function firstFixes(db: NavDatabase, block: RouteBlock, replace: Range): CompletionItem[] {
  const code = block.origin?.value.toUpperCase();
  const origin = code ? db.aerodrome(code) : undefined;
  if (origin === undefined) return [];
  // A route's first point is where it joins the airways (a SID's last point): the approach and
  // terminal fixes around the aerodrome would bury those.
  const onAirways = (i: number) => db.airwaysThrough(i).length > 0;
  const joining = pointsNear(db, origin, destinationOf(db, block), undefined, FIRST_FIX_RADIUS_NM, replace, onAirways);
  return joining.length > 0
    ? joining
    : pointsNear(db, origin, destinationOf(db, block), undefined, FIRST_FIX_RADIUS_NM, replace);
}

function pointsNear(
  db: NavDatabase,
  base: number,
  destination: GeoPoint | undefined,
  track: number | undefined,
  radiusNm: number,
  replace: Range,
  only: (index: number) => boolean = () => true,
): CompletionItem[] {
  const here = db.at(base);
  const near = db.nearest(here.lat, here.lon, {
    maxResults: MAX_ITEMS * 3,
    maxDistanceNm: radiusNm,
    types: POINT_TYPES,
    filter: (i) => i !== base && db.ident(i) !== db.ident(base) && only(i),
  });
  const legs = near.map((i) => ({ i, leg: inverse(here, db.at(i)) }));
  // The spatial index measures on a sphere: order by the geodesic distance shown.
  const ranked = destination
    ? rankByProgress(legs, (x) => progressTowards(here, db.at(x.i), destination))
    : (track === undefined ? legs : legs.filter((x) => turn(x.leg.trackDeg, track) <= 90)).sort(
        (a, b) => a.leg.distanceNm - b.leg.distanceNm,
      );
  return ranked.slice(0, MAX_ITEMS).map((x, k) => ({
    label: db.ident(x.i),
    kind: CompletionItemKind.Constant,
    detail: `${describe(db, x.i)} · ${formatNm(x.leg.distanceNm)} from ${db.ident(base)}, track ${formatTrack(x.leg.trackDeg)}`,
    ...nameAsDocumentation(db, x.i),
    sortText: sortKey(k),
    textEdit: edit(replace, db.ident(x.i)),
  }));
}

/**
 * Aerodromes for the word typed (in `origin:`, `destination:`, FPL fields 13 and 16): by code, then
 * by a word of their name (`Heath` → EGLL), those with instrument approaches first
 * (NavDatabase.findAerodromes), each with its name, its ILS runways and, when the other end is
 * known, the distance to it. An item found by its name is filtered by what was typed, so that the
 * editor keeps it.
 */
function aerodromeItems(db: NavDatabase, block: RouteBlock, prefix: string, replace: Range): CompletionItem[] {
  const typed = prefix.toUpperCase();
  if (!/^[A-Z]*$/.test(typed)) return [];
  const ends = [block.origin?.value.toUpperCase(), block.destination?.value.toUpperCase()];
  return db
    .findAerodromes(typed, MAX_ITEMS * 4)
    .filter(({ code }) => /^[A-Z]{4}$/.test(code))
    .slice(0, MAX_ITEMS)
    .map(({ code, byName }, k) => {
      const index = db.aerodrome(code)!;
      const other = ends.find((e) => e && e !== code && db.aerodrome(e) !== undefined);
      const away = other ? ` · ${formatNm(distanceNm(db.at(index), db.at(db.aerodrome(other)!)))} from ${other}` : '';
      const ils = db.ilsRunways(code);
      const approaches = ils.length > 0 ? ` · ILS ${ils.join(' ')}` : '';
      const item: CompletionItem = {
        label: code,
        kind: CompletionItemKind.Reference,
        detail: `aerodrome${db.points.name[index] ? ` ${db.points.name[index]}` : ''}${away}${approaches}`,
        sortText: sortKey(k),
        textEdit: edit(replace, code),
      };
      if (byName) item.filterText = prefix;
      return item;
    });
}

/** In `referenceFix:`: one coordinate per namesake of the first point, nearest the origin first. */
function referenceFixItems(block: RouteBlock, db: NavDatabase, replace: Range): CompletionItem[] {
  const first = block.elements.map(pointOf).find((p) => p?.kind === 'point');
  if (!first || first.kind !== 'point') return [];
  const indices = db.lookup(first.ident.toUpperCase());
  if (indices.length < 2) return [];
  const originCode = block.origin?.value.toUpperCase();
  const origin = originCode ? db.aerodrome(originCode) : undefined;
  const at = origin === undefined ? undefined : { lat: db.lat(origin), lon: db.lon(origin) };
  return firstFixCandidates(db, indices, at, true).map((c, k) => {
    const coordinate = icaoCoordinate(c.lat, c.lon);
    const away = c.distanceToOriginNm !== undefined ? ` · ${formatNm(c.distanceToOriginNm)} from ${originCode}` : '';
    return {
      label: coordinate,
      kind: CompletionItemKind.Value,
      detail: `${c.ident} ${FIX_TYPE_LABEL[c.type]}${c.region ? ` ${c.region}` : ''}${away}`,
      ...(c.name === undefined ? {} : { documentation: c.name }),
      sortText: sortKey(k),
      filterText: `${coordinate} ${c.ident}`,
      textEdit: edit(replace, coordinate),
    };
  });
}
