import { describe, expect, it } from 'vitest';
import { followChartShape } from './followChart';

describe('followChartShape', () => {
  it('scales both lines on one axis that holds 0, and leaves out unknown BTC prices', () => {
    const s = followChartShape(
      [
        { ct: 0, equity: 0, btc: 0 },
        { ct: 50, equity: 0.1, btc: null },
        { ct: 100, equity: -0.1, btc: 0.1 },
      ],
      108,
      36,
      { top: 8, bottom: 8, left: 4, right: 4 },
    );
    // x: 4..104; y: 0.1 at 8, -0.1 at 28, 0 at 18.
    expect(s.equity).toBe('4,18 54,8 104,28');
    expect(s.btc).toBe('4,18 104,8');
    expect(s.zeroY).toBe(18);
    expect(s.ticks).toEqual([
      { value: 0.1, y: 8 },
      { value: -0.1, y: 28 },
    ]);
  });

  it('draws nothing from one point and a flat line in the middle', () => {
    expect(followChartShape([{ ct: 5, equity: 0, btc: 0 }], 100, 40).equity).toBe('');
    const flat = followChartShape(
      [
        { ct: 0, equity: 0, btc: 0 },
        { ct: 10, equity: 0, btc: 0 },
      ],
      100,
      40,
    );
    expect(flat.equity).toBe('4,20 96,20');
  });
});
