import { describe, expect, it } from 'vitest';
import {
  dedupeKeywords,
  fansToInput,
  fromSeconds,
  isValidCodeInput,
  isValidEmail,
  isValidPassword,
  keywordExists,
  normaliseFans,
  normaliseFansRange,
  percentage,
  stripAt,
  stripCoinDollar,
  toSeconds,
  trimTitle,
  uniqueIds,
} from '../src/index';

describe('title trimming', () => {
  it('trims and treats blank as empty', () => {
    expect(trimTitle('  My feed ')).toBe('My feed');
    expect(trimTitle('   ')).toBe('');
    expect(trimTitle(undefined)).toBe('');
  });
});

describe('fans', () => {
  it('turns non-numbers into 0 and keeps whole numbers', () => {
    expect(normaliseFans('abc')).toBe(0);
    expect(normaliseFans('')).toBe(0);
    expect(normaliseFans(-5)).toBe(0);
    expect(normaliseFans('1500')).toBe(1500);
    expect(normaliseFans(' 20 ')).toBe(20);
    expect(normaliseFans(12.7)).toBe(12);
    expect(normaliseFans(Number.NaN)).toBe(0);
  });
  it('shows 0 as an empty input', () => {
    expect(fansToInput(0)).toBe('');
    expect(fansToInput(100)).toBe('100');
  });
  it('swaps bounds only when both are above 0 and the first is larger; a missing bound is 0', () => {
    expect(normaliseFansRange([5000, 100])).toEqual([100, 5000]);
    expect(normaliseFansRange([100, 5000])).toEqual([100, 5000]);
    expect(normaliseFansRange([5000, 0])).toEqual([5000, 0]); // 0 max = unlimited, no swap
    expect(normaliseFansRange([5000])).toEqual([5000, 0]);
    expect(normaliseFansRange([])).toEqual([0, 0]);
    expect(normaliseFansRange(['x', '300'])).toEqual([0, 300]);
  });
});

describe('keywords', () => {
  it('trims, drops blanks and removes duplicates, keeping the first', () => {
    expect(dedupeKeywords([' ETF ', '', 'etf', 'halving', '  ', 'Halving', '减半'])).toEqual([
      'ETF',
      'halving',
      '减半',
    ]);
  });
  it('tells when a keyword already exists', () => {
    expect(keywordExists(['ETF', 'halving'], ' etf ')).toBe(true);
    expect(keywordExists(['ETF'], 'SEC')).toBe(false);
    expect(keywordExists(['ETF'], '  ')).toBe(false);
  });
});

describe('percentage', () => {
  it('is the rounded share of the total, 0 when the total is 0, missing counts 0', () => {
    expect(percentage(1, 1, 1, 1)).toBe(33);
    expect(percentage(2, 2, 1, 0)).toBe(67);
    expect(percentage(0, 0, 0, 0)).toBe(0);
    expect(percentage(undefined, undefined, 4)).toBe(0);
    expect(percentage(5, 5, undefined, null)).toBe(100);
    expect(percentage(1, 1, 199)).toBe(1); // 0.5 rounds up
  });
});

describe('coin and handle stripping', () => {
  it('strips a leading $ from coin searches', () => {
    expect(stripCoinDollar('$BTC')).toBe('BTC');
    expect(stripCoinDollar('  $$eth ')).toBe('eth');
    expect(stripCoinDollar('SOL$')).toBe('SOL$');
  });
  it('strips a leading @ from usernames', () => {
    expect(stripAt('@elonmusk')).toBe('elonmusk');
    expect(stripAt(' @@cz_binance ')).toBe('cz_binance');
    expect(stripAt('a@b')).toBe('a@b');
  });
  it('keeps whitelist ids unique and non-empty', () => {
    expect(uniqueIds(['1', ' 2 ', '1', '', '  ', '3'])).toEqual(['1', '2', '3']);
  });
});

describe('auth inputs', () => {
  it('validates e-mail addresses', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail(' user.name+tag@mail.example.com ')).toBe(true);
    for (const bad of ['', 'a', 'a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@b..co', `${'x'.repeat(250)}@b.co`]) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });
  it('needs passwords of at least 6 characters and codes of at most 6', () => {
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('123456')).toBe(true);
    expect(isValidCodeInput('')).toBe(false);
    expect(isValidCodeInput('123456')).toBe(true);
    expect(isValidCodeInput('1234567')).toBe(false);
  });
});

describe('time selector', () => {
  it('stores integer amounts of at least 1 in seconds', () => {
    expect(toSeconds(3, 'hour')).toBe(10_800);
    expect(toSeconds(0, 'minute')).toBe(60);
    expect(toSeconds(2.9, 'day')).toBe(172_800);
  });
  it('shows a stored duration in the largest even unit', () => {
    expect(fromSeconds(172_800)).toEqual({ amount: 2, unit: 'day' });
    expect(fromSeconds(7200)).toEqual({ amount: 2, unit: 'hour' });
    expect(fromSeconds(300)).toEqual({ amount: 5, unit: 'minute' });
  });
});
