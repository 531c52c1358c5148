/**
 * What the map needs from outside, for one route: the FIRs it crosses (walked through the hub's
 * navigation links: ICAO prefixes → prefix → its FIRs → FIR detail, kept for the source's life),
 * their airspaces (v2; the country's list where a FIR has none) and NOTAMs, the aerodromes'
 * NOTAMs, the microlight fields of the countries crossed, and airspaces from local GeoJSON
 * files. The only file of src/map that does I/O; the HubClient caches the answers (airspaces a
 * day, NOTAMs a minute). A failure becomes one notice, and the map shows what it has. Every hub
 * call goes through `HubCalls` (the session's, so the airspaces and NOTAMs statuses follow them).
 */
import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import {
  AIRSPACE_RULES,
  isServiceError,
  leftOutText,
  parseJson,
  readFeatureCollection,
  redactText,
  type AirspaceProperties,
  type Feature,
  type HubClient,
  type LeftOut,
  type Link,
} from '../hub';
import type { RouteCorridor } from '../flight/corridor';
import { countryOfIcao } from './countries';
import { firsCrossed, type FirEntry } from '../flight/firs';
import { jsonShapeProblem, MAX_AIRSPACE_FILE_BYTES } from './airspaceFileLimits';
import { limitFeatureVertices } from '../geo/vertexLimit';
import type { KnownFir, MapData } from './mapView';
import type { MicrolightSource } from '../flight/judgedFlight';
import type { NotamSource } from '../flight/preparedAreas';
import { currentNotams, notamIdentity } from './notamRelations';
import { loadFirBoundaries } from './firBoundaries';
import { boxOfRings } from '../hub/hubXml';

export const NEEDS_KEY_NOTICE =
  'Airspaces and NOTAMs need a hub key (run "ICAO Route: Set Hub Key"): the map shows the route on the basemap only.';
const NEEDS_KEY_WITH_FILES_NOTICE =
  'NOTAMs and FIRs need a hub key (run "ICAO Route: Set Hub Key"): the map shows the route and the airspaces of the local files.';
const RESTRICTED_NOTICE =
  'The hub key lacks the Airspaces group (403): airspaces are not shown and FIRs are drawn as boxes. Ask the hub for access to that group.';
const NO_MICROLIGHTS_NOTICE =
  'The hub key lacks the Aerodromes group (403): the microlight aerodromes layer stays empty.';

/**
 * How the hub is called: the session's calls (session/status.ts StatusBatch) keep the status of
 * each source. `expected` failures are answers (a FIR without its own airspace list).
 */
export interface HubCalls {
  use<T>(
    source: 'airspaces' | 'notams',
    call: (hub: HubClient) => Promise<T>,
    expected?: (error: unknown) => boolean,
  ): Promise<T>;
}

/** Calls straight to the client, for callers without a session (tests, the bench). */
export function directHubCalls(hub: HubClient): HubCalls {
  return { use: (_source, call) => call(hub) };
}

const isNotFound = (error: unknown) => isServiceError(error) && error.kind === 'notFound';
const isRestricted = (error: unknown) => isServiceError(error) && error.kind === 'restricted';

interface FirLinks extends FirEntry {
  notams?: Link;
}

export interface RouteAerodromes {
  origin?: string;
  destination?: string;
  alternates: string[];
}

function messageOf(error: unknown, key: string | undefined): string {
  return redactText(error instanceof Error ? error.message : String(error), [key]);
}

function isCancel(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (isServiceError(error) && error.kind === 'cancelled');
}

interface FirCatalogue {
  firs: FirLinks[];
  /** FIRs the hub's navigation lists without any boundary (no gml:boundedBy, no geometry) and the file has none for. */
  unplaced: string[];
  /** FIRs whose outline came from the boundaries file. */
  fromFile: string[];
  /** Why the boundaries file could not be used, when it could not. */
  fileProblem?: string;
}

export class MapDataSource {
  private catalogue: Promise<FirCatalogue> | undefined;
  private readonly files = new Map<string, AirspaceFile>();
  /** Set after a 403 on airspaces: asking again with the same key cannot help. */
  private airspacesRestricted = false;
  private microlightsRestricted = false;
  /** The boundaries file's FIRs, when there is no hub. */
  private fromFile?: Promise<{ firs: FirEntry[]; problem?: string }>;

  constructor(
    private readonly hub: HubClient | undefined,
    private readonly airspaceFiles: readonly string[] = [],
    private readonly userKey?: string,
    /** FIR outlines for the FIRs the navigation gives no boundary for (icaoRoute.map.firBoundariesFile). */
    private readonly firBoundariesFile?: string,
  ) {}

  async forRoute(
    route: RouteCorridor,
    aerodromes: RouteAerodromes,
    signal?: AbortSignal,
    calls?: HubCalls,
  ): Promise<MapData> {
    const notices = new Set<string>();
    const airspaces = await this.localAirspaces(notices);
    if (!this.hub) {
      notices.add(this.airspaceFiles.length > 0 ? NEEDS_KEY_WITH_FILES_NOTICE : NEEDS_KEY_NOTICE);
      // Without the hub the boundaries file alone gives the FIRs (EET/ is filed offline too).
      const fromFile = route.points.length > 0 ? await this.fileFirs(notices) : [];
      const crossed = firsCrossed(route, fromFile);
      return {
        firs: crossed,
        ...(fromFile.length > 0
          ? {
              knownFirs: fromFile.map((f) => ({
                designator: f.designator,
                approximate: false,
                boundaryFile: f.boundaryFile!,
              })),
            }
          : {}),
        airspaces,
        notams: [],
        microlights: [],
        notices: [...notices],
      };
    }
    const hub = calls ?? directHubCalls(this.hub);
    let catalogue: FirLinks[] = [];
    if (route.points.length > 0) {
      try {
        const found = await this.firCatalogue(hub);
        catalogue = found.firs;
        if (found.unplaced.length > 0) notices.add(unplacedNotice(found.unplaced));
        if (found.fileProblem) notices.add(found.fileProblem);
        if (found.fromFile.length > 0)
          notices.add(
            `The outlines of ${found.fromFile.length} FIR${found.fromFile.length === 1 ? '' : 's'} (${found.fromFile.slice(0, 8).join(', ')}${found.fromFile.length > 8 ? ', …' : ''}) come from ${this.firBoundariesFile}: the hub's navigation gives none.`,
          );
      } catch (error) {
        if (isCancel(error, signal)) throw error;
        this.catalogue = undefined;
        notices.add(`The FIRs could not be found through the hub's navigation: ${messageOf(error, this.userKey)}`);
      }
    }
    // By box first: only these FIRs' airspaces are fetched, and their own outline then decides.
    const byBox = firsCrossed(route, catalogue) as FirLinks[];
    const firs: FirLinks[] = [];
    const byCountry = new Set<string>();
    await Promise.all(
      byBox.map(async (fir) => {
        const entry: FirLinks = { ...fir };
        if (!this.airspacesRestricted) {
          try {
            const list = await hub.use(
              'airspaces',
              (h) => h.firAirspaces(fir.prefix, fir.designator, { signal }),
              (error) => isNotFound(error) && countryOfIcao(fir.designator) !== undefined,
            );
            if (list.leftOut)
              notices.add(`Airspaces of ${fir.designator}: ${leftOutText(list.leftOut, 'airspace', 'airspaces')}`);
            for (const feature of list.airspaces) {
              limitFeatureVertices(feature);
              const type = String(feature.properties.type).toUpperCase();
              const g = feature.geometry;
              if (type === 'FIR' && feature.properties.designator === fir.designator && g?.type === 'Polygon') {
                entry.polygons = [g.coordinates];
                delete entry.boundaryFile;
              } else if (
                type === 'FIR' &&
                feature.properties.designator === fir.designator &&
                g?.type === 'MultiPolygon'
              ) {
                entry.polygons = g.coordinates;
                delete entry.boundaryFile;
              } else {
                airspaces.push(feature);
              }
            }
          } catch (error) {
            if (isCancel(error, signal)) throw error;
            if (isServiceError(error) && error.kind === 'restricted') {
              this.airspacesRestricted = true;
              notices.add(RESTRICTED_NOTICE);
            } else if (isServiceError(error) && error.kind === 'notFound' && countryOfIcao(fir.designator)) {
              // The FIR has no airspace list of its own: its country's list stands in.
              byCountry.add(countryOfIcao(fir.designator)!);
            } else {
              notices.add(`Airspaces could not be fetched: ${messageOf(error, this.userKey)}`);
            }
          }
        }
        firs.push(entry);
      }),
    );
    await Promise.all(
      [...byCountry].map(async (country) => {
        try {
          const list = await hub.use('airspaces', (h) => h.countryAirspaces(country, { signal }));
          if (list.leftOut)
            notices.add(`Airspaces of ${country}: ${leftOutText(list.leftOut, 'airspace', 'airspaces')}`);
          // One by one: a list of 80,000 would overflow the arguments of a spread push.
          for (const feature of list.airspaces) {
            limitFeatureVertices(feature);
            airspaces.push(feature);
          }
        } catch (error) {
          if (isCancel(error, signal)) throw error;
          notices.add(`Airspaces could not be fetched for ${country}: ${messageOf(error, this.userKey)}`);
        }
      }),
    );
    if (this.airspacesRestricted) notices.add(RESTRICTED_NOTICE);
    const crossed = firsCrossed(route, firs) as FirLinks[];
    const [notams, microlights] = await Promise.all([
      this.notams(hub, crossed, aerodromes, notices, signal),
      this.microlights(
        hub,
        [...crossed.map((f) => f.designator), aerodromes.origin, aerodromes.destination],
        notices,
        signal,
      ),
    ]);
    return {
      firs: crossed.map(({ notams: _, ...fir }) => fir),
      knownFirs: knownFirs(catalogue, firs),
      airspaces: dedupe(airspaces),
      notams,
      microlights,
      notices: [...notices],
    };
  }

  /**
   * The FIRs the route crosses, for the traffic layer: the same catalogue and FIR airspace lists
   * (their outlines) the map view asks for, so that after the map is drawn they come from the
   * cache and cost no call. A FIR whose list fails is judged by its box.
   */
  async firsAlong(route: RouteCorridor, calls: HubCalls | undefined, signal?: AbortSignal): Promise<FirEntry[]> {
    if (!this.hub || route.points.length === 0) return [];
    const hub = calls ?? directHubCalls(this.hub);
    const catalogue = await this.firCatalogue(hub).catch((error: unknown) => {
      this.catalogue = undefined;
      throw error;
    });
    const byBox = firsCrossed(route, catalogue.firs);
    const firs = await Promise.all(
      byBox.map(async ({ crossings: _, approximate: __, ...fir }): Promise<FirEntry> => {
        if (this.airspacesRestricted || fir.polygons) return fir;
        try {
          const list = await hub.use(
            'airspaces',
            (h) => h.firAirspaces(fir.prefix, fir.designator, { signal }),
            (error) => isNotFound(error) || isRestricted(error),
          );
          const own = list.airspaces.find(
            (f) => String(f.properties.type).toUpperCase() === 'FIR' && f.properties.designator === fir.designator,
          );
          const g = own?.geometry;
          if (g?.type === 'Polygon') return { ...fir, polygons: [g.coordinates] };
          if (g?.type === 'MultiPolygon') return { ...fir, polygons: g.coordinates };
        } catch (error) {
          if (isCancel(error, signal)) throw error;
        }
        return fir;
      }),
    );
    return firsCrossed(route, firs).map(({ crossings: _, approximate: __, ...fir }) => fir);
  }

  /** The microlight fields of the countries of the FIRs crossed and of the aerodromes. */
  private async microlights(
    hub: HubCalls,
    places: (string | undefined)[],
    notices: Set<string>,
    signal?: AbortSignal,
  ): Promise<MicrolightSource[]> {
    if (this.microlightsRestricted) {
      notices.add(NO_MICROLIGHTS_NOTICE);
      return [];
    }
    const countries = [
      ...new Set(places.map((p) => (p ? countryOfIcao(p) : undefined)).filter((c): c is string => !!c)),
    ];
    const out: MicrolightSource[] = [];
    await Promise.all(
      countries.map(async (country) => {
        try {
          // The microlight layer has its notices; a key without the Aerodromes group is no airspace failure.
          const fc = await hub.use(
            'airspaces',
            (h) => h.microlights(country, { signal }),
            (error) => isRestricted(error) || isNotFound(error),
          );
          if (fc.leftOut)
            notices.add(`Microlight aerodromes of ${country}: ${leftOutText(fc.leftOut, 'aerodrome', 'aerodromes')}`);
          for (const f of fc.features) {
            if (f.geometry?.type !== 'Point') continue;
            const [lon, lat] = f.geometry.coordinates;
            out.push({
              id: String(f.id ?? f.properties.designator),
              name: f.properties.name || f.properties.designator,
              lon,
              lat,
            });
          }
        } catch (error) {
          if (isCancel(error, signal)) throw error;
          if (isServiceError(error) && error.kind === 'restricted') {
            this.microlightsRestricted = true;
            notices.add(NO_MICROLIGHTS_NOTICE);
          } else if (!(isServiceError(error) && error.kind === 'notFound')) {
            notices.add(`Microlight aerodromes could not be fetched: ${messageOf(error, this.userKey)}`);
          }
        }
      }),
    );
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }

  private async notams(
    hub: HubCalls,
    firs: readonly FirLinks[],
    aerodromes: RouteAerodromes,
    notices: Set<string>,
    signal?: AbortSignal,
  ): Promise<NotamSource[]> {
    const out: NotamSource[] = [];
    const failed: string[] = [];
    const none: string[] = [];
    const places = [aerodromes.origin, aerodromes.destination, ...aerodromes.alternates].filter(
      (a): a is string => !!a && /^[A-Z]{4}$/.test(a),
    );
    const calls = [
      ...firs.map(async (fir) => {
        try {
          const list = fir.notams
            ? await hub.use('notams', (h) => h.followNotams(fir.notams!, { signal }))
            : await hub.use('notams', (h) => h.firNotams(fir.prefix, fir.designator, { signal }));
          if (list.leftOut) notices.add(`NOTAMs of ${fir.designator}: ${leftOutText(list.leftOut, 'NOTAM', 'NOTAMs')}`);
          if (list.noneFound) none.push(fir.designator);
          for (const notam of list.notams) out.push({ notam, from: { kind: 'fir', designator: fir.designator } });
        } catch (error) {
          if (isCancel(error, signal)) throw error;
          failed.push(`${fir.designator} (${messageOf(error, this.userKey)})`);
        }
      }),
      ...[...new Set(places)].map(async (aerodrome) => {
        try {
          const list = await hub.use('notams', (h) => h.aerodromeNotams(aerodrome, { signal }));
          if (list.leftOut) notices.add(`NOTAMs of ${aerodrome}: ${leftOutText(list.leftOut, 'NOTAM', 'NOTAMs')}`);
          if (list.noneFound) none.push(aerodrome);
          for (const notam of list.notams) out.push({ notam, from: { kind: 'aerodrome', designator: aerodrome } });
        } catch (error) {
          if (isCancel(error, signal)) throw error;
          failed.push(`${aerodrome} (${messageOf(error, this.userKey)})`);
        }
      }),
    ];
    await Promise.all(calls);
    if (failed.length > 0) notices.add(`NOTAMs are missing for ${failed.sort().join('; ')}.`);
    if (none.length > 0)
      notices.add(`No NOTAMs at the moment for ${none.sort().join(', ')} (the hub answered 404 "not found").`);
    // A NOTAM listed by its FIR and by its aerodrome is shown once; one number of two offices twice.
    const seen = new Set<string>();
    const unique = out.filter((n) => {
      const key = notamIdentity(n.notam);
      if (!key) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const { current, replaced, cancelled } = currentNotams(unique);
    if (replaced + cancelled > 0)
      notices.add(
        `${replaced + cancelled} NOTAM${replaced + cancelled === 1 ? '' : 's'} not shown: ` +
          [
            replaced ? `${replaced} replaced by a later NOTAM (NOTAMR)` : '',
            cancelled ? `${cancelled} cancelled (NOTAMC)` : '',
          ]
            .filter(Boolean)
            .join(', ') +
          '.',
      );
    return current;
  }

  /**
   * Every FIR of the boundaries file, as FIR entries, without the hub: read once per data source
   * (a new file setting makes a new source); a file that cannot be read is one notice.
   */
  private fileFirs(notices: Set<string>): Promise<FirEntry[]> {
    const file = this.firBoundariesFile;
    if (!file) return Promise.resolve([]);
    this.fromFile ??= loadFirBoundaries(file).then(
      (boundaries) => ({
        firs: [...boundaries.byFir].map(([designator, polygons]) => ({
          prefix: designator.slice(0, 2),
          designator,
          name: designator,
          bbox: boxOfRings(polygons),
          polygons,
          boundaryFile: file,
        })),
        ...(boundaries.leftOut
          ? { problem: `The FIR boundaries file ${file}: ${leftOutText(boundaries.leftOut, 'boundary', 'boundaries')}` }
          : {}),
      }),
      (error: unknown) => ({
        firs: [],
        problem: `The FIR boundaries file ${file} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
    return this.fromFile.then(({ firs, problem }) => {
      if (problem) notices.add(problem);
      return firs;
    });
  }

  /**
   * Every FIR with its box, by following the links each navigation answer carries. Shared by
   * every caller (the map and the conflict diagnostics), so no one caller's cancellation stops it.
   */
  private firCatalogue(calls: HubCalls): Promise<FirCatalogue> {
    this.catalogue ??= calls.use('airspaces', async (hub) => {
      const unplaced: string[] = [];
      const fromFile: string[] = [];
      let fileProblem: string | undefined;
      let boundaries: Awaited<ReturnType<typeof loadFirBoundaries>> | undefined;
      if (this.firBoundariesFile) {
        try {
          boundaries = await loadFirBoundaries(this.firBoundariesFile);
          if (boundaries.leftOut)
            fileProblem = `The FIR boundaries file ${this.firBoundariesFile}: ${leftOutText(boundaries.leftOut, 'boundary', 'boundaries')}`;
        } catch (error) {
          fileProblem = `FIR boundaries (icaoRoute.map.firBoundariesFile) are not used: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      const prefixes = await hub.icaoPrefixes();
      const perPrefix = await Promise.all(
        prefixes.links.map(async (prefixLink) => {
          const prefixDoc = await hub.followLinks(prefixLink);
          const firsLink = prefixDoc.links.find((l) => l.id === 'firs' || /firs$/i.test(l.element));
          if (!firsLink) return [];
          const list = await hub.followLinks(firsLink);
          const entries = await Promise.all(
            list.links.map(async (firLink): Promise<FirLinks | undefined> => {
              const detail = await hub.followLinks(firLink);
              const outline = detail.bbox ? undefined : boundaries?.byFir.get(firLink.id.toUpperCase());
              if (outline) {
                fromFile.push(firLink.id);
                detail.polygons = outline;
                detail.bbox = boxOfRings(outline);
              }
              if (!detail.bbox) {
                unplaced.push(firLink.id);
                return undefined;
              }
              const name = (firLink.title ?? firLink.id).replace(new RegExp(`^${firLink.id}\\s*`), '') || firLink.id;
              const notams = detail.links.find((l) => l.id === 'notams' || /notam/i.test(l.title ?? ''));
              return {
                prefix: prefixLink.id,
                designator: firLink.id,
                name,
                bbox: detail.bbox,
                ...(detail.polygons ? { polygons: detail.polygons } : {}),
                ...(outline && this.firBoundariesFile ? { boundaryFile: this.firBoundariesFile } : {}),
                ...(notams ? { notams } : {}),
              };
            }),
          );
          return entries.filter((e): e is FirLinks => e !== undefined);
        }),
      );
      return {
        firs: perPrefix.flat(),
        unplaced: unplaced.sort(),
        fromFile: fromFile.sort(),
        ...(fileProblem ? { fileProblem } : {}),
      };
    });
    return this.catalogue;
  }

  /**
   * The airspaces of the local files. Each file is read only when it changed (its size, time or
   * inode), failures included: an edit does not read a broken file again. A file must be a
   * regular file (a FIFO would hold one of Node's four file threads for ever) of at most
   * MAX_AIRSPACE_FILE_BYTES, opened without blocking and checked again once open.
   */
  private async localAirspaces(notices: Set<string>): Promise<Feature<AirspaceProperties>[]> {
    const out: Feature<AirspaceProperties>[] = [];
    for (const file of this.airspaceFiles) {
      let known = this.files.get(file);
      try {
        const stats = await stat(file);
        const signature = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.mode}`;
        if (!known || known.signature !== signature) {
          known = await readAirspaceFile(file, stats, signature);
          this.files.set(file, known);
        }
      } catch (error) {
        known = { signature: '', features: [], problem: describeFileError(error) };
        this.files.delete(file);
      }
      if (known.problem) notices.add(`The airspace file ${file} could not be read: ${known.problem}`);
      if (known.leftOut)
        notices.add(`The airspace file ${file}: ${leftOutText(known.leftOut, 'airspace', 'airspaces')}`);
      for (const feature of known.features) out.push(feature);
    }
    return out;
  }
}

/**
 * Every FIR placed by the catalogue, as known after this route's calls: a FIR whose box the route
 * touches has its outline from its own airspace list when the hub gives one.
 */
function knownFirs(catalogue: readonly FirEntry[], fetched: readonly FirEntry[]): KnownFir[] {
  const byName = new Map(fetched.map((f) => [f.designator, f]));
  return catalogue.map((listed) => {
    const f = byName.get(listed.designator) ?? listed;
    return {
      designator: f.designator,
      approximate: !f.polygons?.length,
      ...(f.boundaryFile ? { boundaryFile: f.boundaryFile } : {}),
    };
  });
}

/** FIRs the navigation lists without a boundary: said, since their airspaces and NOTAMs are then not looked up. */
function unplacedNotice(firs: string[]): string {
  const shown = firs.slice(0, 8).join(', ') + (firs.length > 8 ? `, … (${firs.length} in all)` : '');
  return (
    `The hub's navigation gives no boundary (gml:boundedBy or geometry) for ${firs.length} FIR${firs.length === 1 ? '' : 's'}: ` +
    `${shown}. Whether the route crosses ${firs.length === 1 ? 'it' : 'them'} is not known, so ${firs.length === 1 ? 'its' : 'their'} airspaces and NOTAMs are not shown.`
  );
}

/** A local airspace file, or why it is not used. */
interface AirspaceFile {
  signature: string;
  features: Feature<AirspaceProperties>[];
  leftOut?: LeftOut;
  problem?: string;
}

function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'it does not exist.';
  if (code === 'EACCES' || code === 'EPERM') return 'it may not be read (permissions).';
  return `it could not be read (${error instanceof Error ? error.message.slice(0, 200) : String(error)}).`;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

async function readAirspaceFile(file: string, stats: Stats, signature: string): Promise<AirspaceFile> {
  const refuse = (problem: string): AirspaceFile => ({ signature, features: [], problem });
  if (!stats.isFile()) return refuse('it is not a regular file (a folder, a FIFO or a device).');
  if (stats.size > MAX_AIRSPACE_FILE_BYTES)
    return refuse(
      `it is ${megabytes(stats.size)}, more than the ${megabytes(MAX_AIRSPACE_FILE_BYTES)} an airspace file may have.`,
    );
  let text: string;
  try {
    // O_NONBLOCK: a file swapped for a FIFO since the stat above does not block the open.
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const opened = await handle.stat();
      if (!opened.isFile()) return refuse('it is not a regular file (a folder, a FIFO or a device).');
      if (opened.size > MAX_AIRSPACE_FILE_BYTES)
        return refuse(
          `it is ${megabytes(opened.size)}, more than the ${megabytes(MAX_AIRSPACE_FILE_BYTES)} an airspace file may have.`,
        );
      const buffer = Buffer.alloc(Math.min(opened.size, MAX_AIRSPACE_FILE_BYTES) + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_AIRSPACE_FILE_BYTES)
        return refuse(`it grew past the ${megabytes(MAX_AIRSPACE_FILE_BYTES)} an airspace file may have.`);
      text = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return refuse(describeFileError(error));
  }
  const shape = jsonShapeProblem(text);
  if (shape) return refuse(shape);
  try {
    const fc = readFeatureCollection(parseJson(text), AIRSPACE_RULES);
    for (const feature of fc.features) limitFeatureVertices(feature);
    return { signature, features: fc.features, ...(fc.leftOut ? { leftOut: fc.leftOut } : {}) };
  } catch (error) {
    return refuse(
      `it is not a GeoJSON FeatureCollection of airspaces: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
    );
  }
}

function dedupe(features: Feature<AirspaceProperties>[]): Feature<AirspaceProperties>[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const key = f.id !== undefined ? String(f.id) : `${f.properties.designator}|${f.properties.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
