/**
 * What a coin or event opinion row of view/v2/list shows beside its name (issue 12): its KOL
 * group's name ("All KOLs" without one) and its bullish/neutral/bearish counts over the detail
 * page's default period and interval (1d at 1h), read from the same rollups and the same window
 * as view/v2/*_opinion_detail, so a row and the stat cards it opens agree. One index-only rollup
 * read per opinion view, inside the list call: no extra round trips from the client. Coin rows
 * also carry the coin's last price and 24 h change (issue 16 §2), read for all rows in one query.
 */
import { DEFAULT_REPORT_INTERVAL, DEFAULT_REPORT_PERIOD, type Language, translate } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { candlesRepo } from '../db/repos/candles';
import { kolGroupsRepo } from '../db/repos/kol-groups';
import type { ViewRow } from '../db/repos/views';
import { groupName } from './kol-groups';
import { presentReport } from './opinion-report';
import { reportWindow } from './opinion-window';
import { viewTypeOf } from './view-types/index';

export interface OpinionSubExtras {
  kolGroupName?: string;
  daySplit?: { cntUp: number; cntNeutral: number; cntDown: number };
  price?: number;
  change24h?: number;
}

export async function opinionSubExtras(
  db: Queryable,
  userId: number,
  rows: ViewRow[],
  lang: Language,
  nowSeconds: number,
): Promise<Map<number, OpinionSubExtras>> {
  const opinions = rows.filter((r) => viewTypeOf(r.view_type).opinionCounts);
  const out = new Map<number, OpinionSubExtras>();
  if (opinions.length === 0) return out;
  const groups = new Map((await kolGroupsRepo(db).listOf(userId)).map((g) => [String(g.id), g]));
  const window = reportWindow(DEFAULT_REPORT_PERIOD, DEFAULT_REPORT_INTERVAL, nowSeconds);
  const coins = opinions.flatMap((r) => viewTypeOf(r.view_type).coinOf?.(r) ?? []);
  const prices = await candlesRepo(db).lastPrices(coins);
  for (const row of opinions) {
    const kind = viewTypeOf(row.view_type);
    const kolGroupId = kind.kolGroupOf?.(row) ?? '';
    const group = kolGroupId ? groups.get(kolGroupId) : undefined;
    // A group deleted since: the detail page answers "not found", so the row claims nothing.
    if (kolGroupId && !group) {
      out.set(row.id, {});
      continue;
    }
    const counts = (await kind.opinionCounts?.(db, row, window, group ? group.id : undefined)) ?? [];
    const { cntUp, cntNeutral, cntDown } = presentReport(window, counts, nowSeconds).sumInfo;
    const coin = kind.coinOf?.(row);
    out.set(row.id, {
      kolGroupName: group ? groupName(group, lang) : translate(lang, 'kol_default_all'),
      daySplit: { cntUp, cntNeutral, cntDown },
      ...(coin ? prices.get(coin) : undefined),
    });
  }
  return out;
}
