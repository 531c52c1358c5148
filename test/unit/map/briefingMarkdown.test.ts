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
import { londonFrankfurtView } from '../../webview/support/londonFrankfurt';

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
    notam({
      id: 'n1',
      number: 'A0001/26',
      decoded: 'Runway closed',
      validFrom: '2026-11-28T16:10:00.000Z',
      validTo: '2026-11-30T06:00:00.000Z EST',
      briefing: { section: 'departure', alongNm: 0 },
    }),
    notam({ id: 'n4', number: 'D0004/26', location: 'EDDK', inCorridor: false }),
    // A taxiway closed at an aerodrome the flight passes at FL350: not for this flight.
    notam({
      id: 'n5',
      number: 'E0005/26',
      location: 'EBBR',
      decoded: 'Taxiway closed',
      text: 'TWY C CLSD',
      briefing: { section: 'otherAerodrome', fir: 'EBBU', alongNm: 160 },
    }),
  ],
  verdicts: {
    n2: { applies: true, activity: 'active', reason: 'Applies: 4 NM from the leg KONAN–KOK (< 30 NM)' },
    n5: { applies: true, activity: 'active', reason: 'Applies: 2 NM from the leg' },
  },
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
  // NOTAMs: departure, en route, destination; the rest (outside the corridor, another
  // aerodrome's taxiway) under one line.
  const order = [
    '## NOTAMs for this flight (3)',
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
  assert.ok(!text.includes('D0004/26') && !text.includes('E0005/26') && !text.includes('TWY C'));
  const rest = lines.filter((l) => l.startsWith('Not listed: '));
  assert.deepEqual(rest, [
    'Not listed: 2 more NOTAMs, not for this flight: 1 about the use of an aerodrome the route passes (EBBR); ' +
      '1 left out by the filters (other levels or times, or outside the corridor).',
  ]);
  // Times as a dispatcher reads them, never as ISO text.
  assert.match(text, /\*\*A0001\/26 EGLL: Runway closed\*\* · 28 Nov 16:10Z to 30 Nov 06:00Z EST\n/);
  assert.doesNotMatch(text, /\d{4}-\d\d-\d\dT/);
  // The host's reason, then the E line as issued; service text cannot break the table or add
  // markup, and nothing shows as an entity ("< 30 NM" stays as it is).
  assert.match(
    text,
    / {2}Why: Applies: 4 NM from the leg KONAN–KOK \(< 30 NM\)\n\n {2}```text\n {2}E\) AREA \| <b>X<\/b>\n {2}```\n/,
  );
  assert.doesNotMatch(text, /&lt;|&gt;|&amp;/);
});

test('the briefing: names and reasons cannot add markup; a NOTAM text with backticks keeps its fence', () => {
  const text = briefingMarkdown({
    ...view,
    title: '<img src=x> → EDDF',
    notams: [notam({ id: 'n2', text: 'SEE ``` THIS', briefing: { section: 'enroute', fir: 'EBBU', alongNm: 150 } })],
  });
  assert.equal(text.split('\n')[0], '# Briefing: \\<img src=x> → EDDF');
  assert.match(text, / {2}````text\n {2}E\) SEE ``` THIS\n {2}````\n/);
});

test('the briefing of the demo’s Heathrow–Frankfurt view: the flight’s NOTAMs, the other aerodromes’ in one line, times read as written', () => {
  const demo = londonFrankfurtView();
  const text = briefingMarkdown(demo);
  const listed = [...text.matchAll(/^- \*\*([A-Z]\d{4}\/\d\d) (\w+): ([^*]+)\*\*/gm)].map((m) => ({
    number: m[1]!,
    location: m[2]!,
    subject: m[3]!,
  }));
  const applying = demo.notams.filter((n) => demo.verdicts?.[n.id]?.applies);
  assert.ok(applying.length > 40, `the demo's view has ${applying.length} applying NOTAMs`);
  assert.ok(listed.length > 0 && listed.length < 20, `${listed.length} listed`);
  // No taxiway, apron, bird or lighting NOTAM of an aerodrome the flight only passes.
  for (const n of listed)
    assert.ok(
      ['EGLL', 'EDDF', 'EDDK'].includes(n.location) || !/^(Taxiway|Apron|Aerodrome|Runway)/.test(n.subject),
      `${n.number} ${n.location}: ${n.subject}`,
    );
  assert.match(text, /^### Alternate EDDK$/m);
  const rest = text.split('\n').filter((l) => l.startsWith('Not listed: '));
  assert.equal(rest.length, 1);
  assert.match(rest[0]!, /not for this flight: \d+ about the use of aerodromes the route passes \(/);
  assert.doesNotMatch(text, /\d{4}-\d\d-\d\dT\d\d:\d\d/);
  assert.doesNotMatch(text, /&(lt|gt|amp|quot|#\d+);/);
});
