/**
 * The NOTAM list of the side panel, as a briefing reads (common/notamBriefing.ts): what concerns
 * the flight, grouped by the aerodrome of departure, en route by FIR in route order, the
 * aerodrome of destination and the alternates (the host's `briefing` place); the rest folded
 * under one line: NOTAMs about the use of aerodromes the route only passes, and, with the switch,
 * those the verdicts leave out. Each NOTAM by its decoded subject ("Restricted area activated"),
 * then its E line, its validity as a dispatcher reads it and why it is listed; a button opens it
 * whole. A new view or new verdicts update it in place: a row whose NOTAM is still listed and
 * reads the same is left alone, so that a filter change touches a few rows instead of laying out
 * hundreds again. Every text is set with textContent.
 */
import { notamBriefing, otherNotamsLine } from '../../common/notamBriefing';
import { validityText } from '../../common/notamText';
import type { MapNotam } from '../../common/protocol/mapMessages';
import { collapsible } from './collapsible';
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

  /** The NOTAMs not for this flight, folded under one line (kept open or closed across reloads). */
  private readonly rest = collapsible('notam-rest', '', false);
  private readonly restList = document.createElement('ul');

  constructor(
    private readonly verdicts: Verdicts,
    chosen: (notam: MapNotam) => void,
  ) {
    this.element.id = 'map-notam-list';
    this.list.className = 'notam-groups';
    this.more.className = 'meta';
    this.restList.className = 'notams';
    this.rest.element.classList.add('notam-rest');
    this.rest.body.append(this.restList);
    this.element.append(this.heading, this.list, this.rest.element, this.more);
    this.element.hidden = true;
    // One listener for every row: a row kept across views opens the NOTAM of the view shown now.
    this.element.addEventListener('click', (event) => {
      const button = (event.target as Element).closest('li button');
      const id = button?.closest('li')?.dataset.itemId;
      const notam = id === undefined ? undefined : this.byId.get(id);
      if (notam) chosen(notam);
    });
  }

  show(notams: MapNotam[]): void {
    this.byId = new Map(notams.map((n) => [n.id, n]));
    const briefing = notamBriefing(notams, (n) => this.verdicts.applies(n.id, n.inCorridor));
    this.element.hidden = notams.length === 0;
    const listed = briefing.groups.reduce((sum, g) => sum + g.notams.length, 0);
    const others = briefing.otherAerodromes.length;
    const left = briefing.leftOut.length;
    // Without verdicts, the corridor is the only thing that leaves a NOTAM out.
    const why = this.verdicts.size ? 'left out' : 'outside the corridor';
    setText(
      this.heading,
      `NOTAMs (${listed}${others ? `, ${others} of aerodromes passed` : ''}${left ? `, ${left} ${why}` : ''})`,
    );
    let budget = NOTAM_LIST_LIMIT;
    const take = (list: MapNotam[]) => {
      const taken = list.slice(0, Math.max(0, budget));
      budget -= taken.length;
      return taken;
    };
    const shownGroups = briefing.groups.map((g) => ({ ...g, notams: take(g.notams) })).filter((g) => g.notams.length);
    // The rest: the other aerodromes' NOTAMs, and those left out when the switch shows them.
    const restShown = [...briefing.otherAerodromes, ...(this.verdicts.showLeftOut ? briefing.leftOut : [])];
    const restListed = take(restShown);
    const keep = new Set([...shownGroups.flatMap((g) => g.notams), ...restListed].map((n) => n.id));
    for (const id of [...this.rows.keys()]) if (!keep.has(id)) this.rows.delete(id);
    const sections = shownGroups.map(({ key, title, notams: listedHere }) => {
      const group = this.group(key);
      setText(group.heading, title);
      reconcile(
        group.list,
        listedHere.map((n) => this.row(n)),
      );
      return group.element;
    });
    for (const key of [...this.groups.keys()]) if (!shownGroups.some((g) => g.key === key)) this.groups.delete(key);
    reconcile(this.list, sections);
    reconcile(
      this.restList,
      restListed.map((n) => this.row(n)),
    );
    this.rest.element.hidden = restShown.length === 0;
    const summary = this.rest.element.querySelector('summary')!;
    setText(summary, otherNotamsLine({ ...briefing, leftOut: this.verdicts.showLeftOut ? briefing.leftOut : [] }));
    const total = listed + restShown.length;
    this.more.hidden = total <= NOTAM_LIST_LIMIT;
    setText(
      this.more,
      this.more.hidden ? '' : `… and ${total - NOTAM_LIST_LIMIT} more: narrow the corridor to list them`,
    );
  }

  /** The row of this NOTAM: the one on the page when it still reads the same, else updated or new. */
  private row(notam: MapNotam): HTMLLIElement {
    const applies = this.verdicts.applies(notam.id, notam.inCorridor);
    const verdict = this.verdicts.get(notam.id);
    const reason = verdict ? `${activityText(verdict.activity)}; ${verdict.reason}` : undefined;
    const shows = [
      notam.validFrom,
      notam.validTo,
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
    const validity = validityText(notam.validFrom, notam.validTo);
    if (validity) {
      const line = document.createElement('div');
      line.className = 'validity';
      line.textContent = validity;
      parts.push(line);
    }
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
