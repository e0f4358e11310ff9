import { describe, expect, it } from 'vitest';
import { formatHitRate, formatPercent, formatSignedReturn, hasEnoughCalls, returnTone } from './format';

describe('formatPercent and formatHitRate', () => {
  it('rounds to whole percents with the language spacing', () => {
    expect(formatPercent(0.625, 'en')).toBe('63\u2009%');
    expect(formatPercent(0.625, 'zh-CN')).toBe('63%');
    expect(formatPercent(0, 'en')).toBe('0\u2009%');
    expect(formatPercent(1, 'zh-CN')).toBe('100%');
  });

  it('puts the lower bound in brackets', () => {
    expect(formatHitRate(0.62, 0.48, 'en')).toBe('62\u2009% (≥ 48\u2009%)');
    expect(formatHitRate(0.62, 0.48, 'zh-CN')).toBe('62% (≥ 48%)');
  });
});

describe('formatSignedReturn', () => {
  it('signs gains and losses with one decimal', () => {
    expect(formatSignedReturn(0.1234, 'en')).toBe('+12.3\u2009%');
    expect(formatSignedReturn(-0.041, 'zh-CN')).toBe('\u22124.1%');
    expect(formatSignedReturn(2.5, 'zh-CN')).toBe('+250.0%');
  });

  it('shows what rounds to zero unsigned, and colours it flat', () => {
    expect(formatSignedReturn(0.0004, 'en')).toBe('0.0\u2009%');
    expect(formatSignedReturn(-0.0004, 'en')).toBe('0.0\u2009%');
    expect(returnTone(-0.0004)).toBe('flat');
    expect(returnTone(-0.0006)).toBe('down');
    expect(returnTone(0.02)).toBe('up');
    expect(returnTone(null)).toBe('flat');
  });
});

describe('hasEnoughCalls', () => {
  it('starts showing rates at ten calls', () => {
    expect(hasEnoughCalls(9)).toBe(false);
    expect(hasEnoughCalls(10)).toBe(true);
  });
});
