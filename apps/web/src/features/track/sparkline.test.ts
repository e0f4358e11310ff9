import { describe, expect, it } from 'vitest';
import { sparkShape } from './sparkline';

describe('sparkShape', () => {
  it('scales time to x and price to y (high prices at the top)', () => {
    const s = sparkShape(
      [
        { ct: 0, price: 10 },
        { ct: 50, price: 20 },
        { ct: 100, price: 15 },
      ],
      { ct: 0, price: 10 },
      104,
      24,
    );
    expect(s.points).toBe('2,22 52,2 102,12');
    expect(s.entry).toEqual({ x: 2, y: 22 });
    expect(s.rising).toBe(true);
  });

  it('includes the entry price in the range and clamps its time into the path', () => {
    const s = sparkShape(
      [
        { ct: 100, price: 10 },
        { ct: 200, price: 8 },
      ],
      { ct: 50, price: 12 },
      44,
      24,
    );
    expect(s.entry).toEqual({ x: 2, y: 2 });
    expect(s.points).toBe('2,12 42,22');
    expect(s.rising).toBe(false);
  });

  it('draws a flat path in the middle and nothing for fewer than two points', () => {
    const flat = sparkShape(
      [
        { ct: 0, price: 5 },
        { ct: 10, price: 5 },
      ],
      { ct: null, price: null },
      24,
      20,
    );
    expect(flat.points).toBe('2,10 22,10');
    expect(flat.entry).toBeNull();
    expect(sparkShape([{ ct: 0, price: 1 }], { ct: 0, price: 1 }, 10, 10).points).toBe('');
  });
});
