/**
 * The NOTAM list of the side panel: the NOTAMs the verdicts keep (and those left out, with the
 * switch), in the host's order, each a button that opens its full text. A new view or new
 * verdicts update it in place: a row whose NOTAM is still listed and reads the same is left
 * alone, so that a filter change touches a few rows instead of laying out hundreds again. Every
 * text is set with textContent.
 */
import type { MapNotam } from '../../common/protocol/mapMessages';
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
  private readonly list = document.createElement('ul');
  private readonly more = document.createElement('p');
  private readonly rows = new Map<string, Row>();
  private byId = new Map<string, MapNotam>();

  constructor(
    private readonly verdicts: Verdicts,
    chosen: (notam: MapNotam) => void,
  ) {
    this.element.id = 'map-notam-list';
    this.list.className = 'notams';
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
    const listed = shown.slice(0, NOTAM_LIST_LIMIT);
    const wanted = listed.map((notam) => this.row(notam));
    const keep = new Set(listed.map((n) => n.id));
    for (const id of [...this.rows.keys()]) if (!keep.has(id)) this.rows.delete(id);
    reconcile(this.list, wanted);
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
    const shows = [notam.number, notam.location, notam.subject, applies, reason ?? '\u0000'].join('\u0001');
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
    const parts: HTMLElement[] = [button];
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
