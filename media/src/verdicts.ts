/**
 * The host's verdicts on the view's airspaces and NOTAMs (MapView.verdicts, or a later `verdicts`
 * message after a filter change), kept by id so that the styles, the lists and the details read
 * the same answer. The page decides nothing: an item without a verdict falls back to what the
 * view already says (a NOTAM's corridor flag; an airspace is shown).
 */
import type { MapActivity, MapVerdict } from '../../common/protocol/mapMessages';

export class Verdicts {
  private byId = new Map<string, MapVerdict>();
  /** Draw the left-out items faded and dashed instead of hiding them (the user's switch). */
  showLeftOut = false;

  set(verdicts: Record<string, MapVerdict> | undefined): void {
    this.byId = new Map(Object.entries(verdicts ?? {}));
  }

  get(id: string): MapVerdict | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Whether the item passes the filters: its verdict, else `fallback` (the view's own decision). */
  applies(id: string, fallback = true): boolean {
    return this.byId.get(id)?.applies ?? fallback;
  }

  /** Whether the host judged the item a conflict with the flight (labelled first). */
  conflict(id: string): boolean {
    return this.byId.get(id)?.conflict === true;
  }

  /** Whether the item is drawn at all. */
  drawn(id: string, fallback = true): boolean {
    return this.showLeftOut || this.applies(id, fallback);
  }
}

/** "active when the flight is there", in words for a list or a popup. */
export function activityText(activity: MapActivity): string {
  switch (activity) {
    case 'active':
      return 'active when the flight is there';
    case 'inactive':
      return 'not active when the flight is there';
    default:
      return 'activity not known';
  }
}
