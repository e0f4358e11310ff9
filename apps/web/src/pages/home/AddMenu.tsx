import { Popover } from 'antd-mobile';
import {
  AddCircleOutline,
  BellOutline,
  ContentOutline,
  FireFill,
  HistogramOutline,
  PieOutline,
  UnorderedListOutline,
  TextOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The add menu's entries (spec section 2, Home): each opens the matching setting page. The spec
 * lists four; notifications and analytics reports are added, or those views could only be made by
 * typing their URLs.
 */
const ENTRIES = [
  { key: '/feed-setting', label: 'home.addMenu.feed', testId: 'add-menu-feed', Icon: ContentOutline },
  {
    key: '/report-setting',
    label: 'home.addMenu.report',
    testId: 'add-menu-report',
    Icon: HistogramOutline,
  },
  { key: '/rank-setting', label: 'home.addMenu.rank', testId: 'add-menu-rank', Icon: FireFill },
  {
    key: '/mindshare-setting',
    label: 'mindshare.addMenu',
    testId: 'add-menu-mindshare',
    Icon: UnorderedListOutline,
  },
  {
    key: '/coin-opinion-setting',
    label: 'home.addMenu.coinOpinion',
    testId: 'add-menu-coin-opinion',
    Icon: PieOutline,
  },
  {
    key: '/event-opinion-setting',
    label: 'home.addMenu.eventOpinion',
    testId: 'add-menu-event-opinion',
    Icon: TextOutline,
  },
  {
    key: '/notification-setting',
    label: 'home.addMenu.notification',
    testId: 'add-menu-notification',
    Icon: BellOutline,
  },
] as const;

export function AddMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Popover.Menu
      trigger="click"
      placement="bottom-end"
      actions={ENTRIES.map(({ key, label, testId, Icon }) => ({
        key,
        icon: <Icon />,
        text: <span data-testid={testId}>{t(label)}</span>,
      }))}
      onAction={(action) => navigate(String(action.key))}
    >
      <button type="button" className="ks-icon-button" data-testid="home-add" aria-label={t('home.add')}>
        <AddCircleOutline />
      </button>
    </Popover.Menu>
  );
}
