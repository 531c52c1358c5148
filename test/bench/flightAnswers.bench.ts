/**
 * Reading flight answers without holding the event loop (issue 35, item 1): 100,000 flights in
 * one answer, FIXM (about 30 MB) and GeoJSON, read as the hub client reads them
 * (server/src/hub/flightAnswers.ts: a slice per turn of the event loop, 5,000 flights kept).
 * The figure is the longest the event loop was held, as process CPU time between two turns of
 * a probe (as map.bench.ts measures the map view), best of three rounds; target < 50 ms, as the
 * map's. `node --import tsx test/bench/run.ts flightAnswers`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_HTTP_SETTINGS } from '../../server/src/hub/config';
import { readFlightList } from '../../server/src/hub/flightAnswers';
import { Redactor } from '../../server/src/hub/redact';
import { HttpTransport, type HttpResponse } from '../../server/src/hub/transport';
import type { BenchFigure } from './run';
import { longestStallMs } from './support/stall';

export const name = 'Flight answers (100,000 flights read without holding the event loop)';

const FLIGHTS = 100_000;
const TARGET_MS = 50;

function fixm(): string {
  const flights: string[] = [];
  for (let i = 0; i < FLIGHTS; i++)
    flights.push(
      `<fx:Flight><fx:gufi>g-${i}</fx:gufi><fx:flightIdentification aircraftIdentification="DLH${i % 9000}"/>` +
        `<fx:flightStatus flightCycle="AIRBORNE"/><fx:departure><fx:departureAerodrome code="EGLL"/></fx:departure>` +
        `<fx:arrival><fx:arrivalAerodrome code="EDDF"/></fx:arrival><fx:enRoute><fx:position><fx:position>` +
        `<fb:location><fb:pos>51.1 2.1</fb:pos></fb:location></fx:position><fx:altitude>35000</fx:altitude></fx:position></fx:enRoute></fx:Flight>`,
    );
  return `<flightMessage xmlns:fx="urn:fx" xmlns:fb="urn:fb">${flights.join('')}</flightMessage>`;
}

function geojson(): string {
  const features: string[] = [];
  for (let i = 0; i < FLIGHTS; i++)
    features.push(
      `{"type":"Feature","id":"g-${i}","geometry":{"type":"Point","coordinates":[2.1,51.1]},"properties":` +
        `{"callsign":"DLH${i % 9000}","flightStatus":"AIRBORNE","departure":{"aerodrome":{"code":"EGLL"}},` +
        `"arrival":{"aerodrome":{"code":"EDDF"}},"positionReport":{"altitude":35000,"track":97}}}`,
    );
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

const response = (body: string, contentType: string): HttpResponse => ({
  status: 200,
  headers: {},
  contentType,
  body: Buffer.from(body),
  url: 'http://127.0.0.1/bench',
  redactor: new Redactor(['bench-key']),
});

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const [syntax, body, contentType] of [
    ['FIXM', fixm(), 'application/xml'],
    ['GeoJSON', geojson(), 'application/geo+json'],
  ] as const) {
    const kind = syntax === 'FIXM' ? 'xml' : 'json';
    let stall = Infinity;
    let kept = 0;
    // The answer's bytes as the transport hands them over (made outside what is measured).
    const answer = response(body, contentType);
    for (let round = 0; round < 3; round++) {
      stall = Math.min(
        stall,
        await longestStallMs(async () => {
          const list = await readFlightList(answer, kind, 'bench', { maxDepth: 64 });
          kept = list.flights.length;
        }),
      );
    }
    figures.push(
      {
        label: `reading 100,000 flights (${syntax}, ${Math.round(body.length / 1048576)} MB), longest event-loop stall`,
        value: stall,
        unit: 'ms',
        target: `< ${TARGET_MS} ms`,
        ok: stall < TARGET_MS,
      },
      { label: `  flights kept of 100,000 (${syntax})`, value: kept, unit: 'flights' },
    );
    const received = await receivedStallMs(Buffer.from(body), contentType, kind);
    figures.push({
      label: `  the same received over HTTP (127.0.0.1), joined, cleared of the key and read, longest stall`,
      value: received,
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      ok: received < TARGET_MS,
    });
  }
  return figures;
}

/**
 * The longest stall of the whole path of an answer (issue 35): received by the transport from a
 * server on 127.0.0.1, joined, its secrets searched, then read. Best of three rounds.
 */
async function receivedStallMs(body: Buffer, contentType: string, kind: 'json' | 'xml'): Promise<number> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': contentType }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/flights`);
  const transport = new HttpTransport({ ...DEFAULT_HTTP_SETTINGS, maxResponseBytes: 64 * 1024 * 1024 });
  let stall = Infinity;
  try {
    for (let round = 0; round < 3; round++) {
      stall = Math.min(
        stall,
        await longestStallMs(async () => {
          const res = await transport.send({
            method: 'GET',
            url,
            headers: {},
            what: 'bench',
            redactor: new Redactor(['bench-key']),
          });
          await readFlightList(res, kind, 'bench', { maxDepth: 64 });
        }),
      );
    }
  } finally {
    await transport.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return stall;
}
