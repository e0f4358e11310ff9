/**
 * Which tab and view Home shows (spec section 2): the URL carries `tab` (a top-level item's id)
 * and `viewId` (the selected view). With no view selected, the view named by viewId in the URL,
 * otherwise the first view, is selected. Pure, so every case is tested.
 */
import type { ViewListItem } from '@kolscope/contract';
import { findView } from '../../state/views';

export interface HomeSelection {
  /** The tab item (a view, or the coin/event opinion group). */
  group: ViewListItem;
  /** The selected view: the tab's own id, or a sub-view named in the URL. */
  viewId: string;
  /** The query the URL should carry; differs from the current one when it must be corrected. */
  search: { tab: string; viewId?: string };
}

export function resolveSelection(
  list: readonly ViewListItem[],
  url: { tab: string | null; viewId: string | null },
  current: string | null,
): HomeSelection | null {
  // A viewId in the URL wins: it is how a setting page hands over the view it just created.
  const named = findView(list, url.viewId);
  if (named) {
    return { group: named.group, viewId: named.viewId, search: { tab: named.group.viewId, viewId: named.viewId } };
  }
  const tab = list.find((item) => item.viewId === url.tab);
  if (tab) return { group: tab, viewId: tab.viewId, search: { tab: tab.viewId } };
  const selected = findView(list, current);
  if (selected) {
    const viewId = selected.group.viewId;
    return { group: selected.group, viewId, search: { tab: viewId } };
  }
  const first = list[0];
  return first ? { group: first, viewId: first.viewId, search: { tab: first.viewId } } : null;
}

/** True when the URL already says what the selection says. */
export function searchMatches(
  url: { tab: string | null; viewId: string | null },
  search: HomeSelection['search'],
): boolean {
  return url.tab === search.tab && (url.viewId ?? undefined) === search.viewId;
}
