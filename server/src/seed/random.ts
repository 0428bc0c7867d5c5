/**
 * A small seeded generator (mulberry32): the same seed gives the same demo data, so benchmark
 * runs are comparable. Ids and upload keys do not come from here (they must be unguessable).
 */
export interface Random {
  /** [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** a value picked with the given weights */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** count distinct items, in random order */
  sample<T>(items: readonly T[], count: number): T[];
  digits(length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    pick,
    chance: (probability) => next() < probability,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let r = next() * total;
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, count);
    },
    digits(length: number): string {
      let out = '';
      for (let i = 0; i < length; i++) out += String(Math.floor(next() * 10));
      return out;
    },
  };
}
