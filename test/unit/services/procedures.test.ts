/**
 * SIDs and STARs in the editor's features, on test/fixtures/procedures (the 2013.10 excerpt with
 * CIFP/EGLL.dat and CIFP/EDDF.dat): completion (the SIDs of the departure towards the
 * destination first; the STARs that begin at the last point) and the hover (aerodrome, runways,
 * legs in order with their constraints, the file and its cycle).
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { CompletionItem, Hover } from 'vscode-languageserver-types';
import type { NavDatabase } from '../../../server/src/navdata/loader';
import { CifpLibrary, cifpFolders } from '../../../server/src/navdata/cifpFiles';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { parseRouteDocument } from '../../../server/src/route';
import { completions } from '../../../server/src/services/completion';
import { hover } from '../../../server/src/services/hover';
import { LineIndex } from '../../../server/src/route/ranges';
import { load, ROOT } from '../navdata/paths';

const FOLDER = path.join(ROOT, 'test/fixtures/procedures');
const live = { isCancellationRequested: false };
let db: NavDatabase;
let cifp: CifpLibrary;
const procedures = (icao: string) => cifp.loaded(icao);

before(async () => {
  db = await load(FOLDER);
  cifp = new CifpLibrary(cifpFolders(FOLDER, db.report), db.report);
  await Promise.all([cifp.load('EGLL'), cifp.load('EDDF'), cifp.load('LFPG')]);
});

function complete(textWithCursor: string, withProcedures = true): CompletionItem[] {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const lines = new LineIndex(text);
  return completions(
    parseRouteDocument(text),
    lines,
    lines.positionAt(offset),
    withProcedures ? { db, procedures } : { db },
    live,
  );
}

test('after the first speed/level group: the SIDs of the departure, the one towards the destination first, then fixes', () => {
  const items = complete('origin: EGLL\ndestination: EDDF\nN0450F350 |');
  const labels = items.map((i) => i.label);
  assert.deepEqual(labels.slice(0, 3), ['DVR6J', 'BPK7G', 'CPT3F']);
  assert.match(items[0]!.detail!, /^SID of EGLL · ends at DVR \(DVR 7\d\.\d NM, track 1\d\d°\) · runways 27L, 27R$/);
  assert.match(items[2]!.detail!, /ends at (CPT|KENET|KIDLI)( \/ (CPT|KENET|KIDLI)){2} \(/);
  assert.ok(labels.includes('DVR') || labels.includes('DET'), 'the fixes near the departure follow');
  assert.deepEqual(
    items.map((i) => i.sortText),
    items.map((_, k) => String(k).padStart(5, '0')),
    'one order for the whole list',
  );
  const west = complete('origin: EGLL\ndestination: EGFF\nN0450F350 |').map((i) => i.label);
  assert.equal(west[0], 'CPT3F', 'towards Cardiff, the SID that ends west comes first');
  assert.deepEqual(
    complete('origin: EGLL\ndestination: EDDF\nN0450F350 |', false)
      .map((i) => i.label)
      .filter((l) => l.length > 5),
    [],
    'without procedures data, no SID',
  );
  assert.deepEqual(
    complete('origin: LFPG\ndestination: EDDF\nN0450F350 |')
      .map((i) => i.label)
      .filter((l) => /\d[A-Z]$/.test(l)),
    [],
    'an aerodrome without a CIFP file offers none',
  );
});

test('at the end of the route: the STARs of the destination that begin at the last point, before the airways', () => {
  const atRolis = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS |');
  assert.equal(atRolis[0]!.label, 'ROLIS1A');
  assert.equal(atRolis[0]!.detail, 'STAR of EDDF from ROLIS · runways 25L, 07R');
  assert.ok(
    atRolis.some((i) => i.label === 'T150'),
    'the airways through ROLIS follow',
  );
  const atKir = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR DCT KIR U| EDDF');
  assert.deepEqual(
    atKir.filter((i) => i.detail?.startsWith('STAR')).map((i) => i.label),
    ['UNOKO2B'],
    'before the destination written as the last word, the STAR that begins at KIR by its transition',
  );
  const inside = complete('origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 ROLIS | KONAN');
  assert.equal(
    inside.some((i) => i.detail?.startsWith('STAR')),
    false,
    'a STAR only where the route ends',
  );
});

function hoverAt(text: string, word: string): Hover {
  const document = parseRouteDocument(text);
  const block = document.blocks[0]!;
  const result = expandRoute(block, db, undefined, { firstFix: 'nearestDeparture', procedures });
  const lines = new LineIndex(text);
  const found = hover(document, lines.positionAt(text.indexOf(word) + 1), live, {
    sourceName: 'navdata',
    resultFor: () => result,
  });
  assert.ok(found);
  return found;
}

test('the hover on a SID: aerodrome, runways, legs in order with constraints, the file and its cycle', () => {
  const text = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
  const value = (hoverAt(text, 'DVR6J').contents as { value: string }).value;
  const section = value.slice(value.indexOf('*Route expansion'));
  assert.equal(
    section,
    [
      '*Route expansion (navdata)*',
      '',
      '**SID of EGLL**, from CIFP/EGLL.dat (cycle 2013.10)',
      '',
      '**Runways:** 27L, 27R (the legs are those of 27L, the first published: the route text names no runway)',
      '',
      '**Ends at:** `DVR`',
      '',
      '**Legs flown:**',
      '',
      '1. climb on course 273° to at or above 600 ft',
      '2. direct to EPM turning left — at or above 3,000 ft',
      '3. to DET — at or above 6,000 ft, at or below 250 kt',
      '4. to DVR',
    ].join('\n'),
  );
  const star = (hoverAt(text, 'ROLIS1A').contents as { value: string }).value;
  assert.match(star, /\*\*STAR of EDDF\*\*, from CIFP\/EDDF\.dat \(cycle 2013\.10\)/);
  assert.match(star, /1\. from ROLIS — between FL100 and FL150, at or below 280 kt/);
  assert.match(star, /\*\*Begins at:\*\* `ROLIS`/);
});

test('the hover on an RNAV SID with en-route transitions names them and the one flown', () => {
  const text = 'origin: EGLL\ndestination: EDDF\nN0450F350 CPT3F KENET UL9 KONAN';
  const value = (hoverAt(text, 'CPT3F').contents as { value: string }).value;
  assert.match(value, /\*\*SID of EGLL\*\* \(RNAV\)/);
  assert.match(value, /\*\*En-route transitions:\*\* `KENET`, `KIDLI` \(flown: `KENET`\)/);
  assert.match(value, /\*\*Ends at:\*\* `CPT` or `KENET` or `KIDLI`/);
  assert.match(value, /4\. to KENET — at or above FL100/);
});
