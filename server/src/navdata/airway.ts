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

export class Airway {
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  private readonly direction: number[] = [];
  /** node → reachable neighbours, built on first use. */
  private adjacency?: Map<number, number[]>;

  constructor(readonly name: string) {}

  addSegment(from: number, to: number, direction: number): void {
    this.from.push(from);
    this.to.push(to);
    this.direction.push(direction);
    this.adjacency = undefined;
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
    const graph = this.graph();
    if (!graph.has(start)) return undefined;
    const wanted = new Set(targets);
    if (wanted.has(start)) return [start];
    const previous = new Map<number, number>([[start, -1]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head];
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

  private graph(): Map<number, number[]> {
    if (this.adjacency) return this.adjacency;
    const graph = new Map<number, number[]>();
    const link = (a: number, b: number) => {
      let list = graph.get(a);
      if (!list) graph.set(a, (list = []));
      if (!list.includes(b)) list.push(b);
    };
    for (let i = 0; i < this.from.length; i++) {
      const a = this.from[i];
      const b = this.to[i];
      if (!graph.has(a)) graph.set(a, []);
      if (!graph.has(b)) graph.set(b, []);
      if (this.direction[i] !== BACKWARD_ONLY) link(a, b);
      if (this.direction[i] !== FORWARD_ONLY) link(b, a);
    }
    this.adjacency = graph;
    return graph;
  }
}
