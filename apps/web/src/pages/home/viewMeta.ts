/** Per view type: the tab icon and the settings route (spec section 2, Home). */
import type { ViewListItem, ViewType } from '@kolscope/contract';
import {
  BellOutline,
  ContentOutline,
  FireFill,
  HistogramOutline,
  PieOutline,
  StarOutline,
  TextOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';

// The same icons as the add menu where both show a type, so a tab is recognisable from it.
export const TAB_ICONS: Record<ViewType, ComponentType<{ className?: string }>> = {
  content_feed: ContentOutline,
  analytics_report: HistogramOutline,
  ranking_list: StarOutline,
  notification: BellOutline,
  coin_opinion: PieOutline,
  event_opinion: TextOutline,
  hot_coins: FireFill,
  mindshare: UnorderedListOutline,
};

const SETTING_ROUTES: Partial<Record<ViewType, string>> = {
  content_feed: '/feed-setting',
  analytics_report: '/report-setting',
  ranking_list: '/rank-setting',
  notification: '/notification-setting',
  mindshare: '/mindshare-setting',
};

/** Where the per-view settings action goes; null when hidden (fixed views, opinion groups, hot coins). */
export function settingsPath(item: Pick<ViewListItem, 'viewId' | 'viewType' | 'fixed'>): string | null {
  if (item.fixed) return null;
  const base = SETTING_ROUTES[item.viewType];
  return base ? `${base}/${encodeURIComponent(item.viewId)}` : null;
}
