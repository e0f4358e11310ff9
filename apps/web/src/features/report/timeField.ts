/**
 * The time selector's rules (spec section 5): a whole amount of at least 1 of minutes, hours or
 * days, stored in seconds. The amount is kept as typed, so a half-typed value can be shown with
 * its error instead of being silently rewritten.
 */
import { fromSeconds, TIME_UNITS, type TimeUnit } from '@kolscope/contract';

export { TIME_UNITS, type TimeUnit };
export const UNITS = Object.keys(TIME_UNITS) as TimeUnit[];

export interface TimeValue {
  amount: string;
  unit: TimeUnit;
}

export type TimeError = 'amountInvalid' | 'tooLong';

/** The seconds a value stands for, or the reason it stands for none. */
export function timeToSeconds(value: TimeValue, maxSeconds: number): { seconds: number } | { error: TimeError } {
  const text = value.amount.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) return { error: 'amountInvalid' };
  const seconds = Number(text) * TIME_UNITS[value.unit];
  if (seconds > maxSeconds) return { error: 'tooLong' };
  return { seconds };
}

/** A stored duration as the selector shows it, in the largest unit that divides it. */
export function timeFromSeconds(seconds: number): TimeValue {
  const { amount, unit } = fromSeconds(seconds);
  return { amount: String(amount), unit };
}
