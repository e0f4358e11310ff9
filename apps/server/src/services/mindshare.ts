/**
 * Mindshare views (issue 33 §2; services/README.md, "Mindshare"): the share of a KOL group's posts
 * that name at least one coin, taken by each coin or sector, over a period and the period before.
 * Read from the coin rollups (db/rollups/sectors.ts: `#any` and the sector keys are counted there
 * once per post), so a read costs the keys times the period's half-hours at any number of posts.
 */
import {
  type Language,
  MINDSHARE_CHART_SERIES,
  MINDSHARE_INTERVAL,
  MINDSHARE_SECTORS,
  MINDSHARE_TOP_COINS,
  type MindshareBy,
  type MindshareData,
  type MindshareItem,
  type ReportPeriod,
} from '@kolscope/contract';
import type { Db } from '../db/db';
import type { GroupRule } from '../db/repos/kol-groups';
import { type KeyCount, mindshareRepo } from '../db/repos/mindshare';
import { opinionRepo } from '../db/repos/opinion';
import { ANY_COIN_KEY, sectorKey } from '../db/rollups/sectors';
import { COINS, coinBySymbol, GENERIC_ICON } from '../domain/coins/catalogue';
import type { Clock } from '../domain/clock';
import type { GroupRollups } from './group-rollups';
import type { KolGroups } from './kol-groups';
import { alignedWindow, markPartial } from './opinion-window';
import { mindshareSettingsOf } from './view-types/mindshare';
import type { Views } from './views';

interface MindshareBody {
  name: string;
  kolGroupId: string;
  period: ReportPeriod;
}

const COIN_KEYS = [ANY_COIN_KEY, ...COINS.map((c) => c.symbol)];
const SECTOR_KEYS = [ANY_COIN_KEY, ...MINDSHARE_SECTORS.map(sectorKey)];
const SECTOR_PREFIX = sectorKey('other').slice(0, -'other'.length);

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const shareOf = (count: number, total: number) => (total > 0 ? count / total : 0);

/**
 * The list: every key counted now or in the period before, highest share first (then the higher
 * share before, then the key), coins cut at MINDSHARE_TOP_COINS.
 */
export function rankShares(
  by: MindshareBy,
  now: Map<string, number>,
  before: Map<string, number>,
  posts: number,
  previousPosts: number,
): MindshareItem[] {
  const keys = [...new Set([...now.keys(), ...before.keys()])].filter((k) => k !== ANY_COIN_KEY);
  const items = keys.map((k) => {
    const count = now.get(k) ?? 0;
    const previousCount = before.get(k) ?? 0;
    const share = shareOf(count, posts);
    const previousShare = shareOf(previousCount, previousPosts);
    const key = by === 'sector' ? k.slice(SECTOR_PREFIX.length) : k;
    return {
      key,
      icon: by === 'coin' ? (coinBySymbol(k)?.icon ?? GENERIC_ICON) : '',
      count,
      share: round4(share),
      previousCount,
      previousShare: round4(previousShare),
      change: previousPosts > 0 ? round4(share - previousShare) : null,
      exact: [share, previousShare] as const,
    };
  });
  items.sort((a, b) => b.exact[0] - a.exact[0] || b.exact[1] - a.exact[1] || (a.key < b.key ? -1 : 1));
  const cut = by === 'coin' ? items.slice(0, MINDSHARE_TOP_COINS) : items;
  return cut.map(({ exact: _, ...item }) => item);
}

export function mindshare(deps: {
  db: Db;
  clock: Clock;
  views: Views;
  kolGroups: KolGroups;
  /** Woken when a view is saved, so its group's rollup is counted (or released) at once. */
  groupRollups?: Pick<GroupRollups, 'wake'>;
}) {
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  /** The group's rule when it is the user's own ('' is every author); not found otherwise. */
  async function ruleFor(userId: number, kolGroupId: string): Promise<GroupRule | undefined> {
    return kolGroupId ? deps.kolGroups.ruleOf(userId, kolGroupId) : undefined;
  }

  const toView = (body: MindshareBody) => ({
    name: body.name,
    viewType: 'mindshare' as const,
    matchingRules: [],
    settings: { kolGroupId: body.kolGroupId, period: body.period },
  });

  /** Counts per key and bucket: the group's kept rollup, or its members' rows when it has none. */
  async function countsOf(
    keys: string[],
    w: Parameters<ReturnType<typeof mindshareRepo>['counts']>[1],
    group?: GroupRule,
  ) {
    if (!group?.groupId) return mindshareRepo(deps.db.read).counts(keys, w);
    const kept = await opinionRepo(deps.db).keptGroups([group.groupId]);
    return kept.has(group.groupId)
      ? mindshareRepo(deps.db).counts(keys, w, group.groupId)
      : mindshareRepo(deps.db.read).countsOfMembers(keys, w, group);
  }

  return {
    async add(userId: number, body: MindshareBody, lang: Language) {
      await ruleFor(userId, body.kolGroupId);
      const list = await deps.views.createOpinion(userId, toView(body), lang);
      deps.groupRollups?.wake();
      return list;
    },

    async info(userId: number, viewId: string) {
      const row = await deps.views.ownOfType(userId, viewId, 'mindshare');
      return { viewId: String(row.id), name: row.name, ...mindshareSettingsOf(row), viewType: 'mindshare' as const };
    },

    async update(userId: number, body: MindshareBody & { viewId: string }) {
      await ruleFor(userId, body.kolGroupId);
      await deps.views.updateOpinion(userId, body.viewId, toView(body));
      deps.groupRollups?.wake();
    },

    async detail(
      userId: number,
      req: { viewId: string; by: MindshareBy; period?: ReportPeriod | undefined },
    ): Promise<MindshareData> {
      const row = await deps.views.ownOfType(userId, req.viewId, 'mindshare');
      const settings = mindshareSettingsOf(row);
      // A group deleted or no longer the user's makes the view not found, as opinion views.
      const group = await ruleFor(userId, settings.kolGroupId);
      const period = req.period ?? settings.period;
      const interval = MINDSHARE_INTERVAL[period];
      const now = nowSeconds();
      const window = alignedWindow(period, interval, now);
      const span = window.to - window.from;
      const rows = await countsOf(
        req.by === 'coin' ? COIN_KEYS : SECTOR_KEYS,
        { ...window, from: window.from - span },
        group,
      );

      const current = new Map<string, number>();
      const previous = new Map<string, number>();
      const perBucket = new Map<string, number>();
      const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
      for (const r of rows as KeyCount[]) {
        if (r.posts === 0) continue;
        if (r.bucket >= window.from) {
          add(current, r.key, r.posts);
          add(perBucket, `${r.key} ${r.bucket}`, r.posts);
        } else add(previous, r.key, r.posts);
      }
      const posts = current.get(ANY_COIN_KEY) ?? 0;
      const previousPosts = previous.get(ANY_COIN_KEY) ?? 0;
      const list = rankShares(req.by, current, previous, posts, previousPosts);
      const charted = list.slice(0, MINDSHARE_CHART_SERIES);
      const rawKey = (key: string) => (req.by === 'sector' ? `${SECTOR_PREFIX}${key}` : key);
      const at = (key: string, b: number) => perBucket.get(`${key} ${b}`) ?? 0;
      return {
        by: req.by,
        period,
        interval,
        kolGroupId: settings.kolGroupId,
        posts,
        previousPosts,
        list,
        chart: {
          buckets: markPartial(
            window.buckets.map((ct) => ({ ct, posts: at(ANY_COIN_KEY, ct) })),
            window,
            now,
          ),
          series: charted.map((i) => ({ key: i.key, counts: window.buckets.map((b) => at(rawKey(i.key), b)) })),
        },
      };
    },
  };
}
export type Mindshare = ReturnType<typeof mindshare>;
