/**
 * Number formats of the track record screens (issue 16 §3): rates, signed returns and compact
 * prices, in one place so the profile, the call cards and the leaderboard agree to the digit.
 * Returns and rates arrive as fractions (0.62 = 62 %).
 */
import { TRACK_MIN_CALLS } from '@kolscope/contract';

const MINUS = '\u2212';

/** English keeps a thin gap before the sign ("62 %"); Chinese writes it closed up ("62%"). */
function percentSign(lang: string): string {
  return lang.startsWith('zh') ? '%' : '\u2009%';
}

/** A rate as a whole percent: 0.625 → "63 %" (en), "63%" (zh). */
export function formatPercent(rate: number, lang: string): string {
  return `${Math.round(rate * 100)}${percentSign(lang)}`;
}

/** The hit rate with its Wilson lower bound: "62 % (≥ 48 %)". */
export function formatHitRate(rate: number, low: number, lang: string): string {
  return `${formatPercent(rate, lang)} (≥ ${formatPercent(low, lang)})`;
}

/**
 * A return with its sign and one decimal: 0.1234 → "+12.3 %", -0.041 → "−4.1 %"; what rounds to
 * zero shows as "0.0 %" without a sign, so a flat call never reads as a gain or a loss.
 */
export function formatSignedReturn(value: number, lang: string): string {
  const rounded = Math.round(value * 1000) / 10;
  const body = Math.abs(rounded).toFixed(1);
  const sign = rounded > 0 ? '+' : rounded < 0 ? MINUS : '';
  return `${sign}${body}${percentSign(lang)}`;
}

/** 'up', 'down' or 'flat' for colouring a return the same way its text is signed. */
export function returnTone(value: number | null): 'up' | 'down' | 'flat' {
  if (value === null) return 'flat';
  const rounded = Math.round(value * 1000);
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** Whether a record has enough resolved calls for any rate to be shown. */
export function hasEnoughCalls(calls: number): boolean {
  return calls >= TRACK_MIN_CALLS;
}
