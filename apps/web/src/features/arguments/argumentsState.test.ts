import type { OpinionArguments } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { agreesWith, argumentsSum, postsOf } from './argumentsState';

const arg = (cntUp: number, cntNeutral: number, cntDown: number) => ({
  id: `${cntUp}${cntNeutral}${cntDown}`,
  side: cntUp > cntDown ? ('bullish' as const) : ('bearish' as const),
  headline: 'h',
  headlinePostId: '1',
  cntUp,
  cntNeutral,
  cntDown,
  kols: [],
  kolCount: 1,
  posts: [],
});
const answer: OpinionArguments = {
  bullish: [arg(5, 1, 0), arg(3, 0, 1)],
  bearish: [arg(0, 1, 4)],
  other: { cntUp: 2, cntNeutral: 7, cntDown: 1, arguments: 9 },
  total: { cntUp: 10, cntNeutral: 9, cntDown: 6 },
  considered: 25,
  consideredMax: 3000,
  groupedAt: 0,
};

describe('arguments state', () => {
  it('sums the shown arguments and other', () => {
    expect(argumentsSum(answer)).toEqual({ cntUp: 10, cntNeutral: 9, cntDown: 6 });
    expect(postsOf(argumentsSum(answer))).toBe(25);
  });
  it('agrees with the cards only when every count is equal', () => {
    expect(agreesWith(answer, { cntUp: 10, cntNeutral: 9, cntDown: 6 })).toBe(true);
    expect(agreesWith(answer, { cntUp: 11, cntNeutral: 9, cntDown: 6 })).toBe(false);
    expect(agreesWith(answer, { cntUp: 10, cntNeutral: 9, cntDown: 5 })).toBe(false);
  });
});
