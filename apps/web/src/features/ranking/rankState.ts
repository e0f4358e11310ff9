/**
 * The rank view's state as pure functions (spec section 4, "Rank view"): loading, an error with
 * a reload button only while nothing is shown, loaded, load more by cursor; a refresh clears and
 * reloads; a silent refresh replaces the data without a spinner and ignores errors. Answers to a
 * request that is no longer the latest are dropped.
 */
import type { RankItem, SortingIndicator } from '@kolscope/contract';

export interface RankPage {
  list: RankItem[];
  statRangeSeconds: number;
  updateTime: number;
  sortingIndicatorType: SortingIndicator;
  fastestRising?: boolean;
  newCoinEntry?: boolean;
  more: 0 | 1;
  nextCb: string;
}

export interface RankState {
  items: RankItem[];
  more: 0 | 1;
  nextCb: string;
  updateTime: number;
  statRangeSeconds: number;
  sortingIndicatorType: SortingIndicator;
  /** The view compares with the previous window: its minimum volume is explained. */
  fastestRising: boolean;
  newCoinEntry: boolean;
  loaded: boolean;
  /** The first page is on its way. */
  loading: boolean;
  loadingMore: boolean;
  /** Why the first page failed; shown (with a reload button) only while there are no items. */
  error: string | null;
  /** The latest first-page or refresh request; older answers are ignored. */
  requestId: number;
}

export const initialRank: RankState = {
  items: [],
  more: 0,
  nextCb: '',
  updateTime: 0,
  statRangeSeconds: 0,
  sortingIndicatorType: 'hot',
  fastestRising: false,
  newCoinEntry: false,
  loaded: false,
  loading: false,
  loadingMore: false,
  error: null,
  requestId: 0,
};

function withPage(s: RankState, page: RankPage, items: RankItem[]): RankState {
  return {
    ...s,
    items,
    more: page.more,
    nextCb: page.nextCb,
    updateTime: page.updateTime,
    statRangeSeconds: page.statRangeSeconds,
    sortingIndicatorType: page.sortingIndicatorType,
    fastestRising: page.fastestRising ?? false,
    newCoinEntry: page.newCoinEntry ?? false,
    loaded: true,
    error: null,
  };
}

/** A first load or a refresh starts: the list is cleared, so the spinner shows. */
export function startLoad(s: RankState): RankState {
  return { ...initialRank, loading: true, requestId: s.requestId + 1 };
}

export function firstPageLoaded(s: RankState, requestId: number, page: RankPage): RankState {
  if (requestId !== s.requestId) return s;
  return { ...withPage(s, page, page.list), loading: false };
}

export function firstPageFailed(s: RankState, requestId: number, message: string): RankState {
  if (requestId !== s.requestId) return s;
  return { ...s, loading: false, error: message };
}

export function startMore(s: RankState): RankState {
  return { ...s, loadingMore: true };
}

/** The next page, unless a refresh replaced the list meanwhile; coins already shown are skipped. */
export function morePageLoaded(s: RankState, requestId: number, page: RankPage): RankState {
  if (requestId !== s.requestId) return s;
  const shown = new Set(s.items.map((i) => i.coin));
  return { ...withPage(s, page, [...s.items, ...page.list.filter((i) => !shown.has(i.coin))]), loadingMore: false };
}

export function morePageFailed(s: RankState): RankState {
  return { ...s, loadingMore: false };
}

/**
 * A silent refresh answered with the pages that cover what was shown: the data is replaced in
 * place. It takes a new request id so a load more still on its way cannot append to it.
 */
export function silentlyReplaced(s: RankState, requestId: number, pages: RankPage[]): RankState {
  const last = pages.at(-1);
  if (!last || s.loading || requestId !== s.requestId) return s;
  return {
    ...withPage(
      s,
      last,
      pages.flatMap((p) => p.list),
    ),
    requestId: s.requestId + 1,
    loadingMore: false,
  };
}

export type RankDisplay = 'spinner' | 'error' | 'empty' | 'list';

export function rankDisplay(s: RankState): RankDisplay {
  if (s.items.length > 0) return 'list';
  if (s.error) return 'error';
  if (!s.loaded || s.loading) return 'spinner';
  return 'empty';
}

/** How many pages a silent refresh reads again: enough to cover the rows shown. */
export function pagesToCover(itemsShown: number, pageSize: number): number {
  return Math.max(1, Math.ceil(itemsShown / pageSize));
}

/**
 * An avatar strip's figures: how many KOLs it stands for (the server's count, never fewer than the
 * avatars it sent), how many avatars to draw (at most `shown`; one fewer when the "+N" needs three
 * digits, so the strip keeps to its column) and the "+N" for the rest.
 */
export function stripCount(listed: number, total: number | undefined, shown: number) {
  const count = Math.max(total ?? 0, listed);
  let drawn = Math.min(shown, listed);
  if (count - drawn >= 100 && drawn > 1) drawn -= 1;
  return { count, drawn, extra: count - drawn };
}
