/** Pure rules of spec section 5, shared by the server (validation) and the client (forms). */
import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH, VIEW_LIMITS } from './constants';

/** Titles are trimmed; an empty result means "no title". */
export function trimTitle(title: string | null | undefined): string {
  return (title ?? '').trim();
}

/** A fans input is numeric: anything that is not a non-negative finite number becomes 0. */
export function normaliseFans(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.floor(n);
}

/** 0 means "unlimited" and is shown as an empty input. */
export function fansToInput(value: number): string {
  return value === 0 ? '' : String(value);
}

/**
 * Normalises a [min, max] follower range: a missing bound counts as 0, and when both bounds
 * are above 0 and the first is larger, they are swapped.
 */
export function normaliseFansRange(range: readonly unknown[] | null | undefined): [number, number] {
  const min = normaliseFans(range?.[0]);
  const max = normaliseFans(range?.[1]);
  if (min > 0 && max > 0 && min > max) return [max, min];
  return [min, max];
}

/** Keywords are trimmed, blanks dropped and duplicates (case-insensitive) removed, first kept. */
export function dedupeKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of keywords) {
    const k = raw.trim();
    const key = k.toLowerCase();
    if (!k || seen.has(key)) continue;
    seen.add(key);
    out.push(k);
  }
  return out;
}

/**
 * The first of VIEW_LIMITS a view breaks, as its message key: `groups` filter groups in all, and
 * the keywords of its keyword groups (blank ones do not count: they are dropped when saved).
 * The schemas refuse such a view; the feed refuses one stored before the limits existed.
 */
export function viewLimitExceeded(
  groups: number,
  keywordGroups: readonly (readonly string[])[],
): 'view_groups_too_many' | 'view_keywords_too_many' | 'rule_keyword_invalid' | undefined {
  if (groups > VIEW_LIMITS.groups) return 'view_groups_too_many';
  const words = keywordGroups
    .flat()
    .map((k) => k.trim())
    .filter(Boolean);
  if (words.length > VIEW_LIMITS.keywords) return 'view_keywords_too_many';
  if (words.some((k) => k.length > VIEW_LIMITS.keywordLength)) return 'rule_keyword_invalid';
  return undefined;
}

/** True when `candidate` (trimmed) already stands in `keywords`, ignoring case. */
export function keywordExists(keywords: readonly string[], candidate: string): boolean {
  const key = candidate.trim().toLowerCase();
  return key !== '' && keywords.some((k) => k.trim().toLowerCase() === key);
}

/**
 * Percentage of one sentiment: round(count / total * 100), or 0 when the total is 0.
 * Missing counts are 0.
 */
export function percentage(count: number | null | undefined, ...all: (number | null | undefined)[]): number {
  const total = all.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  if (total <= 0) return 0;
  return Math.round(((count ?? 0) / total) * 100);
}

/** Coin search and coin rules store symbols without a leading `$`. */
export function stripCoinDollar(query: string): string {
  return query.trim().replace(/^\$+/, '').trim();
}

/** Usernames are submitted without a leading `@`. */
export function stripAt(username: string): string {
  return username.trim().replace(/^@+/, '').trim();
}

/** Ids in a whitelist or blacklist: trimmed, non-empty and unique, order kept. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))];
}

// A pragmatic address check: one @, a dot in the domain, no spaces; the same test on both sides.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email.trim());
}

/** E-mail addresses are compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

export function isValidCodeInput(code: string): boolean {
  const c = code.trim();
  return c.length > 0 && c.length <= VERIFICATION_CODE_LENGTH;
}

/** Time selector: an integer amount >= 1 of minutes, hours or days, stored in seconds. */
export const TIME_UNITS = { minute: 60, hour: 3600, day: 86_400 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;
export function toSeconds(amount: number, unit: TimeUnit): number {
  const n = Math.max(1, Math.floor(Number.isFinite(amount) ? amount : 1));
  return n * TIME_UNITS[unit];
}
/** The largest unit that divides `seconds` evenly, for showing a stored duration. */
export function fromSeconds(seconds: number): { amount: number; unit: TimeUnit } {
  if (seconds > 0 && seconds % TIME_UNITS.day === 0) return { amount: seconds / TIME_UNITS.day, unit: 'day' };
  if (seconds > 0 && seconds % TIME_UNITS.hour === 0) return { amount: seconds / TIME_UNITS.hour, unit: 'hour' };
  return { amount: Math.max(1, Math.round(seconds / 60)), unit: 'minute' };
}

/** Ranking (spec section 5): the comment, retweet and exposure weights must add up to 1. */
export function rankWeightsAddUp(comment: number, retweet: number, exposure: number): boolean {
  // Decimal inputs such as 0.2 + 0.4 + 0.4 are not exactly 1 in binary floating point.
  return Math.abs(comment + retweet + exposure - 1) < 1e-6;
}
