import { describe, expect, it } from 'vitest';
import { formatStatValue } from './format';

describe('statistics values', () => {
  it.each([
    // whole numbers below 10,000, in both languages
    [0, '0', '0'],
    [42, '42', '42'],
    [9999, '9999', '9999'],
    [2.5, '2', '2'],
    // from 10,000 on: k, m, b in English; 万, 亿 in Chinese (the spec's "w"), cut, not rounded
    [10_000, '10k', '1万'],
    [12_000, '12k', '1.2万'],
    [19_999, '19.9k', '1.9万'],
    [125_000, '125k', '12.5万'],
    [999_999, '999k', '99.9万'],
    [1_080_000, '1m', '108万'],
    [2_500_000, '2.5m', '250万'],
    [123_456_789, '123m', '1.2亿'],
    [4_200_000_000, '4.2b', '42亿'],
    // never a negative or a non-number
    [-5, '0', '0'],
    [Number.NaN, '0', '0'],
  ])('shows %d as %s in English and %s in Chinese', (value, en, zh) => {
    expect(formatStatValue(value, 'en')).toBe(en);
    expect(formatStatValue(value, 'zh-CN')).toBe(zh);
  });

  it('never shows the w suffix', () => {
    for (const value of [10_000, 1_080_000, 123_456_789]) {
      for (const lang of ['en', 'zh-CN']) expect(formatStatValue(value, lang)).not.toMatch(/w$/);
    }
  });
});
