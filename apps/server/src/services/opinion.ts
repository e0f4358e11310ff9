/**
 * Coin opinion, event opinion and analytics report views: their settings calls and their report
 * data (bullish/neutral/bearish per time bucket, with Blue and Gold splits). Coin and event
 * reports read the rollups triggers keep (migration 0005); analytics reports count posts directly.
 */
import {
  dedupeKeywords,
  type Granularity,
  type KeywordRuleGroup,
  type Language,
  type MatchingRuleGroup,
  type ReportData,
  type ReportPeriod,
  stripCoinDollar,
} from '@kolscope/contract';
import type { Db } from '../db/db';
import type { GroupRule } from '../db/repos/kol-groups';
import { opinionRepo } from '../db/repos/opinion';
import type { ViewRow } from '../db/repos/views';
import { coinBySymbol } from '../domain/coins/catalogue';
import type { Clock } from './clock';
import { badRequest } from './errors';
import type { KolGroups } from './kol-groups';
import { presentReport } from './opinion-report';
import { PERIOD_SECONDS, reportWindow } from './opinion-window';
import { TtlCache } from './ttl-cache';
import { checkLimits, compileRules } from './view-rules';
import type { Views } from './views';

/** How far back an event view's rollup is counted when it is saved: the longest period. */
const EVENT_BACKFILL_SECONDS = PERIOD_SECONDS['1m'] + 7 * 86_400;
const DEFAULT_UPDATE_FREQ_SECONDS = 86_400;

interface ReportQuery {
  viewId: string;
  period: ReportPeriod;
  interval: Granularity;
}

/** Trimmed, de-duplicated keyword groups; empty groups dropped; at least one keyword overall. */
export function normaliseEventKeywords(groups: KeywordRuleGroup[]): KeywordRuleGroup[] {
  const kept = groups
    .map((g) => ({ type: 'keywords' as const, keywords: dedupeKeywords(g.keywords) }))
    .filter((g) => g.keywords.length > 0);
  if (kept.length === 0) throw badRequest('keywords_required');
  return kept;
}

export function opinion(deps: { db: Db; clock: Clock; views: Views; kolGroups: KolGroups }) {
  const repo = () => opinionRepo(deps.db);
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);
  // Analytics reports are recomputed at most once per their update frequency (spec: default a day).
  const reports = new TtlCache<string, ReportData>(DEFAULT_UPDATE_FREQ_SECONDS * 1000, 1000, () =>
    deps.clock.now().getTime(),
  );

  async function ruleFor(userId: number, kolGroupId: string): Promise<GroupRule | undefined> {
    return kolGroupId ? deps.kolGroups.ruleOf(userId, kolGroupId) : undefined;
  }

  function checkCoin(raw: string): string {
    const coin = stripCoinDollar(raw.trim()).toUpperCase();
    if (!coin) throw badRequest('coin_required');
    if (!coinBySymbol(coin)) throw badRequest('coin_unknown', { coin });
    return coin;
  }

  /** Keeps the coin rollup of the view's group (if any), and drops those no view uses any more. */
  const coinAlso = (userId: number, kolGroupId: string) => async (tx: Parameters<typeof opinionRepo>[0]) => {
    if (kolGroupId) await opinionRepo(tx).useGroup(Number(kolGroupId));
    await opinionRepo(tx).releaseUnusedGroups(userId);
  };

  const eventAlso =
    (rules: KeywordRuleGroup[], kolGroupId: string) => async (tx: Parameters<typeof opinionRepo>[0], row: ViewRow) =>
      opinionRepo(tx).setEvent(
        row.id,
        kolGroupId ? Number(kolGroupId) : null,
        rules.map((g) => g.keywords),
        nowSeconds() - EVENT_BACKFILL_SECONDS,
      );

  return {
    coin: {
      async add(userId: number, body: { coin: string; kolGroupId: string }, lang: Language) {
        const coin = checkCoin(body.coin);
        await ruleFor(userId, body.kolGroupId);
        return deps.views.createOpinion(
          userId,
          { name: coin, viewType: 'coin_opinion', matchingRules: [], settings: { coin, kolGroupId: body.kolGroupId } },
          lang,
          coinAlso(userId, body.kolGroupId),
        );
      },
      async info(userId: number, viewId: string) {
        const row = await deps.views.ownOfType(userId, viewId, 'coin_opinion');
        return {
          viewId: String(row.id),
          coin: String(row.settings.coin ?? ''),
          kolGroupId: String(row.settings.kolGroupId ?? ''),
          viewType: 'coin_opinion' as const,
        };
      },
      async update(userId: number, body: { viewId: string; coin: string; kolGroupId: string }) {
        const coin = checkCoin(body.coin);
        await ruleFor(userId, body.kolGroupId);
        await deps.views.updateOpinion(
          userId,
          body.viewId,
          { name: coin, viewType: 'coin_opinion', matchingRules: [], settings: { coin, kolGroupId: body.kolGroupId } },
          coinAlso(userId, body.kolGroupId),
        );
      },
      async detail(userId: number, q: ReportQuery): Promise<ReportData> {
        const row = await deps.views.ownOfType(userId, q.viewId, 'coin_opinion');
        const now = nowSeconds();
        const window = reportWindow(q.period, q.interval, now);
        const kolGroupId = String(row.settings.kolGroupId ?? '');
        // Checks the group is still the user's (a deleted group makes the view not found).
        await ruleFor(userId, kolGroupId);
        const groupId = kolGroupId ? Number(kolGroupId) : undefined;
        return presentReport(window, await repo().coin(String(row.settings.coin ?? ''), window, groupId), now);
      },
    },

    /** Deletes a coin opinion view, and the group rollup nothing else needs. */
    async deleteCoin(userId: number, viewId: string): Promise<void> {
      await deps.views.ownOfType(userId, viewId, 'coin_opinion');
      await deps.views.remove(userId, viewId);
      await repo().releaseUnusedGroups(userId);
    },

    event: {
      async add(
        userId: number,
        body: { name: string; kolGroupId: string; matchingRules: KeywordRuleGroup[] },
        lang: Language,
      ) {
        const rules = normaliseEventKeywords(body.matchingRules);
        await ruleFor(userId, body.kolGroupId);
        return deps.views.createOpinion(
          userId,
          {
            name: body.name,
            viewType: 'event_opinion',
            matchingRules: rules,
            settings: { kolGroupId: body.kolGroupId },
          },
          lang,
          eventAlso(rules, body.kolGroupId),
        );
      },
      async info(userId: number, viewId: string) {
        const row = await deps.views.ownOfType(userId, viewId, 'event_opinion');
        return {
          viewId: String(row.id),
          name: row.name,
          kolGroupId: String(row.settings.kolGroupId ?? ''),
          matchingRules: row.matching_rules as KeywordRuleGroup[],
          viewType: 'event_opinion' as const,
        };
      },
      async update(
        userId: number,
        body: { viewId: string; name: string; kolGroupId: string; matchingRules: KeywordRuleGroup[] },
      ) {
        const rules = normaliseEventKeywords(body.matchingRules);
        await ruleFor(userId, body.kolGroupId);
        await deps.views.updateOpinion(
          userId,
          body.viewId,
          {
            name: body.name,
            viewType: 'event_opinion',
            matchingRules: rules,
            settings: { kolGroupId: body.kolGroupId },
          },
          eventAlso(rules, body.kolGroupId),
        );
      },
      async detail(userId: number, q: ReportQuery): Promise<ReportData> {
        const row = await deps.views.ownOfType(userId, q.viewId, 'event_opinion');
        const now = nowSeconds();
        const window = reportWindow(q.period, q.interval, now);
        // Checks the group is still the user's (a deleted group makes the view not found).
        await ruleFor(userId, String(row.settings.kolGroupId ?? ''));
        return presentReport(window, await repo().event(row.id, window), now);
      },
    },

    /**
     * An analytics report: the view's filter groups counted over the period, but not before its
     * backtracking time (how far back the report looks from when it was made, when set), served
     * from memory for the view's update frequency.
     */
    async report(userId: number, q: ReportQuery): Promise<ReportData> {
      const row = await deps.views.ownOfType(userId, q.viewId, 'analytics_report');
      checkLimits(row.view_type, row.matching_rules);
      const now = nowSeconds();
      const freq = Number(row.settings.updateFreqSeconds ?? DEFAULT_UPDATE_FREQ_SECONDS);
      const key = `${row.id}:${q.period}:${q.interval}:${new Date(row.updated_at).getTime()}:${Math.floor(now / freq)}`;
      return reports.get(key, async () => {
        const window = reportWindow(q.period, q.interval, now);
        const backtracking = Number(row.settings.backtrackingSeconds ?? 0);
        const floor = backtracking > 0 ? Math.floor(row.created_at.getTime() / 1000) - backtracking : 0;
        const groups = compileRules(row.matching_rules as MatchingRuleGroup[]);
        const rows = await repo().matching(groups, { ...window, from: Math.max(window.from, floor) });
        return presentReport(window, rows, now);
      });
    },
  };
}
export type Opinion = ReturnType<typeof opinion>;
