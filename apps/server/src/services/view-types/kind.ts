/**
 * What a view type is to the server: its settings (the contract's schema), how a view of it is
 * saved, checked and deleted, and which posts it shows. One module per type implements it
 * (content-feed.ts, notification.ts, ...); `viewTypeOf` in index.ts finds them.
 */
import type { MessageKey, RankParams, ViewFields, ViewType } from '@kolscope/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/db';
import type { CompiledGroup } from '../../db/repos/post-filter-sql';
import type { BucketCounts, BucketWindow } from '../../db/repos/opinion';
import type { ViewRow } from '../../db/repos/views';

/** A view as just saved (created or updated), for the type's `saved` step. */
export interface SavedView {
  id: number;
  userId: number;
  matchingRules: unknown[];
  settings: Record<string, unknown>;
}

export interface ViewKind<S extends z.ZodObject = z.ZodObject> {
  type: ViewType;
  /** The settings a view of this type keeps; anything else is stripped, on save and on read. */
  settings: S;
  /** Made with view/add and saved with view/update (the others have calls of their own or come with the account). */
  addable: boolean;
  /** Needs at least one filter rule to be saved (spec section 5). */
  needsRules: boolean;
  /** Shown inside a group tab of this title (the tab's id is the type) instead of as a tab of its own. */
  groupTitle?: MessageKey;
  /** view/add and view/update's checks beyond the contract's. */
  check?(fields: ViewFields): void;
  /** The settings to store, defaults filled in; `before` is the view as saved until now (an update). */
  toStore?(settings: z.output<S>, before?: ViewRow): z.output<S>;
  /** The keywords of each keyword group of its rules (what VIEW_LIMITS bounds). */
  keywordGroups(rules: unknown[]): string[][];
  /**
   * A report whose posts list (view/v2/tweets) lists what its counts count: no copies of another
   * account's post (services/README.md "Near-duplicates"; feeds fold them instead).
   */
  countsOnce?: true;
  /** What a post must satisfy to be in the view's feed (view/v2/tweets). */
  postGroups(row: ViewRow): CompiledGroup[];
  /** The KOL group the view counts and shows ('' for every author); only opinion views have one. */
  kolGroupOf?(row: ViewRow): string;
  /** The coin a post's coin tag opens this view for (coin opinion views). */
  coinOf?(row: ViewRow): string;
  /** The hot-coin ranking's parameters (ranking views only). */
  rankParams?(row: ViewRow): RankParams;
  /** Its bullish/neutral/bearish counts per bucket (opinion views), of the group when given. */
  opinionCounts?(db: Queryable, row: ViewRow, w: BucketWindow, groupId: number | undefined): Promise<BucketCounts[]>;
  /**
   * Refuses a save past the type's per-user limits: runs in the saving transaction, before the
   * write, with the owner's row locked (so parallel saves of one user see each other).
   * `replacing` is the view an update replaces, null for a new one.
   */
  bound?(tx: Queryable, userId: number, rules: unknown[], replacing: number | null): Promise<void>;
  /** Runs in the transaction that saved a view of this type (rollups that follow the view). */
  saved?(tx: Queryable, view: SavedView, nowSeconds: number): Promise<void>;
  /** Runs after a view of this type was deleted. */
  deleted?(db: Queryable, userId: number): Promise<void>;
}

/**
 * Stored settings read through the type's schema. A row saved before a rule existed keeps what
 * still passes; a key that fails is dropped (so its default applies) rather than failing the view.
 */
export function readSettings<S extends z.ZodObject>(schema: S, stored: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => i.path[0]));
  const kept = schema.safeParse(Object.fromEntries(Object.entries(stored).filter(([k]) => !bad.has(k))));
  return kept.success ? kept.data : schema.parse({});
}

/** The keywords of each 'keywords' group of filter rules (feed, report and notification views). */
export function ruleKeywords(rules: unknown[]): string[][] {
  return (rules as { type?: string; rules?: { value?: string; label?: string }[] }[])
    .filter((g) => g.type === 'keywords')
    .map((g) => (g.rules ?? []).map((r) => r.value ?? r.label ?? ''));
}
