/**
 * The NOTAM list of the side panel, as a briefing reads: grouped by the aerodrome of departure,
 * en route by FIR in route order, the aerodrome of destination and the alternates (the host's
 * `briefing` place); each NOTAM by its decoded subject ("Restricted area activated"), then its E
 * line, then why it is listed; a button opens it whole. The NOTAMs the verdicts leave out show
 * with the switch. A new view or new
 * verdicts update it in place: a row whose NOTAM is still listed and reads the same is left
 * alone, so that a filter change touches a few rows instead of laying out hundreds again. Every
 * text is set with textContent.
 */
import type { MapNotam, MapNotamBriefing } from '../../common/protocol/mapMessages';
import { activityText, type Verdicts } from './verdicts';

/** More rows than this make the list slow to build and useless to read; the rest is counted. */
export const NOTAM_LIST_LIMIT = 300;

interface Row {
  element: HTMLLIElement;
  /** Everything the row shows, in one string: equal strings, nothing to change. */
  shows: string;
}

export class NotamList {
  readonly element = document.createElement('section');
  private readonly heading = document.createElement('h2');
  private readonly list = document.createElement('div');
  /** One section per briefing group, kept by key so that a filter change moves few elements. */
  private readonly groups = new Map<string, { element: HTMLElement; heading: HTMLElement; list: HTMLUListElement }>();
  private readonly more = document.createElement('p');
  private readonly rows = new Map<string, Row>();
  private byId = new Map<string, MapNotam>();

  constructor(
    private readonly verdicts: Verdicts,
    chosen: (notam: MapNotam) => void,
  ) {
    this.element.id = 'map-notam-list';
    this.list.className = 'notam-groups';
    this.more.className = 'meta';
    this.element.append(this.heading, this.list, this.more);
    this.element.hidden = true;
    // One listener for every row: a row kept across views opens the NOTAM of the view shown now.
    this.list.addEventListener('click', (event) => {
      const button = (event.target as Element).closest('button');
      const id = button?.closest('li')?.dataset.itemId;
      const notam = id === undefined ? undefined : this.byId.get(id);
      if (notam) chosen(notam);
    });
  }

  show(notams: MapNotam[]): void {
    this.byId = new Map(notams.map((n) => [n.id, n]));
    const applying = notams.filter((n) => this.verdicts.applies(n.id, n.inCorridor));
    const shown = this.verdicts.showLeftOut ? notams : applying;
    this.element.hidden = notams.length === 0;
    const left = notams.length - applying.length;
    // Without verdicts, the corridor is the only thing that leaves a NOTAM out.
    const why = this.verdicts.size ? 'left out' : 'outside the corridor';
    setText(this.heading, `NOTAMs (${applying.length}${left ? `, ${left} ${why}` : ''})`);
    const listed = briefingOrder(shown).slice(0, NOTAM_LIST_LIMIT);
    const keep = new Set(listed.map((n) => n.id));
    for (const id of [...this.rows.keys()]) if (!keep.has(id)) this.rows.delete(id);
    const byGroup = new Map<string, { title: string; rows: HTMLLIElement[] }>();
    for (const notam of listed) {
      const { key, title } = groupOf(notam);
      let group = byGroup.get(key);
      if (!group) byGroup.set(key, (group = { title, rows: [] }));
      group.rows.push(this.row(notam));
    }
    const sections = [...byGroup].map(([key, { title, rows }]) => {
      const group = this.group(key);
      setText(group.heading, title);
      reconcile(group.list, rows);
      return group.element;
    });
    for (const key of [...this.groups.keys()]) if (!byGroup.has(key)) this.groups.delete(key);
    reconcile(this.list, sections);
    this.more.hidden = shown.length <= NOTAM_LIST_LIMIT;
    setText(
      this.more,
      this.more.hidden ? '' : `… and ${shown.length - NOTAM_LIST_LIMIT} more: narrow the corridor to list them`,
    );
  }

  /** The row of this NOTAM: the one on the page when it still reads the same, else updated or new. */
  private row(notam: MapNotam): HTMLLIElement {
    const applies = this.verdicts.applies(notam.id, notam.inCorridor);
    const verdict = this.verdicts.get(notam.id);
    const reason = verdict ? `${activityText(verdict.activity)}; ${verdict.reason}` : undefined;
    const shows = [
      notam.number,
      notam.location,
      notam.subject,
      notam.decoded,
      notam.text,
      applies,
      reason ?? '\u0000',
    ].join('\u0001');
    const had = this.rows.get(notam.id);
    if (had?.shows === shows) return had.element;
    const element = had?.element ?? document.createElement('li');
    element.dataset.itemId = notam.id;
    element.className = applies ? '' : 'left-out';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `link subject-${notam.subject}`;
    button.textContent = `${notam.number} ${notam.location}`;
    button.title = notam.subject;
    const subject = document.createElement('div');
    subject.className = 'subject';
    subject.textContent = notam.decoded ?? (notam.code ? `NOTAM code ${notam.code}` : 'NOTAM');
    const eLine = document.createElement('div');
    eLine.className = 'e-line';
    eLine.textContent = excerpt(notam.text);
    const parts: HTMLElement[] = [button, subject, eLine];
    if (reason !== undefined) {
      const line = document.createElement('div');
      line.className = 'reason';
      line.textContent = reason;
      parts.push(line);
    }
    element.replaceChildren(...parts);
    this.rows.set(notam.id, { element, shows });
    return element;
  }

  private group(key: string) {
    let group = this.groups.get(key);
    if (!group) {
      const element = document.createElement('section');
      element.className = 'notam-group';
      element.dataset.group = key;
      const heading = document.createElement('h3');
      const list = document.createElement('ul');
      list.className = 'notams';
      element.append(heading, list);
      this.groups.set(key, (group = { element, heading, list }));
    }
    return group;
  }
}

const SECTION_ORDER: Record<MapNotamBriefing['section'], number> = {
  departure: 0,
  enroute: 1,
  destination: 2,
  alternate: 3,
};

/** The briefing's order: departure, en route along the route, destination, alternates; the host's order within. */
function briefingOrder(notams: MapNotam[]): MapNotam[] {
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

/** The group a NOTAM is listed under: "Departure EGLL", "En route · FIR EBBU", "Destination EDDF". */
function groupOf(notam: MapNotam): { key: string; title: string } {
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

/** The E line, on one line, cut at a readable length (the whole NOTAM opens from its button). */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * Makes `parent`'s children the `wanted` elements, in order, moving none that can stay: the
 * rows leave and join in the host's order, so one pass removes those no longer wanted and
 * inserts the new ones where they belong.
 */
function reconcile(parent: HTMLElement, wanted: HTMLElement[]): void {
  const wantedSet = new Set(wanted);
  for (const child of Array.from(parent.children)) if (!wantedSet.has(child as HTMLElement)) child.remove();
  let cursor = parent.firstElementChild;
  for (const element of wanted) {
    if (element === cursor) cursor = cursor.nextElementSibling;
    else parent.insertBefore(element, cursor);
  }
}

function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
