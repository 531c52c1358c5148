/**
 * One airway designator as a graph of segments between point indices. The same designator can
 * name unconnected airways in different parts of the world (A1 exists in several regions); the
 * graph holds them all and a path is only found within a connected piece.
 */

export const BOTH_WAYS = 0;
/** Only from the first point of the segment to the second. */
export const FORWARD_ONLY = 1;
/** Only from the second point of the segment to the first. */
export const BACKWARD_ONLY = 2;

/** Segment level type in awy.dat: 1 low airway, 2 high airway. */
export const LOW_AIRWAY = 1;
export const HIGH_AIRWAY = 2;

/** One segment as the data gives it: its ends, direction and level band (flight levels). */
export interface AirwaySegment {
  from: number;
  to: number;
  direction: number;
  /** 1 low, 2 high, 0 unknown. */
  levelType: number;
  baseFl: number;
  topFl: number;
}

/**
 * Base and top flight levels (0–999 each) and the level type (0–3) packed in one small integer
 * per segment, so the ~100,000 segments of a world data set cost one array slot each.
 */
function packLimits(levelType: number, baseFl: number, topFl: number): number {
  return ((topFl & 0x3ff) << 12) | ((baseFl & 0x3ff) << 2) | (levelType & 3);
}

export class Airway {
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  private readonly direction: number[] = [];
  private readonly limits: number[] = [];
  /** node → reachable neighbours, built on first use; cleared when a segment is added. */
  private adjacency: Map<number, number[]> | undefined;

  constructor(readonly name: string) {}

  addSegment(from: number, to: number, direction: number, levelType = 0, baseFl = 0, topFl = 0): void {
    this.from.push(from);
    this.to.push(to);
    this.direction.push(direction);
    this.limits.push(packLimits(levelType, baseFl, topFl));
    this.adjacency = undefined;
  }

  /**
   * The data's segments joining `a` and `b` in either order (a pair may be listed twice, as a
   * low and as a high airway with different bands).
   */
  segmentsBetween(a: number, b: number): AirwaySegment[] {
    const found: AirwaySegment[] = [];
    // The four columns are pushed together (addSegment), so an index under from.length is in each.
    for (const [i, from] of this.from.entries()) {
      const to = this.to[i]!;
      if (!((from === a && to === b) || (from === b && to === a))) continue;
      const packed = this.limits[i]!;
      found.push({
        from,
        to,
        direction: this.direction[i]!,
        levelType: packed & 3,
        baseFl: (packed >> 2) & 0x3ff,
        topFl: (packed >> 12) & 0x3ff,
      });
    }
    return found;
  }

  /** The fewest-segment path as `path` finds it, but flying one-way segments either way. */
  pathIgnoringDirection(start: number, targets: readonly number[]): number[] | undefined {
    return this.search(this.undirectedGraph(), start, targets);
  }

  /** Every point index on this airway. */
  nodes(): number[] {
    return [...this.graph().keys()];
  }

  has(node: number): boolean {
    return this.graph().has(node);
  }

  /** The points one segment away from `node` that may be flown to from it. */
  neighbours(node: number): readonly number[] {
    return this.graph().get(node) ?? [];
  }

  /** The nodes of this airway that satisfy a test (e.g. bear a given ident). */
  nodesWhere(test: (node: number) => boolean): number[] {
    const found: number[] = [];
    for (const node of this.graph().keys()) if (test(node)) found.push(node);
    return found;
  }

  /**
   * The fewest-segment path from `start` to any of `targets` along this airway, respecting
   * one-way segments; both ends included. Undefined when no target is reachable.
   */
  path(start: number, targets: readonly number[]): number[] | undefined {
    return this.search(this.graph(), start, targets);
  }

  private search(graph: Map<number, number[]>, start: number, targets: readonly number[]): number[] | undefined {
    if (!graph.has(start)) return undefined;
    const wanted = new Set(targets);
    if (wanted.has(start)) return [start];
    const previous = new Map<number, number>([[start, -1]]);
    const queue = [start];
    // The array iterator reads the length each step, so nodes queued below are visited too.
    for (const node of queue) {
      for (const next of graph.get(node) ?? []) {
        if (previous.has(next)) continue;
        previous.set(next, node);
        if (wanted.has(next)) {
          const path = [next];
          for (let at = node; at !== -1; at = previous.get(at)!) path.push(at);
          return path.reverse();
        }
        queue.push(next);
      }
    }
    return undefined;
  }

  /** Built on demand, only when a path against the direction is asked for (rare): not kept. */
  private undirectedGraph(): Map<number, number[]> {
    return this.build(true);
  }

  private graph(): Map<number, number[]> {
    if (this.adjacency) return this.adjacency;
    this.adjacency = this.build(false);
    return this.adjacency;
  }

  private build(ignoreDirection: boolean): Map<number, number[]> {
    const graph = new Map<number, number[]>();
    const link = (a: number, b: number) => {
      let list = graph.get(a);
      if (!list) graph.set(a, (list = []));
      if (!list.includes(b)) list.push(b);
    };
    // The columns are pushed together (addSegment), so an index under from.length is in each.
    for (const [i, a] of this.from.entries()) {
      const b = this.to[i]!;
      if (!graph.has(a)) graph.set(a, []);
      if (!graph.has(b)) graph.set(b, []);
      if (ignoreDirection || this.direction[i] !== BACKWARD_ONLY) link(a, b);
      if (ignoreDirection || this.direction[i] !== FORWARD_ONLY) link(b, a);
    }
    return graph;
  }
}
