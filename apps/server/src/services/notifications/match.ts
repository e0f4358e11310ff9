/**
 * How a notification view matches. Its rules are keyword groups: an item matches when every
 * group has one of its keywords in it (the feed's semantics and the feed's regex, so a push, a
 * stored message and the list agree). Its sources say where items come from.
 */
import {
  CUSTOM_SOURCES,
  type CustomSource,
  DEFAULT_NOTIFICATION_SOURCES,
  DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS,
  type MatchingRuleGroup,
  NOTIFICATION_SOURCES,
  type NotificationSettings,
  type NotificationSource,
  SUPER_KOL_MIN_FOLLOWERS,
} from '@kolscope/contract';
import { keywordRegExp } from '../../db/repos/keyword-match';
import { badRequest } from '../errors';

/** The keywords of each group of a notification view's rules (other rule types are refused on save). */
export function keywordGroupsOf(rules: unknown[]): string[][] {
  return (rules as MatchingRuleGroup[])
    .filter((g) => g.type === 'keywords')
    .map((g) => g.rules.map((r) => r.value ?? r.label ?? '').filter(Boolean))
    .filter((words) => words.length > 0);
}

/** Spec section 5 for notification views: keyword rules only, at least one source. */
export function checkNotificationFields(fields: {
  matchingRules: MatchingRuleGroup[];
  dataSources?: NotificationSource[] | undefined;
}): void {
  if (fields.matchingRules.some((g) => g.type !== 'keywords' && g.rules.length > 0)) {
    throw badRequest('notification_keywords_only');
  }
  if (fields.dataSources && fields.dataSources.length === 0) throw badRequest('data_sources_required');
}

/** A notification view's settings with the defaults: superKOL only, no push, one push a minute at most. */
export function withNotificationDefaults(settings: NotificationSettings): Required<NotificationSettings> {
  return {
    ...settings,
    dataSources: sourcesOf(settings),
    notificationEnabled: settings.notificationEnabled === true,
    updateFreqSeconds: settings.updateFreqSeconds ?? DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS,
  };
}

/** A view's sources, in the contract's order, without repeats; the default when none were saved. */
export function sourcesOf(settings: Record<string, unknown>): NotificationSource[] {
  const saved = Array.isArray(settings.dataSources) ? (settings.dataSources as string[]) : DEFAULT_NOTIFICATION_SOURCES;
  return NOTIFICATION_SOURCES.filter((s) => saved.includes(s));
}

export function customSourcesOf(sources: NotificationSource[]): CustomSource[] {
  return CUSTOM_SOURCES.filter((s) => sources.includes(s));
}

/**
 * Which X posts a view takes: 'x' every tracked KOL's posts, 'superKOL' only those of authors
 * with at least SUPER_KOL_MIN_FOLLOWERS followers, none when it names neither.
 */
export function xScope(sources: NotificationSource[]): { minFollowers?: number } | null {
  if (sources.includes('x')) return {};
  if (sources.includes('superKOL')) return { minFollowers: SUPER_KOL_MIN_FOLLOWERS };
  return null;
}

export function isSuperKol(followers: number): boolean {
  return followers >= SUPER_KOL_MIN_FOLLOWERS;
}

/** True when every group has a keyword in the text (no group: nothing matches). */
export function matchesGroups(text: string, groups: string[][]): boolean {
  return groups.length > 0 && groups.every((words) => keywordRegExp(words).test(text));
}

/** The keywords of the groups found in the text, each once, in the order of the rules. */
export function matchedKeywords(text: string, groups: string[][]): string[] {
  const found = groups.flat().filter((word) => keywordRegExp([word]).test(text));
  return [...new Set(found)];
}

/** The text a forwarded message is matched on: sender, chat title and text. */
export function messageHaystack(m: { sender: string; title: string; text: string }): string {
  return `${m.sender}\n${m.title}\n${m.text}`;
}
