/**
 * The view types, one module each: `viewTypeOf(type)` is where the server asks what a type
 * keeps, checks, shows and does on save and delete. A new view type is a new module here, a
 * schema in the contract's view-settings.ts and an entry in VIEW_TYPES (constants.ts).
 */
import { type ViewType, viewLimitExceeded } from '@kolscope/contract';
import type { ViewRow } from '../../db/repos/views';
import { badRequest, notFound } from '../errors';
import { analyticsReport } from './analytics-report';
import { coinOpinion } from './coin-opinion';
import { contentFeed } from './content-feed';
import { eventOpinion } from './event-opinion';
import { hotCoins } from './hot-coins';
import { mindshareKind } from './mindshare';
import type { ViewKind } from './kind';
import { notification } from './notification';
import { rankingList } from './ranking-list';

export type { SavedView, ViewKind } from './kind';

const KINDS = {
  content_feed: contentFeed,
  notification,
  ranking_list: rankingList,
  analytics_report: analyticsReport,
  coin_opinion: coinOpinion,
  event_opinion: eventOpinion,
  hot_coins: hotCoins,
  mindshare: mindshareKind,
} satisfies Record<ViewType, ViewKind>;

/** The module of a view type; a type no module has (never stored by this server) is not found. */
export function viewTypeOf(type: string): ViewKind {
  if (!Object.hasOwn(KINDS, type)) throw notFound();
  return KINDS[type as ViewType];
}

/** Every view type's module, in VIEW_TYPES order. */
export const VIEW_KINDS: readonly ViewKind[] = Object.values(KINDS);

/** The group tabs (their ids are the types shown inside them), in their order. */
export const GROUP_IDS = VIEW_KINDS.filter((k) => k.groupTitle).map((k) => k.type);

/**
 * A view stored before VIEW_LIMITS that breaks them is refused rather than matched: its pages
 * would cost what the limits exist to prevent. The message is the one view/update would give.
 */
export function checkLimits(row: Pick<ViewRow, 'view_type' | 'matching_rules'>): void {
  const words = viewTypeOf(row.view_type).keywordGroups(row.matching_rules);
  const problem = viewLimitExceeded(row.matching_rules.length, words);
  if (problem) throw badRequest(problem, { field: 'matching_rules' });
}
