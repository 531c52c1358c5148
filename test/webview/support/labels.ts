/**
 * The label boxes OpenLayers' decluttering kept in the page's last frame (labels, and the route's
 * symbols that labels avoid), and the pairs of them that overlap: what the layout tests check.
 */
import type { MapPage } from './mapPage';

export type LabelBox = {
  kind: string;
  id: string;
  text: string;
  symbol: boolean;
  box: [number, number, number, number];
};

export const labelBoxes = (map: MapPage) =>
  map.page.evaluate(() =>
    (window as unknown as { icaoRouteMap: { labelBoxes(): LabelBox[] } }).icaoRouteMap.labelBoxes(),
  );

const overlap = (a: LabelBox['box'], b: LabelBox['box']) =>
  Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;

/** Pairs of boxes of different features that overlap, except two symbols (points are all drawn). */
export function collisions(boxes: LabelBox[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      if (a.kind === b.kind && a.id === b.id && a.text === b.text) continue;
      if (a.symbol && b.symbol) continue;
      if (overlap(a.box, b.box)) found.push(`${a.kind} ${a.text}${a.symbol ? ' (symbol)' : ''} × ${b.kind} ${b.text}`);
    }
  return found;
}
