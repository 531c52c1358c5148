/**
 * The map view of Heathrow to Frankfurt (alternate Cologne/Bonn) as the demo computes it: recorded
 * from the real built server against the hub simulator by recordLondonFrankfurt.ts, so the page's
 * tests draw what a dispatcher sees (its notices, 65 airspaces, 92 NOTAMs, the conflicts).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { MapView } from '../../../common/protocol/mapMessages';

export function londonFrankfurtView(): MapView {
  return JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'map-views', 'london-frankfurt.json'), 'utf8'),
  ) as MapView;
}
