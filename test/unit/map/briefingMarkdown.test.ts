/** "Export briefing": what applies to the flight, in route order, with the reasons, as Markdown. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { briefingMarkdown } from '../../../common/briefingMarkdown';
import {
  DEFAULT_MAP_FILTERS,
  type MapCrossingRow,
  type MapNotam,
  type MapView,
} from '../../../common/protocol/mapMessages';

const row = (over: Partial<MapCrossingRow>): MapCrossingRow => ({
  itemId: 'x',
  kind: 'airspace',
  name: 'X',
  entryNm: 0,
  exitNm: 1,
  limits: '',
  flightLevels: 'FL350',
  activity: 'active',
  applies: true,
  reason: 'why',
  ...over,
});
const notam = (over: Partial<MapNotam>): MapNotam => ({
  id: 'n',
  number: 'A0001/26',
  location: 'EGLL',
  subject: 'aerodrome',
  text: 'TEXT',
  distanceNm: 0,
  inCorridor: true,
  reason: 'inside',
  ...over,
});

const view: MapView = {
  uri: 'file:///a.route',
  version: 1,
  blockIndex: 0,
  title: 'EGLL → EDDF',
  points: [],
  legs: [],
  firs: [],
  airspaces: [],
  microlights: [],
  notices: [],
  filters: structuredClone(DEFAULT_MAP_FILTERS),
  flightTime: 'EOBT 0930Z',
  crossings: [
    row({ itemId: 'f', kind: 'fir', name: 'London FIR', entryNm: 0, exitNm: 90 }),
    row({
      itemId: 'ctr',
      name: 'LONDON CTR',
      limits: 'SFC–2500 ft',
      entryNm: 0,
      exitNm: 8,
      reason: 'climbing through it',
    }),
    row({
      itemId: 'd',
      name: 'EB-D943',
      limits: 'FL245–FL660',
      entryNm: 120,
      exitNm: 160,
      entryEto: '10:22Z',
      conflict: true,
      reason: 'Applies: FL350 is within FL245–FL660; active 06:00–14:00Z',
    }),
    row({ itemId: 'r', name: 'EBR18', entryNm: 200, exitNm: 210, applies: false, reason: 'below the flight' }),
  ],
  notams: [
    notam({
      id: 'n3',
      number: 'C0003/26',
      location: 'EDDF',
      decoded: 'Runway closed',
      briefing: { section: 'destination', alongNm: 340 },
    }),
    notam({
      id: 'n2',
      number: 'B0002/26',
      location: 'EBBU',
      decoded: 'Restricted area activated',
      text: 'AREA | <b>X</b>',
      briefing: { section: 'enroute', fir: 'EBBU', alongNm: 150 },
    }),
    notam({ id: 'n1', number: 'A0001/26', decoded: 'Runway closed', briefing: { section: 'departure', alongNm: 0 } }),
    notam({ id: 'n4', number: 'D0004/26', location: 'EDDK', inCorridor: false }),
  ],
  verdicts: { n2: { applies: true, activity: 'active', reason: 'Applies: 4 NM from the leg' } },
};

test('the briefing: conflicts first with why, then what applies along the route in order, then the NOTAMs by group', () => {
  const text = briefingMarkdown(view);
  const lines = text.split('\n');
  assert.equal(lines[0], '# Briefing: EGLL → EDDF');
  assert.match(
    text,
    /## Conflicts \(1\)\n\n- \*\*EB-D943\*\* FL245–FL660, 120–160 NM \(10:22Z\) at FL350: Applies: FL350 is within FL245–FL660; active 06:00–14:00Z/,
  );
  // In route order, the FIR and what is left out not listed; the conflict marked.
  const along = lines.filter((l) => l.startsWith('| ') && !l.startsWith('| NM'));
  assert.deepEqual(
    along.map((l) => l.split(' | ')[2]),
    ['LONDON CTR', 'EB-D943 **(conflict)**'],
  );
  // NOTAMs: departure, en route, destination; the one outside the corridor counted, not listed.
  const order = [
    '### Departure EGLL',
    '**A0001/26 EGLL: Runway closed**',
    '### En route · FIR EBBU',
    '**B0002/26 EBBU: Restricted area activated**',
    '### Destination EDDF',
    '**C0003/26 EDDF: Runway closed**',
  ];
  let at = -1;
  for (const part of order) {
    const next = text.indexOf(part);
    assert.ok(next > at, `${part} comes next`);
    at = next;
  }
  assert.ok(!text.includes('D0004/26'));
  assert.match(text, /1 NOTAM left out by the filters\./);
  // The E line and the host's reason; service text cannot break the table or add markup.
  assert.match(text, / {2}E\) AREA \\\| &lt;b&gt;X&lt;\/b&gt;\n {2}Why: Applies: 4 NM from the leg/);
});
