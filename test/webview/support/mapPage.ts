/**
 * Loads the route map page the extension builds (dist/media + client/src/map/mapHtml.ts, same
 * CSP) in Debian's Chromium headless shell, served from 127.0.0.1 as a webview serves it from its own
 * origin. acquireVsCodeApi is a stub that records what the page posts and keeps its state; the
 * test posts what the host would post. VS Code's theme variables are set on <html> the way the
 * workbench does it (through the CSSOM, which the CSP allows).
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { mapPageHtml } from '../../../client/src/map/mapHtml';
import type { HostToMapMessage, MapToHostMessage, MapWebviewState } from '../../../common/protocol/mapMessages';
import { THEMES, type ThemeName } from './themes';

export const REPO = path.resolve(__dirname, '..', '..', '..');
export const RESULTS = path.join(REPO, 'test-results', 'webview');
const MEDIA = path.join(REPO, 'dist', 'media');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.bin': 'application/octet-stream',
};

/** Serves dist/media and the page itself; records every path asked for. */
export async function startMediaServer(): Promise<{ origin: string; requested: string[]; close(): Promise<void> }> {
  if (!existsSync(path.join(MEDIA, 'map.js')) || !existsSync(path.join(MEDIA, 'basemap', 'basemap-50m.bin'))) {
    throw new Error('dist/media/map.js or its basemap is missing: run `npm run build` first');
  }
  const requested: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requested.push(url.pathname);
    if (url.pathname === '/favicon.ico') {
      // Chromium asks for it on its own; a webview never does.
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/') {
      const html = mapPageHtml({
        cspSource: origin,
        nonce: 'test-nonce-0123456789abcdef',
        scriptUri: `${origin}/media/map.js`,
        styleUri: `${origin}/media/map.css`,
        basemapUri: `${origin}/media/basemap`,
      });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    const file = path.join(MEDIA, path.normalize(url.pathname.replace(/^\/media\//, '')));
    if (!url.pathname.startsWith('/media/') || !file.startsWith(MEDIA) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, requested, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function launchBrowser(): Promise<Browser> {
  // The browser `node scripts/e2e-env.mjs --browser-only` installs (or CHROMIUM_PATH).
  const { CHROMIUM, CHROMIUM_ARGS } = await import('../../../scripts/e2e/env.mjs');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface MapPage {
  page: Page;
  /** Everything the page posted to the host so far. */
  posted(): Promise<MapToHostMessage[]>;
  state(): Promise<MapWebviewState | undefined>;
  post(message: HostToMapMessage): Promise<void>;
  /** Posts and waits until the map has drawn it. */
  show(message: HostToMapMessage): Promise<void>;
  counts(): Promise<MapCounts>;
  /** The page-relative pixel where a position is drawn (map element offset included). */
  pixelOf(position: [number, number]): Promise<[number, number]>;
  screenshot(name: string): Promise<string>;
  /** Console errors, CSP violations and requests to anywhere but the page's origin. */
  problems: string[];
}

export interface MapCounts {
  points: number;
  legs: number;
  firs: number;
  airspaces: number;
  notams: number;
  microlights: number;
  highlightedPoints: string[];
  highlightedLegs: string[];
  highlightedPointNames: string[];
  visible: Record<string, boolean>;
  basemapFeatures: number;
  /** The Natural Earth scale drawn: 50m, then 10m once zoomed in. */
  basemapResolution: '50m' | '10m' | null;
  leftOutAirspaces: number;
  leftOutNotams: number;
  showLeftOut: boolean;
  /** Ids of what the selection layer outlines. */
  selected: string[];
  selectedItem?: string;
  featuresMade: number;
}

export async function openMapPage(
  browser: Browser,
  origin: string,
  {
    theme = 'light',
    state,
    size = { width: 1200, height: 800 },
  }: { theme?: ThemeName; state?: MapWebviewState; size?: { width: number; height: number } } = {},
): Promise<MapPage> {
  const page = await browser.newPage({ viewport: size });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin)) problems.push(`request to ${r.url()}`);
  });
  // tsx (esbuild keepNames) wraps named functions in `__name(...)`; the page needs it too.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(
    ({ initialState, variables, bodyClass }) => {
      const w = window as unknown as Record<string, unknown>;
      const posted: unknown[] = [];
      let saved = initialState;
      w.__posted = posted;
      w.__state = () => saved;
      w.acquireVsCodeApi = () => ({
        postMessage: (message: unknown) => posted.push(JSON.parse(JSON.stringify(message))),
        getState: () => saved,
        setState: (value: unknown) => {
          saved = JSON.parse(JSON.stringify(value));
          return value;
        },
      });
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
      // The workbench sets the theme on <html> (variables) and <body> (class) before the page runs.
      const apply = () => {
        const root = document.documentElement;
        if (root && !root.dataset.themed) {
          root.dataset.themed = '1';
          for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
        }
        if (document.body && !document.body.classList.contains(bodyClass)) document.body.classList.add(bodyClass);
        return Boolean(root && document.body);
      };
      if (!apply()) {
        const observer = new MutationObserver(() => {
          if (apply()) observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      }
    },
    { initialState: state, variables: THEMES[theme].variables, bodyClass: THEMES[theme].bodyClass },
  );
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => (window as unknown as { icaoRouteMap?: unknown }).icaoRouteMap !== undefined);
  await page.waitForFunction(
    () =>
      (window as unknown as { icaoRouteMap: { counts(): { basemapFeatures: number } } }).icaoRouteMap.counts()
        .basemapFeatures > 0,
  );

  const mapPage: MapPage = {
    page,
    problems,
    posted: () => page.evaluate(() => (window as unknown as { __posted: MapToHostMessage[] }).__posted),
    state: () => page.evaluate(() => (window as unknown as { __state: () => MapWebviewState | undefined }).__state()),
    post: (message) => page.evaluate((m) => window.postMessage(m, '*'), message),
    async show(message) {
      await page.evaluate(async (m) => {
        const map = (window as unknown as { icaoRouteMap: { rendered(): Promise<void> } }).icaoRouteMap;
        window.postMessage(m, '*');
        // The message event comes after this task; wait for it, then for the drawing.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await map.rendered();
      }, message);
    },
    counts: () =>
      page.evaluate(() => (window as unknown as { icaoRouteMap: { counts(): MapCounts } }).icaoRouteMap.counts()),
    async pixelOf(position) {
      const pixel = await page.evaluate(
        (p) =>
          (
            window as unknown as { icaoRouteMap: { pixelOf(p: [number, number]): [number, number] | null } }
          ).icaoRouteMap.pixelOf(p),
        position,
      );
      const box = await page.locator('#map').boundingBox();
      if (!pixel || !box) throw new Error('the map has no pixel for that position');
      return [box.x + pixel[0], box.y + pixel[1]];
    },
    async screenshot(name) {
      mkdirSync(RESULTS, { recursive: true });
      const file = path.join(RESULTS, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
  };
  return mapPage;
}

/**
 * One media server and one browser for a test file (started before its tests, closed after), and
 * `withPage`: a fresh page per test, which must end with no console error, CSP violation or
 * foreign request.
 */
export function mapPageSuite(): (
  options: Parameters<typeof openMapPage>[2],
  body: (map: MapPage) => Promise<void>,
) => Promise<void> {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startMediaServer>>;
  before(async () => {
    server = await startMediaServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return async (options, body) => {
    const map = await openMapPage(browser, server.origin, options);
    try {
      await body(map);
      assert.deepEqual(map.problems, [], 'no console error, CSP violation or foreign request');
    } finally {
      await map.page.close();
    }
  };
}

/** The window sizes of a laptop and a desktop, at which the screenshot tests draw the map. */
export const LAPTOP_AND_DESKTOP = [
  { width: 1280, height: 800 },
  { width: 1600, height: 1000 },
] as const;
