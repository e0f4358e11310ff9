/**
 * The notification form's rules (spec section 5; pure, unit-tested): a trimmed name, at least one
 * keyword ('Please set filter conditions'), at least one data source, and an update frequency of
 * whole minutes, hours or days. The form edits one keyword group: any of its keywords matches.
 */
import {
  DEFAULT_NOTIFICATION_SOURCES,
  DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS,
  dedupeKeywords,
  type MatchingRuleGroup,
  NOTIFICATION_SOURCES,
  type NotificationSource,
  trimTitle,
} from '@kolscope/contract';
import { type KeywordItem, localKey } from '../../features/filters/filters';
import { type TimeError, type TimeValue, timeFromSeconds, timeToSeconds } from '../../features/report/timeField';

/** view/add's bound for updateFreqSeconds. */
export const UPDATE_FREQ_MAX_SECONDS = 30 * 86_400;

export interface NotificationFields {
  name: string;
  keywords: readonly KeywordItem[];
  sources: readonly NotificationSource[];
  updateFreq: TimeValue;
  notificationEnabled: boolean;
}

export const defaultFields = (): NotificationFields => ({
  name: '',
  keywords: [],
  sources: [...DEFAULT_NOTIFICATION_SOURCES],
  updateFreq: timeFromSeconds(DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS),
  notificationEnabled: false,
});

export interface NotificationPayload {
  name: string;
  matchingRules: MatchingRuleGroup[];
  dataSources: NotificationSource[];
  updateFreqSeconds: number;
  notificationEnabled: boolean;
}

export interface NotificationErrors {
  name?: 'titleRequired';
  keywords?: 'filtersRequired';
  sources?: 'sourcesRequired';
  updateFreq?: TimeError;
}

/** Every error at once, so each field shows its own; the payload only when there is none. */
export function validateNotification(
  f: NotificationFields,
): { errors: NotificationErrors } | { payload: NotificationPayload } {
  const errors: NotificationErrors = {};
  const name = trimTitle(f.name);
  if (!name) errors.name = 'titleRequired';
  const words = dedupeKeywords(f.keywords.map((k) => k.text));
  if (words.length === 0) errors.keywords = 'filtersRequired';
  const dataSources = NOTIFICATION_SOURCES.filter((s) => f.sources.includes(s));
  if (dataSources.length === 0) errors.sources = 'sourcesRequired';
  const freq = timeToSeconds(f.updateFreq, UPDATE_FREQ_MAX_SECONDS);
  if ('error' in freq) errors.updateFreq = freq.error;
  if (Object.keys(errors).length > 0 || 'error' in freq) return { errors };
  return {
    payload: {
      name,
      matchingRules: [{ type: 'keywords', rules: words.map((w) => ({ label: w, value: w })) }],
      dataSources,
      updateFreqSeconds: freq.seconds,
      notificationEnabled: f.notificationEnabled,
    },
  };
}

/** The fields in the order of the form: the first error is the one toasted. */
export const NOTIFICATION_FIELDS = ['name', 'keywords', 'sources', 'updateFreq'] as const;

/** A saved view's fields as the form shows them. */
export function fieldsFromInfo(info: {
  name: string;
  matchingRules: readonly MatchingRuleGroup[];
  dataSources?: readonly NotificationSource[] | undefined;
  updateFreqSeconds?: number | undefined;
  notificationEnabled?: boolean | undefined;
}): NotificationFields {
  const words = dedupeKeywords(
    info.matchingRules
      .filter((g) => g.type === 'keywords')
      .flatMap((g) => g.rules.map((r) => r.value ?? r.label ?? '')),
  );
  return {
    name: info.name,
    keywords: words.map((text) => ({ key: localKey('kw'), text, editing: false })),
    sources: info.dataSources?.length ? [...info.dataSources] : [...DEFAULT_NOTIFICATION_SOURCES],
    updateFreq: timeFromSeconds(info.updateFreqSeconds ?? DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS),
    notificationEnabled: info.notificationEnabled === true,
  };
}

/** Ticks a source on or off, keeping the contract's order. */
export function toggleSource(sources: readonly NotificationSource[], source: NotificationSource): NotificationSource[] {
  const next = sources.includes(source) ? sources.filter((s) => s !== source) : [...sources, source];
  return NOTIFICATION_SOURCES.filter((s) => next.includes(s));
}
