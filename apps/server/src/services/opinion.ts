/**
 * Coin opinion, event opinion and analytics report views: their settings calls and their report
 * data (bullish/neutral/bearish per time bucket, with Blue and Gold splits). Coin and event
 * reports read the rollups triggers keep (migration 0005); analytics reports count posts directly.
 */
import {
  type CoinGroupSplit,
  DEFAULT_REPORT_UPDATE_FREQ_SECONDS,
  type Granularity,
  type KeywordRuleGroup,
  type Language,
  type MatchingRuleGroup,
  type ReportData,
  type ReportPeriod,
} from '@kolscope/contract';
import type { Db } from '../db/db';
import type { GroupRule } from '../db/repos/kol-groups';
import { opinionRepo } from '../db/repos/opinion';
import type { NewView, ViewRow } from '../db/repos/views';
import type { Clock } from '../domain/clock';
import type { EventHistory } from './event-history';
import type { GroupRollups } from './group-rollups';
import type { KolGroups } from './kol-groups';
import { presentReport } from './opinion-report';
import { reportWindow } from './opinion-window';
import { TtlCache } from './ttl-cache';
import { compileRules } from './view-rules';
import { reportSettingsOf } from './view-types/analytics-report';
import { checkCoin, coinSettingsOf } from './view-types/coin-opinion';
import { eventSettingsOf, normaliseEventKeywords } from './view-types/event-opinion';
import { checkLimits, viewTypeOf } from './view-types/index';
import type { Views } from './views';

interface ReportQuery {
  viewId: string;
  period: ReportPeriod;
  interval: Granularity;
  /** The report as it stood then (an alert's time); ahead of now reads as now. */
  at?: number | undefined;
}
type ReportTimes = Omit<ReportQuery, 'viewId'>;

type OpinionType = 'coin_opinion' | 'event_opinion';

export function opinion(deps: {
  db: Db;
  clock: Clock;
  views: Views;
  kolGroups: KolGroups;
  /** Woken when an event view is saved, so its history count starts at once. */
  history?: Pick<EventHistory, 'wake'>;
  /** Woken when a view is saved, so its group's rollup is counted (or released) at once. */
  groupRollups?: Pick<GroupRollups, 'wake'>;
}) {
  const repo = () => opinionRepo(deps.db);
  // Analytics reports count stored posts, cached for the view's update frequency: the replica will do.
  const postCounts = () => opinionRepo(deps.db.read);
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);
  // Analytics reports are recomputed at most once per their update frequency (spec: default a day).
  const reports = new TtlCache<string, ReportData>(DEFAULT_REPORT_UPDATE_FREQ_SECONDS * 1000, 1000, () =>
    deps.clock.now().getTime(),
  );

  /** An event view's history progress while it is counted; nothing once done. */
  async function historyOf(viewId: number): Promise<{ historyPercent?: number }> {
    const percent = await repo().historyPercent(viewId);
    return percent === null ? {} : { historyPercent: percent };
  }

  async function ruleFor(userId: number, kolGroupId: string): Promise<GroupRule | undefined> {
    return kolGroupId ? deps.kolGroups.ruleOf(userId, kolGroupId) : undefined;
  }

  /**
   * The settings calls and the report of one opinion type: `toView` checks a body and gives the
   * view to save (its type's `saved` step keeps the rollups), `present` answers its info call.
   */
  function opinionCalls<B extends { kolGroupId: string }, I>(
    type: OpinionType,
    toView: (body: B) => Omit<NewView, 'fixed'>,
    present: (row: ViewRow) => I | Promise<I>,
  ) {
    const kind = viewTypeOf(type);
    return {
      async add(userId: number, body: B, lang: Language) {
        const v = toView(body);
        await ruleFor(userId, body.kolGroupId);
        const list = await deps.views.createOpinion(userId, v, lang);
        deps.history?.wake();
        deps.groupRollups?.wake();
        return list;
      },
      async info(userId: number, viewId: string): Promise<I> {
        return present(await deps.views.ownOfType(userId, viewId, type));
      },
      async update(userId: number, body: B & { viewId: string }) {
        const v = toView(body);
        await ruleFor(userId, body.kolGroupId);
        await deps.views.updateOpinion(userId, body.viewId, v);
        deps.history?.wake();
        deps.groupRollups?.wake();
      },
      async detail(userId: number, q: ReportQuery): Promise<ReportData> {
        const row = await deps.views.ownOfType(userId, q.viewId, type);
        const now = q.at === undefined ? nowSeconds() : Math.min(q.at, nowSeconds());
        const window = reportWindow(q.period, q.interval, now);
        const kolGroupId = kind.kolGroupOf?.(row) ?? '';
        // Checks the group is still the user's (a deleted group makes the view not found).
        await ruleFor(userId, kolGroupId);
        const groupId = kolGroupId ? Number(kolGroupId) : undefined;
        // Rollups filled when the view is saved (an event's, a KOL group's) are read back on the
        // primary; the all-authors coin rollup only follows posts, so the replica serves it.
        const source = groupId === undefined && type === 'coin_opinion' ? deps.db.read : deps.db;
        const report = presentReport(window, (await kind.opinionCounts?.(source, row, window, groupId)) ?? [], now);
        return type === 'event_opinion' ? { ...report, ...(await historyOf(row.id)) } : report;
      },
    };
  }

  return {
    coin: opinionCalls(
      'coin_opinion',
      (body: { coin: string; kolGroupId: string }) => {
        const coin = checkCoin(body.coin);
        return {
          name: coin,
          viewType: 'coin_opinion',
          matchingRules: [],
          settings: { coin, kolGroupId: body.kolGroupId },
        };
      },
      (row) => ({ viewId: String(row.id), ...coinSettingsOf(row), viewType: 'coin_opinion' as const }),
    ),

    event: opinionCalls(
      'event_opinion',
      (body: { name: string; kolGroupId: string; matchingRules: KeywordRuleGroup[]; coins?: string[] }) => ({
        name: body.name,
        viewType: 'event_opinion',
        matchingRules: normaliseEventKeywords(body.matchingRules),
        // The coins whose price the report draws: known coins only, each once.
        settings: { kolGroupId: body.kolGroupId, coins: [...new Set((body.coins ?? []).map(checkCoin))] },
      }),
      async (row) => ({
        viewId: String(row.id),
        name: row.name,
        ...(await historyOf(row.id)),
        kolGroupId: viewTypeOf('event_opinion').kolGroupOf?.(row) ?? '',
        matchingRules: row.matching_rules as KeywordRuleGroup[],
        coins: eventSettingsOf(row.settings).coins,
        viewType: 'event_opinion' as const,
      }),
    ),

    /**
     * A coin's report for each of the user's KOL groups, without a view (the coin page): the
     * window, rollups and presentation of coin_opinion_detail. A group some coin opinion view uses
     * has its own rollup, read as that view reads it; any other is summed from the per-author
     * rollup by the same membership rule, so "Track this coin" then shows the same numbers.
     */
    async coinSplits(userId: number, coin: string, q: ReportTimes, lang: Language): Promise<CoinGroupSplit[]> {
      const now = nowSeconds();
      const window = reportWindow(q.period, q.interval, now);
      const groups = await deps.kolGroups.withRules(userId, lang);
      const kept = await repo().keptGroups(groups.map((g) => g.id));
      return Promise.all(
        groups.map(async (g) => {
          const counts = kept.has(g.id)
            ? await repo().coin(coin, window, g.id)
            : await opinionRepo(deps.db.read).coinOfMembers(coin, window, g.rule);
          return {
            kolGroupId: String(g.id),
            name: g.name,
            ...(g.defaultRole ? { defaultRole: g.defaultRole } : {}),
            ...presentReport(window, counts, now),
          };
        }),
      );
    },

    /**
     * An analytics report: the view's filter groups counted over the period, but not before its
     * backtracking time (how far back the report looks from when it was made, when set), served
     * from memory for the view's update frequency.
     */
    async report(userId: number, q: ReportQuery): Promise<ReportData> {
      const row = await deps.views.ownOfType(userId, q.viewId, 'analytics_report');
      checkLimits(row);
      const now = nowSeconds();
      const settings = reportSettingsOf(row);
      const freq = settings.updateFreqSeconds ?? DEFAULT_REPORT_UPDATE_FREQ_SECONDS;
      const key = `${row.id}:${q.period}:${q.interval}:${new Date(row.updated_at).getTime()}:${Math.floor(now / freq)}`;
      return reports.get(key, async () => {
        const window = reportWindow(q.period, q.interval, now);
        const backtracking = settings.backtrackingSeconds ?? 0;
        const floor = backtracking > 0 ? Math.floor(row.created_at.getTime() / 1000) - backtracking : 0;
        const groups = compileRules(row.matching_rules as MatchingRuleGroup[]);
        const rows = await postCounts().matching(groups, { ...window, from: Math.max(window.from, floor) });
        return presentReport(window, rows, now);
      });
    },
  };
}
export type Opinion = ReturnType<typeof opinion>;
