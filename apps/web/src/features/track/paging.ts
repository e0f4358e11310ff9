/** Paging of the track record lists (calls, posts, leaderboard rows): append by cursor without repeats. */
export interface ListState<T> {
  items: T[];
  more: boolean;
  nextCb: string;
}

export function emptyList<T>(): ListState<T> {
  return { items: [], more: false, nextCb: '' };
}

/** Appends a page; an item already shown (a row that moved between pages) is not repeated. */
export function appendPage<T>(
  state: ListState<T>,
  page: { list: readonly T[]; more: number; nextCb: string },
  keyOf: (item: T) => string,
): ListState<T> {
  const seen = new Set(state.items.map(keyOf));
  const fresh = page.list.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { items: [...state.items, ...fresh], more: page.more === 1 && page.nextCb !== '', nextCb: page.nextCb };
}
