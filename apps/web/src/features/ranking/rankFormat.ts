/** Texts of the rank view: update time, values by indicator, growth and the window length. */
import { fromSeconds, type SortingIndicator } from '@kolscope/contract';
import { formatFollowersFor } from '../pickers/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec section 9: the rank update time reads YYYY-MM-DD HH:mm, in the reader's time zone. */
export function formatUpdateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Scores keep one decimal; counts are whole and abbreviated like follower counts (k, 万). */
export function formatRankValue(value: number, indicator: SortingIndicator, lang: string): string {
  if (indicator === 'hot' || indicator === 'kol_score') {
    if (value >= 10_000) return formatFollowersFor(value, lang);
    return value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  return formatFollowersFor(Math.round(value), lang);
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
