/**
 * The aerodrome hover gives what the navigation data has (issue 40): the name, the elevation of
 * the aerodrome table and the runways nav.dat gives an ILS for, with the data's cycle, in
 * `origin:`/`destination:`, on an aerodrome written in the route and in FPL fields 13 and 16.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { hover } from '../../../server/src/services/hover';

const live = { isCancellationRequested: false };
let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

function hoverAt(text: string, line: number, character: number, withData = true): string {
  const result = hover(
    parseRouteDocument(text),
    { line, character },
    live,
    undefined,
    undefined,
    withData ? db : undefined,
  );
  return (result?.contents as MarkupContent | undefined)?.value ?? '';
}

const HEATHROW =
  /\*\*EGLL\*\* London Heathrow\n\nElevation 83 ft\.\n\nILS on runways (\d\d[LRC]?, )+\d\d[LRC]?\.\n\n\*From the navigation data/;

test('origin: and destination: say the elevation and the ILS runways of the data', () => {
  const text = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN';
  assert.match(hoverAt(text, 0, 10), HEATHROW);
  assert.match(hoverAt(text, 1, 15), /\*\*EDDF\*\* Frankfurt.*\n\nElevation [\d,]+ ft\.\n\nILS on runways/);
  // Without navigation data, the directive's own explanation only.
  assert.doesNotMatch(hoverAt(text, 0, 10, false), /Elevation/);
});

test('an aerodrome in the route and FPL fields 13 and 16 say the same', () => {
  assert.match(
    hoverAt('N0450F350 DVR UL9 KONAN DCT EDDF', 0, 30),
    /\*\*EDDF\*\* Frankfurt.*\n\nElevation [\d,]+ ft\.\n\nILS on runways/,
  );
  const fpl = '(FPL-DLH4AB-IS\n-A320/M-S/C\n-EGLL1200\n-N0450F350 DVR UL9 KONAN\n-EDDF0105 EDDK)';
  assert.match(hoverAt(fpl, 2, 3), HEATHROW);
  assert.match(hoverAt(fpl, 4, 3), /\*\*EDDF\*\*/);
});
