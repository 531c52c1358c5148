/**
 * The demo's samples, opened as they ship (issue 40): against the hub simulator as `npm run demo`
 * starts it (its likely-real variants, the demo key, the navigation data excerpt beside it, the
 * flight conflicts on), each route block of `samples/` shows exactly the findings its comment
 * declares on purpose (`Shows: X012 on L607, …`; `May show:` for one that depends on the time of
 * the week), and a block that declares none shows none. The
 * simulator's areas and NOTAMs keep the hours real ones publish, so this is checked at several
 * times of the week: a weekday morning and evening (the reserved areas and danger areas active),
 * a Friday afternoon, a Sunday.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { LIKELY_REAL_VARIANTS } from '../../hub-sim/context';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { parseRouteDocument } from '../../../server/src/route';
import { allFindings } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { RouteSession } from '../../../server/src/session/routeSession';
import type { RouteDiagnostic } from '../../../server/src/route/model';
import { parsedDocument } from '../../../server/src/services/parsedDocument';

const ROOT = path.resolve(__dirname, '../../..');
const SAMPLES = path.join(ROOT, 'samples');
const NAVDATA = path.join(ROOT, 'test/fixtures/navdata');
const FILES = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.route'))
  .sort();

/** Times of the week the demo may be opened at (December 2026: no daylight saving). */
const INSTANTS = [
  ['Monday 08:30Z', '2026-12-07T08:30:00Z'],
  ['Thursday 21:00Z', '2026-12-10T21:00:00Z'],
  ['Friday 14:00Z', '2026-12-11T14:00:00Z'],
  ['Sunday 11:00Z', '2026-12-13T11:00:00Z'],
] as const;

/** "X012 on L607": a code on the word it is said on. */
type Shown = string;

/** A block of a file: its lines and the findings its comments declare ("Shows: X012 on L607, X012 on T150 …"). */
interface TextBlock {
  from: number;
  to: number;
  declared: Shown[];
  /** "May show: …": a finding that depends on the time (an area active on weekdays only). */
  optional: Shown[];
}

function blocksOf(text: string): TextBlock[] {
  const lines = text.split('\n');
  const blocks: TextBlock[] = [];
  let current: TextBlock | undefined;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) blocks.push((current = { from: i, to: i, declared: [], optional: [] }));
    current.to = i;
    if (!/^\s*#/.test(line)) return;
    for (const [list, marker] of [
      [current.declared, /\bShows: (.*?)(?=\bMay show:|$)/],
      [current.optional, /\bMay show: (.*)$/],
    ] as const) {
      const said = marker.exec(line);
      if (said)
        for (const m of said[1]!.matchAll(/\b([RXHALF]\d{3}) on ([^\s,;()]+?)(?=[,;.)]?(?:\s|$))/g))
          list.push(`${m[1]} on ${m[2]}`);
    }
  });
  return blocks;
}

/** The finding's code and the whole word its range starts in. */
function shownOf(finding: RouteDiagnostic, lines: string[]): Shown {
  const { line, character } = finding.range.start;
  const text = lines[line]!;
  let from = character;
  while (from > 0 && !/\s/.test(text[from - 1]!)) from--;
  const word = /^\S*/.exec(text.slice(from))![0];
  return `${finding.code} on ${word}`;
}

let sim: HubSimulator;
before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: LIKELY_REAL_VARIANTS } });
});
after(() => sim.close());

for (const [when, iso] of INSTANTS) {
  test(`the samples at ${when} show only the findings they declare`, { timeout: 240_000 }, async () => {
    const nowMs = Date.parse(iso);
    sim.settings.fixedNow = iso;
    const session = new RouteSession({}, { retryMs: 0, now: () => nowMs });
    session.configure(
      {
        hub: { baseUrl: sim.url },
        reference: {},
        navdataFolder: NAVDATA,
        conflicts: { departureMs: nowMs },
      },
      { hubUserKey: 'demo', reference: null },
    );
    const differences: string[] = [];
    try {
      for (const file of FILES) {
        const text = readFileSync(path.join(SAMPLES, file), 'utf8');
        const document = parseRouteDocument(text);
        const checked = await session.documents.check(
          parsedDocument(`file:///samples/${file}`, 1, document, new LineIndex(text)),
        );
        const lines = text.split('\n');
        const findings = [...allFindings(document), ...checked.findings];
        for (const block of blocksOf(text)) {
          const here = findings.filter((f) => f.range.start.line >= block.from && f.range.start.line <= block.to);
          const shown = here
            .map((f) => shownOf(f, lines))
            .filter((s) => !block.optional.includes(s))
            .sort();
          const declared = [...block.declared].sort();
          if (JSON.stringify(shown) !== JSON.stringify(declared))
            differences.push(
              `${file}:${block.from + 1}: shows [${shown.join(', ')}], declares [${declared.join(', ')}]\n` +
                here
                  .filter((f) => !declared.includes(shownOf(f, lines)) && !block.optional.includes(shownOf(f, lines)))
                  .map((f) => `    ${f.code} ${f.severity}: ${f.message}`)
                  .join('\n'),
            );
        }
      }
    } finally {
      await session.dispose();
    }
    assert.deepEqual(differences, []);
  });
}
