/**
 * The bull case and the bear case (issue 33 §3, view/v2/opinion_arguments): a coin or event
 * opinion view's posts over a report window grouped into arguments (cluster.ts), the top ones of
 * each side shown, with counts that add up to the report's own totals. Decisions: README.md.
 */
import type {
  Granularity,
  Language,
  OpinionArgument,
  OpinionArguments,
  OpinionSummary,
  ReportPeriod,
  ViewType,
} from '@kolscope/contract';
import type { Db } from '../../db/db';
import { argumentsRepo } from '../../db/repos/arguments';
import { type FeedRow, feedRepo, type GroupMembership } from '../../db/repos/post-filter-sql';
import type { ViewRow } from '../../db/repos/views';
import type { Clock } from '../../domain/clock';
import { badRequest } from '../errors';
import type { KolGroups } from '../kol-groups';
import type { Opinion } from '../opinion';
import { reportWindow } from '../opinion-window';
import { TtlCache } from '../ttl-cache';
import { viewTypeOf } from '../view-types/index';
import type { Views } from '../views';
import { groupPosts } from './cluster';
import { headlineOf } from './headline';
import type { ArgumentSummaries } from './summary';

/** The newest counted posts grouped per request, at most; older ones are counted in `other`. */
export const CONSIDERED_MAX = 3000;
/** Arguments shown per side. */
export const SHOWN_PER_SIDE = 5;
/** An argument is at least this many posts (one post is a post, not an argument). */
export const ARGUMENT_MIN_POSTS = 2;
export const ARGUMENT_KOLS_MAX = 5;
export const ARGUMENT_POSTS_MAX = 10;
/** How long a grouping is reused for the same view, period and interval. */
export const ARGUMENTS_CACHE_MS = 60_000;

type Stance = -1 | 0 | 1;
const STANCE_NAME = { 1: 'bullish', 0: 'neutral', [-1]: 'bearish' } as const;

interface Query {
  viewId: string;
  period: ReportPeriod;
  interval: Granularity;
}

/** One grouping of a view's window: the top arguments of each side, kept for a short while. */
interface Grouped {
  bullish: OpinionArgument[];
  bearish: OpinionArgument[];
  /** Every group made, single posts included. */
  groups: number;
  /** Every post of the shown arguments with the stance it was counted by, to check it still holds. */
  members: Map<string, Stance>;
  considered: number;
  groupedAt: number;
}

const postsOf = (a: OpinionArgument) => a.cntUp + a.cntNeutral + a.cntDown;
/** Biggest first, then by more KOLs, then by id: the same order every time. */
const biggestFirst = (a: OpinionArgument, b: OpinionArgument) =>
  postsOf(b) - postsOf(a) || b.kolCount - a.kolCount || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The stance the report counts a post by: toward the coin for a coin view (coalesce(stance, label)). */
export function stanceOf(row: Pick<FeedRow, 'coins' | 'coin_stances' | 'sentiment'>, coin?: string): Stance {
  if (coin !== undefined) {
    const at = row.coins.indexOf(coin);
    const s = at >= 0 ? row.coin_stances?.[at] : undefined;
    if (s === -1 || s === 0 || s === 1) return s;
  }
  return (row.sentiment === 1 || row.sentiment === -1 ? row.sentiment : 0) as Stance;
}

/** Mostly bullish (more bullish than bearish, and at least as many as neutral), or bearish alike. */
export function sideOf(c: { cntUp: number; cntNeutral: number; cntDown: number }): 'bullish' | 'bearish' | null {
  if (c.cntUp > c.cntDown && c.cntUp >= c.cntNeutral) return 'bullish';
  if (c.cntDown > c.cntUp && c.cntDown >= c.cntNeutral) return 'bearish';
  return null;
}

function argumentOf(rows: FeedRow[], stances: Stance[], members: number[], central: number): OpinionArgument | null {
  const counts = { cntUp: 0, cntNeutral: 0, cntDown: 0 };
  const authors = new Map<string, { id: string; username: string; name: string; icon: string; posts: number }>();
  for (const m of members) {
    const s = stances[m]!;
    if (s === 1) counts.cntUp++;
    else if (s === -1) counts.cntDown++;
    else counts.cntNeutral++;
    const r = rows[m]!;
    const a = authors.get(r.author_id);
    if (a) a.posts++;
    else authors.set(r.author_id, { id: r.author_id, username: r.username, name: r.name, icon: r.icon, posts: 1 });
  }
  const side = sideOf(counts);
  if (!side) return null;
  const head = rows[central]!;
  // The headline post first, then the others newest first (the order they came in).
  const ordered = [central, ...members.filter((m) => m !== central)];
  return {
    id: head.id,
    side,
    headline: headlineOf(head.text),
    headlinePostId: head.id,
    ...counts,
    kols: [...authors.values()].sort((a, b) => b.posts - a.posts).slice(0, ARGUMENT_KOLS_MAX),
    kolCount: authors.size,
    posts: ordered.slice(0, ARGUMENT_POSTS_MAX).map((m) => {
      const r = rows[m]!;
      return {
        id: r.id,
        text: r.text,
        ct: Number(r.ct),
        authorId: r.author_id,
        username: r.username,
        name: r.name,
        stance: STANCE_NAME[stances[m]!],
      };
    }),
  };
}

export function opinionArguments(deps: {
  db: Db;
  clock: Clock;
  views: Views;
  kolGroups: KolGroups;
  opinion: Opinion;
  /** CONSIDERED_MAX unless a test makes the cap bite with a few posts. */
  consideredMax?: number;
  /** The generated summaries of each side (SUMMARY_URL); without them, state off. */
  summaries?: ArgumentSummaries;
}) {
  const consideredMax = deps.consideredMax ?? CONSIDERED_MAX;
  const nowMs = () => deps.clock.now().getTime();
  const cache = new TtlCache<string, Grouped>(ARGUMENTS_CACHE_MS, 500, nowMs);

  /** The KOL group the view counts (its feed's condition), as view/v2/tweets limits its posts. */
  async function membershipOf(userId: number, kolGroupId: string): Promise<GroupMembership | undefined> {
    if (!kolGroupId) return undefined;
    const rule = await deps.kolGroups.ruleOf(userId, kolGroupId);
    return rule.useFans ? { rule } : { rule, onlyAuthors: rule.white };
  }

  async function group(row: ViewRow, member: GroupMembership | undefined, window: { from: number; to: number }) {
    const kind = viewTypeOf(row.view_type);
    const floor = await argumentsRepo(deps.db).countedFrom(row.view_type === 'event_opinion' ? row.id : undefined);
    // The posts the report counts: the view's posts list's query (its filter, its group, no
    // copies: services/feed.ts), inside the window, at or above what the rollups count yet;
    // newest first, at most CONSIDERED_MAX.
    const { rows } = await feedRepo(deps.db.read).query({
      groups: kind.postGroups(row),
      ...(member ? { member } : {}),
      leadersOnly: true,
      since: Math.max(window.from, floor),
      before: { ct: window.to, id: '' },
      limit: consideredMax,
    });
    const coin = kind.coinOf?.(row);
    const stances = rows.map((r) => stanceOf(r, coin));
    const grouping = groupPosts(rows.map((r) => r.text));
    const found = grouping.groups.flatMap((members, g) => {
      if (members.length < ARGUMENT_MIN_POSTS) return [];
      const argument = argumentOf(rows, stances, members, grouping.central[g]!);
      return argument ? [argument] : [];
    });
    const side = (name: 'bullish' | 'bearish') =>
      found
        .filter((a) => a.side === name)
        .sort(biggestFirst)
        .slice(0, SHOWN_PER_SIDE);
    const bullish = side('bullish');
    const bearish = side('bearish');
    const shownIds = new Set([...bullish, ...bearish].map((a) => a.id));
    const members = new Map<string, Stance>();
    grouping.groups.forEach((g, k) => {
      if (shownIds.has(rows[grouping.central[k]!]!.id)) for (const m of g) members.set(rows[m]!.id, stances[m]!);
    });
    return {
      bullish,
      bearish,
      members,
      groups: grouping.groups.length,
      considered: rows.length,
      groupedAt: Math.floor(nowMs() / 1000),
    } satisfies Grouped;
  }

  /**
   * Whether a kept grouping still describes the posts: every post of its shown arguments still
   * counted (not deleted, not become a copy) with the same stance. New posts need no check (they
   * are in `other` until the next grouping); a post re-read or removed since would otherwise be
   * shown in an argument while the report no longer counts it so.
   */
  async function stillHolds(grouped: Grouped, coin: string | undefined): Promise<boolean> {
    const now = await argumentsRepo(deps.db.read).stillCounted([...grouped.members.keys()]);
    return now.length === grouped.members.size && now.every((r) => grouped.members.get(r.id) === stanceOf(r, coin));
  }

  /** The report's totals now (read after the grouping: a post stored since is in `other`), and `other`. */
  async function split(userId: number, q: Query, type: 'coin_opinion' | 'event_opinion', grouped: Grouped) {
    const report = await (type === 'coin_opinion' ? deps.opinion.coin : deps.opinion.event).detail(userId, q);
    const { cntUp, cntNeutral, cntDown } = report.sumInfo;
    const shown = [...grouped.bullish, ...grouped.bearish];
    const other = {
      cntUp: cntUp - shown.reduce((s, a) => s + a.cntUp, 0),
      cntNeutral: cntNeutral - shown.reduce((s, a) => s + a.cntNeutral, 0),
      cntDown: cntDown - shown.reduce((s, a) => s + a.cntDown, 0),
      arguments: grouped.groups - shown.length,
    };
    return { total: { cntUp, cntNeutral, cntDown }, other };
  }

  /** The arguments, with the view they are of (its row) and the key its grouping is kept by. */
  async function read(userId: number, q: Query) {
    const { view: row } = await deps.views.viewWithCoinViews(userId, q.viewId);
    const type = row.view_type as ViewType;
    if (type !== 'coin_opinion' && type !== 'event_opinion') throw badRequest('arguments_view_type');
    const window = reportWindow(q.period, q.interval, Math.floor(nowMs() / 1000));
    const kolGroupId = viewTypeOf(type).kolGroupOf?.(row) ?? '';
    const member = await membershipOf(userId, kolGroupId);
    const key = JSON.stringify([row.id, new Date(row.updated_at).getTime(), window.from, window.to, member?.rule]);
    const coin = viewTypeOf(type).coinOf?.(row);
    let made = false;
    const load = () => {
      made = true;
      return group(row, member, window);
    };
    let grouped = await cache.get(key, load);
    // A kept grouping (made by an earlier request) is checked against the posts as they are now.
    if (!made && !(await stillHolds(grouped, coin))) {
      cache.delete(key);
      grouped = await cache.get(key, load);
    }
    let { total, other } = await split(userId, q, type, grouped);
    // Still not fitting (an author of a shown post left the view's group since): group again.
    if (!made && (other.cntUp < 0 || other.cntNeutral < 0 || other.cntDown < 0)) {
      cache.delete(key);
      grouped = await cache.get(key, load);
      ({ total, other } = await split(userId, q, type, grouped));
    }
    const result: OpinionArguments = {
      bullish: grouped.bullish,
      bearish: grouped.bearish,
      other,
      total,
      considered: grouped.considered,
      consideredMax,
      groupedAt: grouped.groupedAt,
    };
    return { result, row, coin };
  }

  return {
    async get(userId: number, q: Query): Promise<OpinionArguments> {
      return (await read(userId, q)).result;
    },

    /** Two generated sentences per side of the same arguments, in the reader's language (summary.ts). */
    async summary(userId: number, q: Query, lang: Language): Promise<OpinionSummary> {
      // Off: no grouping either (the view is still checked to be the caller's).
      if (!deps.summaries?.enabled) {
        await deps.views.viewWithCoinViews(userId, q.viewId);
        return { state: 'off', bullish: '', bearish: '', model: '', generatedAt: 0 };
      }
      const { result, row, coin } = await read(userId, q);
      return deps.summaries.summarise({
        userId,
        key: JSON.stringify([row.id, new Date(row.updated_at).getTime(), q.period, q.interval]),
        subject: coin ? `$${coin}` : row.name,
        lang,
        bullish: result.bullish,
        bearish: result.bearish,
      });
    },
  };
}
export type OpinionArgumentsService = ReturnType<typeof opinionArguments>;
