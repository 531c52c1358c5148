/**
 * The facade answers every feature itself: the hover of a call sign with its live flight, the
 * completion of filed routes and of an operator's flight numbers, the "Use a route filed by
 * others" action and the lens's command, each asking the context (the session's lookups) only
 * where the place fits; the language server's handlers are one call each.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { CompletionList, Hover } from 'vscode-languageserver-types';
import { parseRouteDocument } from '../../../server/src/route';
import { NEVER_CANCELLED } from '../../../server/src/route/model';
import { LineIndex } from '../../../server/src/route/ranges';
import { groupFiledRoutes } from '../../../server/src/remote/filedRoutes';
import { liveFlightQuery, type LiveFlightAnswer } from '../../../server/src/remote/liveFlight';
import { createLanguageService, type LanguageServiceContext } from '../../../server/src/services/languageService';
import { parsedDocument } from '../../../server/src/services/parsedDocument';

const NOW = Date.UTC(2026, 10, 26, 14, 0);
const ROUTE = 'N0450F350 DVR UL9 KONAN';
const FPL = `(FPL-DLH4AB-IS\n-A320/M-S/C\n-EGLL1200\n-${ROUTE}\n-EDDF0105\n-DOF/261126)\n`;

function documentOf(text: string) {
  return parsedDocument('file:///a.route', 1, parseRouteDocument(text), new LineIndex(text));
}

/** A context whose lookups record what they were asked. */
function contextWith(overrides: Partial<LanguageServiceContext> = {}) {
  const asked: string[] = [];
  const context: LanguageServiceContext = {
    expansionOf: () => undefined,
    sourceName: () => 'navdata',
    airlines: () => undefined,
    navdata: () => undefined,
    findings: () => [],
    documentId: () => 7,
    documentUri: (id) => (id === 7 ? 'file:///a.route' : undefined),
    inlayHintsEnabled: () => false,
    flightReferenceMs: () => NOW,
    foldingRangeLimit: () => 5000,
    liveFlight: (block) => {
      asked.push(`live ${block.fpl?.fields.find((f) => f.number === 7)?.text}`);
      const query = liveFlightQuery(block, NOW)!;
      const answer: LiveFlightAnswer = { query, hub: [], reference: [], notes: [], fetchedAt: NOW };
      return Promise.resolve({ query, answer, nowMs: NOW });
    },
    operatorFlights: (airline) => {
      asked.push(`flights ${airline}`);
      return Promise.resolve([
        {
          number: '4AB',
          callsign: 'DLH4AB',
          departure: 'EGLL',
          arrival: 'EDDF',
          scheduledDeparture: '2026-11-26T12:00:00Z',
        },
      ]);
    },
    filedRoutes: (origin, destination) => {
      asked.push(`filed ${origin}-${destination}`);
      return Promise.resolve({ groups: groupFiledRoutes([{ callsign: 'BAW1', routeText: 'N0450F350 DVR L9 KONAN' }]) });
    },
    ...overrides,
  };
  return { context, asked };
}

test('hover: a call sign gets its live flight below what the hover says of it; elsewhere nothing is asked', async () => {
  const { context, asked } = contextWith();
  const service = createLanguageService(context);
  const current = documentOf(FPL);
  const hover = (await service.hover(current, { position: { line: 0, character: 7 } }, NEVER_CANCELLED)) as Hover;
  assert.deepEqual(asked, ['live DLH4AB']);
  const value = (hover.contents as { value: string }).value;
  assert.match(value, /DLH4AB/);
  assert.deepEqual(hover.range, current.document.blocks[0]!.fpl!.fields.find((f) => f.number === 7)!.range);
  await service.hover(current, { position: { line: 3, character: 12 } }, NEVER_CANCELLED);
  assert.deepEqual(asked, ['live DLH4AB'], 'a point of the route asks for no flight');
  // An answer that does not come within the hover's wait: the hover says it is still being looked up.
  const waiting = createLanguageService(
    contextWith({
      liveFlight: (block) => Promise.resolve({ query: liveFlightQuery(block, NOW)!, answer: undefined, nowMs: NOW }),
    }).context,
  );
  const pending = (await waiting.hover(current, { position: { line: 0, character: 7 } }, NEVER_CANCELLED)) as Hover;
  assert.match((pending.contents as { value: string }).value, /Still being looked up/);
  // Without a service to ask, the hover is the document's alone.
  const offline = createLanguageService(contextWith({ liveFlight: () => undefined }).context);
  const plain = offline.hover(current, { position: { line: 0, character: 7 } }, NEVER_CANCELLED);
  assert.ok(!(plain instanceof Promise));
});

test('completion: filed routes on the empty route line, flight numbers after the designator', async () => {
  const { context, asked } = contextWith();
  const service = createLanguageService(context);
  const empty = documentOf('origin: EGLL\ndestination: EDDF\n');
  const filed = (await service.completion(
    empty,
    { position: { line: 2, character: 0 } },
    NEVER_CANCELLED,
  )) as CompletionList;
  assert.deepEqual(
    filed.items.map((i) => i.label),
    ['N0450F350 DVR L9 KONAN'],
  );
  const typed = documentOf(`(FPL-DLH4-IS\n-A320/M-S/C\n-EGLL1200\n-${ROUTE}\n-EDDF0105)\n`);
  const numbers = (await service.completion(
    typed,
    { position: { line: 0, character: 9 } },
    NEVER_CANCELLED,
  )) as CompletionList;
  assert.ok(numbers.items.some((i) => i.label === 'DLH4AB'));
  assert.deepEqual(asked, ['filed EGLL-EDDF', 'flights DLH']);
  // In the route, neither is asked: the local completion answers at once.
  const local = service.completion(documentOf(ROUTE), { position: { line: 0, character: 14 } }, NEVER_CANCELLED);
  assert.ok(!(local instanceof Promise));
  assert.equal(asked.length, 2);
});

test('code actions: "Use a route filed by others" where no finding is fixed; the lens resolves to its document', () => {
  const { context, asked } = contextWith();
  const service = createLanguageService(context);
  const current = documentOf(`origin: EGLL\ndestination: EDDF\n${ROUTE}\n`);
  const range = { start: { line: 2, character: 3 }, end: { line: 2, character: 3 } };
  const actions = service.codeActions(current, { range, context: { diagnostics: [] } }, NEVER_CANCELLED);
  assert.ok(actions.some((a) => /^Use a route filed by others/.test(a.title)));
  const only = service.codeActions(
    current,
    { range, context: { diagnostics: [], only: ['quickfix'] } },
    NEVER_CANCELLED,
  );
  assert.ok(!only.some((a) => /^Use a route filed by others/.test(a.title)));
  assert.deepEqual(asked, [], 'the command asks the hub when it runs, not here');
  const [lens] = service.codeLenses(current, {}, NEVER_CANCELLED);
  assert.ok(lens);
  const resolved = service.resolveCodeLens(lens);
  assert.equal(resolved.command?.arguments?.[0], 'file:///a.route');
});
