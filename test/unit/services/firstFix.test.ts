/**
 * The ambiguous-first-fix quick fix against the real offline expansion on the project's navdata
 * excerpt: SAM names several VORs; choosing one inserts a referenceFix that makes the expansion
 * select it.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { codeActions } from '../../../server/src/services/codeActions';
import { toLspDiagnostic } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { applyEdits } from './edits';
import { first } from '../route/helpers';

const URI = 'file:///routes/sam.route';
const live = { isCancellationRequested: false };
let db: NavDatabase;

before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

function expansionDiagnostics(text: string): Diagnostic[] {
  const document = parseRouteDocument(text);
  return document.blocks.flatMap((b) => expandRoute(b, db).findings.map(toLspDiagnostic));
}

test('each candidate of an ambiguous first fix is offered; the chosen one is then selected', () => {
  const text = '# Southampton to Jersey\norigin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY';
  const diagnostics = expansionDiagnostics(text);
  const ambiguous = diagnostics.find((d) => d.code === 'X005');
  assert.ok(ambiguous, JSON.stringify(diagnostics.map((d) => d.code)));
  const document = parseRouteDocument(text);
  const actions = codeActions(URI, document, new LineIndex(text), ambiguous.range, [ambiguous], live);
  const candidates = (ambiguous.data as { candidates: unknown[] }).candidates;
  assert.equal(actions.length, candidates.length);
  assert.ok(actions.length >= 2);
  for (const action of actions) assert.match(action.title, /^Use SAM .* \(referenceFix\)$/);

  // Every choice gives a route whose first point is no longer ambiguous, and each a different one.
  const chosen = new Set<string>();
  for (const action of actions) {
    const edits = action.edit?.changes?.[URI];
    assert.ok(edits, `${action.title}: no edits to ${URI}`);
    const fixed = applyEdits(text, edits);
    assert.match(fixed, /^# Southampton to Jersey\nreferenceFix: \d{4}[NS]\d{5}[EW]\norigin: EGHI/);
    const block = first(parseRouteDocument(fixed).blocks);
    const result = expandRoute(block, db);
    assert.ok(!result.findings.some((f) => f.code === 'X005'), fixed);
    const sam = result.points.find((p) => p.designator === 'SAM');
    assert.ok(sam, 'SAM was selected');
    chosen.add(`${sam.lat.toFixed(2)},${sam.lon.toFixed(2)}`);
  }
  assert.equal(chosen.size, actions.length);
});
