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
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage, switchLanguage } from '../../i18n';
import { logout } from '../../state/sessionActions';
import { useSession } from '../../state/useSession';

const LANGUAGE_ENTRIES: { lang: Language; label: string; testId: string }[] = [
  { lang: 'en', label: 'userMenu.english', testId: 'lang-en' },
  { lang: 'zh-CN', label: 'userMenu.chinese', testId: 'lang-zh-CN' },
];

/** The signed-in user's menu: e-mail, language, statistics and sentiment corrections (admins), logout, version. */
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
        <List mode="card">
          {user?.isAdmin && (
            <List.Item
              data-testid="menu-statistics"
              prefix={<HistogramOutline />}
              onClick={() => {
                onClose();
                navigate('/statistics');
              }}
            >
              {t('userMenu.statistics')}
            </List.Item>
          )}
          {user?.isAdmin && (
            <List.Item
              data-testid="menu-sentiment-feedback"
              prefix={<MessageOutline />}
              onClick={() => {
                onClose();
                navigate('/sentiment-feedback');
              }}
            >
              {t('userMenu.sentimentFeedback')}
            </List.Item>
          )}
          <List.Item
            data-testid="menu-data-sources"
            prefix={<AppstoreOutline />}
            onClick={() => {
              onClose();
              navigate('/data-source');
            }}
          >
            {t('userMenu.dataSources')}
          </List.Item>
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
