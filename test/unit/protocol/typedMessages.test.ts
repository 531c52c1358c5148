/**
 * The custom messages are typed: each descriptor binds a method to its payload, and sending or
 * handling a message with a payload that does not match its declared type does not compile.
 * The compiler checks test/unit/protocol/fixtures/payloadMismatch.ts, whose every mismatch is
 * marked @ts-expect-error: a mismatch the compiler let through would leave an unused directive
 * (TS2578), and a correct use that stopped compiling would be an error of its own.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import test from 'node:test';
import ts from 'typescript';
import * as lsp from '../../../common/protocol/lspMessages';
import * as map from '../../../common/protocol/mapMessages';
import { dispatchMessage, type MapToHostMessage } from '../../../common/protocol/mapMessages';

const ROOT = path.resolve(__dirname, '../../..');

test('payload mismatches are compile errors, and only those', () => {
  const file = path.join(__dirname, 'fixtures', 'payloadMismatch.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  assert.ok(config);
  // Without the DOM library and @types/node (the project's tsconfig has both): the fixture and the
  // protocol modules it imports use neither, and parsing and checking them was most of this test's
  // time. The errors the compiler finds in the fixture without its directives are the same 16 either
  // way; should the protocol come to use a Node or DOM name, it shows here as an error of its own.
  const program = ts.createProgram([file], { ...config.options, noEmit: true, lib: ['lib.es2022.d.ts'], types: [] });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${d.file ? path.relative(ROOT, d.file.fileName) : ''}:${where ? where.line + 1 : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  assert.deepEqual(diagnostics, []);
});

test('every descriptor is plain data whose method is the declared method string', () => {
  const values: unknown[] = [...Object.values(lsp), ...Object.values(map)];
  const descriptors = values.filter(
    (value): value is { kind: string; method: string } =>
      typeof value === 'object' && value !== null && 'kind' in value && 'method' in value,
  );
  assert.ok(descriptors.length >= 8);
  for (const d of descriptors) {
    assert.deepEqual(Object.keys(d).sort(), ['kind', 'method']);
    assert.match(d.method, /^icaoRoute\/[a-zA-Z]+$/);
  }
  assert.equal(lsp.STATUS.method, lsp.STATUS_NOTIFICATION);
  assert.equal(map.MAP_VIEW.method, map.MAP_VIEW_REQUEST);
  assert.equal(new Set(descriptors.map((d) => d.method)).size, descriptors.length, 'one descriptor per method');
});

test('a webview message reaches the handler of its own type', () => {
  const seen: string[] = [];
  const handle = (message: MapToHostMessage) =>
    dispatchMessage<MapToHostMessage, void>(
      {
        ready: () => seen.push('ready'),
        reveal: (m) => seen.push(`reveal ${m.range.start.line}`),
        filters: (m) => seen.push(`filters ${m.filters.corridorNm}`),
        export: (m) => seen.push(`export ${m.format}`),
        exportBriefing: () => seen.push('exportBriefing'),
        trafficLayer: (m) => seen.push(`trafficLayer ${m.on}`),
      },
      message,
    );
  handle({
    type: 'reveal',
    uri: 'file:///a',
    version: 1,
    range: { start: { line: 4, character: 0 }, end: { line: 4, character: 3 } },
    focus: false,
  });
  handle({ type: 'export', format: 'gpx' });
  assert.deepEqual(seen, ['reveal 4', 'export gpx']);
});

test('both real receivers go through a MessageHandlers table, so a message type without a handler does not compile', () => {
  const receivers: [file: string, table: string][] = [
    ['client/src/map/routeMap.ts', 'MessageHandlers<MapToHostMessage>'],
    ['media/src/map.ts', 'MessageHandlers<HostToMapMessage>'],
  ];
  for (const [file, table] of receivers) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    assert.ok(text.includes(table), `${file} declares its handlers as ${table}`);
    assert.match(text, /dispatchMessage\(/, `${file} dispatches through the table`);
    assert.doesNotMatch(text, /switch \(message\.type\)/, `${file} has no switch of its own over the message types`);
  }
});
