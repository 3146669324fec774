import { describe, expect, it } from 'vitest';
import { parseLines } from './WalkInDialog.tsx';

describe('walk-in lines', () => {
  it('reads a quantity after x or ×, and one unit otherwise', () => {
    expect(parseLines('Dolo 650 x 10\n\n Mox 500 mg ×15 \nORS sachet')).toEqual([
      { name: 'Dolo 650', quantity: 10 },
      { name: 'Mox 500 mg', quantity: 15 },
      { name: 'ORS sachet', quantity: 1 },
    ]);
  });
});
