/**
 * The README's first page as a dispatcher reads it (issue 40, item 5): the feature list names the
 * features they use every day, the "Limits" section says what to keep in mind before trusting a
 * verdict (not benchmark figures, which live in docs/limits.md), and it says plainly that the
 * demo's airspaces and NOTAMs are made up and that the shared navigation data is from 2013.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import test from 'node:test';

const ROOT = path.resolve(__dirname, '../../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The text of a `## ` section, up to the next one. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has a section "${title}"`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

test('the feature list names filed routes, Insert EET/, the live flight and the flight conflicts', () => {
  const features = section('What it does');
  assert.match(features, /Routes filed by others/);
  assert.match(features, /Insert EET\/ for the FIR boundaries/);
  assert.match(features, /live flight/);
  assert.match(features, /Flight conflicts/);
});

test('"Limits" says what a dispatcher must keep in mind, with no benchmark figures', () => {
  const limits = section('Limits');
  assert.doesNotMatch(limits, /\d\s*ms\b|\bp95\b|median/, 'timings belong in docs/limits.md');
  assert.match(limits, /2013/);
  assert.match(limits, /still air|No wind/i);
  assert.match(limits, /docs\/limits\.md/);
  // The figures moved, not vanished.
  assert.match(readFileSync(path.join(ROOT, 'docs/limits.md'), 'utf8'), /## Speed[\s\S]*median of 200/);
});

test('the first page says the demo data is made up and the navigation data is of cycle 2013.10', () => {
  assert.match(README, /demo's data is made up/i);
  assert.match(README, /airspaces and NOTAMs[^.]*not real|not real[^.]*airspaces and NOTAMs/i);
  assert.match(README, /cycle 2013\.10/);
});
