/**
 * The coin page (issue 29): one coin on one screen, reached from every place a coin is shown.
 * `coin/overview` answers its price, the bullish/neutral/bearish split of each of the caller's KOL
 * groups (the numbers a coin opinion view of that group shows), and its mentions against the
 * period before; `coin/posts` pages its latest posts. A coin is a catalogue symbol: a leading `$`
 * and case are ignored, a malformed one is refused by the schema, an unknown one by the server
 * (400 coin_unknown).
 */
import { z } from 'zod';
import { GRANULARITIES, REPORT_PERIODS, TRADING_TRENDS } from './constants';
import { page, post, reportBucket, sumInfo } from './entities';
import * as f from './fields';
import { PRICE_SOURCES, priceFields, pricePoint } from './market';
import { COIN_SYMBOL } from './rule-forms';
import { stripCoinDollar } from './rules';

/** 'BTC', '$btc' → 'BTC'; missing → coin_required, anything but a symbol → rule_coin_invalid. */
export const coinSymbol = z
  .string({ error: (issue) => (issue.input === undefined ? 'coin_required' : undefined) })
  .max(40, { error: 'rule_coin_invalid' })
  .transform((s) => stripCoinDollar(s).toUpperCase())
  .pipe(z.string().min(1, { error: 'coin_required' }).regex(COIN_SYMBOL, { error: 'rule_coin_invalid' }));

/** One of the caller's KOL groups on the coin: its report over the asked period and interval. */
export const coinGroupSplit = z.object({
  kolGroupId: z.string(),
  name: z.string(),
  /** Which default group it is (kol_group/list's `defaultRole`); absent for the user's own. */
  defaultRole: z.enum(['all', 'top', 'whitelistOnly']).optional(),
  intervalList: z.array(reportBucket),
  sumInfo,
});
export type CoinGroupSplit = z.infer<typeof coinGroupSplit>;

/**
 * Posts naming the coin (every author, copies once) over the `rangeSeconds` before the start of
 * the current minute, and over the same length before that; `change` is count / previous − 1,
 * null when there was nothing before.
 */
export const coinMentions = z.object({
  rangeSeconds: z.number().int(),
  count: z.number().int(),
  previous: z.number().int(),
  change: z.number().nullable(),
});
export type CoinMentions = z.infer<typeof coinMentions>;

export const coinOverview = z.object({
  coin: z.string(),
  name: z.string(),
  icon: z.string(),
  /** The last price and its 24 h change (market.ts), absent when no price is known. */
  ...priceFields,
  /** The price on the report's buckets, as market/coin_prices answers it. */
  prices: z.object({ list: z.array(pricePoint), source: z.enum(PRICE_SOURCES) }),
  mentions: coinMentions,
  /** Every KOL group of the caller, in kol_group/list's order. */
  groups: z.array(coinGroupSplit),
  /** The caller's coin opinion view on this coin ("Track this coin" made it), '' when none. */
  trackedViewId: z.string(),
});
export type CoinOverview = z.infer<typeof coinOverview>;

export const coinCalls = {
  overview: {
    path: 'coin/overview',
    request: z.object({ coin: coinSymbol, period: z.enum(REPORT_PERIODS), interval: z.enum(GRANULARITIES) }),
    response: coinOverview,
  },
  /** The coin's posts newest first, the feed's post shape and cursor; `tradingTrend` by the stance on this coin. */
  posts: {
    path: 'coin/posts',
    request: z.object({
      coin: coinSymbol,
      tradingTrend: z.enum(TRADING_TRENDS).optional().default(''),
      nextCb: f.cursor,
    }),
    response: page(post),
  },
};
