/**
 * Validation of the report form (spec section 5): the feed's title and filter rules, plus the
 * two time selectors. Backtracking is only checked on create: it is read-only afterwards.
 */
import { DEFAULT_REPORT_UPDATE_FREQ_SECONDS, type MatchingRuleGroup, trimTitle } from '@kolscope/contract';
import { type FilterGroup, rulesFromGroups } from '../../features/filters/filters';
import { type TimeError, type TimeValue, timeFromSeconds, timeToSeconds } from '../../features/report/timeField';

/** The contract's bounds (view/add): what the server would refuse is refused here first. */
export const BACKTRACKING_MAX_SECONDS = 365 * 86_400;
export const UPDATE_FREQ_MAX_SECONDS = 30 * 86_400;
/** Decision: a new report looks back 30 days, the longest period it can show. */
export const DEFAULT_BACKTRACKING_SECONDS = 30 * 86_400;

export const DEFAULT_TIMES = {
  backtracking: timeFromSeconds(DEFAULT_BACKTRACKING_SECONDS),
  updateFreq: timeFromSeconds(DEFAULT_REPORT_UPDATE_FREQ_SECONDS),
};

export interface ReportFields {
  title: string;
  groups: readonly FilterGroup[];
  backtracking: TimeValue;
  updateFreq: TimeValue;
}

export interface ReportPayload {
  name: string;
  matchingRules: MatchingRuleGroup[];
  backtrackingSeconds: number;
  updateFreqSeconds: number;
}

export interface ReportErrors {
  title?: 'titleRequired';
  filters?: 'filtersRequired';
  backtracking?: TimeError;
  updateFreq?: TimeError;
}

/**
 * Every error at once, so each field can show its own; the payload only when there is none.
 * `keptBacktracking` is the stored value of a report being edited.
 */
export function validateReport(
  fields: ReportFields,
  keptBacktracking?: number,
): { errors: ReportErrors } | { payload: ReportPayload } {
  const errors: ReportErrors = {};
  const name = trimTitle(fields.title);
  if (!name) errors.title = 'titleRequired';
  // The feed's rule: blank keywords dropped, and at least one group left with a rule.
  const matchingRules = rulesFromGroups(fields.groups);
  if (matchingRules.length === 0) errors.filters = 'filtersRequired';
  const backtracking =
    keptBacktracking !== undefined
      ? { seconds: keptBacktracking }
      : timeToSeconds(fields.backtracking, BACKTRACKING_MAX_SECONDS);
  if ('error' in backtracking) errors.backtracking = backtracking.error;
  const updateFreq = timeToSeconds(fields.updateFreq, UPDATE_FREQ_MAX_SECONDS);
  if ('error' in updateFreq) errors.updateFreq = updateFreq.error;
  if ('error' in backtracking || 'error' in updateFreq || errors.title || errors.filters) return { errors };
  return {
    payload: {
      name,
      matchingRules,
      backtrackingSeconds: backtracking.seconds,
      updateFreqSeconds: updateFreq.seconds,
    },
  };
}

/** The fields in the order of the form: the first error is the one toasted. */
export const REPORT_FIELDS = ['title', 'backtracking', 'updateFreq', 'filters'] as const;
