/**
 * A row with fewer columns than its format has: a column it lacks reads as empty, never as the
 * column of the row before it (the tokenizer's slots still hold that row's positions).
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadNavDatabase } from '../../../server/src/navdata/loader';
import { Tokens } from '../../../server/src/navdata/text';

const COPYRIGHT = 'Version - data cycle 2013.10, test rows.  Copyright (c) 2013, Robin A. Peel. GNU GPL v2 or later.';

test('a current-format localizer row without its runway column gives its aerodrome no ILS runway', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navdata-short-rows-'));
  fs.writeFileSync(path.join(dir, 'fix.dat'), `I\n1101 ${COPYRIGHT}\n\n 51.130833  002.000000 KONAN ENRT LF 2\n99\n`);
  fs.writeFileSync(
    path.join(dir, 'nav.dat'),
    [
      'I',
      `1150 ${COPYRIGHT}`,
      '',
      '3  51.16250000  001.35916700   315 11495 130   -3.0 DVR  ENRT EG DOVER VOR-DME',
      '4  51.46466700 -000.48272200    75 10950  18  269.7 IRR  EGLL EG 27R ILS-cat-III',
      // Ten columns: the runway and the name are missing.
      '4  51.14860000 -000.17300000   196 11090  18  259.0 IGG  EGKK EG',
      '99',
    ].join('\n'),
  );
  const db = await loadNavDatabase(dir);
  assert.deepEqual(db.ilsRunways('EGLL'), ['27R']);
  assert.deepEqual(db.ilsRunways('EGKK'), [], "not EGLL's runway, read from the row before");
});

test('the tokenizer reads a token the line lacks as empty, whatever the line before held', () => {
  const t = new Tokens();
  const text = 'A B C D\nE F';
  t.split(text, 0, 7);
  assert.equal(t.string(3), 'D');
  t.split(text, 8, text.length);
  assert.equal(t.count, 2);
  assert.equal(t.string(3), '');
  assert.equal(t.width(3), 0);
  assert.ok(Number.isNaN(t.number(3)));
  assert.equal(t.equals(3, 'D'), false);
});
