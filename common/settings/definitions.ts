/**
 * Every setting of the extension, defined once: key, JSON schema (type, default, limits,
 * description), who reads it, and whether a change needs a restart. `package.json`'s
 * `contributes.configuration` is generated from this table (`npm run settings`; a test fails on
 * any drift), the readers (lsp/settings.ts, hub/clientSettings.ts) take their limits and defaults from
 * it, and a test proves that each setting changes what its reader reads.
 *
 * Adding a setting: one entry here, `npm run settings`, then read it where it is used (the test
 * fails until a reader does). See CONTRIBUTING.md.
 */
import {
  DEFAULT_HUB_BASE_URL,
  DEFAULT_HUB_VERSIONS,
  DEFAULT_REFERENCE_BASE_URL,
  DEFAULT_REFERENCE_VERSIONS,
  HUB_ENDPOINTS,
  REFERENCE_ENDPOINTS,
} from '../endpoints';
import { MAP_FILTER_LIMITS } from '../mapFilters';
import { DEFAULT_MAP_FILTERS } from '../protocol/mapMessages';

/** The part of JSON schema VS Code's settings UI reads. */
export interface SettingSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  default: unknown;
  markdownDescription: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  enumDescriptions?: readonly string[];
  format?: string;
  pattern?: string;
  properties?: Record<string, unknown>;
  propertyNames?: Record<string, unknown>;
  additionalProperties?: unknown;
  items?: Record<string, unknown>;
  /**
   * VS Code's scope. `machine`: user (or remote) settings only, never a workspace's
   * `.vscode/settings.json`, for what decides where the user's keys are sent.
   */
  scope?: 'application' | 'machine' | 'window' | 'resource';
}

export interface SettingDefinition {
  schema: SettingSchema;
  /**
   * Who reads it: the language server (lsp/settings.ts with hub/clientSettings.ts), or
   * vscode-languageclient itself (`<client id>.trace.server`).
   */
  reader: 'server' | 'languageClient';
  /** True when a change takes effect only after the extension restarts. */
  restart: boolean;
  /**
   * True for a setting that names a file, a folder or an address (where the hub key goes): an
   * untrusted workspace cannot choose it, VS Code then reads the user's value only. package.json's
   * `restrictedConfigurations` is generated from these.
   */
  restricted?: true;
  /** A valid value other than the default: the test sets it and expects the reader to notice. */
  example: unknown;
}

const ENDPOINT_OVERRIDE = {
  type: 'object',
  additionalProperties: false,
  properties: {
    method: { type: 'string', enum: ['GET', 'POST'] },
    path: { type: 'string', pattern: '^/' },
  },
};

function versionProperties(defaults: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(defaults).map((set) => [set, { type: 'string', pattern: '^v[0-9]+' }]));
}

export const SETTINGS = {
  'icaoRoute.diagnostics.debounceMs': {
    schema: {
      type: 'number',
      default: 150,
      minimum: 0,
      maximum: 5000,
      markdownDescription:
        'Delay in milliseconds between the last keystroke and the diagnostics of a `.route` document.',
    },
    reader: 'server',
    restart: false,
    example: 40,
  },
  'icaoRoute.flights.eobtToleranceMinutes': {
    schema: {
      type: 'number',
      default: 15,
      minimum: 0,
      maximum: 720,
      markdownDescription:
        "How many minutes an FPL message's EOBT (field 13, on its `DOF/`) may differ from the schedule of the flight its call sign names before an information (`L001`) says so. The flight comes from the hub (a hub key) or the airline reference's flight status.",
    },
    reader: 'server',
    restart: false,
    example: 30,
  },
  'icaoRoute.diagnostics.flightConflicts': {
    schema: {
      type: 'boolean',
      default: true,
      markdownDescription:
        "Warning diagnostics (`F001`, `F002`) on the airway, `DCT` or point that leads the flight through an active restricted, danger or prohibited area, or the area of an airspace NOTAM in force, at the flight's planned level and time (needs a hub key or `icaoRoute.map.airspaceFiles`). The same judgement measures each airway leg against the FIR outlines (`F010`: a leg passing through three FIRs or more with no point of the airway); off, it is made for FPL messages only.",
    },
    reader: 'server',
    restart: false,
    example: false,
  },
  'icaoRoute.flight.departureTime': {
    schema: {
      type: 'string',
      default: '',
      pattern: '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?Z$',
      markdownDescription:
        "When plain route text is flown: the time at its first point, in UTC (`2026-11-24T09:30Z`). Empty: now. A block's own `departure:` directive comes first; an FPL message is timed by its own EOBT (field 13) and `DOF/` (field 18). A `departure:` time without a date, and an EOBT without `DOF/`, is its next occurrence after this time. Airspace schedules and NOTAMs are judged at the flight's estimated times over the route.",
    },
    reader: 'server',
    restart: false,
    example: '2026-11-24T09:30Z',
  },
  'icaoRoute.flight.climbRateFtPerMin': {
    schema: {
      type: 'number',
      default: 2000,
      minimum: 300,
      maximum: 6000,
      markdownDescription:
        "Average rate of climb in ft/min for the route's profile: the climb out of the departure aerodrome and a planned climb to a higher level, flown at the leg's planned true airspeed. The top of climb, and the levels the airspaces and NOTAMs near the departure are judged at, follow from it. The default, 2,000 ft/min, puts a jet at 450 kt at FL350 about 130 NM out.",
    },
    reader: 'server',
    restart: false,
    example: 1500,
  },
  'icaoRoute.flight.descentFtPerNm': {
    schema: {
      type: 'number',
      default: 300,
      minimum: 100,
      maximum: 1000,
      markdownDescription:
        "Descent gradient in feet per NM of ground distance for the route's profile: the descent into the destination aerodrome and a planned descent to a lower level. The top of descent, and the levels the airspaces and NOTAMs near the destination are judged at, follow from it. The default, 300 ft/NM, is about a 3° path (318 ft/NM) and the 3-NM-per-1,000-ft rule: FL350 is left about 117 NM before the destination.",
    },
    reader: 'server',
    restart: false,
    example: 318,
  },
  'icaoRoute.inlayHints.legDistances': {
    schema: {
      type: 'boolean',
      default: false,
      markdownDescription:
        "Show the distance from the previous written point after each point of a route, and the route's total after its last element, as inlay hints (from route expansion).",
    },
    reader: 'server',
    restart: false,
    example: true,
  },
  'icaoRoute.levels.semicircular': {
    schema: {
      type: 'string',
      enum: ['icao', 'off'],
      enumDescriptions: [
        'ICAO Annex 2, Appendix 3: odd levels for magnetic tracks 000°–179°, even levels for 180°–359° (FL410, FL450 … and FL430, FL470 … above FL410; the metric table for S and M levels).',
        'No check of cruising levels against the magnetic track (a region with its own scheme).',
      ],
      default: 'icao',
      markdownDescription:
        "Which table of cruising levels by magnetic track each level of a route is checked against (finding X014, from route expansion): the level set by the speed/level group or a change, against the magnetic track of the first leg flown at it (World Magnetic Model on the flight's `DOF/`, else today). `icao`: ICAO Annex 2, Appendix 3. `off`: no check. Regional schemes differ; the finding names the rule it applied.",
    },
    reader: 'server',
    restart: false,
    example: 'off',
  },
  'icaoRoute.navdata.folder': {
    schema: {
      type: 'string',
      default: '',
      markdownDescription:
        "Folder with navigation data in the X-Plane / FlightGear formats (`fix.dat`, `nav.dat`, `awy.dat`, plain or gzipped, old or current versions) used to expand routes offline when no hub key is set (with a key, to list the candidates of an ambiguous first fix and to check SIDs and STARs). An X-Plane installation folder works too. Read once, in the background, when a route first needs it; the status bar shows the outcome. SIDs and STARs come from X-Plane's procedures files, `CIFP/<ICAO>.dat`, read per aerodrome when first needed: an installation's `Custom Data/CIFP/` first, then `CIFP/` beside `fix.dat`, then `Resources/default data/CIFP/`.",
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: '/data/navdata',
  },
  'icaoRoute.trace.server': {
    schema: {
      type: 'string',
      enum: ['off', 'messages', 'verbose'],
      default: 'off',
      markdownDescription:
        'Traces the communication between VS Code and the ICAO Route language server in the output channel.',
    },
    reader: 'languageClient',
    restart: false,
    example: 'verbose',
  },
  'icaoRoute.hub.baseUrl': {
    schema: {
      type: 'string',
      default: DEFAULT_HUB_BASE_URL,
      format: 'uri',
      markdownDescription:
        "Base address of the hub family (flights, route expansion, airspaces, navigation, NOTAMs). Must use `https://`; plain `http://` is accepted only for `localhost`/`127.0.0.1` (the hub simulator). The key is **not** a setting: run **ICAO Route: Set Hub Key** (stored in VS Code's secret storage). A user or remote setting only, never a workspace's: the key is sent to this address.",
      scope: 'machine',
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: 'https://hub.example.com',
  },
  'icaoRoute.hub.versions': {
    schema: {
      type: 'object',
      default: { ...DEFAULT_HUB_VERSIONS },
      additionalProperties: false,
      properties: versionProperties(DEFAULT_HUB_VERSIONS),
      markdownDescription:
        'Version path segment per API set of the hub (`/v1`, `/v2`, \u2026). Sets are versioned independently: when the hub publishes a new version of one set, change only that entry.',
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: { airspaces: 'v3' },
  },
  'icaoRoute.hub.endpoints': {
    schema: {
      type: 'object',
      default: {},
      propertyNames: { enum: Object.keys(HUB_ENDPOINTS) },
      additionalProperties: ENDPOINT_OVERRIDE,
      markdownDescription:
        'Method and path template per hub endpoint, for the paths the contract leaves unstated (defaults: route expansion `POST /{version}/routes/expand`, flight by GUFI `/{version}/flights/{gufi}`, delay `/{version}/flights/{gufi}/delay`, flights between aerodromes `/{version}/aerodromes/{origin}/destinations/{destination}/flights`, airline and number `/{version}/airlines/{airline}/flights/{number}`, FIR flights `/{version}/icao-prefixes/{prefix}/firs/{fir}/flights`, country airspaces `/{version}/countries/{country}/airspaces`, microlights `/{version}/countries/{country}/microlights`). Example: `{ "routeExpansion": { "method": "POST", "path": "/{version}/routes/expand" } }`. `{version}` is the set\'s version; other `{names}` are filled in percent-encoded.',
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: { routeExpansion: { method: 'POST', path: '/{version}/routes/expansion' } },
  },
  'icaoRoute.hub.timeoutSeconds': {
    schema: {
      type: 'number',
      default: 15,
      minimum: 1,
      maximum: 600,
      markdownDescription:
        'Longest wait for one complete answer of the hub (connection, headers and body). Slower answers end in a time-out error.',
    },
    reader: 'server',
    restart: false,
    example: 30,
  },
  'icaoRoute.hub.retries': {
    schema: {
      type: 'integer',
      default: 2,
      minimum: 0,
      maximum: 5,
      markdownDescription:
        'Extra attempts for read-only (GET) hub calls after a time-out, a lost connection or a 5xx answer, with growing, jittered pauses. Route expansion (POST) is never repeated.',
    },
    reader: 'server',
    restart: false,
    example: 0,
  },
  'icaoRoute.hub.maxConcurrentRequests': {
    schema: {
      type: 'integer',
      default: 6,
      minimum: 1,
      maximum: 32,
      markdownDescription:
        'Hub calls in flight at once; more wait in a queue. Identical calls in flight are sent once.',
    },
    reader: 'server',
    restart: false,
    example: 2,
  },
  'icaoRoute.hub.maxResponseMegabytes': {
    schema: {
      type: 'number',
      default: 32,
      minimum: 1,
      maximum: 2048,
      markdownDescription:
        'Largest hub answer accepted (after decompression). Larger answers are refused while they stream in, never buffered whole.',
    },
    reader: 'server',
    restart: false,
    example: 8,
  },
  'icaoRoute.reference.baseUrl': {
    schema: {
      type: 'string',
      default: DEFAULT_REFERENCE_BASE_URL,
      format: 'uri',
      markdownDescription:
        "Base address of the airline reference family (airlines, flight status). Must use `https://` (plain `http://` only for `localhost`). The `appId`/`appKey` are **not** settings: they are kept in VS Code's secret storage. A user or remote setting only, never a workspace's: the credentials are sent to this address.",
      scope: 'machine',
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: 'https://reference.example.com',
  },
  'icaoRoute.reference.versions': {
    schema: {
      type: 'object',
      default: { ...DEFAULT_REFERENCE_VERSIONS },
      additionalProperties: false,
      properties: versionProperties(DEFAULT_REFERENCE_VERSIONS),
      markdownDescription:
        'Version path segment of the airline API and of the flight status API of the reference family.',
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: { flightStatus: 'v3' },
  },
  'icaoRoute.reference.endpoints': {
    schema: {
      type: 'object',
      default: {},
      propertyNames: { enum: Object.keys(REFERENCE_ENDPOINTS) },
      additionalProperties: ENDPOINT_OVERRIDE,
      markdownDescription:
        'Method and path template per reference endpoint (defaults: `/flex/airlines/rest/{version}/{format}/active`, `/all`, `/fs/{code}`, `/iata/{code}`, `/icao/{code}`; flight status `/flex/flightstatus/rest/{version}/{format}/flight/status/{carrier}/{flight}/dep/{year}/{month}/{day}`).',
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: { airlinesActive: { path: '/flex/airlines/rest/{version}/{format}/active-now' } },
  },
  'icaoRoute.reference.credentialsIn': {
    schema: {
      type: 'string',
      enum: ['headers', 'query'],
      default: 'headers',
      enumDescriptions: [
        'appId and appKey as request headers (not written to access logs of proxies)',
        'appId and appKey as query parameters',
      ],
      markdownDescription: "How the reference family's `appId`/`appKey` are sent.",
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: 'query',
  },
  'icaoRoute.reference.airlineCacheDays': {
    schema: {
      type: 'number',
      default: 7,
      minimum: 0.01,
      maximum: 7,
      markdownDescription:
        'Airline reference data are cached on disk and fetched again after this many days (the service asks for a refresh at least weekly). When the service cannot be reached, older data are served with a warning.',
    },
    reader: 'server',
    restart: false,
    example: 1,
  },
  'icaoRoute.reference.useHttpErrors': {
    schema: {
      type: 'boolean',
      default: false,
      markdownDescription:
        'Ask the airline reference service for its errors as real HTTP statuses with a text body (`extendedOptions=useHttpErrors`) instead of HTTP 200 with an `error` object. Both are understood either way.',
    },
    reader: 'server',
    restart: false,
    example: true,
  },
  'icaoRoute.reference.cacheFolder': {
    schema: {
      type: 'string',
      default: '',
      markdownDescription:
        "Folder of the airline reference cache. Empty: the extension's own storage folder. The cache goes into a folder of its own inside it, `icao-route-reference-cache`, readable by you alone; the folder named here keeps its mode.",
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: '/data/reference-cache',
  },
  'icaoRoute.map.corridorNm': {
    schema: {
      type: 'number',
      default: DEFAULT_MAP_FILTERS.corridorNm,
      minimum: MAP_FILTER_LIMITS.corridorNm.min,
      maximum: MAP_FILTER_LIMITS.corridorNm.max,
      markdownDescription:
        'Half-width in NM of the corridor along the route: the route map shows the NOTAMs and airspaces within this distance of the route (cross-track distance to each leg).',
    },
    reader: 'server',
    restart: false,
    example: 12,
  },
  'icaoRoute.map.aerodromeCorridorNm': {
    schema: {
      type: 'number',
      default: DEFAULT_MAP_FILTERS.aerodromeCorridorNm,
      minimum: MAP_FILTER_LIMITS.corridorNm.min,
      maximum: MAP_FILTER_LIMITS.corridorNm.max,
      markdownDescription:
        'Radius in NM around the origin, destination and alternate aerodromes within which the route map shows NOTAMs.',
    },
    reader: 'server',
    restart: false,
    example: 25,
  },
  'icaoRoute.map.levels': {
    schema: {
      type: 'string',
      default: DEFAULT_MAP_FILTERS.levels.mode,
      pattern: '^(planned|all|FL[0-9]{3}-FL[0-9]{3})$',
      markdownDescription:
        "The levels at which the route map counts airspaces and NOTAMs, until changed in the map: `planned` (the flight's own level on each stretch, from Item 15's speed/level groups), `all`, or a band such as `FL100-FL245`.",
    },
    reader: 'server',
    restart: false,
    example: 'FL100-FL245',
  },
  'icaoRoute.map.timeMarginMin': {
    schema: {
      type: 'integer',
      default: DEFAULT_MAP_FILTERS.timeMarginMin,
      minimum: MAP_FILTER_LIMITS.timeMarginMin.min,
      maximum: MAP_FILTER_LIMITS.timeMarginMin.max,
      markdownDescription:
        "Minutes before and after the flight's estimated time over each stretch of the route during which an airspace's schedule or a NOTAM still counts as active.",
    },
    reader: 'server',
    restart: false,
    example: 60,
  },
  'icaoRoute.map.airspaceFiles': {
    schema: {
      type: 'array',
      items: { type: 'string' },
      default: [] as string[],
      markdownDescription:
        "Local GeoJSON files of airspaces in the hub's airspace shape (a FeatureCollection of Polygon features with `name`, `designator`, `type`, `lowerLimit`, `upperLimit`, `schedules`). The route map shows them too, also without a hub key.",
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: ['/data/airspaces.geojson'],
  },
  'icaoRoute.map.firBoundariesFile': {
    schema: {
      type: 'string',
      default: '',
      markdownDescription:
        "A GeoJSON file (plain or gzipped) of FIR boundaries: Polygon or MultiPolygon features whose `id` (or `designator`) is the FIR's ICAO code, such as the VAT-Spy data project's `Boundaries.geojson`. Used for the FIRs whose detail in the hub's navigation gives no boundary (no `gml:boundedBy`, no geometry); the map names the FIRs that have neither.",
    },
    restricted: true,
    reader: 'server',
    restart: false,
    example: '/data/Boundaries.geojson',
  },
} satisfies Record<`icaoRoute.${string}`, SettingDefinition>;

export type SettingKey = keyof typeof SETTINGS;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** `contributes.configuration` of package.json, as generated from the table. */
export function contributedConfiguration(): { title: string; properties: Record<string, SettingSchema> } {
  return {
    title: 'ICAO Route',
    properties: Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].schema])),
  };
}

/** `capabilities.untrustedWorkspaces.restrictedConfigurations` of package.json, as generated from the table. */
export function restrictedConfigurations(): SettingKey[] {
  return SETTING_KEYS.filter((key) => (SETTINGS[key] as SettingDefinition).restricted === true);
}

/** A setting's default value. */
export function settingDefault<K extends SettingKey>(key: K): (typeof SETTINGS)[K]['schema']['default'] {
  return SETTINGS[key].schema.default;
}

/**
 * A number setting's value within its limits (rounded when the schema says integer), or
 * undefined when `value` is no finite number: the default then stays.
 */
export function numberSetting(key: SettingKey, value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const schema: SettingSchema = SETTINGS[key].schema;
  const clamped = Math.min(schema.maximum ?? Infinity, Math.max(schema.minimum ?? -Infinity, value));
  return schema.type === 'integer' ? Math.round(clamped) : clamped;
}
