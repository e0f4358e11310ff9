/**
 * Text of prices (issue 16 §2): one compact form for the chart's price axis, the ranking and the
 * home list, good from $0.00001 to $100k and beyond. Prices are US dollars.
 */

const UNITS: [number, string][] = [
  [1e12, 't'],
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
];

/** Trailing zeros of a decimal fraction say nothing on a price: 0.00100 → 0.001, 12.0k → 12k. */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * A price in at most about seven characters: from 10,000 up, one decimal with k, m, b, t
 * (102.4k); from 1,000 whole with grouping (3,412); from 1 two decimals (187.42); below 1 three
 * significant digits (0.512, 0.00231, 0.00001). `currency` puts a '$' in front.
 */
export function formatPrice(value: number, currency = false): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const v = Math.abs(value);
  let text: string;
  if (v >= 10_000) {
    const [size, suffix] = UNITS.find(([s]) => v >= s) ?? [1e3, 'k'];
    // 999,960 would round to "1000.0k": step up to the next unit then.
    const scaled = Math.round((v / size) * 10) / 10;
    const [bigger, biggerSuffix] = UNITS.find(([s]) => s === size * 1000) ?? [size, suffix];
    text =
      scaled >= 1000 && bigger !== size
        ? `${trimZeros((v / bigger).toFixed(1))}${biggerSuffix}`
        : `${trimZeros(scaled.toFixed(1))}${suffix}`;
  } else if (v >= 1000) {
    text = Math.round(v).toLocaleString('en-US');
  } else if (v >= 1) {
    text = v.toFixed(2);
  } else if (v === 0) {
    text = '0';
  } else {
    text = trimZeros(v.toPrecision(3));
  }
  return `${sign}${currency ? '$' : ''}${text}`;
}

/**
 * The labels of a price axis whose ticks are `step` apart: one unit for the whole axis (from the
 * largest tick) and as many decimals as the step needs, so neighbouring ticks never read alike
 * (101.5k, 102k, 102.5k; 0.0023, 0.00235, 0.0024).
 */
export function priceTickFormatter(step: number, largest: number): (value: number) => string {
  const [size, suffix] =
    Math.abs(largest) >= 10_000 ? (UNITS.find(([s]) => Math.abs(largest) >= s) ?? [1, '']) : [1, ''];
  const decimals = decimalsOf(step / size);
  return (value: number) => {
    const text = trimZeros((value / size).toFixed(decimals));
    // Whole thousands below 10k read as 1,500 rather than 1500.
    const grouped =
      size === 1 && Math.abs(value) >= 1000
        ? Number(text).toLocaleString('en-US', { maximumFractionDigits: decimals })
        : text;
    return `${grouped === '-0' ? '0' : grouped}${suffix}`;
  };
}

/** The decimals a tick step needs to be written exactly (2.5 → 1, 0.00005 → 5), at most 8. */
function decimalsOf(step: number): number {
  if (!(step > 0)) return 0;
  for (let d = 0; d < 8; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
  }
  return 8;
}

export type ChangeTone = 'up' | 'down' | 'flat';

/** Which way a 24 h change went, as its one-decimal text shows it (+0.0 % is flat). */
export function changeTone(change: number): ChangeTone {
  const tenths = Math.round(change * 1000);
  return tenths > 0 ? 'up' : tenths < 0 ? 'down' : 'flat';
}

/** A change given as a fraction (0.034), with its sign: +3.4%, −12.3%, 0.0%. */
export function formatChange(change: number, decimals = 1): string {
  const pct = Math.abs(change * 100).toFixed(decimals);
  const zero = Number(pct) === 0;
  return `${zero ? '' : change > 0 ? '+' : '−'}${pct}%`;
}

/** The labels of a % axis (changes as fractions) with ticks `step` apart: +2%, 0%, −1.5%. */
export function percentTickFormatter(step: number): (value: number) => string {
  const decimals = decimalsOf(step * 100);
  return (value: number) => {
    const text = trimZeros(Math.abs(value * 100).toFixed(decimals));
    if (Number(text) === 0) return '0%';
    return `${value > 0 ? '+' : '−'}${text}%`;
  };
}
