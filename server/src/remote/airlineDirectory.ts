/**
 * The operator of field 7 (aircraft identification) of an FPL message, checked against the
 * airline reference: a warning for an unknown ICAO designator or an airline marked inactive, a
 * hover naming the airline, completion of designators. ICAO designators are unique; IATA codes
 * are reused by several airlines over the years, so an IATA-looking call sign is only explained,
 * never warned about. Pure: the airline list comes in as data (see AirlineDirectory).
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { CancellationToken, FplField, Range, RouteDiagnostic, RouteDocument } from '../route/model';
import { DIAGNOSTIC_CODES } from '../route/codes';
import { escapeMarkdown, inlineCode } from '../route/markdown';

/** What the services need of an airline record (the reference client's Airline fits). */
export interface AirlineEntry {
  fs: string;
  iata?: string;
  icao?: string;
  name: string;
  active: boolean;
  dateFrom?: string;
  dateTo?: string;
}

/** The airline list indexed by ICAO and IATA code: a look-up is one Map access. */
export class AirlineDirectory {
  private readonly icao = new Map<string, AirlineEntry[]>();
  private readonly iata = new Map<string, AirlineEntry[]>();
  /** Airlines with an ICAO designator, sorted by it, for completion. */
  private readonly withIcao: AirlineEntry[];

  constructor(
    readonly airlines: readonly AirlineEntry[],
    /** When the list was fetched from the service (ms since the epoch). */
    readonly fetchedAt: number,
  ) {
    for (const airline of airlines) {
      if (airline.icao) push(this.icao, airline.icao.toUpperCase(), airline);
      if (airline.iata) push(this.iata, airline.iata.toUpperCase(), airline);
    }
    this.withIcao = airlines.filter((a) => a.icao).sort((a, b) => a.icao!.localeCompare(b.icao!));
  }

  byIcao(code: string): readonly AirlineEntry[] {
    return this.icao.get(code.toUpperCase()) ?? [];
  }

  byIata(code: string): readonly AirlineEntry[] {
    return this.iata.get(code.toUpperCase()) ?? [];
  }

  startingWith(prefix: string): AirlineEntry[] {
    const upper = prefix.toUpperCase();
    return this.withIcao.filter((a) => a.icao!.toUpperCase().startsWith(upper));
  }
}

function push(map: Map<string, AirlineEntry[]>, key: string, airline: AirlineEntry): void {
  const list = map.get(key);
  if (list) list.push(airline);
  else map.set(key, [airline]);
}

export interface OperatorDesignator {
  code: string;
  kind: 'icao' | 'iata';
  range: Range;
}

const ICAO_CALL_SIGN = /^([A-Z]{3})\d[A-Z0-9]{0,3}$/;
const IATA_FLIGHT = /^([A-Z][A-Z0-9]|[0-9][A-Z])\d{1,4}[A-Z]?$/;

/**
 * The operator part of field 7: `DLH4AB` → ICAO `DLH`; `LH400` → IATA `LH` (not what field 7
 * expects, but what people write). A registration (`DAIPX`, `GABCD`) has none.
 */
export function operatorDesignator(field: FplField): OperatorDesignator | undefined {
  if (field.number !== 7 || field.range.start.line !== field.range.end.line) return undefined;
  const [id = ''] = field.text.toUpperCase().split('/');
  const icao = ICAO_CALL_SIGN.exec(id);
  const iata = icao ? undefined : IATA_FLIGHT.exec(id);
  const match = icao ?? iata;
  if (!match) return undefined;
  const start = field.range.start;
  const code = match[1]!; // both patterns capture their first group whenever they match
  return {
    code,
    kind: icao ? 'icao' : 'iata',
    range: { start, end: { line: start.line, character: start.character + code.length } },
  };
}

function dates(airline: AirlineEntry): string {
  if (airline.dateFrom && airline.dateTo) return `from ${airline.dateFrom} to ${airline.dateTo}`;
  if (airline.dateFrom) return `since ${airline.dateFrom}`;
  if (airline.dateTo) return `until ${airline.dateTo}`;
  return 'no dates given';
}

function summary(airline: AirlineEntry): string {
  const codes = [airline.icao && `ICAO ${airline.icao}`, airline.iata && `IATA ${airline.iata}`]
    .filter(Boolean)
    .join(', ');
  return `${airline.name} (${codes}${codes ? ', ' : ''}${airline.active ? 'active' : 'inactive'}, ${dates(airline)})`;
}

/** A001/A002 on the operator designator of every FPL message's field 7. */
export function airlineFindings(
  document: RouteDocument,
  directory: AirlineDirectory,
  token: CancellationToken,
): RouteDiagnostic[] {
  const findings: RouteDiagnostic[] = [];
  for (const block of document.blocks) {
    if (token.isCancellationRequested) return [];
    // The kind is known without reading the block's model: route blocks (most of a large file) are not read.
    if (block.kind !== 'fpl') continue;
    const field = block.fpl?.fields.find((f) => f.number === 7);
    const operator = field ? operatorDesignator(field) : undefined;
    if (!operator || operator.kind !== 'icao') continue;
    const found = directory.byIcao(operator.code);
    if (found.length === 0) {
      findings.push({
        code: 'A001',
        severity: DIAGNOSTIC_CODES.A001.severity,
        message: `${operator.code} is not an ICAO operator designator in the airline reference: check the aircraft identification (field 7 starts with the operator's 3-letter ICAO designator, e.g. DLH4AB), or write the registration.`,
        range: operator.range,
      });
    } else if (!found.some((a) => a.active)) {
      findings.push({
        code: 'A002',
        severity: DIAGNOSTIC_CODES.A002.severity,
        message: `${operator.code} is ${found.map(summary).join('; ')} in the airline reference: no active airline has this ICAO designator. Check the operator of the flight.`,
        range: operator.range,
        data: {
          icao: operator.code,
          airlines: found.map((a) => ({ name: a.name, active: a.active, dateFrom: a.dateFrom, dateTo: a.dateTo })),
        },
      });
    }
  }
  return findings;
}

/** The hover section for field 7, or undefined when it names no operator. */
export function airlineHoverSection(field: FplField, directory: AirlineDirectory): string | undefined {
  const operator = operatorDesignator(field);
  if (!operator) return undefined;
  const found = operator.kind === 'icao' ? directory.byIcao(operator.code) : directory.byIata(operator.code);
  const day = new Date(directory.fetchedAt).toISOString().slice(0, 10);
  const lines = [
    `*Airline reference (list of ${day})*`,
    '',
    operator.kind === 'icao'
      ? `Looked up by ICAO designator ${inlineCode(operator.code)} (ICAO designators are unique).`
      : `Looked up by IATA code ${inlineCode(operator.code)}: IATA codes are reused, so several airlines may bear it; field 7 expects the 3-letter ICAO designator.`,
    '',
  ];
  if (found.length === 0)
    lines.push(`No airline with this ${operator.kind === 'icao' ? 'ICAO designator' : 'IATA code'}.`);
  for (const a of found) {
    lines.push(
      `- **${escapeMarkdown(a.name)}**: ICAO ${a.icao ? inlineCode(a.icao) : '—'}, IATA ${a.iata ? inlineCode(a.iata) : '—'}, service code ${inlineCode(a.fs)}, ${a.active ? 'active' : '**inactive**'} (${dates(a)})`,
    );
  }
  return lines.join('\n');
}

/** ICAO designators starting with what is typed (only while the operator part is typed). */
export function airlineCompletions(
  directory: AirlineDirectory,
  prefix: string,
  replace: Range,
  max = 200,
): CompletionItem[] {
  if (!/^[A-Za-z]{0,3}$/.test(prefix)) return [];
  const matching = directory.startingWith(prefix);
  // Active airlines first; an inactive one is still offered for old flight plans, marked.
  matching.sort((a, b) => Number(b.active) - Number(a.active) || a.icao!.localeCompare(b.icao!));
  return matching.slice(0, max).map((a, k) => ({
    label: a.icao!,
    kind: CompletionItemKind.Reference,
    detail: `${a.name} · IATA ${a.iata ?? '—'} · ${a.active ? 'active' : 'inactive'}`,
    documentation: `${summary(a)}; service code ${a.fs}`,
    sortText: String(k).padStart(5, '0'),
    textEdit: { range: replace, newText: a.icao! },
  }));
}
