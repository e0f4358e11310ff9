import type { Language } from '@kolscope/contract';
import { List, Popup } from 'antd-mobile';
import {
  AppstoreOutline,
  CheckOutline,
  GlobalOutline,
  HistogramOutline,
  MessageOutline,
  UserCircleOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage, switchLanguage } from '../../i18n';
import { logout } from '../../state/sessionActions';
import { useSession } from '../../state/useSession';
import { UpColourChoice } from './UpColourChoice';

const LANGUAGE_ENTRIES: { lang: Language; label: string; testId: string }[] = [
  { lang: 'en', label: 'userMenu.english', testId: 'lang-en' },
  { lang: 'zh-CN', label: 'userMenu.chinese', testId: 'lang-zh-CN' },
];

/** The pages the menu opens; statistics and sentiment corrections are for admins only. */
const PAGE_ENTRIES: { path: string; label: string; testId: string; Icon: ComponentType; adminOnly: boolean }[] = [
  {
    path: '/statistics',
    label: 'userMenu.statistics',
    testId: 'menu-statistics',
    Icon: HistogramOutline,
    adminOnly: true,
  },
  {
    path: '/sentiment-feedback',
    label: 'userMenu.sentimentFeedback',
    testId: 'menu-sentiment-feedback',
    Icon: MessageOutline,
    adminOnly: true,
  },
  {
    path: '/data-source',
    label: 'userMenu.dataSources',
    testId: 'menu-data-sources',
    Icon: AppstoreOutline,
    adminOnly: false,
  },
];

/** The signed-in user's menu: e-mail, language, up/down colours, statistics and sentiment corrections (admins), logout, version. */
export function UserMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);

  const pickLanguage = (lang: Language) => {
    if (lang === currentLanguage) onClose();
    else switchLanguage(lang);
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
      <div className="user-menu" data-testid="user-menu">
        <div className="user-menu__who">
          <UserCircleOutline className="user-menu__avatar" />
          <span data-testid="user-menu-email" className="user-menu__email">
            {user?.email ?? t('userMenu.loadingUser')}
          </span>
        </div>
        <List header={t('userMenu.language')} mode="card">
          {LANGUAGE_ENTRIES.map(({ lang, label, testId }) => (
            <List.Item
              key={lang}
              data-testid={testId}
              prefix={<GlobalOutline />}
              extra={lang === currentLanguage ? <CheckOutline color="var(--ks-primary)" /> : null}
              onClick={() => pickLanguage(lang)}
              arrowIcon={false}
            >
              {t(label)}
            </List.Item>
          ))}
        </List>
        <UpColourChoice />
        <List mode="card">
          {PAGE_ENTRIES.filter((entry) => !entry.adminOnly || user?.isAdmin).map(({ path, label, testId, Icon }) => (
            <List.Item
              key={path}
              data-testid={testId}
              prefix={<Icon />}
              onClick={() => {
                onClose();
                navigate(path);
              }}
            >
              {t(label)}
            </List.Item>
          ))}
          <List.Item
            data-testid="logout-button"
            arrowIcon={false}
            onClick={() => {
              onClose();
              void logout();
            }}
          >
            <span style={{ color: 'var(--ks-danger)' }}>{t('userMenu.logout')}</span>
          </List.Item>
        </List>
        <div className="user-menu__version" data-testid="app-version">
          {t('app.version', { version: `v${__APP_VERSION__}` })}
        </div>
      </div>
    </Popup>
  );
}
