/**
 * What route expansion knows, through the real built server with the navdata excerpt: completion
 * after a point, an airway and DCT; inlay hints of leg distances (only when the setting is on);
 * the expansion table; the outline's totals; the X001 spelling fix; and the airway hover that no
 * longer contradicts its own X002.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import {
  CompletionRequest,
  DidChangeConfigurationNotification,
  InlayHintRequest,
  SemanticTokensDeltaRequest,
  SemanticTokensRequest,
  type SemanticTokens,
  type SemanticTokensDelta,
  type CompletionList,
  type InlayHint,
  type MarkupContent,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { EXPANSION_TABLE_REQUEST, type ExpansionTableResult } from '../../common/protocol/lspMessages';
import { ROOT } from './support/build';
import { applyEdits, at, editsOf, eventually, ServerUnderTest } from './support/server';
import { defined } from '../shared/defined';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
const hasExpansion = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => /^X\d{3}$/.test(String(d.code)));
const ROUTE = 'origin: EGLL\ndestination: EDDF\nN0450F350 DET L6 DVR UL9 KONAN UL607 AMASI';
const settings = (inlay: boolean) => ({
  icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: NAVDATA }, inlayHints: { legDistances: inlay } },
});

let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start({ initializationOptions: settings(false) });
  await server.open('file:///features/warm.route', 'N0450F350 DVR UL9 KONAN');
  await server.expansionStatus((s) => s.state === 'ok');
});

after(async () => {
  await server?.stop();
});

async function complete(uri: string, line: number, character: number): Promise<CompletionList> {
  return (await server.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line, character },
  })) as CompletionList;
}

test('the server offers completion on a blank and inlay hints', () => {
  assert.deepEqual(server.initializeResult.capabilities.completionProvider?.triggerCharacters, [' ', ':']);
  assert.equal(server.initializeResult.capabilities.inlayHintProvider, true);
});

test('semantic tokens for editors without the grammar: offered, and the route coloured', async () => {
  const provider = server.initializeResult.capabilities.semanticTokensProvider;
  assert.ok(provider && typeof provider.full === 'object' && provider.full.delta === true);
  assert.ok(provider.legend.tokenTypes.includes('type'));
  const uri = 'file:///features/tokens.route';
  await server.open(uri, 'N0450F350 DVR UL9 KONAN');
  const tokens = (await server.connection.sendRequest(SemanticTokensRequest.type, {
    textDocument: { uri },
  })) as SemanticTokens;
  // speed/level, DVR, UL9, KONAN: 4 tokens of 5 integers, UL9 as a type.
  assert.equal(tokens.data.length, 20);
  assert.equal(provider.legend.tokenTypes[tokens.data[13]!], 'type');
  await server.close(uri);
});

test('semantic tokens delta: the edits from the answer named give the tokens of the new version', async () => {
  const uri = 'file:///features/delta.route';
  await server.open(uri, '# header\nN0450F350 DVR UL9 KONAN\n\nN0450F350 DVR UL9 KONAN');
  const first = (await server.connection.sendRequest(SemanticTokensRequest.type, {
    textDocument: { uri },
  })) as SemanticTokens;
  assert.ok(first.resultId);
  await server.change(uri, [
    { range: { start: { line: 3, character: 23 }, end: { line: 3, character: 23 } }, text: ' DCT' },
  ]);
  const delta = (await server.connection.sendRequest(SemanticTokensDeltaRequest.type, {
    textDocument: { uri },
    previousResultId: first.resultId,
  })) as SemanticTokensDelta;
  assert.ok('edits' in delta && delta.resultId && delta.resultId !== first.resultId);
  const applied = [...first.data];
  for (const edit of [...delta.edits].reverse()) applied.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
  const full = (await server.connection.sendRequest(SemanticTokensRequest.type, {
    textDocument: { uri },
  })) as SemanticTokens;
  assert.deepEqual(applied, full.data);
  assert.equal(applied.length, first.data.length + 5, 'one token more');
  // An id the server does not know (another client's, or older): the whole tokens.
  const unknown = await server.connection.sendRequest(SemanticTokensDeltaRequest.type, {
    textDocument: { uri },
    previousResultId: 'no such id',
  });
  assert.deepEqual(unknown && 'data' in unknown ? unknown.data : undefined, full.data);
  await server.close(uri);
});

test('a client with the TextMate grammar (VS Code) is offered no semantic tokens', async () => {
  const withGrammar = await ServerUnderTest.start({
    initializationOptions: { statusNotifications: true, textMateGrammar: true },
  });
  try {
    assert.equal(withGrammar.initializeResult.capabilities.semanticTokensProvider, undefined);
  } finally {
    await withGrammar.stop();
  }
});

test('completion: an airway after a point, its exit points after the airway, fixes ahead after DCT', async () => {
  const uri = 'file:///features/complete.route';
  await server.open(uri, 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR ');
  const airways = await complete(uri, 2, 14);
  assert.ok(
    airways.items.some((i) => i.label === 'UL9' && i.detail === 'ATS route through DVR · next KONAN 24.3 NM'),
    JSON.stringify(airways.items.map((i) => i.label)),
  );

  await server.change(uri, [
    { range: { start: { line: 2, character: 14 }, end: { line: 2, character: 14 } }, text: 'UL9 KONAN UL607 ' },
  ]);
  const exits = await complete(uri, 2, 30);
  const kok = defined(exits.items[0], 'a completion');
  assert.equal(kok.label, 'KOK');
  assert.match(kok.detail!, /24\.7 NM along UL607 from KONAN$/);

  await server.change(uri, [
    { range: { start: { line: 2, character: 24 }, end: { line: 2, character: 30 } }, text: 'DCT ' },
  ]);
  const ahead = await complete(uri, 2, 28);
  assert.ok(ahead.items.length > 0);
  assert.ok(ahead.items.every((i) => /NM from KONAN, track \d{3}°$/.test(i.detail!)));
  await server.close(uri);
});

test('inlay hints only with icaoRoute.inlayHints.legDistances on: leg distances and the total', async () => {
  const uri = 'file:///features/inlay.route';
  await server.open(uri, ROUTE);
  await server.diagnosticsWhere(uri, hasExpansion);
  const range = { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } };
  const off = (await server.connection.sendRequest(InlayHintRequest.type, {
    textDocument: { uri },
    range,
  })) as InlayHint[];
  assert.deepEqual(off, []);
  await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: settings(true) });
  const hints = await eventually(
    async () => {
      const found = (await server.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range })) as
        InlayHint[] | null;
      return found?.length ? found : undefined;
    },
    'inlay hints once they are on',
    20,
  );
  const labels = hints.map((h) => `${h.position.line}:${h.position.character} ${h.label}`);
  assert.equal(labels.at(-1), '2:42 total 354 NM');
  assert.ok(labels.includes('2:30 24.3 NM'), labels.join(', ')); // KONAN, from DVR
  await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: settings(false) });
});

test('the expansion table and the outline total', async () => {
  const uri = 'file:///features/inlay.route';
  const table = (await server.connection.sendRequest(EXPANSION_TABLE_REQUEST, { uri })) as ExpansionTableResult;
  assert.match(table.text, /^# Route expansion of inlay\.route \(navdata\)/);
  // Leg, magnetic track (today's World Magnetic Model: about 1°E here, drifting east), true track, variation.
  assert.match(
    table.text,
    /\n\s*2\s+DET\s+VOR\s+51°18\.\d'N 000°35\.\d'E\s+40\.9 NM\s+10[1-4]°\s+104°\s+[0-3]°E\s+40\.9 NM\n/,
  );
  assert.match(table.text, /Total 354 NM over 13 points\./);
  assert.equal(
    await server.connection.sendRequest(EXPANSION_TABLE_REQUEST, { uri: 'file:///features/not-open.route' }),
    null,
  );
  const [symbol] = await server.symbols(uri);
  assert.match(defined(symbol?.detail, "the symbol's detail"), /, 354 NM$/);
});

test('a misspelt exit point: the quick fix replaces it by the airway point one edit away, and X001 goes', async () => {
  const uri = 'file:///features/spelling.route';
  const text = 'N0450F350 DVR UL9 KONAN UL607 AMASO';
  await server.open(uri, text);
  const published = await server.diagnosticsWhere(uri, hasExpansion);
  const x001 = published.diagnostics.find((d) => d.code === 'X001')!;
  assert.equal(at(x001), 'X001@0:30-35');
  const [action] = await server.codeActions(uri, x001.range, [x001]);
  assert.equal(action?.title, 'Replace AMASO by AMASI (on the airway)');
  const fixed = applyEdits(text, editsOf(action, uri));
  const version = await server.sendChange(uri, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } }, text: fixed },
  ]);
  // Wait until the new text is expanded (AMASI resolved), then for what was published for it: the
  // version's findings are said at once (the parse's), then again with its expansion's.
  await eventually(
    async () => {
      const table = (await server.connection.sendRequest(EXPANSION_TABLE_REQUEST, { uri })) as ExpansionTableResult;
      return /\n\s*\d+\s+AMASI\s+named fix/.test(table.text);
    },
    'AMASI resolved in the expansion table',
    25,
  );
  const ofVersion = () => server.published.get(uri)!.filter((p) => p.version === version);
  await eventually(
    () => ofVersion().length >= 2,
    () => `the expanded publication of version ${version} (published: ${ofVersion().length})`,
  );
  assert.deepEqual(ofVersion().at(-1)!.diagnostics.map(at), []);
});

// The X002 of a misspelt exit point underlines the point since issue 10; the airway's hover still repeats it.
test('DVR UL9 KONAM: the airway hover repeats the X002, it draws no segment', async () => {
  const uri = 'file:///features/konam.route';
  await server.open(uri, 'N0450F350 DVR UL9 KONAM');
  const published = await server.diagnosticsWhere(uri, hasExpansion);
  assert.ok(published.diagnostics.some((d) => at(d) === 'X002@0:18-23'));
  const value = ((await server.hover(uri, 0, 15))!.contents as MarkupContent).value;
  assert.match(value, /\*\*Not expanded:\*\*\n\n- X002: UL9 does not pass KONAM/);
  assert.doesNotMatch(value, /from `DVR` to `KONAM`/);
});
