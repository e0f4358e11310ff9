/**
 * The bull and bear cases' pure rules (issue 33 §3): what the section adds up to, and whether it
 * agrees with the stat cards beside it (the same view, period and interval, read a moment apart).
 */
import type { OpinionArguments, SumInfo } from '@kolscope/contract';

export type Split = Pick<SumInfo, 'cntUp' | 'cntNeutral' | 'cntDown'>;

/** The shown arguments and `other`, summed: the report's totals when the server is right. */
export function argumentsSum(a: OpinionArguments): Split {
  const sum = { cntUp: a.other.cntUp, cntNeutral: a.other.cntNeutral, cntDown: a.other.cntDown };
  for (const x of [...a.bullish, ...a.bearish]) {
    sum.cntUp += x.cntUp;
    sum.cntNeutral += x.cntNeutral;
    sum.cntDown += x.cntDown;
  }
  return sum;
}

/** The section's counts are the cards' counts: otherwise one of the two is older, and it reloads. */
export function agreesWith(a: OpinionArguments, sum: Split): boolean {
  const s = argumentsSum(a);
  return s.cntUp === sum.cntUp && s.cntNeutral === sum.cntNeutral && s.cntDown === sum.cntDown;
}

export const postsOf = (s: Split) => s.cntUp + s.cntNeutral + s.cntDown;
