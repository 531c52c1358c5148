/**
 * Deterministic randomness. Every generated record is derived from a string seed (an ICAO
 * code, a date, a callsign …) so the simulator answers identically on every run and machine.
 */

/** FNV-1a, 32 bit: turns a seed string into a PRNG state. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    if (this.state === 0) this.state = 0x9e3779b9;
  }

  /** mulberry32: small, fast and good enough for test data. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick needs at least one item.');
    return items[Math.floor(this.next() * items.length)]!; // next() < 1: under the length
  }

  letters(count: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'): string {
    let out = '';
    for (let i = 0; i < count; i++) out += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return out;
  }
}

/** A UUID-shaped identifier (version-4 layout) derived from a seed string. */
export function uuidFrom(seed: string): string {
  const random = new Random(`uuid:${seed}`);
  const digits = Array.from({ length: 32 }, () => Math.floor(random.next() * 16));
  // Version 4 at digit 12; the variant bits (10xx) at digit 16.
  const s = digits.map((d, i) => (i === 12 ? 4 : i === 16 ? (d & 0x3) | 0x8 : d).toString(16)).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A fresh, unique identifier for error pages (support ids); not deterministic on purpose. */
let supportCounter = 0;
export function supportId(): string {
  supportCounter += 1;
  return uuidFrom(`support:${process.pid}:${Date.now()}:${supportCounter}`);
}
