/**
 * Mindshare (issue 33 §2): which coins and sectors a KOL group talks about, as shares of its posts.
 *
 * The denominator is the group's posts that name at least one coin (copies of another account's
 * post counted once, as every report counts them), as Kaito's and LunarCrush's "mindshare" and
 * "social dominance" are shares of the crypto conversation, not of everything said. A coin's share
 * is the share of those posts naming it; a sector's the share naming any of its coins, each post
 * once. A post naming two coins counts for both, so the shares of a list can add up to more than
 * 100 %. `change` is the share now less the share in the period before, in percentage points.
 *
 * A mindshare view keeps a KOL group and a default period; its own calls make and read it
 * (view/v2/mindshare_*), and view/delete removes it like any view.
 */
import { z } from 'zod';
import { type Granularity, REPORT_PERIODS, type ReportPeriod } from './constants';
import { viewListItem } from './entities';
import * as f from './fields';
import { mindshareSettings } from './view-settings';

/** The sectors of domain/coins/sectors.ts; 'other' holds coins the catalogue does not know. */
export const MINDSHARE_SECTORS = [
  'layer1',
  'layer2',
  'defi',
  'ai',
  'memes',
  'rwa',
  'gaming',
  'stablecoins',
  'exchanges',
  'infrastructure',
  'privacy',
  'payments',
  'social',
  'other',
] as const;
export type MindshareSector = (typeof MINDSHARE_SECTORS)[number];

export const MINDSHARE_BY = ['coin', 'sector'] as const;
export type MindshareBy = (typeof MINDSHARE_BY)[number];

/** The chart's step for each period: a day by the hour, a week and a month by the day (UTC). */
export const MINDSHARE_INTERVAL: Record<ReportPeriod, Granularity> = { '1d': '1h', '1w': '1d', '1m': '1d' };
/** How many coins the list ranks (every sector is listed). */
export const MINDSHARE_TOP_COINS = 20;
/** How many entries of the list the stacked chart draws (the rest stays in the list). */
export const MINDSHARE_CHART_SERIES = 5;

/** A share (0 to 1, four decimals) and its count. */
export const mindshareItem = z.object({
  /** A coin's symbol or a sector's id. */
  key: z.string(),
  /** The coin's icon; '' for a sector. */
  icon: z.string(),
  count: z.number().int(),
  share: z.number(),
  previousCount: z.number().int(),
  previousShare: z.number(),
  /** share − previousShare, null when the period before had no post naming a coin. */
  change: z.number().nullable(),
});
export type MindshareItem = z.infer<typeof mindshareItem>;

export const mindshareData = z.object({
  by: z.enum(MINDSHARE_BY),
  period: z.enum(REPORT_PERIODS),
  interval: z.string(),
  kolGroupId: z.string(),
  /** The group's posts naming at least one coin: the denominator, now and in the period before. */
  posts: z.number().int(),
  previousPosts: z.number().int(),
  /** Highest share first (ties by key); coins cut at MINDSHARE_TOP_COINS, sectors all. */
  list: z.array(mindshareItem),
  /** The first MINDSHARE_CHART_SERIES of the list, per bucket (oldest first). */
  chart: z.object({
    buckets: z.array(
      z.object({
        ct: z.number().int(),
        /** The bucket's denominator. */
        posts: z.number().int(),
        partial: z.boolean().optional(),
        elapsed: z.number().min(0).max(1).optional(),
      }),
    ),
    series: z.array(z.object({ key: z.string(), counts: z.array(z.number().int()) })),
  }),
});
export type MindshareData = z.infer<typeof mindshareData>;

/** mindshare_add and _update's body: a title, the group and the default period. */
export const mindshareFields = mindshareSettings.extend({ name: f.title });

const viewRef = z.object({ viewId: f.id });

export const mindshareCalls = {
  add: { path: 'view/v2/mindshare_add', request: mindshareFields, response: z.array(viewListItem) },
  info: {
    path: 'view/v2/mindshare_info',
    request: viewRef,
    response: z.object({
      viewId: z.string(),
      name: z.string(),
      kolGroupId: z.string(),
      period: z.enum(REPORT_PERIODS),
      viewType: z.literal('mindshare'),
    }),
  },
  update: { path: 'view/v2/mindshare_update', request: mindshareFields.extend({ viewId: f.id }), response: z.null() },
  /** The view's shares; `period` overrides the view's own for this read. */
  detail: {
    path: 'view/v2/mindshare_detail',
    request: z.object({
      viewId: f.id,
      by: z.enum(MINDSHARE_BY, { error: 'mindshare_by_invalid' }).optional().default('coin'),
      period: z.enum(REPORT_PERIODS, { error: 'mindshare_period_invalid' }).optional(),
    }),
    response: mindshareData,
  },
};
