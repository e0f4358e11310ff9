/**
 * A user's views and home tabs. Coin and event opinion views are shown as two group tabs
 * ('coin_opinion', 'event_opinion') holding them; everything else is a tab of its own. The tab
 * order is saved per user; tabs it does not name follow in creation order.
 */
import {
  isMessageKey,
  LANGUAGES,
  type Language,
  type MatchingRuleGroup,
  Ret,
  translate,
  type ViewFields,
  type ViewInfo,
  type ViewListItem,
  type ViewType,
} from '@kolscope/contract';
import { z } from 'zod';
import type { Db, Queryable } from '../db/db';
import { type NewView, type ViewRow, viewsRepo } from '../db/repos/views';
import type { Clock } from '../domain/clock';
import { AppError, badRequest, notFound } from './errors';
import { opinionSubExtras } from './opinion-subs';
import { localBus } from './events/local';
import type { EventBus } from './events/types';
import { TtlCache } from './ttl-cache';
import { resolveAuthors } from './view-authors';
import { normaliseRules } from './view-rules';
import { GROUP_IDS, type ViewKind, viewTypeOf } from './view-types/index';
import { readSettings } from './view-types/kind';

export { GROUP_IDS };

/**
 * The settings to store for a view/add or view/update body: only the keys its type owns (the
 * rest stripped), none left undefined, the type's defaults filled in.
 */
function settingsToStore(kind: ViewKind, fields: ViewFields, before?: ViewRow): Record<string, unknown> {
  const own = kind.settings.parse(fields) as Record<string, unknown>;
  const settings = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined));
  return kind.toStore ? kind.toStore(settings, before) : settings;
}

/** The type of a view/add or view/update body, when view/add makes that type. */
function addableKind(fields: ViewFields): ViewKind {
  const kind = viewTypeOf(fields.viewType);
  if (!kind.addable) throw badRequest('view_type_not_allowed', { type: fields.viewType });
  kind.check?.(fields);
  return kind;
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

/** Which fixed default a view is (its name's message key), '' for the user's own views. */
const starterOf = (row: ViewRow) => z.object({ starter: z.string().catch('') }).parse(row.settings).starter;

/** The coin feeds seeded beside the fixed views, by their names' message keys. */
const STARTER_FEEDS = ['starter_bitcoin', 'starter_ethereum'] as const;

/**
 * A tab's name in the reader's language: a fixed view's always; a seeded coin feed's while its
 * name is still a seeded one in some language (issue 29: "Bitcoin" stayed English in zh-CN, as it
 * was seeded by the first list, in English). A name the user typed stays as typed.
 */
function shownName(row: ViewRow, lang: Language): string {
  const starter = starterOf(row);
  if (row.fixed && isMessageKey(starter)) return translate(lang, starter);
  const seeded = STARTER_FEEDS.find((key) => LANGUAGES.some((l) => translate(l, key) === row.name));
  return seeded ? translate(lang, seeded) : row.name;
}

/** A view id from the wire: a positive integer in a string; anything else is simply not found. */
export function parseViewId(id: string): number {
  return /^\d{1,15}$/.test(id) ? Number(id) : 0;
}

export function views(deps: { db: Db; clock: Clock; cacheMs?: number; events?: EventBus }) {
  /** The rules as stored: normalised (spec section 5), authors completed from known accounts. */
  const rulesToStore = async (kind: ViewKind, fields: ViewFields) =>
    resolveAuthors(deps.db, normaliseRules(fields.matchingRules, kind.needsRules));
  const repoOf = (db: Queryable = deps.db) => viewsRepo(db);
  // Every feed page needs the user's views; a change drops the entry at once in every process
  // that hears its event (this one included), else after cacheMs.
  const events = deps.events ?? localBus();
  const rowsCache = new TtlCache<number, ViewRow[]>(deps.cacheMs ?? 10_000, 10_000, () => deps.clock.now().getTime());
  const rowsOf = (userId: number) => rowsCache.get(userId, () => repoOf().listOf(userId));
  events.subscribe((event) => {
    if (event.type === 'view_changed') rowsCache.delete(event.userId);
  });
  events.onGap(() => rowsCache.clear());
  /** After a write to the user's views (`viewId`: the one view, null: several or the order). */
  const changed = (userId: number, viewId: number | null = null) =>
    events.publish({ type: 'view_changed', userId, viewId });

  async function seedStarters(userId: number, lang: Language): Promise<void> {
    // Every list calls this: only a first seeding is a change worth an event.
    const seeded = await deps.db.transaction(async (tx) => {
      const repo = repoOf(tx);
      if (!(await repo.claimSeeding(userId))) return false;
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
      return true;
    });
    if (seeded) await changed(userId);
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
      const present = new Set(rows.filter((r) => r.fixed).map(starterOf));
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
    if (restored.length > 0) await changed(userId);
    return restored.map((r) => ({ viewId: String(r.id), name: r.name }));
  }

  async function ownView(userId: number, viewId: string): Promise<ViewRow> {
    const id = parseViewId(viewId);
    const row = (await rowsOf(userId)).find((r) => r.id === id);
    if (!row) throw notFound();
    return row;
  }

  /** The type's per-user limits, checked with the owner's row locked, before a view of it is saved. */
  async function bound(tx: Queryable, userId: number, v: Omit<NewView, 'fixed'>, replacing: number | null) {
    const kind = viewTypeOf(v.viewType);
    if (!kind.bound) return;
    await repoOf(tx).lockOwner(userId);
    await kind.bound(tx, userId, v.matchingRules, replacing);
  }

  /** The type's step after a view of it was saved (created or updated), in the same transaction. */
  const savedStep = (tx: Queryable, userId: number, id: number, v: Omit<NewView, 'fixed'>) =>
    viewTypeOf(v.viewType).saved?.(tx, { id, userId, ...v }, Math.floor(deps.clock.now().getTime() / 1000));

  /** The top-level tab ids in their saved order, unknown ones after in creation order. */
  function ordered(rows: ViewRow[], saved: string[]): string[] {
    const ids = [
      ...GROUP_IDS.map(String),
      ...rows.filter((r) => !viewTypeOf(r.view_type).groupTitle).map((r) => String(r.id)),
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
        const group = GROUP_IDS.find((g) => g === id);
        if (group) {
          return {
            viewId: group,
            name: translate(lang, viewTypeOf(group).groupTitle!),
            viewType: group,
            fixed: true,
            subs: rows
              .filter((r) => r.view_type === group)
              .map((r) => ({ viewId: String(r.id), name: r.name, viewType: group, ...extras.get(r.id) })),
          };
        }
        const r = byId.get(id)!;
        return { viewId: id, name: shownName(r, lang), viewType: r.view_type as ViewType, fixed: r.fixed, subs: [] };
      });
    },

    async add(userId: number, fields: ViewFields, lang: Language): Promise<ViewListItem[]> {
      const kind = addableKind(fields);
      const matchingRules = await rulesToStore(kind, fields);
      await seedStarters(userId, lang);
      const repo = repoOf();
      const created = await repo.insert(
        userId,
        {
          name: fields.name,
          viewType: fields.viewType,
          fixed: false,
          matchingRules,
          settings: settingsToStore(kind, fields),
        },
        deps.clock.now(),
      );
      // A new view goes to the end of the tabs, whatever order was saved before.
      const order = ordered(await repo.listOf(userId), await repo.tabOrder(userId)).filter(
        (id) => id !== String(created.id),
      );
      await repo.setTabOrder(userId, [...order, String(created.id)], deps.clock.now());
      await changed(userId, created.id);
      return this.list(userId, lang);
    },

    async update(userId: number, viewId: string, fields: ViewFields): Promise<void> {
      const row = await ownView(userId, viewId);
      if (row.fixed) throw new AppError(Ret.conflict, 'view_fixed', {}, 409);
      if (fields.viewType !== row.view_type) throw badRequest('view_type_not_allowed', { type: fields.viewType });
      const kind = addableKind(fields);
      const matchingRules = await rulesToStore(kind, fields);
      const settings = settingsToStore(kind, fields, row);
      await repoOf().update(
        userId,
        row.id,
        { name: fields.name, viewType: fields.viewType, matchingRules, settings },
        deps.clock.now(),
      );
      await changed(userId, row.id);
    },

    /**
     * A view of the user, with the user's coin opinion view per coin (so a post's coin tag can
     * open it), read in one query since every feed page needs both.
     */
    async viewWithCoinViews(userId: number, viewId: string) {
      const view = await ownView(userId, viewId);
      return { view, coinViews: await this.coinViewsOf(userId) };
    },

    /** The user's coin opinion view per coin, for the coin tags of posts shown outside a view. */
    async coinViewsOf(userId: number): Promise<Map<string, string>> {
      const coinViews = (await rowsOf(userId)).flatMap((r) => {
        const coin = viewTypeOf(r.view_type).coinOf?.(r);
        return coin === undefined ? [] : [[coin, String(r.id)] as const];
      });
      return new Map(coinViews);
    },

    /**
     * Creates a coin or event opinion view, which their own calls validate; its type's `saved`
     * step runs in the same transaction (the rollups that follow the view). The new view ends
     * its group's list.
     */
    async createOpinion(userId: number, v: Omit<NewView, 'fixed'>, lang: Language): Promise<ViewListItem[]> {
      await seedStarters(userId, lang);
      const created = await deps.db.transaction(async (tx) => {
        await bound(tx, userId, v, null);
        const row = await repoOf(tx).insert(userId, { ...v, fixed: false }, deps.clock.now());
        await savedStep(tx, userId, row.id, v);
        return row;
      });
      await changed(userId, created.id);
      return this.list(userId, lang);
    },

    /** Saves an opinion view of the given type; anything else of the user's is not found. */
    async updateOpinion(userId: number, viewId: string, v: Omit<NewView, 'fixed'>): Promise<void> {
      const row = await ownView(userId, viewId);
      if (row.view_type !== v.viewType) throw notFound();
      await deps.db.transaction(async (tx) => {
        await bound(tx, userId, v, row.id);
        await repoOf(tx).update(userId, row.id, v, deps.clock.now());
        await savedStep(tx, userId, row.id, v);
      });
      await changed(userId, row.id);
    },

    /** A view of the user of one type, or not found. */
    async ownOfType(userId: number, viewId: string, viewType: ViewType): Promise<ViewRow> {
      const row = await ownView(userId, viewId);
      if (row.view_type !== viewType) throw notFound();
      return row;
    },

    /**
     * Deletes a view of the user (of `viewType` only, when given; another is not found), then
     * runs its type's `deleted` step.
     */
    async remove(userId: number, viewId: string, viewType?: ViewType): Promise<void> {
      if (viewType) await this.ownOfType(userId, viewId, viewType);
      const deleted = await repoOf().delete(userId, parseViewId(viewId));
      await changed(userId, deleted ? parseViewId(viewId) : null);
      if (!deleted) throw notFound();
      await viewTypeOf(deleted).deleted?.(deps.db, userId);
    },

    async info(userId: number, viewId: string): Promise<ViewInfo> {
      const row = await ownView(userId, viewId);
      const kind = viewTypeOf(row.view_type);
      return {
        ...(readSettings(kind.settings, row.settings) as Partial<ViewInfo>),
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
      // The order is not cached; other tabs and devices still want to show it.
      await changed(userId);
    },
  };
}
export type Views = ReturnType<typeof views>;
