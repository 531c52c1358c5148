/** Field 7's operator against an airline list: which code is looked up, the findings and the hover. */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import {
  AirlineDirectory,
  airlineFindings,
  airlineHoverSection,
  operatorDesignator,
} from '../../../server/src/remote/airlineDirectory';
import { defined } from '../../shared/defined';

const live = { isCancellationRequested: false };
const directory = new AirlineDirectory(
  [
    { fs: 'LH', iata: 'LH', icao: 'DLH', name: 'Lufthansa', active: true, dateFrom: '1955-04-01' },
    { fs: 'AZ', iata: 'AZ', icao: 'ITY', name: 'ITA Airways', active: true, dateFrom: '2021-10-15' },
    {
      fs: 'AZ*',
      iata: 'AZ',
      icao: 'AZA',
      name: 'Alitalia',
      active: false,
      dateFrom: '1946-09-16',
      dateTo: '2021-10-14',
    },
    // An ICAO designator reused after an airline ceased: one active record is enough.
    { fs: 'OLD', icao: 'BER', name: 'Air Berlin', active: false, dateTo: '2017-10-27' },
    { fs: 'NEW', icao: 'BER', name: 'Berlin Charter', active: true },
  ],
  Date.UTC(2026, 10, 20),
);

const fpl = (id: string) => `(FPL-${id}-IS\n-A320/M-S/C\n-EGLL1200\n-N0450F350 DCT\n-EDDF0105\n-0)`;
const field7 = (id: string) =>
  defined(
    parseRouteDocument(fpl(id)).blocks[0]?.fpl?.fields.find((f) => f.number === 7),
    `field 7 of ${id}`,
  );

test('the operator part of field 7: ICAO designator, IATA code, or none for a registration', () => {
  assert.deepEqual(operatorDesignator(field7('DLH4AB')), {
    code: 'DLH',
    kind: 'icao',
    range: { start: { line: 0, character: 5 }, end: { line: 0, character: 8 } },
  });
  assert.equal(operatorDesignator(field7('DLH4AB/A1234'))?.code, 'DLH');
  assert.deepEqual(operatorDesignator(field7('AZ610'))?.kind, 'iata');
  assert.equal(operatorDesignator(field7('DAIPX')), undefined);
  assert.equal(operatorDesignator(field7('GABCD')), undefined);
});

test('findings: unknown ICAO designator A001, inactive A002 naming the airline and its dates; IATA and active ones none', () => {
  const codes = (id: string) => airlineFindings(parseRouteDocument(fpl(id)), directory, live);
  assert.deepEqual(codes('DLH4AB'), []);
  assert.deepEqual(codes('BER123'), [], 'an active airline bears BER');
  assert.deepEqual(codes('AZ610'), [], 'IATA codes are reused: never warned');
  const unknown = defined(codes('QQQ1')[0], 'the A001');
  assert.equal(unknown.code, 'A001');
  assert.deepEqual(unknown.range, { start: { line: 0, character: 5 }, end: { line: 0, character: 8 } });
  const inactive = defined(codes('AZA610')[0], 'the A002');
  assert.equal(inactive.code, 'A002');
  assert.equal(inactive.severity, 'warning');
  assert.match(
    inactive.message,
    /^AZA is Alitalia \(ICAO AZA, IATA AZ, inactive, from 1946-09-16 to 2021-10-14\) in the airline reference/,
  );
});

test('findings read the model of FPL blocks only: route blocks (most of a large file) are passed by their kind', () => {
  const document = parseRouteDocument(`N0450F350 DVR UL9 KONAN\n\n${fpl('QQQ1')}`);
  const [route, fplBlock] = [defined(document.blocks[0]), defined(document.blocks[1])];
  const unread = {
    kind: route.kind,
    range: route.range,
    name: route.name,
    diagnostics: route.diagnostics,
    get fpl(): never {
      throw new Error('the model of a route block was read');
    },
  } as unknown as (typeof document.blocks)[number];
  const findings = airlineFindings({ ...document, blocks: [unread, fplBlock] }, directory, live);
  assert.deepEqual(
    findings.map((f) => f.code),
    ['A001'],
  );
});

test('hover: which code was looked up, and every airline that bears it', () => {
  const icao = airlineHoverSection(field7('DLH4AB'), directory)!;
  assert.match(icao, /\*Airline reference \(list of 2026-11-20\)\*/);
  assert.match(icao, /Looked up by ICAO designator `DLH` \(ICAO designators are unique\)/);
  assert.match(icao, /\*\*Lufthansa\*\*: ICAO `DLH`, IATA `LH`, service code `LH`, active \(since 1955-04-01\)/);
  const iata = airlineHoverSection(field7('AZ610'), directory)!;
  assert.match(iata, /IATA codes are reused/);
  assert.match(iata, /ITA Airways[\s\S]*Alitalia.*\*\*inactive\*\* \(from 1946-09-16 to 2021-10-14\)/);
  assert.match(airlineHoverSection(field7('QQQ1'), directory)!, /No airline with this ICAO designator/);
  assert.equal(airlineHoverSection(field7('DAIPX'), directory), undefined);
});
