/**
 * One table of diagnostic codes (server/src/route/codes.ts). RouteDiagnostic's code is typed by
 * it, so the compiler refuses a finding with a code the table lacks; this test refuses a second
 * table (codes with a severity and a title defined anywhere else in the server) and a code
 * outside the documented series.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { codesOf, DIAGNOSTIC_CODES, DIAGNOSTIC_SERIES } from '../../../server/src/route/codes';
import { diagnosticsMarkdown } from './diagnosticsDoc';

const SERVER = path.resolve(__dirname, '../../../server/src');
const TABLE = path.join('route', 'codes.ts');

test('every code belongs to a series, and the series cover the table in order', () => {
  for (const code of Object.keys(DIAGNOSTIC_CODES)) assert.match(code, /^[A-Z]\d{3}$/);
  assert.deepEqual(
    DIAGNOSTIC_SERIES.flatMap((series) => codesOf(series)),
    Object.keys(DIAGNOSTIC_CODES),
  );
});

test('no other file of the server defines codes with a severity and a title', () => {
  const entry = /\b[A-Z]\d{3}\s*:\s*\{\s*severity\s*:/;
  const offending = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && file !== TABLE)
    .filter((file) => entry.test(readFileSync(path.join(SERVER, file), 'utf8')));
  assert.deepEqual(offending, []);
});

test('the generated docs list every code of the table', () => {
  const doc = diagnosticsMarkdown();
  for (const code of Object.keys(DIAGNOSTIC_CODES)) assert.ok(doc.includes(`| ${code} |`), code);
});
