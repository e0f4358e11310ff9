import type { RankItem, SortingIndicator } from '@kolscope/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGrowth, formatRankValue, formatUpdateTime, rankColumn, windowOf } from './rankFormat';
import {
  stripCount,
  firstPageFailed,
  firstPageLoaded,
  initialRank,
  morePageLoaded,
  pagesToCover,
  type RankPage,
  rankDisplay,
  silentlyReplaced,
  startLoad,
  startMore,
} from './rankState';

const item = (coin: string, rank: number): RankItem => ({
  rank,
  coin,
  icon: '',
  hot: 10 - rank,
  usersWhistleblower: [],
  usersCrown: [],
});
const page = (coins: string[], more: 0 | 1, from = 1): RankPage => ({
  list: coins.map((c, i) => item(c, from + i)),
  statRangeSeconds: 86_400,
  updateTime: 1_700_000_000,
  sortingIndicatorType: 'hot',
  more,
  nextCb: more ? `cb${from}` : '',
});

describe('rank state', () => {
  it("keeps the view's comparisons from the page, so an empty fastest-rising list can say why", () => {
    let s = startLoad(initialRank);
    s = firstPageLoaded(s, s.requestId, { ...page([], 0), fastestRising: true, newCoinEntry: false });
    expect(rankDisplay(s)).toBe('empty');
    expect(s).toMatchObject({ fastestRising: true, newCoinEntry: false });
    s = firstPageLoaded(startLoad(s), s.requestId + 1, page(['BTC'], 0));
    expect(s).toMatchObject({ fastestRising: false, newCoinEntry: false });
  });

  it('shows a spinner, then the list, then appends the next page without repeats', () => {
    let s = startLoad(initialRank);
    expect(rankDisplay(s)).toBe('spinner');
    s = firstPageLoaded(s, s.requestId, page(['BTC', 'ETH'], 1));
    expect(rankDisplay(s)).toBe('list');
    expect(s).toMatchObject({ more: 1, nextCb: 'cb1', updateTime: 1_700_000_000 });
    s = startMore(s);
    s = morePageLoaded(s, s.requestId, page(['ETH', 'SOL'], 0, 3));
    expect(s.items.map((i) => i.coin)).toEqual(['BTC', 'ETH', 'SOL']);
    expect(s).toMatchObject({ more: 0, nextCb: '', loadingMore: false });
  });

  it('shows the error with its reload only while nothing is listed', () => {
    let s = startLoad(initialRank);
    s = firstPageFailed(s, s.requestId, 'Failed to get ranking data');
    expect(rankDisplay(s)).toBe('error');
    s = startLoad(s);
    expect(rankDisplay(s)).toBe('spinner');
    s = firstPageLoaded(s, s.requestId, page([], 0));
    expect(rankDisplay(s)).toBe('empty');
  });

  it('ignores answers to requests that are no longer the latest', () => {
    const first = startLoad(initialRank);
    const second = startLoad(first);
    expect(firstPageLoaded(second, first.requestId, page(['OLD'], 0))).toBe(second);
    const loaded = firstPageLoaded(second, second.requestId, page(['BTC'], 1));
    const replaced = silentlyReplaced(loaded, loaded.requestId, [page(['ETH'], 1)]);
    // A load more sent before the silent refresh lands on a replaced list: dropped.
    expect(morePageLoaded(replaced, loaded.requestId, page(['SOL'], 0, 2))).toBe(replaced);
  });

  it('a silent refresh replaces the data in place, and a refresh clears it', () => {
    let s = startLoad(initialRank);
    s = firstPageLoaded(s, s.requestId, page(['BTC', 'ETH'], 1));
    const before = s;
    s = silentlyReplaced(s, s.requestId, [page(['ETH', 'BTC'], 1), page(['SOL'], 0, 3)]);
    expect(s.items.map((i) => i.coin)).toEqual(['ETH', 'BTC', 'SOL']);
    expect(rankDisplay(s)).toBe('list');
    expect(silentlyReplaced(s, s.requestId, [])).toBe(s);
    // A refresh or another silent refresh came first: this answer is stale.
    expect(silentlyReplaced(s, before.requestId, [page(['X'], 0)])).toBe(s);
    const cleared = startLoad(s);
    expect(cleared.items).toEqual([]);
    expect(rankDisplay(cleared)).toBe('spinner');
    expect(pagesToCover(41, 20)).toBe(3);
    expect(pagesToCover(0, 20)).toBe(1);
  });
});

describe('rank texts', () => {
  it('formats the update time as YYYY-MM-DD HH:mm', () => {
    const t = new Date(2026, 0, 5, 9, 7, 59).getTime() / 1000;
    expect(formatUpdateTime(t)).toBe('2026-01-05 09:07');
  });

  const column = (values: number[], indicator: SortingIndicator, lang: string) => {
    const c = rankColumn(values, indicator, lang);
    return values.map((v) => formatRankValue(v, c));
  };

  it('writes a column of small values plainly: scores with one decimal, counts whole', () => {
    expect(column([8274.06, 123.456, 0.5], 'hot', 'en')).toEqual(['8,274.1', '123.5', '0.5']);
    expect(column([8303.6, 950], 'kol_score', 'zh-CN')).toEqual(['8,303.6', '950.0']);
    expect(column([7, 3], 'kol_count', 'en')).toEqual(['7', '3']);
  });

  it('writes every row of a column in the unit of its largest value', () => {
    // The columns: "13.3k" beside "8,274.1", "1.3万" beside "8,303.6".
    expect(column([13_312, 8274.1, 2100], 'hot', 'en')).toEqual(['13.3k', '8.3k', '2.1k']);
    expect(column([13_312, 8303.6], 'hot', 'zh-CN')).toEqual(['1.3万', '0.8万']);
    expect(column([1_234_567, 98_000], 'impression_count', 'en')).toEqual(['1.2m', '0.1m']);
    expect(column([1_234_567, 98_000], 'impression_count', 'zh-CN')).toEqual(['123.5万', '9.8万']);
    expect(column([3e8, 2e7], 'impression_count', 'zh-CN')).toEqual(['3.0亿', '0.2亿']);
  });

  it('keeps a second decimal when the smallest value would read as zero', () => {
    expect(column([25_400, 40], 'hot', 'en')).toEqual(['25.40k', '0.04k']);
  });

  it('has one unit and one number of decimals per column, whatever the values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e10, noNaN: true }), { minLength: 1, maxLength: 100 }),
        fc.constantFrom<SortingIndicator>('hot', 'kol_score', 'kol_count', 'impression_count'),
        fc.constantFrom('en', 'zh-CN'),
        (values, indicator, lang) => {
          const shapes = new Set(
            column(values, indicator, lang).map((s) => s.replace(/[\d,]/g, '9').replace(/9+/g, '9')),
          );
          expect(shapes.size).toBe(1);
        },
      ),
    );
  });

  it('formats growth and the window', () => {
    expect(formatGrowth(3)).toBe('+300%');
    expect(formatGrowth(-0.8)).toBe('−80%');
    expect(formatGrowth(0)).toBe('0%');
    expect(windowOf(86_400)).toEqual({ count: 24, unit: 'hour' });
    expect(windowOf(7 * 86_400)).toEqual({ count: 7, unit: 'day' });
    expect(windowOf(600)).toEqual({ count: 10, unit: 'minute' });
  });
});

describe('avatar strips', () => {
  it('count every KOL behind the strip, not only the five sent (issue 29)', () => {
    expect(stripCount(5, 23, 3)).toEqual({ count: 23, drawn: 3, extra: 20 });
    expect(stripCount(2, 2, 3)).toEqual({ count: 2, drawn: 2, extra: 0 });
    // An older server without the count: the list is all there is.
    expect(stripCount(5, undefined, 3)).toEqual({ count: 5, drawn: 3, extra: 2 });
    // "+485" beside three avatars would overflow the column: two avatars and "+486".
    expect(stripCount(5, 488, 3)).toEqual({ count: 488, drawn: 2, extra: 486 });
  });
});
