/** Texts of the rank view: update time, values by indicator, growth and the window length. */
import { fromSeconds, type SortingIndicator } from '@kolscope/contract';
import { compactUnits } from '../pickers/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec section 9: the rank update time reads YYYY-MM-DD HH:mm, in the reader's time zone. */
export function formatUpdateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * How every value of a column is written: one unit and one number of decimals for the whole
 * column, so rows compare at a glance ("13.3k" never stands beside "8,274.1").
 */
export interface RankColumn {
  divisor: number;
  suffix: string;
  decimals: number;
}

/** Columns whose largest value reaches this are compact (both languages: 万 starts here). */
export const COMPACT_FROM = 10_000;

/**
 * The column's format, from its largest value: below COMPACT_FROM plain numbers with grouping
 * (scores with one decimal, counts whole); from it, the largest unit the largest value reaches
 * (k, m, b in English; 万, 亿 in Chinese: the app's one set of units) with one decimal on every
 * row, two when the smallest value would otherwise read 0.0.
 */
export function rankColumn(values: readonly number[], indicator: SortingIndicator, lang: string): RankColumn {
  const finite = values.filter((v) => Number.isFinite(v) && v > 0);
  const max = Math.max(0, ...finite);
  if (max < COMPACT_FROM) {
    return { divisor: 1, suffix: '', decimals: indicator === 'hot' || indicator === 'kol_score' ? 1 : 0 };
  }
  // A column of 10,000 or more always reaches one of them.
  const [divisor, suffix] = compactUnits(lang).find(([size]) => max >= size)!;
  const decimals = Math.min(...finite) / divisor < 0.05 ? 2 : 1;
  return { divisor, suffix, decimals };
}

/** One value in its column's format. */
export function formatRankValue(value: number, column: RankColumn): string {
  const n = Number.isFinite(value) ? Math.max(0, value) / column.divisor : 0;
  const digits = { minimumFractionDigits: column.decimals, maximumFractionDigits: column.decimals };
  return `${n.toLocaleString('en-US', digits)}${column.suffix}`;
}

/** +300%, −80%; growth is a fraction of the previous window's value. */
export function formatGrowth(growth: number): string {
  const pct = Math.round(growth * 100);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct).toLocaleString('en-US')}%`;
}

/** The window as an amount and a unit key for i18n (86400 → 1 day). */
export function windowOf(seconds: number): { count: number; unit: 'minute' | 'hour' | 'day' } {
  const { amount, unit } = fromSeconds(seconds);
  // 24 hours read better than 1 day for the default window.
  if (unit === 'day' && amount === 1) return { count: 24, unit: 'hour' };
  return { count: amount, unit };
}
