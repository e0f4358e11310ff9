/**
 * The pure side of /nav-setting: ordering tab items after a drag, applying a saved order, and
 * which actions a row offers (spec sections 2 and 4, "Tab reordering").
 */
import type { ViewListItem, ViewType } from '@kolscope/contract';

/** Coin and event opinion views arrive collapsed into one group item each (viewId = viewType). */
export const GROUP_TYPES: readonly ViewType[] = ['coin_opinion', 'event_opinion'];

export function isGroupItem(item: Pick<ViewListItem, 'viewType'>): boolean {
  return GROUP_TYPES.includes(item.viewType);
}

/** A copy of `list` with the entry at `from` moved to `to` (indexes outside the list: a plain copy). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

/** The list after dropping `activeId` on `overId`, or null when the drop changed nothing. */
export function reorderByDrop<T extends { viewId: string }>(
  list: readonly T[],
  activeId: string,
  overId: string | null | undefined,
): T[] | null {
  if (!overId || activeId === overId) return null;
  const from = list.findIndex((i) => i.viewId === activeId);
  const to = list.findIndex((i) => i.viewId === overId);
  if (from === -1 || to === -1) return null;
  return moveItem(list, from, to);
}

/**
 * Items in a saved order: those named in `savedIds` first, in that order; items the order does
 * not know (created since it was saved) follow in their own order. Stale ids are ignored.
 */
export function applySavedOrder<T extends { viewId: string }>(items: readonly T[], savedIds: readonly string[]): T[] {
  const byId = new Map(items.map((i) => [i.viewId, i]));
  const out: T[] = [];
  const placed = new Set<string>();
  for (const id of savedIds) {
    const item = byId.get(id);
    if (!item || placed.has(id)) continue;
    placed.add(id);
    out.push(item);
  }
  for (const item of items) if (!placed.has(item.viewId)) out.push(item);
  return out;
}

export function idsOf(items: readonly { viewId: string }[]): string[] {
  return items.map((i) => i.viewId);
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

const EDIT_ROUTES: Partial<Record<ViewType, string>> = {
  content_feed: '/feed-setting',
  analytics_report: '/report-setting',
  ranking_list: '/rank-setting',
  notification: '/notification-setting',
  mindshare: '/mindshare-setting',
};

/** Where a row's edit button goes; null hides it (fixed views, opinion groups, types without a setting page). */
export function editPath(item: Pick<ViewListItem, 'viewId' | 'viewType' | 'fixed'>): string | null {
  if (item.fixed || isGroupItem(item)) return null;
  const base = EDIT_ROUTES[item.viewType];
  return base ? `${base}/${encodeURIComponent(item.viewId)}` : null;
}

/** Fixed views can be deleted (spec section 6); the opinion groups are managed from their own pages. */
export function canDelete(item: Pick<ViewListItem, 'viewType'>): boolean {
  return !isGroupItem(item);
}

/** The built-in views a user may delete and restore (view/restore_defaults), by i18n key. */
export type DefaultView = 'hotCoins' | 'allKols';

/**
 * Which built-in views are missing from the tab list: Hot Coins is the only hot_coins view and
 * All KOLs the only fixed content feed, so both are recognisable without their (translated) names.
 */
export function missingDefaults(items: readonly Pick<ViewListItem, 'viewType' | 'fixed'>[]): DefaultView[] {
  const out: DefaultView[] = [];
  if (!items.some((i) => i.fixed && i.viewType === 'hot_coins')) out.push('hotCoins');
  if (!items.some((i) => i.fixed && i.viewType === 'content_feed')) out.push('allKols');
  return out;
}
