/**
 * Field 18 and 19 items against the other fields (ICAO Doc 4444 Appendix 2, Amendment 1):
 * STS/NONRVSM with W, TALT/ at the departure, an alternate that is the destination, a fuel
 * endurance (E/) shorter than the total EET, an EET/ estimate beyond it, NAV/ naming a GNSS augmentation without G or Z, and
 * DOF/ more than 120 hours ahead. Each a warning: the message may be meant otherwise, and the
 * office that files it decides. Pure; the clock is the one the session sets (route/clock.ts).
 */
import { referenceNow } from './clock';
import type { DiagnosticSink } from './diagnostics';
import { lineRange, spanRange } from './diagnostics';
import type { FplFacts } from './fplRules';
import { dateOf } from './fplOther';
import type { OtherItem } from './fplOther';
import type { Range } from './model';
import { hasLetter } from './pbnSensors';

/** Doc 4444 (Amendment 1): a flight plan is not submitted more than 120 hours before the EOBT. */
export const FILING_WINDOW_HOURS = 120;

/** The GNSS augmentations NAV/ states (Doc 4444 App. 2, Item 10a G and Item 18 NAV/), and the named SBAS systems. */
const AUGMENTATIONS = new Set(['GBAS', 'SBAS', 'ABAS', 'GRAS', 'EGNOS', 'WAAS', 'MSAS', 'GAGAN', 'SDCM', 'LAAS']);

function itemRange(item: OtherItem): Range {
  return spanRange(item.fromLine, item.fromChar, item.toLine, item.toChar);
}

/** Each word of an item's value with its range (the word's own on a one-line item, else the item's). */
function wordsOf(item: OtherItem): { word: string; range: Range }[] {
  const oneLine = item.fromLine === item.toLine;
  const valueStart = item.fromChar + item.indicator.length + 1;
  const out: { word: string; range: Range }[] = [];
  let at = 0;
  for (const word of item.value.split(' ')) {
    if (!word) continue;
    const index = item.value.indexOf(word, at);
    at = index + word.length;
    const exact = oneLine && item.toChar - valueStart === item.value.length;
    out.push({
      word: word.toUpperCase(),
      range: exact ? lineRange(item.fromLine, valueStart + index, valueStart + index + word.length) : itemRange(item),
    });
  }
  return out;
}

function minutesOf(hhmm: string): number | undefined {
  if (!/^\d{4}$/.test(hhmm)) return undefined;
  const m = Number(hhmm.slice(2));
  return m > 59 ? undefined : Number(hhmm.slice(0, 2)) * 60 + m;
}

function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Mar 2027 12:00Z". */
function instantWords(ms: number): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hh}:${mm}Z`;
}

function checkNonRvsm(f: FplFacts, item: OtherItem, sink: DiagnosticSink): void {
  if (!hasLetter(f.equipment, 'W')) return;
  const word = wordsOf(item).find((w) => w.word === 'NONRVSM');
  if (!word) return;
  sink.add(
    'R329',
    'STS/NONRVSM is a flight not approved for RVSM that asks to be handled in RVSM airspace, but field 10a ' +
      'gives W (RVSM approved): remove W if the aircraft is not approved, or STS/NONRVSM if it is',
    word.range,
  );
}

function checkTakeOffAlternate(f: FplFacts, item: OtherItem, sink: DiagnosticSink): void {
  const departure = f.departure?.value;
  if (!departure || departure === 'ZZZZ' || departure === 'AFIL') return;
  for (const { word, range } of wordsOf(item)) {
    if (word !== departure) continue;
    sink.add(
      'R330',
      `TALT/${word}: the take-off alternate is the departure aerodrome (field 13 ${departure}): a take-off ` +
        `alternate is another aerodrome, to land at shortly after take-off when ${departure} cannot be used`,
      range,
    );
  }
}

function checkAlternates(f: FplFacts, sink: DiagnosticSink): void {
  const destination = f.destination?.value;
  if (!destination || destination === 'ZZZZ') return;
  for (const alternate of f.alternates) {
    if (alternate.value !== destination) continue;
    sink.add(
      'R331',
      `alternate ${alternate.value} is the destination aerodrome (field 16 ${destination}): a destination ` +
        `alternate is another aerodrome, to proceed to when ${destination} cannot be used; name another or remove it`,
      alternate.range,
    );
  }
}

function checkEndurance(f: FplFacts, sink: DiagnosticSink): void {
  const endurance = f.endurance;
  const total = f.totalEet;
  if (!endurance || !total) return;
  const fuel = minutesOf(endurance.text);
  const eet = minutesOf(total.text);
  if (fuel === undefined || eet === undefined || fuel >= eet) return;
  sink.add(
    'R332',
    `E/${endurance.text}: the fuel endurance (${clock(fuel)}) is shorter than the total EET of field 16 ` +
      `(${total.text}, ${clock(eet)}): the flight would run out of fuel before its destination; check E/ and field 16`,
    endurance.range,
  );
}

function checkAugmentation(f: FplFacts, item: OtherItem, sink: DiagnosticSink): void {
  if (hasLetter(f.equipment, 'G') || hasLetter(f.equipment, 'Z') || f.equipment === '') return;
  for (const { word, range } of wordsOf(item)) {
    if (!AUGMENTATIONS.has(word)) continue;
    sink.add(
      'R333',
      `NAV/ names ${word}, a GNSS augmentation, but field 10a has neither G (GNSS, whose augmentation NAV/ ` +
        `states) nor Z (other equipment, specified in NAV/): add G if the aircraft carries GNSS`,
      range,
    );
    return;
  }
}

function checkEstimatesWithinTotal(f: FplFacts, item: OtherItem, sink: DiagnosticSink): void {
  const total = f.totalEet ? minutesOf(f.totalEet.text) : undefined;
  if (total === undefined) return;
  for (const { word, range } of wordsOf(item)) {
    const time = word.length > 4 ? minutesOf(word.slice(-4)) : undefined;
    if (time === undefined || time <= total) continue;
    sink.add(
      'R335',
      `EET/${word}: ${clock(time)} from take-off is beyond the total EET of field 16 (${f.totalEet!.text}, ` +
        `${clock(total)}): every estimate of EET/ is on the way to the destination; check the time or field 16`,
      range,
    );
  }
}

function checkFilingWindow(f: FplFacts, item: OtherItem, sink: DiagnosticSink): void {
  const now = referenceNow();
  const date = dateOf(item.value);
  if (now === undefined || date === undefined) return;
  const eobtMin = (f.eobt && minutesOf(f.eobt)) || 0;
  const eobt = date + eobtMin * 60_000;
  const hours = (eobt - now) / 3_600_000;
  if (hours <= FILING_WINDOW_HOURS) return;
  sink.add(
    'R334',
    `DOF/${item.value} with EOBT ${f.eobt ?? '0000'} is ${instantWords(eobt)}, ${Math.floor(hours)} hours after now ` +
      `(${instantWords(now)}): a flight plan is filed at most ${FILING_WINDOW_HOURS} hours before its EOBT ` +
      `(Doc 4444, Amendment 1); check the date`,
    itemRange(item),
  );
}

/** The rules of this file, once field 18 and field 19 are read. */
export function checkItemsAgainstFields(
  f: FplFacts,
  items: readonly OtherItem[],
  count: number,
  sink: DiagnosticSink,
): void {
  for (let k = 0; k < count; k++) {
    const item = items[k]!;
    if (!item.value) continue;
    switch (item.indicator) {
      case 'STS':
        checkNonRvsm(f, item, sink);
        break;
      case 'TALT':
        checkTakeOffAlternate(f, item, sink);
        break;
      case 'NAV':
        checkAugmentation(f, item, sink);
        break;
      case 'DOF':
        checkFilingWindow(f, item, sink);
        break;
      case 'EET':
        checkEstimatesWithinTotal(f, item, sink);
        break;
    }
  }
  checkAlternates(f, sink);
  checkEndurance(f, sink);
}
