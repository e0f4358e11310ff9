/**
 * Whether a source is failing: its last FAILING_AFTER requests to the network all failed, even
 * when each failure was only a rejected item of a batch that otherwise "succeeded" (a hub that
 * answers every request with HTTP 400 used to show as live). The streak is kept in source_state,
 * so `kolscope sources`, the admin's data-source screen and /healthz of any process agree.
 */
import type { SourceBatch } from './types';

/** A source is failing once this many of its requests in a row failed. */
export const FAILING_AFTER = 3;

export interface RequestStreak {
  /** Requests failed in a row, up to now. */
  failures: number;
  /** The newest failure as the service said it (credentials masked), or null. */
  lastError: string | null;
}

/**
 * The streak after a batch: a request that succeeded resets it, failures after the last success
 * add up. A batch that says nothing of its requests counts as one success (it was fetched).
 */
export function streakAfter(before: number, requests: SourceBatch['requests']): RequestStreak {
  const outcomes = requests ?? [true];
  let failures = before;
  let lastError: string | null = null;
  for (const outcome of outcomes) {
    if (outcome === true) failures = 0;
    else {
      failures++;
      lastError = outcome;
    }
  }
  return { failures, lastError };
}

export const isFailing = (failures: number) => failures >= FAILING_AFTER;
