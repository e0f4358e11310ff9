import type { CandleInterval } from '@kolscope/contract';
import type { Queryable } from '../db';

/** The price worker's checkpoint of one (source, coin, interval): migration 0016. */
export interface PriceStateRow {
  source: string;
  coin: string;
  interval: CandleInterval;
  /** The stored open-time span [covered_from, covered_to), unix seconds; null before the first page. */
  covered_from: number | null;
  covered_to: number | null;
  candles_count: number;
  error_count: number;
  last_error: string;
  last_error_at: Date | null;
  last_success_at: Date | null;
}

export function priceStateRepo(db: Queryable) {
  return {
    async list(source?: string): Promise<PriceStateRow[]> {
      const rows = await db.query<PriceStateRow>(
        `SELECT * FROM price_state ${source ? 'WHERE source = $1' : ''} ORDER BY source, coin, interval`,
        source ? [source] : [],
      );
      return rows.map((r) => ({
        ...r,
        covered_from: r.covered_from == null ? null : Number(r.covered_from),
        covered_to: r.covered_to == null ? null : Number(r.covered_to),
      }));
    },
    /** Records a stored page: the covered span grows to include [from, to), counts add up. */
    async recordPage(
      key: { source: string; coin: string; interval: CandleInterval },
      p: { from: number; to: number; candles: number; now: Date },
    ): Promise<void> {
      await db.query(
        `INSERT INTO price_state (source, coin, interval, covered_from, covered_to, candles_count, last_success_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (source, coin, interval) DO UPDATE SET
           covered_from = LEAST(COALESCE(price_state.covered_from, $4), $4),
           covered_to = GREATEST(COALESCE(price_state.covered_to, $5), $5),
           candles_count = price_state.candles_count + $6,
           last_success_at = $7`,
        [key.source, key.coin, key.interval, p.from, p.to, p.candles, p.now],
      );
    },
    /** Takes or renews the lease on a price source for `owner`; false when another live worker holds it. */
    async lease(source: string, owner: string, now: Date, until: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO price_lease (source, owner, until) VALUES ($1, $2, $4)
         ON CONFLICT (source) DO UPDATE SET owner = $2, until = $4
           WHERE price_lease.owner = $2 OR price_lease.until < $3
         RETURNING source`,
        [source, owner, now, until],
      );
      return rows.length > 0;
    },
    /** The lease's holder, '' when none. */
    async leaseHolder(source: string): Promise<string> {
      return (
        (await db.query<{ owner: string }>('SELECT owner FROM price_lease WHERE source = $1', [source]))[0]?.owner ?? ''
      );
    },
    /** Takes the lease from `deadOwner` (a crashed worker of this machine, pipeline/lease-owner.ts). */
    async takeOver(source: string, deadOwner: string, owner: string, until: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE price_lease SET owner = $3, until = $4 WHERE source = $1 AND owner = $2 RETURNING source',
        [source, deadOwner, owner, until],
      );
      return rows.length > 0;
    },
    async release(source: string, owner: string): Promise<void> {
      await db.query('DELETE FROM price_lease WHERE source = $1 AND owner = $2', [source, owner]);
    },
    async recordError(
      key: { source: string; coin: string; interval: CandleInterval },
      message: string,
      now: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO price_state (source, coin, interval, error_count, last_error, last_error_at)
         VALUES ($1, $2, $3, 1, $4, $5)
         ON CONFLICT (source, coin, interval) DO UPDATE SET error_count = price_state.error_count + 1,
           last_error = $4, last_error_at = $5`,
        [key.source, key.coin, key.interval, message.slice(0, 500), now],
      );
    },
  };
}

/** What the price worker keeps priced: coins of stored posts, and how far back posts reach. */
export function priceWorkRepo(db: Queryable) {
  return {
    /** Every coin some stored post names (from the ranking's daily sums: one row per coin and day). */
    async coinsInPosts(): Promise<string[]> {
      const rows = await db.query<{ coin: string }>(
        'SELECT DISTINCT coin FROM ranking_coin_sums WHERE res = 86400 ORDER BY coin',
      );
      return rows.map((r) => r.coin);
    },
    /** The oldest stored post's time (unix s), null without posts. */
    async firstPostCt(): Promise<number | null> {
      const [row] = await db.query<{ ct: number | null }>('SELECT min(ct) AS ct FROM posts');
      return row?.ct == null ? null : Number(row.ct);
    },
  };
}
