import assert from 'node:assert/strict';
import test from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { DIAGNOSTIC_CODES, parseRouteDocument, type RouteDiagnostic } from '../../../server/src/route';
import { documentDiagnostics, MAX_DIAGNOSTICS } from '../../../server/src/services/documentDiagnostics';
import { first, nth } from '../route/helpers';

const live = { isCancellationRequested: false };

test('findings become LSP diagnostics with severity, code, source and exact range', () => {
  const text = 'N0450F350 DVR UL9 DCT KONAN\n\nN0450F350 DVR KONAN';
  const diagnostics = documentDiagnostics(parseRouteDocument(text), live);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.source, d.range]),
    [
      [
        'R205',
        DiagnosticSeverity.Error,
        'icao-route',
        { start: { line: 0, character: 18 }, end: { line: 0, character: 21 } },
      ],
      [
        'R206',
        DiagnosticSeverity.Warning,
        'icao-route',
        { start: { line: 2, character: 14 }, end: { line: 2, character: 19 } },
      ],
    ],
  );
  for (const d of diagnostics) {
    const info = DIAGNOSTIC_CODES[d.code as keyof typeof DIAGNOSTIC_CODES];
    assert.ok(info, `${d.code} is documented`);
    assert.ok(typeof d.message === 'string' && d.message.length > 10);
  }
});

test('expansion findings are merged in document order, data kept for quick fixes', () => {
  const document = parseRouteDocument('N0450F350 DVR UL9 KONAM\n\nN0450F350 DVR KONAN');
  const extra: RouteDiagnostic = {
    code: 'X010',
    severity: 'information',
    message: 'KONAM is not in the navigation data',
    range: { start: { line: 0, character: 18 }, end: { line: 0, character: 23 } },
    data: { candidates: [] },
  };
  const diagnostics = documentDiagnostics(document, live, [extra]);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['X010', 'R206'],
  );
  assert.equal(first(diagnostics).severity, DiagnosticSeverity.Information);
  assert.deepEqual(first(diagnostics).data, { candidates: [] });
});

test('a flood of findings is capped with one note saying how many are hidden', () => {
  const garbage = Array.from({ length: 400 }, (_, i) => `N0450F350 ${'$'.repeat(1 + (i % 5))} DVR KONAN $$ LL $`).join(
    '\n\n',
  );
  const document = parseRouteDocument(garbage);
  const diagnostics = documentDiagnostics(document, live, [], 50);
  assert.equal(diagnostics.length, 51);
  assert.equal(nth(diagnostics, 50).code, 'too-many-problems');
  assert.match(nth(diagnostics, 50).message as string, /^\d+ more problems/);
  assert.ok(documentDiagnostics(document, live).length <= MAX_DIAGNOSTICS + 1);
  assert.deepEqual(documentDiagnostics(document, { isCancellationRequested: true }), []);
});
