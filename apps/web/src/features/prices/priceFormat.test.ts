import { describe, expect, it } from 'vitest';
import { changeTone, formatChange, formatPrice, percentTickFormatter, priceTickFormatter } from './priceFormat';

describe('formatPrice', () => {
  it('writes prices from $0.00001 to $100k and beyond in a few characters', () => {
    expect(formatPrice(0.00001)).toBe('0.00001');
    expect(formatPrice(0.0023149)).toBe('0.00231');
    expect(formatPrice(0.5124)).toBe('0.512');
    expect(formatPrice(0.1)).toBe('0.1');
    expect(formatPrice(1.05)).toBe('1.05');
    expect(formatPrice(187.424)).toBe('187.42');
    expect(formatPrice(3412.2)).toBe('3,412');
    expect(formatPrice(102_412)).toBe('102.4k');
    expect(formatPrice(12_000)).toBe('12k');
    expect(formatPrice(1_520_000)).toBe('1.5m');
    expect(formatPrice(0)).toBe('0');
  });
  it('puts the dollar sign in front when asked, and never writes 1000.0k', () => {
    expect(formatPrice(187.42, true)).toBe('$187.42');
    expect(formatPrice(999_960)).toBe('1m');
    expect(formatPrice(Number.NaN)).toBe('');
  });
});

describe('price axis labels', () => {
  it('take one unit from the largest tick and the decimals the step needs', () => {
    const big = priceTickFormatter(500, 102_500);
    expect([101_000, 101_500, 102_000, 102_500].map(big)).toEqual(['101k', '101.5k', '102k', '102.5k']);
    const small = priceTickFormatter(0.00005, 0.0024);
    expect([0.0023, 0.00235, 0.0024].map(small)).toEqual(['0.0023', '0.00235', '0.0024']);
    const mid = priceTickFormatter(2.5, 190);
    expect([185, 187.5, 190].map(mid)).toEqual(['185', '187.5', '190']);
    expect(priceTickFormatter(500, 3000)(1500)).toBe('1,500');
  });
  it('never write two neighbouring ticks alike, even on a narrow band of a big price', () => {
    const fmt = priceTickFormatter(20, 102_460);
    const ticks = [102_380, 102_400, 102_420, 102_440, 102_460].map(fmt);
    expect(new Set(ticks).size).toBe(5);
    expect(ticks[0]).toBe('102.38k');
  });
});

describe('changes', () => {
  it('are signed, one decimal, with the real minus sign', () => {
    expect(formatChange(0.034)).toBe('+3.4%');
    expect(formatChange(-0.1234)).toBe('−12.3%');
    expect(formatChange(0)).toBe('0.0%');
    expect(formatChange(-0.0001)).toBe('0.0%');
  });
  it('have a tone that agrees with the text shown', () => {
    expect(changeTone(0.034)).toBe('up');
    expect(changeTone(-0.02)).toBe('down');
    expect(changeTone(-0.0001)).toBe('flat');
  });
  it('label a % axis by its step', () => {
    const fmt = percentTickFormatter(0.005);
    expect([-0.01, -0.005, 0, 0.005].map(fmt)).toEqual(['−1%', '−0.5%', '0%', '+0.5%']);
    expect(percentTickFormatter(0.05)(0.1)).toBe('+10%');
  });
});
