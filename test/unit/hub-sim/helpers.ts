/** Shared by the hub simulator tests: one simulator per test file, real HTTP through fetch. */
import { XMLParser } from 'fast-xml-parser';
import { startHubSimulator, HubSimulator, HubSimulatorOptions } from '../../hub-sim/server';

export async function startSim(options: HubSimulatorOptions = {}): Promise<HubSimulator> {
  return startHubSimulator({ port: 0, quiet: true, ...options });
}

export function hub(
  sim: HubSimulator,
  path: string,
  query: Record<string, string> = {},
  key: string | null = 'demo',
): string {
  const params = new URLSearchParams(query);
  if (key !== null) params.set('user_key', key);
  const qs = params.toString();
  return `${sim.url}${path}${qs ? `?${qs}` : ''}`;
}

export function reference(
  sim: HubSimulator,
  path: string,
  query: Record<string, string> = {},
  credentials = true,
): string {
  const params = new URLSearchParams(query);
  if (credentials) {
    params.set('appId', 'demo');
    params.set('appKey', 'demo');
  }
  const qs = params.toString();
  return `${sim.referenceUrl}${path}${qs ? `?${qs}` : ''}`;
}

export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  removeNSPrefix: false,
});

export function parseXml(text: string): Record<string, any> {
  return xmlParser.parse(text, true) as Record<string, any>;
}

/** Returns a list of items whether the parser gave one object or an array. */
export function many<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export async function expandRoute(
  sim: HubSimulator,
  body: unknown,
  accept = 'application/geo+json',
): Promise<Response> {
  return fetch(hub(sim, '/v1/routes/expand'), {
    method: 'POST',
    headers: { Accept: accept, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A flight of the given status now, from the JSON departures of some aerodrome. */
export async function anyFlightGufi(
  sim: HubSimulator,
  status: string,
): Promise<{ gufi: string; origin: string; destination: string; airline: string; flightNumber: string } | undefined> {
  for (const aerodrome of ['EGLL', 'LFPG', 'EHAM', 'VHHH', 'WSSS', 'EGCC', 'EIDW', 'LGSM']) {
    const res = await fetch(hub(sim, `/v1/aerodromes/${aerodrome}/departures`, { status, format: 'json' }));
    if (res.status !== 200) continue;
    const body = (await res.json()) as { features: { properties: any }[] };
    // Timetable flights (numeric numbers) first: FPL callsigns like DLH4AB have no commercial number.
    const f = body.features.find((x) => /^\d+$/.test(x.properties.flightNumber)) ?? body.features[0];
    if (f)
      return {
        gufi: f.properties.gufi,
        origin: f.properties.departure.aerodrome,
        destination: f.properties.arrival.aerodrome,
        airline: f.properties.airline,
        flightNumber: f.properties.flightNumber,
      };
  }
  return undefined;
}
