/**
 * Field 7 of an FPL message, once the operator's ICAO designator is typed: the flight numbers the
 * hub lists for that operator (#1), as whole call signs. Pure: the session fetches the flights
 * (once per operator, cached) and hands them in.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Position, Range, RouteDocument } from '../route/model';

/** One flight number of an operator, as the hub listed it. */
export interface OperatorFlight {
  number: string;
  callsign: string;
  departure?: string;
  arrival?: string;
  /** ISO, as the hub wrote it. */
  scheduledDeparture?: string;
  status?: string;
  /** `callsign` is the operator and flight number: the hub gave no ATC call sign for it. */
  notAtcCallsign?: boolean;
}

/** Flight numbers offered at most, as the other completions (completion.ts): typing more narrows them. */
export const MAX_FLIGHT_NUMBER_ITEMS = 60;

export interface FlightNumberTarget {
  /** The ICAO designator typed (upper case). */
  airline: string;
  /** Field 7 as typed up to the cursor (upper case): the items offered start with it. */
  typed: string;
  /** From the start of field 7 to the cursor: what an item replaces. */
  range: Range;
}

/** The operator whose flight numbers complete field 7 here; undefined elsewhere or before three letters. */
export function flightNumberTarget(document: RouteDocument, position: Position): FlightNumberTarget | undefined {
  for (const block of document.blocks) {
    if (block.kind !== 'fpl' || position.line < block.range.start.line || position.line > block.range.end.line)
      continue;
    const field = block.fpl?.fields.find((f) => f.number === 7);
    if (!field || field.range.start.line !== position.line) return undefined;
    const { start } = field.range;
    if (position.character < start.character || position.character > field.range.end.character) return undefined;
    const typed = field.text.slice(0, position.character - start.character).toUpperCase();
    const match = /^([A-Z]{3})[0-9A-Z]{0,4}$/.exec(typed);
    if (!match) return undefined;
    return { airline: match[1]!, typed, range: { start, end: position } };
  }
  return undefined;
}

/** "EGLL → EDDF · 12:00Z · FILED" for an item's detail. */
function describe(flight: OperatorFlight): string {
  const parts: string[] = [];
  if (flight.departure || flight.arrival) parts.push(`${flight.departure ?? '?'} → ${flight.arrival ?? '?'}`);
  const at = flight.scheduledDeparture ? /T(\d\d:\d\d)/.exec(flight.scheduledDeparture)?.[1] : undefined;
  if (at) parts.push(`${at}Z`);
  if (flight.status) parts.push(flight.status);
  if (flight.notAtcCallsign) parts.push('operator and number, not the ATC call sign');
  return parts.join(' · ');
}

/**
 * The operator's flight numbers that start with what is typed, at most MAX_FLIGHT_NUMBER_ITEMS;
 * `incomplete` when more match (the editor asks again as the user types, from the cached list).
 */
export function flightNumberItems(
  flights: readonly OperatorFlight[],
  target: FlightNumberTarget,
): { items: CompletionItem[]; incomplete: boolean } {
  const items: CompletionItem[] = [];
  let incomplete = false;
  for (const flight of flights) {
    if (!flight.callsign.startsWith(target.typed)) continue;
    if (items.length === MAX_FLIGHT_NUMBER_ITEMS) {
      incomplete = true;
      break;
    }
    items.push({
      label: flight.callsign,
      kind: CompletionItemKind.Value,
      detail: describe(flight),
      documentation: flight.notAtcCallsign
        ? `A flight of ${target.airline} the hub lists now by its operator and flight number only: ` +
          'the hub gives no ATC call sign for it, and this need not be the call sign filed.'
        : `A flight of ${target.airline} the hub lists now (its flights of the airline).`,
      sortText: `~${String(items.length).padStart(5, '0')}`,
      filterText: flight.callsign,
      textEdit: { range: target.range, newText: flight.callsign },
    });
  }
  return { items, incomplete };
}
