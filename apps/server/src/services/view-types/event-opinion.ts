/**
 * event_opinion: how KOLs read an event, its keyword groups (`{type: 'keywords', keywords}`)
 * counted into a rollup of its own, kept from when the view is saved (view/v2/event_opinion_*).
 */
import {
  dedupeKeywords,
  EVENT_VIEW_LIMITS,
  type EventOpinionSettings,
  type KeywordRuleGroup,
  viewSettings,
} from '@kolscope/contract';
import { type ViewRow, viewsRepo } from '../../db/repos/views';
import type { Queryable } from '../../db/db';
import { opinionRepo } from '../../db/repos/opinion';
import { badRequest } from '../errors';
import { PERIOD_SECONDS } from '../opinion-window';
import { readSettings, type ViewKind } from './kind';
import { groupKey, opinionKind } from './opinion-kind';

/**
 * How far back an event view's rollup is counted when its keywords are saved: the longest period
 * and a week (in the background: services/event-history.ts).
 */
const EVENT_BACKFILL_SECONDS = PERIOD_SECONDS['1m'] + 7 * 86_400;

/** Trimmed, de-duplicated keyword groups; empty groups dropped; at least one keyword overall. */
export function normaliseEventKeywords(groups: KeywordRuleGroup[]): KeywordRuleGroup[] {
  const kept = groups
    .map((g) => ({ type: 'keywords' as const, keywords: dedupeKeywords(g.keywords) }))
    .filter((g) => g.keywords.length > 0);
  if (kept.length === 0) throw badRequest('keywords_required');
  return kept;
}

export const eventSettingsOf = (settings: Record<string, unknown>): EventOpinionSettings =>
  readSettings(viewSettings.event_opinion, settings);
const keywordsOf = (rules: unknown[]) => (rules as Partial<KeywordRuleGroup>[]).map((g) => g.keywords ?? []);
const keywordCount = (rules: unknown[]) => keywordsOf(rules).flat().length;

/**
 * EVENT_VIEW_LIMITS (issue 34): every event view's keywords are matched against every stored
 * post, so one user's views must not grow without bound. An update that does not add keywords
 * always passes, so a user over the limits from before them can still edit and shrink.
 */
async function withinUserLimits(tx: Queryable, userId: number, rules: unknown[], replacing: number | null) {
  const mine = (await viewsRepo(tx).listOf(userId)).filter((r) => r.view_type === 'event_opinion');
  const others = mine.filter((r) => r.id !== replacing);
  if (replacing === null && others.length >= EVENT_VIEW_LIMITS.perUser) {
    throw badRequest('event_views_too_many', { max: EVENT_VIEW_LIMITS.perUser });
  }
  const before = mine.reduce((n, r) => n + keywordCount(r.matching_rules), 0);
  const after = others.reduce((n, r) => n + keywordCount(r.matching_rules), 0) + keywordCount(rules);
  if (after > EVENT_VIEW_LIMITS.keywordsPerUser && after > before) {
    throw badRequest('event_keywords_too_many', { max: EVENT_VIEW_LIMITS.keywordsPerUser, count: after });
  }
}

export const eventOpinion: ViewKind<typeof viewSettings.event_opinion> = {
  type: 'event_opinion',
  settings: viewSettings.event_opinion,
  ...opinionKind((row: ViewRow) => eventSettingsOf(row.settings).kolGroupId),
  groupTitle: 'group_event_opinion',
  keywordGroups: (rules) => keywordsOf((rules as { type?: string }[]).filter((g) => g.type === 'keywords')),
  // Matched as the report counts them: every group has one of its keywords.
  postGroups: (row) => keywordsOf(row.matching_rules).map((keywords) => ({ keywords })),
  opinionCounts: (db, row, w) => opinionRepo(db).event(row.id, w),
  bound: withinUserLimits,
  async saved(tx, view, nowSeconds) {
    const { kolGroupId } = eventSettingsOf(view.settings);
    await opinionRepo(tx).setEvent(
      view.id,
      groupKey(kolGroupId),
      keywordsOf(view.matchingRules),
      nowSeconds - EVENT_BACKFILL_SECONDS,
      nowSeconds,
    );
  },
};
