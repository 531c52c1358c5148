/**
 * Faults switched on per test: through `POST /__control/faults` or the `faults` object that
 * `startHubSimulator` returns. A fault applies to requests whose path matches its pattern, for
 * `count` requests (or until cleared).
 */

export const FAULT_KINDS = [
  'latency',
  'serverError',
  'forbidden',
  'unauthorized',
  'usageLimit',
  'notFound',
  'malformedBody',
  'truncatedGzip',
  'reset',
  'slowDrip',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /**
   * Which requests: a glob on the request path (`*` any characters, e.g. `/v1/aerodromes/*\/notams`
   * or `*notams*`); omitted = every request of the simulator (control endpoints excepted).
   */
  path?: string;
  /** HTTP method to match; omitted = any. */
  method?: string;
  /** Number of matching requests the fault applies to; omitted = until cleared. */
  count?: number;
  /** latency: milliseconds added before the answer (default 500). */
  latencyMs?: number;
  /** slowDrip: bytes per chunk (default 16) and pause between chunks (default 100 ms). */
  chunkBytes?: number;
  intervalMs?: number;
}

export interface ActiveFault extends FaultSpec {
  id: number;
  /** Requests this fault has been applied to. */
  hits: number;
}

export interface FaultControl {
  add(spec: FaultSpec): ActiveFault;
  clear(): void;
  list(): ActiveFault[];
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

export function validateFault(value: unknown): FaultSpec | string {
  if (!value || typeof value !== 'object') return 'a fault is a JSON object';
  const spec = value as Record<string, unknown>;
  if (!FAULT_KINDS.includes(spec.kind as FaultKind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  for (const key of ['count', 'latencyMs', 'chunkBytes', 'intervalMs']) {
    if (spec[key] !== undefined && !(typeof spec[key] === 'number' && (spec[key] as number) >= 0))
      return `${key} must be a non-negative number`;
  }
  for (const key of ['path', 'method']) {
    if (spec[key] !== undefined && typeof spec[key] !== 'string') return `${key} must be a string`;
  }
  return spec as unknown as FaultSpec;
}

export class FaultTable implements FaultControl {
  private faults: (ActiveFault & { pattern?: RegExp })[] = [];
  private nextId = 1;

  add(spec: FaultSpec): ActiveFault {
    const fault = { ...spec, id: this.nextId++, hits: 0, ...(spec.path ? { pattern: globToRegExp(spec.path) } : {}) };
    this.faults.push(fault);
    return this.view(fault);
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => this.view(f));
  }

  /** The faults that apply to this request; counts are consumed. */
  take(method: string, path: string): ActiveFault[] {
    const taken = this.faults.filter(
      (f) =>
        (!f.pattern || f.pattern.test(path)) &&
        (!f.method || f.method.toUpperCase() === method) &&
        (f.count === undefined || f.hits < f.count),
    );
    for (const f of taken) f.hits += 1;
    this.faults = this.faults.filter((f) => f.count === undefined || f.hits < f.count);
    return taken.map((f) => this.view(f));
  }

  private view(fault: ActiveFault & { pattern?: RegExp }): ActiveFault {
    const { pattern: _pattern, ...rest } = fault;
    return { ...rest };
  }
}
