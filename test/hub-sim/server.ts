/**
 * The hub simulator: one HTTP server on 127.0.0.1 speaking the hub family (user_key; at the
 * root, like the real base URL) and the reference family (appId/appKey; below `/reference`),
 * plus `/__control/…` for faults, the request log and settings. See README.md.
 */
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  HUB_TABLE,
  REFERENCE_TABLE,
  VERSIONS,
  fillPath,
  type ApiSet,
  type EndpointOverride,
  type HubEndpointId,
  type ReferenceEndpointId,
} from './endpoints';
import { loadWorld } from './world';
import { createRouteEngine } from './route-engine';
import { createFlightStore, loadRoutePlans } from './flights';
import { DEFAULT_VARIANTS, type SimContext, type SimSettings, type Variants } from './context';
import { FaultControl, FaultTable, ActiveFault } from './faults';
import { handleControl, ControlState } from './control';
import { UsageCounter } from './usage';
import { hubFaultAnswer, referenceFaultAnswer } from './fault-answers';
import { RequestLog, LoggedRequest, redactBody, redactHeaders, redactUrl } from './request-log';
import { compileRoute, matchRoute, sortRoutes } from './router';
import { HUB_KEYS, ENDPOINT_GROUPS, isRestricted, referenceCredentials, referenceCredentialsValid } from './auth';
import {
  SimRequest,
  SimResponse,
  methodNotAllowedPage,
  notFoundPage,
  restrictedPage,
  serverErrorPage,
  unauthorizedPage,
  usageLimitPage,
  htmlPage,
} from './http';
import { HUB_HANDLERS } from './hub-handlers';
import { REFERENCE_HANDLERS, referenceError } from './reference';

export interface HubSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Navigation data folder (default: the excerpt in test/fixtures/navdata). */
  navdataFolder?: string;
  /** Real FIR boundaries (GeoJSON, plain or .gz); default: the built-in table. */
  firsFile?: string;
  /** Overrides of the simulator's hub path table (endpoints.ts): an endpoint moved elsewhere. */
  endpoints?: Partial<Record<HubEndpointId, EndpointOverride>>;
  versions?: Partial<Record<ApiSet, string>>;
  referenceEndpoints?: Partial<Record<ReferenceEndpointId, EndpointOverride>>;
  /** Where the reference family lives below the server root (default `/reference`). */
  referencePrefix?: string;
  /** Folder of .route files the flights are generated from (default: the project's samples/). */
  samplesFolder?: string;
  /** Initial settings (unresolved-point marking, fixed clock, the answer variants per family). */
  settings?: Partial<Omit<SimSettings, 'variants'>> & { variants?: Partial<Variants> };
  /** No log lines on stderr for handler failures. */
  quiet?: boolean;
}

export interface HubSimulator {
  /** Base URL of the hub family, e.g. http://127.0.0.1:PORT */
  url: string;
  /** Base URL of the reference family, e.g. http://127.0.0.1:PORT/reference */
  referenceUrl: string;
  faults: FaultControl;
  requests: { list(): LoggedRequest[]; clear(): void };
  settings: SimSettings;
  /** Why route expansion is unavailable (no navigation data), else undefined. */
  routeExpansionUnavailable?: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1 << 20;
const DEFAULT_SETTINGS: SimSettings = { unresolvedPoints: 'omit', variants: DEFAULT_VARIANTS };

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolveBody(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Cuts a body so it no longer parses: mid-way, inside a value or a tag. */
function malform(body: Buffer): Buffer {
  const cut = Math.max(1, Math.floor(body.length * 0.55));
  return Buffer.concat([body.subarray(0, cut), Buffer.from('\u0000<<"')]);
}

export async function startHubSimulator(options: HubSimulatorOptions = {}): Promise<HubSimulator> {
  const navdataFolder = options.navdataFolder ?? resolve(__dirname, '../fixtures/navdata');
  const world = loadWorld(navdataFolder, options.firsFile);
  const routes = createRouteEngine(navdataFolder);
  const plans = loadRoutePlans(world, routes, options.samplesFolder ?? resolve(__dirname, '../../samples'));
  const flights = createFlightStore(plans, world);
  const settings: SimSettings = {
    ...DEFAULT_SETTINGS,
    ...options.settings,
    variants: { ...DEFAULT_VARIANTS, ...options.settings?.variants },
  };
  const referencePrefix = (options.referencePrefix ?? '/reference').replace(/\/$/, '');
  const faults = new FaultTable();
  const log = new RequestLog();

  // The simulator's own table (endpoints.ts), with the overrides a test asked for.
  // The v2 NOTAM set lives under /v2 (api-facts.md): the variant moves it.
  const versions = (): Record<ApiSet, string> => ({
    ...VERSIONS,
    ...(settings.variants.notams === 'v2-geojson' ? { notams: 'v2' } : {}),
    ...options.versions,
  });
  const hubEndpoint = (id: HubEndpointId) => ({ ...HUB_TABLE[id], ...options.endpoints?.[id] });
  const compiled = new Map<string, ReturnType<typeof compileHubRoutes>>();
  function compileHubRoutes(table: Record<ApiSet, string>) {
    return sortRoutes(
      (Object.keys(HUB_TABLE) as HubEndpointId[]).map((id) => {
        const def = hubEndpoint(id);
        return compileRoute(id, def.method, def.path, { version: table[def.set] });
      }),
    );
  }
  const hubRoutes = () => {
    const table = versions();
    const key = JSON.stringify(table);
    if (!compiled.has(key)) compiled.set(key, compileHubRoutes(table));
    return compiled.get(key)!;
  };
  const referenceRoutes = sortRoutes(
    (Object.keys(REFERENCE_TABLE) as ReferenceEndpointId[]).flatMap((id) => {
      const { version, dated } = REFERENCE_TABLE[id];
      const method = options.referenceEndpoints?.[id]?.method ?? 'GET';
      const path = options.referenceEndpoints?.[id]?.path ?? REFERENCE_TABLE[id].path;
      const base = compileRoute(id, method, path, { version });
      const withDate = dated ? [compileRoute(id, method, `${path}/{year}/{month}/{day}`, { version })] : [];
      return [base, ...withDate];
    }),
  );

  let hubBase = '';
  const ctx: SimContext = {
    world,
    routes,
    flights,
    settings,
    now: () => (settings.fixedNow ? new Date(settings.fixedNow) : new Date()),
    get hubBase() {
      return hubBase;
    },
    hubPath(id, params) {
      const def = hubEndpoint(id);
      return fillPath(def.path, { ...params, version: versions()[def.set] });
    },
  };

  const openSockets = new Set<Socket>();
  const usage = new UsageCounter(settings);
  const controlState: ControlState = {
    faults,
    log,
    settings,
    resetSettings: () => {
      Object.assign(settings, DEFAULT_SETTINGS, { fixedNow: undefined, usageLimit: undefined }, options.settings, {
        variants: { ...DEFAULT_VARIANTS, ...options.settings?.variants },
      });
      usage.clear();
    },
    clearUsage: () => usage.clear(),
  };

  /** Routing, faults that replace the answer, authentication, the handler. */
  async function answer(
    sim: SimRequest,
    fullPath: string,
    applied: ActiveFault[],
    entry: Partial<LoggedRequest>,
  ): Promise<SimResponse> {
    const method = sim.method;
    if (fullPath === referencePrefix || fullPath.startsWith(`${referencePrefix}/`)) {
      entry.family = 'reference';
      sim.path = fullPath.slice(referencePrefix.length) || '/';
      const match = matchRoute(referenceRoutes, method, sim.path);
      if (!match) return referenceError(sim, 404, 'NOT_FOUND', `No endpoint at ${sim.path}`, true);
      // A valid resource with the wrong method: reported in the error mode the request chose.
      if ('methodMismatch' in match)
        return referenceError(
          sim,
          405,
          'METHOD_NOT_ALLOWED',
          `${method} is not supported; use ${match.methodMismatch}`,
        );
      entry.endpoint = match.route.id;
      sim.params = match.params;
      for (const fault of applied) {
        const replaced = referenceFaultAnswer(sim, fault);
        if (replaced) return replaced;
      }
      const credentials = referenceCredentials(sim.query, sim.headers);
      if (!referenceCredentialsValid(credentials)) {
        return referenceError(sim, 401, 'UNAUTHORIZED', 'application is not active or appId/appKey is invalid');
      }
      if (usage.overLimit(`reference:${credentials.appId}`) !== undefined) {
        return referenceError(sim, 403, 'USAGE_LIMIT_EXCEEDED', 'The usage limit of the application has been exceeded');
      }
      return REFERENCE_HANDLERS[match.route.id](sim, ctx);
    }

    entry.family = 'hub';
    const match = matchRoute(hubRoutes(), method, fullPath);
    if (!match) return notFoundPage(`The endpoint ${fullPath}`);
    if ('methodMismatch' in match) return methodNotAllowedPage(method, match.methodMismatch);
    const id = match.route.id;
    entry.endpoint = id;
    sim.params = match.params;
    for (const fault of applied) {
      const replaced = hubFaultAnswer(fault);
      if (replaced) return replaced;
    }
    let key = sim.query.get('user_key') ?? undefined;
    if (key === undefined && method === 'POST' && sim.body.length) {
      try {
        const parsed = JSON.parse(sim.body.toString('utf8')) as { user_key?: unknown };
        if (typeof parsed?.user_key === 'string') key = parsed.user_key;
      } catch {
        // The handler reports the malformed body.
      }
    }
    if (!key) return unauthorizedPage('the user_key parameter is missing');
    const account = HUB_KEYS[key];
    if (!account) return unauthorizedPage('the user_key is not valid');
    const wait = usage.overLimit(`hub:${key}`);
    if (wait !== undefined) return usageLimitPage(wait);
    if (isRestricted(id) && !account.approvedForRestricted) return restrictedPage(ENDPOINT_GROUPS[id]);
    return HUB_HANDLERS[id](sim, ctx);
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    sim: SimRequest | undefined,
    response: SimResponse,
    applied: ActiveFault[],
  ): Promise<void> {
    let body = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body, 'utf8');
    const headers: Record<string, string | number> = { 'Content-Type': response.contentType, ...response.headers };
    const kinds = new Set(applied.map((f) => f.kind));
    if (kinds.has('malformedBody')) body = malform(body);
    const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
    if (kinds.has('truncatedGzip')) {
      const zipped = gzipSync(body);
      body = zipped.subarray(0, Math.max(10, Math.floor(zipped.length * 0.6)));
      headers['Content-Encoding'] = 'gzip';
    } else if (response.gzip && acceptsGzip) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(response.status, headers);
    const drip = applied.find((f) => f.kind === 'slowDrip');
    if (!drip) {
      res.end(sim?.method === 'HEAD' ? undefined : body);
      return;
    }
    const chunk = Math.max(1, drip.chunkBytes ?? 16);
    const interval = drip.intervalMs ?? 100;
    for (let offset = 0; offset < body.length; offset += chunk) {
      if (res.destroyed || res.socket?.destroyed) return;
      res.write(body.subarray(offset, offset + chunk));
      await sleep(interval);
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req);
    if (path.startsWith('/__control/')) {
      const response = handleControl(req.socket.remoteAddress, method, path, body ?? Buffer.alloc(0), controlState);
      await send(req, res, undefined, response, []);
      return;
    }
    const entry: Partial<LoggedRequest> = {
      time: new Date().toISOString(),
      method,
      url: redactUrl(req.url ?? '/'),
      family: 'unknown',
      headers: redactHeaders(req.headers),
      body: body ? redactBody(body) : '(too large)',
    };
    const applied = faults.take(method, path);
    entry.faults = applied.map((f) => f.kind);
    const logged = log.add(entry as Omit<LoggedRequest, 'seq'>);
    const latency = applied.filter((f) => f.kind === 'latency').reduce((sum, f) => sum + (f.latencyMs ?? 500), 0);
    if (latency > 0) await sleep(latency);
    if (applied.some((f) => f.kind === 'reset')) {
      logged.status = 0;
      req.socket.resetAndDestroy();
      return;
    }
    const sim: SimRequest = {
      method,
      path,
      query: url.searchParams,
      headers: req.headers,
      body: body ?? Buffer.alloc(0),
      params: {},
      hubBase,
      now: ctx.now(),
    };
    let response: SimResponse;
    if (!body) {
      response = htmlPage(413, 'Payload Too Large', 'Error 413 - Payload Too Large', [
        'The request body exceeds 1 MiB.',
      ]);
    } else {
      try {
        response = await answer(sim, path, applied, logged);
      } catch (error) {
        if (!options.quiet)
          process.stderr.write(
            `hub-sim: ${method} ${redactUrl(req.url ?? '')} failed: ${(error as Error).stack ?? error}\n`,
          );
        response = serverErrorPage();
      }
    }
    logged.status = response.status;
    await send(req, res, sim, response, applied);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!options.quiet) process.stderr.write(`hub-sim: ${(error as Error).message}\n`);
      if (!res.headersSent) {
        const page = serverErrorPage();
        res.writeHead(500, { 'Content-Type': page.contentType });
        res.end(page.body);
      } else {
        res.destroy();
      }
    });
  });
  // Idle connections kept a minute, as gateways in front of web services commonly do, not Node's
  // 5 s: at 5 s a client reusing the connection as the server closes it sees "other side closed"
  // (a loaded machine widens that race from a millisecond to seconds; a test's fetch failed on it).
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  hubBase = `http://${host}:${port}`;

  return {
    url: hubBase,
    referenceUrl: `${hubBase}${referencePrefix}`,
    faults,
    requests: { list: () => log.list(), clear: () => log.clear() },
    settings,
    ...(routes.unavailable !== undefined ? { routeExpansionUnavailable: routes.unavailable } : {}),
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const socket of openSockets) socket.destroy();
        server.close(() => resolveClose());
      }),
  };
}
