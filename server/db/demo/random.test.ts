import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';

const draws = (seed: string, n = 50) => {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => random.uint32());
};

describe('createRandom', () => {
  it('gives the same stream for the same seed and another for another seed', () => {
    expect(draws('a')).toEqual(draws('a'));
    expect(draws('a')).not.toEqual(draws('b'));
    expect(createRandom(7).next()).toBe(createRandom('7').next());
  });

  it('keeps forks independent: drawing from one stream never shifts another', () => {
    const twenty = (random: ReturnType<typeof createRandom>) => Array.from({ length: 20 }, () => random.uint32());
    const root = createRandom('root');
    const left = root.fork('left');
    for (let i = 0; i < 100; i++) left.next();
    root.next();
    expect(twenty(root.fork('right'))).toEqual(twenty(createRandom('root').fork('right')));
    expect(twenty(createRandom('root').fork('left'))).not.toEqual(twenty(createRandom('root').fork('right')));
  });

  it('draws floats in [0, 1) and integers within both bounds, spread evenly', () => {
    const random = createRandom('spread');
    const counts = new Map<number, number>();
    let low = 1;
    let high = 0;
    for (let i = 0; i < 60_000; i++) {
      const f = random.next();
      low = Math.min(low, f);
      high = Math.max(high, f);
      const n = random.int(1, 6);
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    expect(low).toBeGreaterThanOrEqual(0);
    expect(low).toBeLessThan(0.001);
    expect(high).toBeLessThan(1);
    expect(high).toBeGreaterThan(0.999);
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('picks by weight and never picks a zero weight', () => {
    const random = createRandom('weights');
    const picked = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const item = random.weighted(['a', 'b', 'never'], (x) => (x === 'a' ? 3 : x === 'b' ? 1 : 0));
      picked.set(item, (picked.get(item) ?? 0) + 1);
    }
    expect(picked.get('never')).toBeUndefined();
    expect((picked.get('a') ?? 0) / (picked.get('b') ?? 1)).toBeGreaterThan(2.6);
    expect((picked.get('a') ?? 0) / (picked.get('b') ?? 1)).toBeLessThan(3.4);
  });

  it('takes some distinct items in list order, between min and max of them', () => {
    const random = createRandom('some');
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (let i = 0; i < 500; i++) {
      const chosen = random.some(items, 2, 4);
      expect(chosen.length).toBeGreaterThanOrEqual(2);
      expect(chosen.length).toBeLessThanOrEqual(4);
      expect(new Set(chosen).size).toBe(chosen.length);
      expect(chosen).toEqual(items.filter((x) => chosen.includes(x)));
    }
    expect(random.some(items, 10, 12)).toEqual(items);
  });

  it('makes version-4 UUIDs that do not repeat', () => {
    const random = createRandom('ids');
    const ids = Array.from({ length: 20_000 }, () => random.uuid());
    for (const id of ids.slice(0, 200)) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
