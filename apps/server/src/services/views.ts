/**
 * A user's views and home tabs. Coin and event opinion views are shown as two group tabs
 * ('coin_opinion', 'event_opinion') holding them; everything else is a tab of its own. The tab
 * order is saved per user; tabs it does not name follow in creation order.
 */
import {
  isMessageKey,
  type Language,
  type MatchingRuleGroup,
  Ret,
  translate,
  type ViewInfo,
  type ViewListItem,
  type ViewType,
} from '@kolscope/contract';
import type { Db, Queryable } from '../db/db';
import { type NewView, type ViewRow, viewsRepo } from '../db/repos/views';
import type { Clock } from './clock';
import { AppError, badRequest, notFound } from './errors';
import { opinionSubExtras } from './opinion-subs';
import { TtlCache } from './ttl-cache';
import { checkNotificationFields, withNotificationDefaults } from './notifications/match';
import { checkRankWeights } from './ranking/settings';
import { resolveAuthors } from './view-authors';
import { normaliseRules } from './view-rules';

export const GROUP_IDS = ['coin_opinion', 'event_opinion'] as const;
const GROUPED: readonly string[] = GROUP_IDS;
/** Types made with view/add; opinion views have calls of their own, hot coins come with the account. */
const ADDABLE: readonly ViewType[] = ['content_feed', 'analytics_report', 'ranking_list', 'notification'];
/** Types whose views need at least one filter rule (spec section 5). */
const NEED_RULES: readonly ViewType[] = ['content_feed', 'analytics_report', 'notification'];

export interface ViewFields {
  name: string;
  viewType: ViewType;
  matchingRules: MatchingRuleGroup[];
  [setting: string]: unknown;
}

function settingsOf(fields: ViewFields): Record<string, unknown> {
  const { name: _n, viewType: _t, matchingRules: _r, viewId: _v, ...settings } = fields;
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
}

/** A report updates once a day unless told otherwise (spec section 8). */
const DEFAULT_REPORT_UPDATE_FREQ_SECONDS = 86_400;

function defaultsFor(fields: ViewFields): Record<string, unknown> {
  const settings = settingsOf(fields);
  if (fields.viewType === 'analytics_report') settings.updateFreqSeconds ??= DEFAULT_REPORT_UPDATE_FREQ_SECONDS;
  if (fields.viewType === 'notification') return withNotificationDefaults(settings);
  return settings;
}

/**
 * The fixed default views every account starts with, in their tab order. Their names are
 * message keys (kept in `settings.starter`), so they follow the reader's language.
 */
const FIXED_DEFAULTS = [
  { key: 'starter_hot_coins', viewType: 'hot_coins' },
  { key: 'starter_all_kols', viewType: 'content_feed' },
] as const;

function fixedDefault(d: (typeof FIXED_DEFAULTS)[number], lang: Language): NewView {
  return {
    name: translate(lang, d.key),
    viewType: d.viewType,
    fixed: true,
    matchingRules: [],
    settings: { starter: d.key },
  };
}

/** A view id from the wire: a positive integer in a string; anything else is simply not found. */
export function parseViewId(id: string): number {
  return /^\d{1,15}$/.test(id) ? Number(id) : 0;
}

export function views(deps: { db: Db; clock: Clock; cacheMs?: number }) {
  /** The rules as stored: normalised (spec section 5), authors completed from known accounts. */
  const rulesToStore = async (fields: ViewFields) =>
    resolveAuthors(deps.db, normaliseRules(fields.matchingRules, NEED_RULES.includes(fields.viewType)));
  const repoOf = (db: Queryable = deps.db) => viewsRepo(db);
  // Every feed page needs the user's views; changes made here drop the entry at once.
  const rowsCache = new TtlCache<number, ViewRow[]>(deps.cacheMs ?? 10_000, 10_000, () => deps.clock.now().getTime());
  const rowsOf = (userId: number) => rowsCache.get(userId, () => repoOf().listOf(userId));
  const changed = (userId: number) => rowsCache.delete(userId);

  async function seedStarters(userId: number, lang: Language): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const repo = repoOf(tx);
      if (!(await repo.claimSeeding(userId))) return;
      const now = deps.clock.now();
      const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
      const [hot, all] = [
        await repo.insert(userId, fixedDefault(FIXED_DEFAULTS[0], lang), now),
        await repo.insert(userId, fixedDefault(FIXED_DEFAULTS[1], lang), now),
      ];
      const coinFeed = (coin: string, name: string) =>
        repo.insert(
          userId,
          {
            name,
            viewType: 'content_feed',
            fixed: false,
            matchingRules: [{ type: 'coins', rules: [{ label: coin, value: coin }] }],
            settings: {},
          },
          now,
        );
      const btc = await coinFeed('BTC', t('starter_bitcoin'));
      const eth = await coinFeed('ETH', t('starter_ethereum'));
      await repo.setTabOrder(
        userId,
        [hot.id, all.id, 'coin_opinion', 'event_opinion', btc.id, eth.id].map(String),
        now,
      );
    });
    changed(userId);
  }

  /**
   * Makes again the fixed default views (Hot Coins, All KOLs) the user deleted, and only those,
   * at the head of the tabs in their starter order. The owner's row is locked first, so parallel
   * calls make each view once; a call with nothing missing changes nothing.
   */
  async function restoreDefaults(userId: number, lang: Language): Promise<{ viewId: string; name: string }[]> {
    await seedStarters(userId, lang);
    const restored = await deps.db.transaction(async (tx) => {
      const repo = repoOf(tx);
      await repo.lockOwner(userId);
      const rows = await repo.listOf(userId);
      const present = new Set(rows.filter((r) => r.fixed).map((r) => String(r.settings.starter ?? '')));
      const made: ViewRow[] = [];
      for (const d of FIXED_DEFAULTS) {
        if (!present.has(d.key)) made.push(await repo.insert(userId, fixedDefault(d, lang), deps.clock.now()));
      }
      if (made.length > 0) {
        const order = ordered(rows, await repo.tabOrder(userId));
        await repo.setTabOrder(userId, [...made.map((r) => String(r.id)), ...order], deps.clock.now());
      }
      return made;
    });
    changed(userId);
    return restored.map((r) => ({ viewId: String(r.id), name: r.name }));
  }

  async function ownView(userId: number, viewId: string): Promise<ViewRow> {
    const id = parseViewId(viewId);
    const row = (await rowsOf(userId)).find((r) => r.id === id);
    if (!row) throw notFound();
    return row;
  }

  /** The top-level tab ids in their saved order, unknown ones after in creation order. */
  function ordered(rows: ViewRow[], saved: string[]): string[] {
    const ids = [
      ...GROUP_IDS.map(String),
      ...rows.filter((r) => !GROUPED.includes(r.view_type)).map((r) => String(r.id)),
    ];
    const known = new Set(ids);
    const head = [...new Set(saved)].filter((id) => known.has(id));
    return [...head, ...ids.filter((id) => !head.includes(id))];
  }

  return {
    seedStarters,
    restoreDefaults,
    ownView,

    async list(userId: number, lang: Language): Promise<ViewListItem[]> {
      await seedStarters(userId, lang);
      const repo = repoOf();
      const rows = await rowsOf(userId);
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      const extras = await opinionSubExtras(deps.db, userId, rows, lang, Math.floor(deps.clock.now().getTime() / 1000));
      return ordered(rows, await repo.tabOrder(userId)).map((id): ViewListItem => {
        if (id === 'coin_opinion' || id === 'event_opinion') {
          return {
            viewId: id,
            name: translate(lang, id === 'coin_opinion' ? 'group_coin_opinion' : 'group_event_opinion'),
            viewType: id,
            fixed: true,
            subs: rows
              .filter((r) => r.view_type === id)
              .map((r) => ({ viewId: String(r.id), name: r.name, viewType: id, ...extras.get(r.id) })),
          };
        }
        const r = byId.get(id)!;
        const starter = String(r.settings.starter ?? '');
        const name = r.fixed && isMessageKey(starter) ? translate(lang, starter) : r.name;
        return { viewId: id, name, viewType: r.view_type as ViewType, fixed: r.fixed, subs: [] };
      });
    },

    async add(userId: number, fields: ViewFields, lang: Language): Promise<ViewListItem[]> {
      if (!ADDABLE.includes(fields.viewType)) throw badRequest('view_type_not_allowed', { type: fields.viewType });
      if (fields.viewType === 'ranking_list') checkRankWeights(fields);
      if (fields.viewType === 'notification') checkNotificationFields(fields);
      const matchingRules = await rulesToStore(fields);
      await seedStarters(userId, lang);
      const repo = repoOf();
      const created = await repo.insert(
        userId,
        { name: fields.name, viewType: fields.viewType, fixed: false, matchingRules, settings: defaultsFor(fields) },
        deps.clock.now(),
      );
      // A new view goes to the end of the tabs, whatever order was saved before.
      const order = ordered(await repo.listOf(userId), await repo.tabOrder(userId)).filter(
        (id) => id !== String(created.id),
      );
      await repo.setTabOrder(userId, [...order, String(created.id)], deps.clock.now());
      changed(userId);
      return this.list(userId, lang);
    },

    async update(userId: number, viewId: string, fields: ViewFields): Promise<void> {
      const row = await ownView(userId, viewId);
      if (row.fixed) throw new AppError(Ret.conflict, 'view_fixed', {}, 409);
      if (!ADDABLE.includes(fields.viewType) || fields.viewType !== row.view_type) {
        throw badRequest('view_type_not_allowed', { type: fields.viewType });
      }
      if (fields.viewType === 'ranking_list') checkRankWeights(fields);
      if (fields.viewType === 'notification') checkNotificationFields(fields);
      const matchingRules = await rulesToStore(fields);
      const settings =
        fields.viewType === 'notification' ? withNotificationDefaults(settingsOf(fields)) : settingsOf(fields);
      // A report's backtracking time is fixed when it is made (the spec shows it read-only).
      if (row.view_type === 'analytics_report') {
        delete settings.backtrackingSeconds;
        if (row.settings.backtrackingSeconds !== undefined)
          settings.backtrackingSeconds = row.settings.backtrackingSeconds;
      }
      await repoOf().update(
        userId,
        row.id,
        { name: fields.name, viewType: fields.viewType, matchingRules, settings },
        deps.clock.now(),
      );
      changed(userId);
    },

    /**
     * A view of the user, with the user's coin opinion view per coin (so a post's coin tag can
     * open it), read in one query since every feed page needs both.
     */
    async viewWithCoinViews(userId: number, viewId: string) {
      const view = await ownView(userId, viewId);
      const rows = await rowsOf(userId);
      const coinViews = rows.filter((r) => r.view_type === 'coin_opinion');
      return { view, coinViews: new Map(coinViews.map((r) => [String(r.settings.coin ?? ''), String(r.id)])) };
    },

    /**
     * Creates a coin or event opinion view, which their own calls validate; `also` runs in the
     * same transaction (an event view's keyword rollup). The new view ends its group's list.
     */
    async createOpinion(
      userId: number,
      v: Omit<NewView, 'fixed'>,
      lang: Language,
      also?: (tx: Queryable, row: ViewRow) => Promise<void>,
    ): Promise<ViewListItem[]> {
      await seedStarters(userId, lang);
      await deps.db.transaction(async (tx) => {
        const row = await repoOf(tx).insert(userId, { ...v, fixed: false }, deps.clock.now());
        await also?.(tx, row);
      });
      changed(userId);
      return this.list(userId, lang);
    },

    /** Saves an opinion view of the given type; anything else of the user's is not found. */
    async updateOpinion(
      userId: number,
      viewId: string,
      v: Omit<NewView, 'fixed'>,
      also?: (tx: Queryable, row: ViewRow) => Promise<void>,
    ): Promise<void> {
      const row = await ownView(userId, viewId);
      if (row.view_type !== v.viewType) throw notFound();
      await deps.db.transaction(async (tx) => {
        await repoOf(tx).update(userId, row.id, v, deps.clock.now());
        await also?.(tx, row);
      });
      changed(userId);
    },

    /** A view of the user of one type, or not found. */
    async ownOfType(userId: number, viewId: string, viewType: ViewType): Promise<ViewRow> {
      const row = await ownView(userId, viewId);
      if (row.view_type !== viewType) throw notFound();
      return row;
    },

    async remove(userId: number, viewId: string): Promise<void> {
      const deleted = await repoOf().delete(userId, parseViewId(viewId));
      changed(userId);
      if (!deleted) throw notFound();
    },

    async info(userId: number, viewId: string): Promise<ViewInfo> {
      const row = await ownView(userId, viewId);
      return {
        ...(row.settings as Partial<ViewInfo>),
        name: row.name,
        viewType: row.view_type as ViewType,
        matchingRules: row.matching_rules as MatchingRuleGroup[],
      };
    },

    /**
     * Saves a new tab order. view/v2/merge_sort sends every top-level id (groups included);
     * view/sort may send only some views: they take the places those views held, in the new order.
     */
    async sort(userId: number, viewIds: string[]): Promise<void> {
      const repo = repoOf();
      const current = ordered(await repo.listOf(userId), await repo.tabOrder(userId));
      const wanted = [...new Set(viewIds)];
      if (wanted.some((id) => !current.includes(id))) throw notFound();
      const slots = new Set(wanted);
      let next = 0;
      const order = current.map((id) => (slots.has(id) ? wanted[next++]! : id));
      await repo.setTabOrder(userId, order, deps.clock.now());
    },
  };
}
export type Views = ReturnType<typeof views>;
