/**
 * The parse of a document against the command-line checker's check pass and against the best
 * open Item 15 checker, pventon's ICAO-F15-Parser (Python), on 20,000 routes, clean and with a
 * typical mistake in 55% of them (issue 41.2). The parse is what the editor's model is made of:
 * every block read with every local check, the findings read (parseRouteDocument, as the route
 * parser bench's "parse + every local check"); the check pass is the checker's, a block at a time
 * (eachBlock, checkBlock), keeping nothing.
 *
 * Goals: the parse at most 1.3x the check pass's CPU on the clean routes (always measured), and
 * at least 80x the peer's speed on them, 42x with the mistakes. The peer runs only where it is
 * installed: ICAO_ROUTE_PEER names a checkout of pventon/ICAO-F15-Parser, and python3 (or
 * ICAO_ROUTE_PEER_PYTHON) must import it, with geographiclib (Debian: python3-geographiclib);
 * elsewhere its figures say they were not measured. Both sides are timed in process CPU time, each
 * in its own process: ours bundled by esbuild as the server ships (paired rounds of check and
 * parse, medians), the peer's every route tokenized and parsed as its README shows (f15Peer.py).
 *
 * ICAO_ROUTE_BEFORE names a commit of this repository (the issue's "previous release"): its
 * parseRouteDocument is bundled from `git archive` of its server/src and common and timed in the
 * same paired rounds as ours, on the same text, so that "as fast as before" is read in one run
 * against the same peer, on whatever machine (how fast the peer's Python runs differs from one to
 * another far more than our two parses do). Context, not a goal: the goals stay as stated.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from './run';
import { bundleMeasureScript } from './support/measureScript';

export const name = 'parse against the check pass and the peer (20,000 routes)';

const ROUTES = 20_000;

/**
 * Runs in the child: check pass and parse in paired rounds on one text (and the parse of `before`,
 * a folder holding an earlier commit's server/src, when given); its route texts for the peer.
 */
const measureSource = (before: string | undefined): string => `
import { writeFileSync } from 'node:fs';
import { eachBlock, IncrementalRouteParser, parseRouteDocument } from './server/src/route';
${before ? `import { parseRouteDocument as parseBeforeDocument } from ${JSON.stringify(join(before, 'server/src/route'))};` : 'const parseBeforeDocument = undefined;'}
import { checkBlock } from './server/src/route/block';
import { generateRouteFile } from './test/unit/route/generate';

const [mistakes, routesFile] = [Number(process.argv[2]), process.argv[3]];
const text = generateRouteFile(${ROUTES}, 42, mistakes);
let findings = 0;
const check = () => {
  findings = 0;
  for (const raw of eachBlock(text)) findings += checkBlock(raw)?.data.diagnostics.length ?? 0;
};
const parse = () => {
  findings = 0;
  for (const b of parseRouteDocument(text).blocks) findings += b.diagnostics.length;
};
// The server's parse of an open document (its findings read as its diagnostics do: re-read).
const open = () => {
  findings = 0;
  for (const b of new IncrementalRouteParser().parse(text).blocks) findings += b.diagnostics.length;
};
const before = () => {
  findings = 0;
  for (const b of parseBeforeDocument(text).blocks) findings += b.diagnostics.length;
};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
// The earlier parse right beside ours: each follows the other in turn, so neither always meets the garbage one step leaves.
const names = parseBeforeDocument ? ['check', 'parse', 'before', 'open'] : ['check', 'parse', 'open'];
const fns = { check, parse, open, before };
for (let i = 0; i < 4; i++) for (const n of names) fns[n]();
const rounds = { check: [], parse: [], open: [], before: [] };
for (let r = 0; r < 11; r++) {
  const order = r % 2 ? [...names].reverse() : names;
  for (const n of order) { const s = cpu(); fns[n](); rounds[n].push(cpu() - s); }
}
let beforeFindings;
if (parseBeforeDocument) { before(); beforeFindings = findings; }
parse();
const parsed = findings;
writeFileSync(routesFile, JSON.stringify(parseRouteDocument(text).blocks.map((b) => b.routeText)));
console.log(JSON.stringify({
  findings: parsed,
  checkMs: median(rounds.check),
  parseMs: median(rounds.parse),
  openMs: median(rounds.open),
  parseRatio: median(rounds.parse.map((t, i) => t / rounds.check[i])),
  openRatio: median(rounds.open.map((t, i) => t / rounds.check[i])),
  ...(parseBeforeDocument ? {
    beforeFindings,
    beforeMs: median(rounds.before),
    parseOverBefore: median(rounds.parse.map((t, i) => t / rounds.before[i])),
  } : {}),
}));
`;

interface Measured {
  findings: number;
  checkMs: number;
  parseMs: number;
  openMs: number;
  /** Median of the paired rounds' parse / check. */
  parseRatio: number;
  openRatio: number;
  /** With ICAO_ROUTE_BEFORE: the earlier commit's findings and parse (CPU, median round). */
  beforeFindings?: number;
  beforeMs?: number;
  /** Median of the paired rounds' parse / the earlier commit's parse. */
  parseOverBefore?: number;
}

interface PeerMeasured {
  roundMs: number[];
  routesWithErrors: number;
  routes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** The peer's CPU ms on the route texts in `routesFile`, or why it was not measured. */
function peer(routesFile: string): PeerMeasured | string {
  const folder = process.env.ICAO_ROUTE_PEER;
  if (!folder) return 'ICAO_ROUTE_PEER not set';
  if (!existsSync(join(folder, 'F15_Parser', 'F15Parse.py'))) return `no F15_Parser/F15Parse.py in ${folder}`;
  const python = process.env.ICAO_ROUTE_PEER_PYTHON ?? 'python3';
  const child = spawnSync(python, [join(__dirname, 'peer', 'f15Peer.py'), folder, routesFile, '3'], {
    encoding: 'utf8',
  });
  if (child.status !== 0)
    return `${python} could not run it: ${(child.stderr || String(child.error)).trim().split('\n').pop()}`;
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as PeerMeasured;
}

/**
 * ICAO_ROUTE_BEFORE's commit extracted into `dir`/before (its server/src and common, what the
 * route parser imports), or why not: no such commit, or no git.
 */
function extractBefore(dir: string): { commit: string; folder: string } | string | undefined {
  const commit = process.env.ICAO_ROUTE_BEFORE;
  if (!commit) return undefined;
  const folder = join(dir, 'before');
  mkdirSync(folder);
  const tar = join(dir, 'before.tar');
  const cwd = join(__dirname, '../..');
  // Resolved first, so that a value beginning with "-" is never read as an option of git archive.
  const rev = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], { cwd, encoding: 'utf8' });
  if (rev.status !== 0) return `no commit ${commit} in this clone's history (a shallow clone has none before its tip)`;
  const hash = rev.stdout.trim();
  const git = spawnSync('git', ['archive', '--format=tar', '-o', tar, hash, 'server/src', 'common'], {
    cwd,
    encoding: 'utf8',
  });
  if (git.status !== 0) return `git archive ${commit}: ${(git.stderr || String(git.error)).trim()}`;
  const untar = spawnSync('tar', ['-xf', tar, '-C', folder], { encoding: 'utf8' });
  if (untar.status !== 0) return `tar: ${(untar.stderr || String(untar.error)).trim()}`;
  return { commit, folder };
}

export async function run(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'peer-bench-'));
  try {
    let before = extractBefore(dir);
    const figures: BenchFigure[] = [];
    if (typeof before === 'string')
      figures.push({ label: `the earlier commit's parse not measured: ${before}`, value: 0, unit: '' });
    let outfile: string;
    try {
      outfile = bundleMeasureScript(measureSource(typeof before === 'object' ? before.folder : undefined), dir);
    } catch (err) {
      if (typeof before !== 'object') throw err;
      // An earlier tree that does not bundle (another layout, another export) costs its lines only.
      figures.push({
        label: `${before.commit}'s parse not measured: it did not bundle (${String(err).split('\n')[0]})`,
        value: 0,
        unit: '',
      });
      before = undefined;
      outfile = bundleMeasureScript(measureSource(undefined), dir);
    }
    for (const [what, mistakes, goal] of [
      ['clean', 0, 80],
      ['55% with a mistake', 0.55, 42],
    ] as const) {
      const routesFile = join(dir, `routes-${mistakes}.json`);
      const child = spawnSync(process.execPath, [outfile, String(mistakes), routesFile], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`measuring failed: ${child.stderr}`);
      const m = JSON.parse(child.stdout) as Measured;
      if (mistakes === 0 && m.findings !== 0)
        throw new Error(`the clean routes should have no findings: ${m.findings}`);
      figures.push(
        { label: `${what}: the checker's check pass (CPU, median round)`, value: m.checkMs, unit: 'ms' },
        { label: `${what}: parse with its findings (CPU, median round)`, value: m.parseMs, unit: 'ms' },
        {
          label: `${what}: parse / check pass (median of paired rounds)`,
          value: m.parseRatio,
          unit: 'x',
          ...(mistakes === 0 ? { target: '<= 1.3x', ok: m.parseRatio <= 1.3 } : {}),
        },
        { label: `${what}: the server's parse of an open document / check pass`, value: m.openRatio, unit: 'x' },
      );
      if (typeof before === 'object' && m.beforeMs !== undefined && m.parseOverBefore !== undefined) {
        if (m.beforeFindings !== m.findings)
          figures.push({
            label: `${what}: findings differ: ${before.commit}'s parse ${m.beforeFindings}, ours ${m.findings}`,
            value: 0,
            unit: '',
          });
        figures.push(
          { label: `${what}: ${before.commit}'s parse (CPU, median round)`, value: m.beforeMs, unit: 'ms' },
          {
            label: `${what}: parse / ${before.commit}'s (median of paired rounds)`,
            value: m.parseOverBefore,
            unit: 'x',
          },
        );
      }
      const measured = peer(routesFile);
      if (typeof measured === 'string') {
        figures.push({
          label: `${what}: the peer (pventon's ICAO-F15-Parser) not measured: ${measured}`,
          value: 0,
          unit: '',
        });
        continue;
      }
      const peerMs = median(measured.roundMs);
      const times = peerMs / m.parseMs;
      figures.push(
        {
          label: `${what}: the peer (pventon's, Python; ${measured.routesWithErrors} routes with its errors), median of 3`,
          value: peerMs,
          unit: 'ms',
        },
        {
          label: `${what}: parse speed / the peer's`,
          value: times,
          unit: 'x',
          target: `>= ${goal}x`,
          ok: times >= goal,
        },
        { label: `${what}: the check pass's speed / the peer's`, value: peerMs / m.checkMs, unit: 'x' },
      );
      if (typeof before === 'object' && m.beforeMs !== undefined)
        figures.push({
          label: `${what}: ${before.commit}'s parse speed / the peer's`,
          value: peerMs / m.beforeMs,
          unit: 'x',
        });
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
