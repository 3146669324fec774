/**
 * A small seeded random source (sfc32 seeded by cyrb128): the same seed gives the same data on
 * every machine. 128 bits of state, so streams from different seeds do not overlap in practice.
 */

/** Four 32-bit words from a string, spread well enough to seed sfc32. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export type Random = {
  readonly seed: string;
  /** A float in [0, 1). */
  next(): number;
  /** An unsigned 32-bit integer. */
  uint32(): number;
  /** An integer from low to high, both included. */
  int(low: number, high: number): number;
  /** A float in [low, high). */
  between(low: number, high: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T;
  /** Between min and max distinct items, in the list's order. */
  some<T>(items: readonly T[], min: number, max: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A version-4-shaped UUID drawn from the stream (deterministic, unlike crypto.randomUUID). */
  uuid(): string;
  /** An independent stream named after this one, so adding draws in one part never shifts another. */
  fork(label: string): Random;
};

export function createRandom(seed: string | number): Random {
  const name = String(seed);
  let [a, b, c, d] = cyrb128(name);
  const uint32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 still show the seed's structure.
  for (let i = 0; i < 15; i++) uint32();
  const next = () => uint32() / 4294967296;
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const hex = (n: number) => n.toString(16).padStart(8, '0');

  return {
    seed: name,
    next,
    uint32,
    int,
    between: (low, high) => low + next() * (high - low),
    chance: (probability) => next() < probability,
    pick,
    weighted(items, weightOf) {
      const total = items.reduce((sum, item) => sum + weightOf(item), 0);
      let roll = next() * total;
      for (const item of items) {
        roll -= weightOf(item);
        if (roll < 0) return item;
      }
      return pick(items);
    },
    some(items, min, max) {
      const wanted = Math.min(items.length, int(min, max));
      const chosen = new Set(shuffle(items.map((_, i) => i)).slice(0, wanted));
      return items.filter((_, i) => chosen.has(i));
    },
    shuffle,
    uuid() {
      const w = [uint32(), uint32(), uint32(), uint32()].map(hex).join('');
      const variant = ((parseInt(w.charAt(16), 16) & 0x3) | 0x8).toString(16);
      return `${w.slice(0, 8)}-${w.slice(8, 12)}-4${w.slice(13, 16)}-${variant}${w.slice(17, 20)}-${w.slice(20, 32)}`;
    },
    fork: (label) => createRandom(`${name}/${label}`),
  };
}
