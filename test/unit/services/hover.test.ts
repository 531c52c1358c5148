import assert from 'node:assert/strict';
import test from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import { parseRouteDocument, type ElementKind } from '../../../server/src/route';
import { hover } from '../../../server/src/services/hover';

const live = { isCancellationRequested: false };

function hoverText(text: string, line: number, character: number): string | undefined {
  const result = hover(parseRouteDocument(text), { line, character }, live);
  return result ? (result.contents as MarkupContent).value : undefined;
}

/** Hovers the middle of the first element of each kind in a block and returns its markdown. */
function hoversByKind(text: string): Map<ElementKind, string> {
  const document = parseRouteDocument(text);
  const found = new Map<ElementKind, string>();
  for (const element of document.blocks.flatMap((b) => b.elements)) {
    if (found.has(element.kind)) continue;
    const middle = {
      line: element.range.start.line,
      character: (element.range.start.character + element.range.end.character) >> 1,
    };
    const result = hover(document, middle, live);
    assert.ok(result, `no hover for ${element.kind} ${element.text}`);
    assert.deepEqual(result.range, element.range, `hover range of ${element.text}`);
    found.set(element.kind, (result.contents as MarkupContent).value);
  }
  return found;
}

test('every element kind has its own hover with the decoded meaning', () => {
  const routes = [
    'EGLL N0450F350 SID DVR UL9 KONAN/M082F370 DCT 4620N07805W 46N078W DUB180040 NATD 50N050W DCT YYT STAR EDDF',
    'N0480F340 POL C/48N050W/M082F290F350 DCT LN/N0284A045 VFR DCT ROM/N0180A090 IFR DCT TOP STAY1/0030 OAT DCT NEV GAT IFPSTOP DCT ABB IFPSTART PTS3 KEC T',
    'N0450F350 DVR6J DVR $$$ KONAN',
  ].join('\n\n');
  const hovers = hoversByKind(routes);
  const kinds: ElementKind[] = [
    'speedLevel',
    'direct',
    'airway',
    'track',
    'sid',
    'star',
    'point',
    'latLon',
    'bearingDistance',
    'aerodrome',
    'pointChange',
    'cruiseClimb',
    'flightRules',
    'truncation',
    'trafficType',
    'ifps',
    'stay',
    'unknown',
  ];
  for (const kind of kinds) assert.ok(hovers.has(kind), `the sample routes contain no ${kind}`);
  assert.match(hovers.get('speedLevel')!, /N0450F350.*speed and level[\s\S]*450 kt TAS at FL350/);
  assert.match(hovers.get('aerodrome')!, /accepted as the first or last word of route text/i);
  assert.match(hovers.get('latLon')!, /46°20'N 078°05'W/);
  assert.match(hovers.get('bearingDistance')!, /40 NM from `DUB` on magnetic bearing 180°/);
  assert.match(hovers.get('pointChange')!, /At `KONAN` the flight changes to Mach 0\.82 at FL370/);
  assert.match(hovers.get('cruiseClimb')!, /between FL290 and FL350/);
  assert.match(hovers.get('track')!, /North Atlantic/);
  assert.match(hovers.get('stay')!, /30 min/);
  assert.match(hovers.get('unknown')!, /could not read[\s\S]*- R1\d\d: /);
  // Each kind explains itself differently: no two hovers share their explanation.
  const explanations = [...hovers.values()].map((h) => h.split('\n').at(-1));
  assert.equal(new Set(explanations).size, explanations.length);
});

test('hover explains directives, FPL fields and field-18 items', () => {
  const text = [
    'origin: EGLL',
    'referenceFix: OCK',
    'N0450F350 DVR UL9 KONAN',
    '',
    '(FPL-DLH4AB-IS',
    '-A320/M-SDE2E3FGIJ1RWY/LB1',
    '-EGLL1200',
    '-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS',
    '-EDDF0105 EDDK',
    '-DOF/261121 REG/DAIZB RMK/TCAS)',
  ].join('\n');
  assert.match(hoverText(text, 0, 2)!, /Departure aerodrome/);
  assert.match(hoverText(text, 1, 16)!, /closest to it/);
  assert.match(hoverText(text, 6, 3)!, /departure aerodrome and time/);
  assert.match(hoverText(text, 8, 3)!, /destination, total EET and alternates/);
  assert.match(hoverText(text, 9, 3)!, /date of flight[\s\S]*Date of flight: 21 November 2026\./);
  assert.doesNotMatch(hoverText(text.replace('DOF/261121', 'DOF/261321'), 9, 3)!, /Date of flight:/);
  // The route inside the FPL message is hovered element by element.
  assert.match(hoverText(text, 7, 27)!, /`KONAN` — \*\*named point\*\*/);
});

test('no hover on blank lines and comments, and none when cancelled', () => {
  const text = '# a comment\nN0450F350 DVR UL9 KONAN\n\n';
  assert.equal(hoverText(text, 0, 3), undefined);
  assert.equal(hoverText(text, 2, 0), undefined);
  const document = parseRouteDocument(text);
  assert.ok(hover(document, { line: 1, character: 11 }, live));
  assert.equal(hover(document, { line: 1, character: 11 }, { isCancellationRequested: true }), null);
});

test('hover markdown cannot be broken by backticks or control characters in the source', () => {
  const value = hoverText('N0450F350 DVR `A`\u0001B KONAN', 0, 15)!;
  assert.ok(value.startsWith('``'), value);
  assert.ok(!value.includes('\u0001'));
});

test('hover explains field-19 items: endurance, persons on board, the letters of R/ S/ J/', () => {
  const text = '(FPL-DLH4AB-IS-A320/M-S/C-EGLL1200-N0450F350 DVR-EDDF0105-0\n-E/0745 P/123 R/VE S/PM C/SMITH)';
  assert.match(hoverText(text, 1, 3)!, /fuel endurance[\s\S]*Endurance: 7 h 45 min\./);
  assert.match(hoverText(text, 1, 10)!, /persons on board[\s\S]*Persons on board: 123\./);
  assert.match(
    hoverText(text, 1, 16)!,
    /emergency radio[\s\S]*`V`: VHF 121\.5 MHz\n- `E`: emergency locator transmitter/,
  );
  assert.match(hoverText(text, 1, 21)!, /`P`: polar\n- `M`: maritime/);
  assert.match(hoverText(text, 1, 27)!, /pilot in command/);
});

test('field 10 and PBN/: every letter and code decoded, unknown ones said', () => {
  const text = [
    '(FPL-DLH4AB-IS',
    '-A320/M-SDE2E3FGIJ1RWY/LB1',
    '-EGLL1200',
    '-N0450F350 DVR UL9 KONAN',
    '-EDDF0105',
    '-PBN/A1B1D1S2X9 DOF/261121)',
  ].join('\n');
  const field10 = hoverText(text, 1, 12)!;
  assert.match(field10, /FPL equipment and capabilities/);
  const listed = field10.split('\n').filter((l) => l.startsWith('- `'));
  assert.deepEqual(
    listed.map((l) => /^- `(\w+)`/.exec(l)![1]),
    ['S', 'D', 'E2', 'E3', 'F', 'G', 'I', 'J1', 'R', 'W', 'Y', 'L', 'B1'],
  );
  assert.ok(listed.includes('- `E2`: D-FIS ACARS'));
  assert.ok(listed.includes('- `W`: RVSM approved'));
  assert.ok(listed.includes('- `Y`: VHF with 8.33 kHz channel spacing'));
  assert.match(
    field10,
    /\*\*Surveillance:\*\*\n\n- `L`: transponder Mode S .*enhanced surveillance\n- `B1`: ADS-B "out" on 1090 MHz/,
  );
  assert.match(hoverText(text.replace('RWY/LB1', 'RWQ/LB1'), 1, 12)!, /- `Q`: not a field 10 code/);

  const pbn = hoverText(text, 5, 3)!;
  assert.match(pbn, /performance-based navigation/);
  assert.match(
    pbn,
    /- `A1`: RNAV 10 \(RNP 10\)\n- `B1`: RNAV 5, all permitted sensors\n- `D1`: RNAV 1, all permitted sensors\n- `S2`: RNP APCH with BARO-VNAV\n- `X9`: not a PBN code/,
  );
});
