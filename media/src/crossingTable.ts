/**
 * The crossing table: each stretch of the route inside a FIR, an airspace or a NOTAM area, in
 * order along the route, with the host's verdict. Kept in step with the map: a row click selects
 * the item on the map, and the map's selection marks its rows. Every cell is set with
 * textContent (names come from services).
 */
import type { MapCrossingRow } from '../../common/protocol/mapMessages';
import { activityText } from './verdicts';

/** More rows than this are not read by anyone; the rest is counted. */
const ROW_LIMIT = 500;

const COLUMNS = ['Entry NM', 'Exit NM', 'ETO', 'Name', 'Limits', 'Flight levels', 'Active?', 'Applies'];

export class CrossingTable {
  readonly element = document.createElement('section');
  private readonly body = document.createElement('tbody');
  private readonly caption = document.createElement('caption');
  private readonly more = document.createElement('p');
  private selected: string | undefined;

  constructor(private readonly rowChosen: (itemId: string) => void) {
    this.element.id = 'map-crossings';
    this.element.hidden = true;
    const table = document.createElement('table');
    table.className = 'crossings';
    const head = document.createElement('thead');
    const row = document.createElement('tr');
    for (const column of COLUMNS) {
      const cell = document.createElement('th');
      cell.scope = 'col';
      cell.textContent = column;
      row.append(cell);
    }
    head.append(row);
    table.append(this.caption, head, this.body);
    this.more.className = 'meta';
    this.more.hidden = true;
    this.body.addEventListener('click', (event) => {
      const row = (event.target as Element).closest('tr');
      const id = row?.dataset.itemId;
      if (id) this.rowChosen(id);
    });
    this.element.append(table, this.more);
  }

  setRows(rows: MapCrossingRow[] | undefined): void {
    const all = rows ?? [];
    this.element.hidden = all.length === 0;
    const applying = all.filter((r) => r.applies).length;
    const conflicts = all.filter((r) => r.conflict).length;
    this.caption.textContent = `Crossings (${all.length}, ${applying} applying${conflicts ? `, ${conflicts} conflict${conflicts === 1 ? '' : 's'}` : ''})`;
    this.body.replaceChildren(...all.slice(0, ROW_LIMIT).map((r) => this.row(r)));
    this.more.hidden = all.length <= ROW_LIMIT;
    this.more.textContent = `… and ${all.length - ROW_LIMIT} more crossings`;
    this.select(this.selected, false);
  }

  /** Marks the rows of this item (none: clears), scrolling the first into view when asked. */
  select(itemId: string | undefined, scroll = true): void {
    this.selected = itemId;
    let first: HTMLTableRowElement | undefined;
    for (const row of Array.from(this.body.rows)) {
      const on = itemId !== undefined && row.dataset.itemId === itemId;
      row.classList.toggle('selected', on);
      row.setAttribute('aria-selected', String(on));
      if (on && !first) first = row;
    }
    if (scroll && first) first.scrollIntoView({ block: 'nearest' });
  }

  private row(r: MapCrossingRow): HTMLTableRowElement {
    const row = document.createElement('tr');
    row.dataset.itemId = r.itemId;
    row.className = `${r.kind} ${r.applies ? 'applies' : 'left-out'} activity-${r.activity}${r.conflict ? ' conflict' : ''}`;
    row.title = r.reason;
    row.tabIndex = 0;
    row.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        this.rowChosen(r.itemId);
      }
    });
    const eto = r.entryEto ? (r.exitEto && r.exitEto !== r.entryEto ? `${r.entryEto}–${r.exitEto}` : r.entryEto) : '';
    const cells = [
      r.entryNm.toFixed(1),
      r.exitNm.toFixed(1),
      eto,
      r.name,
      r.limits,
      r.flightLevels,
      r.activity === 'active' ? 'yes' : r.activity === 'inactive' ? 'no' : '?',
      // A conflict (an active restriction at the flight's level) reads apart from the CTRs every flight crosses.
      r.conflict ? 'conflict' : r.applies ? 'yes' : 'no',
    ];
    cells.forEach((text, index) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      if (index === 6) cell.title = activityText(r.activity);
      row.append(cell);
    });
    return row;
  }
}
