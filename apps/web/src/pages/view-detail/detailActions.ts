/** What the more sheet of /view-detail offers (spec section 2, "View detail"). Pure. */
import type { ViewType } from '@kolscope/contract';

const SETTING_ROUTES: Partial<Record<ViewType, string>> = {
  coin_opinion: '/coin-opinion-setting',
  event_opinion: '/event-opinion-setting',
  analytics_report: '/report-setting',
};

/** Where 'setting' leads for a view of this type; null when the type has no setting page here. */
export function detailSettingPath(viewType: ViewType, viewId: string): string | null {
  const base = SETTING_ROUTES[viewType];
  return base ? `${base}/${encodeURIComponent(viewId)}` : null;
}

/** The spec fixes these two labels in Chinese, whatever the interface language. */
export const MORE_LABELS = { setting: '设置', delete: '删除' } as const;

export interface MoreAction {
  key: 'setting' | 'delete';
  text: string;
  danger?: boolean;
  disabled?: boolean;
}

/** 'setting' unless the view is fixed (or has no setting page); 'delete' in danger style, disabled while deleting. */
export function moreActions(
  view: { viewType: ViewType; viewId: string; fixed: boolean },
  deleting: boolean,
): MoreAction[] {
  const actions: MoreAction[] = [];
  if (!view.fixed && detailSettingPath(view.viewType, view.viewId)) {
    actions.push({ key: 'setting', text: MORE_LABELS.setting });
  }
  actions.push({ key: 'delete', text: MORE_LABELS.delete, danger: true, disabled: deleting });
  return actions;
}
