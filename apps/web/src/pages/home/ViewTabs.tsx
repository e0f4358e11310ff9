import type { ViewListItem } from '@kolscope/contract';
import { Tabs } from 'antd-mobile';
import { SetOutline, TeamOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconButton } from '../../features/IconButton';
import { settingsPath, TAB_ICONS } from './viewMeta';

interface TabAction {
  testId: string;
  label: string;
  path: string;
  Icon: ComponentType;
}

/** The per-view settings action; shown for the views that have a setting page. */
const SETTINGS_ACTION = { testId: 'view-settings', label: 'tabs.settings', Icon: SetOutline };

/** The actions after the tabs, always shown. */
const ACTIONS: TabAction[] = [
  { testId: 'kol-management-entry', label: 'tabs.kolManagement', path: '/kol-management', Icon: TeamOutline },
  { testId: 'tab-sort', label: 'tabs.sort', path: '/nav-setting', Icon: UnorderedListOutline },
];

interface Props {
  list: ViewListItem[];
  active: ViewListItem;
  onPick: (tabId: string) => void;
}

/**
 * The tab bar of the user's view groups with the sort, KOL management and per-view settings
 * actions. antd-mobile's Tabs scrolls the active tab into view whenever it changes.
 */
export function ViewTabs({ list, active, onPick }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = settingsPath(active);
  const actions = settings ? [{ ...SETTINGS_ACTION, path: settings }, ...ACTIONS] : ACTIONS;

  return (
    <nav className="home-tabs" data-testid="home-tabs" aria-label={t('tabs.label')}>
      <Tabs
        className="home-tabs__tabs"
        activeKey={active.viewId}
        onChange={onPick}
        activeLineMode="fixed"
        style={{ '--fixed-active-line-width': '20px', '--title-font-size': '15px', '--content-padding': '0' }}
      >
        {list.map((item) => {
          const Icon = TAB_ICONS[item.viewType];
          return (
            <Tabs.Tab
              key={item.viewId}
              title={
                <span
                  className="home-tab"
                  data-testid={`tab-${item.viewId}`}
                  data-view-type={item.viewType}
                  data-active={item.viewId === active.viewId}
                >
                  <Icon className="home-tab__icon" />
                  {item.name}
                </span>
              }
            />
          );
        })}
      </Tabs>
      <div className="home-tabs__actions">
        {actions.map(({ testId, label, path, Icon }) => (
          <IconButton
            key={testId}
            testId={testId}
            label={t(label)}
            className="home-tabs__action"
            onClick={() => navigate(path)}
          >
            <Icon />
          </IconButton>
        ))}
      </div>
    </nav>
  );
}
