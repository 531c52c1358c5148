/**
 * The NOTAMs of a view as a briefing groups them, for the page's list and the exported Markdown
 * alike: what concerns the flight (the departure, en route by FIR along the route, the
 * destination, the alternates), and the rest under one line: NOTAMs about the use of aerodromes
 * the flight only passes, and those the verdicts leave out (other levels or times, outside the
 * corridor). Both places come from the host (each NOTAM's `briefing` place and verdict); nothing
 * is judged here. Pure.
 */
import type { MapNotam, MapNotamBriefing } from './protocol/mapMessages';

export interface NotamGroup {
  /** Stable across views: "departure", "enroute:EBBU", "alternate:EDDK". */
  key: string;
  /** "Departure EGLL", "En route · FIR EBBU", "Destination EDDF", "Alternate EDDK". */
  title: string;
  notams: MapNotam[];
}

export interface NotamBriefing {
  /** What concerns the flight, in the briefing's order; the host's order within a group. */
  groups: NotamGroup[];
  /** Applying NOTAMs about the use of an aerodrome the flight passes without using it, along the route. */
  otherAerodromes: MapNotam[];
  /** NOTAMs the verdicts leave out, in the briefing's order. */
  leftOut: MapNotam[];
}

const SECTION_ORDER: Record<MapNotamBriefing['section'], number> = {
  departure: 0,
  enroute: 1,
  otherAerodrome: 1,
  destination: 2,
  alternate: 3,
};

/** The briefing's order: departure, en route along the route, destination, alternates; the host's order within. */
function briefingOrder(notams: readonly MapNotam[]): MapNotam[] {
  const rank = (n: MapNotam) => (n.briefing ? SECTION_ORDER[n.briefing.section] : 1);
  return notams
    .map((notam, index) => ({ notam, index }))
    .sort(
      (a, b) =>
        rank(a.notam) - rank(b.notam) ||
        (a.notam.briefing?.alongNm ?? 0) - (b.notam.briefing?.alongNm ?? 0) ||
        a.index - b.index,
    )
    .map(({ notam }) => notam);
}

/** The group a NOTAM that concerns the flight is listed under. */
export function groupOf(notam: MapNotam): Omit<NotamGroup, 'notams'> {
  const b = notam.briefing;
  switch (b?.section) {
    case 'departure':
      return { key: 'departure', title: `Departure ${notam.location}` };
    case 'destination':
      return { key: 'destination', title: `Destination ${notam.location}` };
    case 'alternate':
      return { key: `alternate:${notam.location}`, title: `Alternate ${notam.location}` };
    default:
      return b?.fir
        ? { key: `enroute:${b.fir}`, title: `En route · FIR ${b.fir}` }
        : { key: 'enroute', title: 'En route' };
  }
}

/** The view's NOTAMs grouped for a briefing; `applies` is the host's verdict on each. */
export function notamBriefing(notams: readonly MapNotam[], applies: (notam: MapNotam) => boolean): NotamBriefing {
  const groups = new Map<string, NotamGroup>();
  const otherAerodromes: MapNotam[] = [];
  const leftOut: MapNotam[] = [];
  for (const notam of briefingOrder(notams)) {
    if (!applies(notam)) leftOut.push(notam);
    else if (notam.briefing?.section === 'otherAerodrome') otherAerodromes.push(notam);
    else {
      const { key, title } = groupOf(notam);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { key, title, notams: [] }));
      group.notams.push(notam);
    }
  }
  return { groups: [...groups.values()], otherAerodromes, leftOut };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one line that stands for the NOTAMs not listed with the flight's: "35 more, not for this
 * flight: 28 about the use of aerodromes the route passes (EBBR, EBAW, …), 7 left out by the
 * filters (other levels or times, or outside the corridor)". Empty when there are none.
 */
export function otherNotamsLine(briefing: NotamBriefing): string {
  const { otherAerodromes, leftOut } = briefing;
  const total = otherAerodromes.length + leftOut.length;
  if (total === 0) return '';
  const places = [...new Set(otherAerodromes.map((n) => n.location.toUpperCase()))];
  const named = places.length > 6 ? `${places.slice(0, 6).join(', ')}, …` : places.join(', ');
  const parts = [
    otherAerodromes.length
      ? `${plural(otherAerodromes.length, 'about the use of an aerodrome', 'about the use of aerodromes')} the route passes (${named})`
      : '',
    leftOut.length ? `${leftOut.length} left out by the filters (other levels or times, or outside the corridor)` : '',
  ].filter(Boolean);
  return `${plural(total, 'more NOTAM', 'more NOTAMs')}, not for this flight: ${parts.join('; ')}`;
}
