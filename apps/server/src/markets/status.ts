/** `kolscope prices`: where the price worker stands, per source, coin and interval. */
import type { PriceStateRow } from '../db/repos/price-state';

const time = (d: Date | null | undefined) => (d ? d.toISOString() : '-');
const openTime = (s: number | null) => (s === null ? '-' : new Date(s * 1000).toISOString());

export function formatPriceStatus(configured: string, rows: readonly PriceStateRow[]): string[] {
  const lines = [`price source: ${configured}`];
  if (rows.length === 0) return [...lines, '(no candles stored yet)'];
  lines.push(
    ['source', 'coin', 'interval', 'from', 'watermark', 'candles', 'errors', 'last success', 'last error'].join('\t'),
  );
  for (const r of rows) {
    lines.push(
      [
        r.source,
        r.coin,
        r.interval,
        openTime(r.covered_from),
        // The next open time to ask for: candles before it are stored.
        openTime(r.covered_to),
        r.candles_count,
        r.error_count,
        time(r.last_success_at),
        r.last_error ? `${time(r.last_error_at)} ${r.last_error}` : '-',
      ].join('\t'),
    );
  }
  return lines;
}
