/**
 * event_opinion: how KOLs read an event, its keyword groups (`{type: 'keywords', keywords}`)
 * counted into a rollup of its own, kept from when the view is saved (view/v2/event_opinion_*).
 */
import { dedupeKeywords, type EventOpinionSettings, type KeywordRuleGroup, viewSettings } from '@kolscope/contract';
import type { ViewRow } from '../../db/repos/views';
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

export const eventOpinion: ViewKind<typeof viewSettings.event_opinion> = {
  type: 'event_opinion',
  settings: viewSettings.event_opinion,
  ...opinionKind((row: ViewRow) => eventSettingsOf(row.settings).kolGroupId),
  groupTitle: 'group_event_opinion',
  keywordGroups: (rules) => keywordsOf((rules as { type?: string }[]).filter((g) => g.type === 'keywords')),
  // Matched as the report counts them: every group has one of its keywords.
  postGroups: (row) => keywordsOf(row.matching_rules).map((keywords) => ({ keywords })),
  opinionCounts: (db, row, w) => opinionRepo(db).event(row.id, w),
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
