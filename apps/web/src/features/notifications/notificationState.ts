/**
 * A notification view's list as pure functions (unit-tested): first page, load more by cursor,
 * and a silent refresh that puts what is new on top without touching the pages below.
 */
import type { NotificationItem } from '@kolscope/contract';

export interface NotificationState {
  list: NotificationItem[];
  more: 0 | 1;
  nextCb: string;
  /** A first page arrived (even an empty one). */
  loaded: boolean;
  /** The first page failed: its message. */
  error: string | null;
}

export interface NotificationPage {
  list: NotificationItem[];
  more: 0 | 1;
  nextCb: string;
}

export const emptyNotifications = (): NotificationState => ({
  list: [],
  more: 0,
  nextCb: '',
  loaded: false,
  error: null,
});

export function firstPage(page: NotificationPage): NotificationState {
  return { list: page.list, more: page.more, nextCb: page.nextCb, loaded: true, error: null };
}

/** The next page after the last one shown; an item already there (it moved up) is not repeated. */
export function appendPage(state: NotificationState, page: NotificationPage): NotificationState {
  const known = new Set(state.list.map((i) => i.id));
  return { ...state, list: [...state.list, ...page.list.filter((i) => !known.has(i.id))], ...pick(page) };
}

const pick = (page: NotificationPage) => ({ more: page.more, nextCb: page.nextCb });

/**
 * A fresh first page against what is shown: the items above the first one already shown are new
 * and go on top; the rest stays as it is (cursor included). When none of the fresh page is known,
 * more than a page arrived: the fresh page replaces the list, so no gap is left.
 */
export function mergeFresh(state: NotificationState, fresh: NotificationPage): NotificationState {
  if (state.list.length === 0) return firstPage(fresh);
  const known = new Set(state.list.map((i) => i.id));
  const firstKnown = fresh.list.findIndex((i) => known.has(i.id));
  if (firstKnown === -1) return fresh.list.length ? firstPage(fresh) : state;
  if (firstKnown === 0) return state;
  return { ...state, list: [...fresh.list.slice(0, firstKnown), ...state.list] };
}

/** How the list shows (spec section 4, "Feed display"). */
export function notificationDisplay(
  state: NotificationState,
  loading: boolean,
): 'spinner' | 'error' | 'empty' | 'searching' | 'list' {
  if (!state.loaded) return state.error && !loading ? 'error' : 'spinner';
  if (state.list.length > 0) return 'list';
  // An empty page that says more: the server looked at a bounded number of posts and goes on from
  // there; the footer keeps loading (issue 29: "No notifications yet" while older matches existed).
  return state.more === 1 ? 'searching' : 'empty';
}
