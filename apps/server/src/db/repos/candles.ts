/**
 * Stored candles (issue 16 §1): written once per (coin, interval, open time) by the price worker,
 * read on the opinion reports' buckets and as each coin's last price and 24 h change. Times are
 * unix seconds. (The track records keep their own entry/exit lookups.)
 */
import type { CandleInterval, PriceSourceName } from '@kolscope/contract';
import { type Candle, INTERVAL_SECONDS } from '../../domain/candles';
import type { Queryable } from '../db';
import type { BucketWindow } from './opinion';

/** Rows per INSERT: 9 arrays of this length stay far below any parameter or packet limit. */
const UPSERT_CHUNK = 2000;

export interface PricePointRow {
  ct: number;
  price: number;
}

export interface LastPrice {
  price: number;
  /** Fraction of the last close against the close 24 h before it; absent without that close. */
  change24h?: number;
}

export function candlesRepo(db: Queryable) {
  return {
    /** Inserts or rewrites candles by (coin, interval, open time): a repeated page duplicates nothing. */
    async upsert(candles: readonly Candle[], source: Exclude<PriceSourceName, 'none'>): Promise<void> {
      for (let i = 0; i < candles.length; i += UPSERT_CHUNK) {
        const part = candles.slice(i, i + UPSERT_CHUNK);
        await db.query(
          `INSERT INTO candles (coin, interval, open_time, open, high, low, close, volume, source)
           SELECT u.*, $9 FROM unnest($1::text[], $2::text[], $3::bigint[], $4::float8[], $5::float8[],
                                      $6::float8[], $7::float8[], $8::float8[]) AS u
           ON CONFLICT (coin, interval, open_time) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high,
             low = EXCLUDED.low, close = EXCLUDED.close, volume = EXCLUDED.volume, source = EXCLUDED.source`,
          [
            part.map((c) => c.coin),
            part.map((c) => c.interval),
            part.map((c) => c.openTime),
            part.map((c) => c.open),
            part.map((c) => c.high),
            part.map((c) => c.low),
            part.map((c) => c.close),
            part.map((c) => c.volume),
            source,
          ],
        );
      }
    },

    /**
     * The interval to read a coin's span [from, to) with: 5m when 5-minute candles are stored from
     * the span's start on (they are kept for recent days only), else 1h.
     */
    async intervalFor(coin: string, from: number): Promise<CandleInterval> {
      const [row] = await db.query<{ first: number | null }>(
        `SELECT min(open_time) AS first FROM candles WHERE coin = $1 AND interval = '5m'`,
        [coin],
      );
      return row?.first != null && Number(row.first) <= from ? '5m' : '1h';
    },

    /**
     * One price per bucket of the window: the close of the last candle whose open time falls in
     * the bucket (the reports' bucket boundaries, services/opinion-window.ts). Buckets without a
     * candle are left out.
     */
    async bucketCloses(coin: string, interval: CandleInterval, w: BucketWindow): Promise<PricePointRow[]> {
      const rows = await db.query<{ ct: number; price: number }>(
        `SELECT DISTINCT ON (ct) ct, close AS price FROM (
           SELECT ((open_time - $4) / $5) * $5 + $4 AS ct, open_time, close FROM candles
           WHERE coin = $1 AND interval = $2 AND open_time >= $3 AND open_time < $6) c
         ORDER BY ct, open_time DESC`,
        [coin, interval, w.from, w.offsetS, w.intervalS, w.to],
      );
      return rows.map((r) => ({ ct: Number(r.ct), price: Number(r.price) }));
    },

    /** Which source wrote the coin's newest candle of the interval, or null when none is stored. */
    async sourceOf(coin: string, interval: CandleInterval): Promise<PriceSourceName | null> {
      const [row] = await db.query<{ source: PriceSourceName }>(
        `SELECT source FROM candles WHERE coin = $1 AND interval = $2 ORDER BY open_time DESC LIMIT 1`,
        [coin, interval],
      );
      return row?.source ?? null;
    },

    /**
     * The last price of many coins at once (a ranking page, a list of coin opinion views): the
     * newest close of either interval (the one closing later, 5m on a tie), and its change
     * against the close 24 h earlier in the same interval. Coins without candles are absent.
     */
    async lastPrices(coins: readonly string[]): Promise<Map<string, LastPrice>> {
      const out = new Map<string, LastPrice>();
      if (coins.length === 0) return out;
      const rows = await db.query<{ coin: string; close: number; prev: number | null }>(
        `SELECT c.coin, l.close, p.close AS prev
         FROM unnest($1::text[]) AS c(coin)
         CROSS JOIN LATERAL (
           SELECT * FROM (
             (SELECT interval, open_time, close, open_time + ${INTERVAL_SECONDS['5m']} AS closes FROM candles
              WHERE coin = c.coin AND interval = '5m' ORDER BY open_time DESC LIMIT 1)
             UNION ALL
             (SELECT interval, open_time, close, open_time + ${INTERVAL_SECONDS['1h']} AS closes FROM candles
              WHERE coin = c.coin AND interval = '1h' ORDER BY open_time DESC LIMIT 1)
           ) n ORDER BY closes DESC, interval = '5m' DESC LIMIT 1
         ) l
         LEFT JOIN LATERAL (
           SELECT close FROM candles
           WHERE coin = c.coin AND interval = l.interval AND open_time <= l.open_time - 86400
             -- a gap in the candles gives no change rather than one against an older day
             AND open_time > l.open_time - 86400 - ${INTERVAL_SECONDS['1h']}
           ORDER BY open_time DESC LIMIT 1
         ) p ON true`,
        [[...new Set(coins)]],
      );
      for (const r of rows) {
        const price = Number(r.close);
        const prev = r.prev == null ? null : Number(r.prev);
        out.set(r.coin, prev && prev > 0 ? { price, change24h: price / prev - 1 } : { price });
      }
      return out;
    },
  };
}
