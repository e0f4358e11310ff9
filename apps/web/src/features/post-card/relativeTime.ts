/**
 * Relative post times of spec section 9: under a minute 'just now', then minutes under 60,
 * hours under 24, days under 7, otherwise a localized date. The words live in the catalogues
 * (post.time.*); this module only decides which one and the number.
 */
import type { Language } from '@kolscope/contract';

export type RelativeTimeParts =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; date: Date; sameYear: boolean };

/**
 * Formatters are costly to make (tens of microseconds each) and a feed formats a thousand times
 * on every tick of the shared clock: made once per locale and options, then reused.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export function relativeTimeParts(ctSeconds: number, nowMs: number, timeZone?: string): RelativeTimeParts {
  // A post stamped slightly ahead of this device's clock is still "just now", never negative.
  const age = Math.max(0, Math.floor(nowMs / 1000) - ctSeconds);
  if (age < MINUTE) return { unit: 'justNow' };
  if (age < HOUR) return { unit: 'minutes', count: Math.floor(age / MINUTE) };
  if (age < DAY) return { unit: 'hours', count: Math.floor(age / HOUR) };
  if (age < 7 * DAY) return { unit: 'days', count: Math.floor(age / DAY) };
  const date = new Date(ctSeconds * 1000);
  const year = (d: Date) => dateFormat('en', { year: 'numeric', timeZone }).format(d);
  return { unit: 'date', date, sameYear: year(date) === year(new Date(nowMs)) };
}

type Translate = (key: string, options?: { count: number }) => string;

/** E.g. 'just now', '5m ago', 'Mar 5' / '刚刚', '5分钟前', '3月5日'. */
export function formatRelativeTime(
  ctSeconds: number,
  nowMs: number,
  t: Translate,
  lang: Language,
  timeZone?: string,
): string {
  const parts = relativeTimeParts(ctSeconds, nowMs, timeZone);
  if (parts.unit === 'justNow') return t('post.time.justNow');
  if (parts.unit !== 'date') return t(`post.time.${parts.unit}`, { count: parts.count });
  return dateFormat(lang, {
    month: 'short',
    day: 'numeric',
    ...(parts.sameYear ? {} : { year: 'numeric' }),
    timeZone,
  }).format(parts.date);
}
