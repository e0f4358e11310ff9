/**
 * A list read page by page (notifications, a KOL group's members, the sentiment feedback list):
 * the first page (a reload, or a retry that starts from nothing), more by cursor, and a silent
 * refresh that merges a fresh first page into what is shown. Every first-page load starts a new
 * generation; an answer from an earlier one (another view or tab, a newer reload) is dropped.
 */
import { createStore } from 'zustand/vanilla';

export interface PagedSteps<S, P> {
  /** `cursor` is '' for the first page. */
  fetchPage: (cursor: string) => Promise<P>;
  /** The list before any page. */
  empty: () => S;
  first: (page: P) => S;
  /** Told when a first page is shown (the user search records its query then). */
  onFirstPage?: (page: P) => void;
  append: (state: S, page: P) => S;
  /** The cursor of the next page, or null when there is none. */
  next: (state: S) => string | null;
  /** A silent refresh's first page against what is shown; without it there is no refresh. */
  merge?: (state: S, page: P) => S;
  messageOf: (error: unknown) => string;
}

export interface PagedState<S> {
  data: S;
  /** The first page is on its way. */
  loading: boolean;
  /** Why the last first-page load failed (later pages fail into the caller's own retry). */
  error: string | null;
  /** A first page arrived since the list was last cleared. */
  loaded: boolean;
}

export interface LoadOptions {
  /** Start from the empty list (a new key, a retry); a reload keeps the list until its answer. */
  clear?: boolean;
  /** The spinner stays at least this long (spec section 9, notifications). */
  minLoadingMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPagedQuery<S, P>(steps: () => PagedSteps<S, P>) {
  const store = createStore<PagedState<S>>(() => ({
    data: steps().empty(),
    loading: true,
    error: null,
    loaded: false,
  }));
  let generation = 0;
  const get = () => store.getState();
  const update = (mine: number, next: (s: PagedState<S>) => Partial<PagedState<S>>) => {
    if (mine === generation) store.setState(next);
  };

  /** The first page; rejects on failure so a pull to refresh can say so. */
  async function load({ clear = false, minLoadingMs = 0 }: LoadOptions = {}): Promise<void> {
    const mine = ++generation;
    const { fetchPage, empty, first, onFirstPage, messageOf } = steps();
    store.setState(
      clear ? { data: empty(), loading: true, error: null, loaded: false } : { loading: true, error: null },
    );
    try {
      const [page] = await Promise.all([fetchPage(''), minLoadingMs > 0 ? wait(minLoadingMs) : null]);
      if (mine !== generation) return;
      store.setState({ data: first(page), loading: false, loaded: true });
      onFirstPage?.(page);
    } catch (error) {
      update(mine, () => ({ loading: false, error: messageOf(error) }));
      throw error;
    }
  }

  /** The next page by cursor; rejects on failure so InfiniteScroll offers its retry. */
  async function loadMore(): Promise<void> {
    const { fetchPage, append, next } = steps();
    const cursor = next(get().data);
    if (cursor === null) return;
    const mine = generation;
    const page = await fetchPage(cursor);
    update(mine, (s) => ({ data: append(s.data, page) }));
  }

  /** The silent refresh: once a first page is shown; its failures are ignored (spec section 8). */
  function refresh(): Promise<void> {
    const { fetchPage, merge } = steps();
    if (!merge || !get().loaded) return Promise.resolve();
    const mine = generation;
    return fetchPage('').then(
      (page) => update(mine, (s) => ({ data: merge(s.data, page) })),
      () => undefined,
    );
  }

  return { store, get, load, loadMore, refresh };
}
