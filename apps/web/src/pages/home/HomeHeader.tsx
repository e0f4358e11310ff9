import { LeftOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconButton } from '../../features/IconButton';
import { Logo } from '../../features/Logo';
import { hasInAppHistory } from '../../features/useGoBack';
import { AddMenu } from './AddMenu';
import { UserMenu } from './UserMenu';

/** Header of spec section 2 (Home): back icon (when there is somewhere to go back to), logo, add menu, user icon. */
export function HomeHeader({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="home-header">
      {/* Home is usually the first page: a back arrow there would lead nowhere (issue 29), so it
          shows only when there is a page of the app to go back to. */}
      {hasInAppHistory() && (
        <IconButton testId="home-back" label={t('home.back')} onClick={() => navigate(-1)}>
          <LeftOutline />
        </IconButton>
      )}
      <div className="home-header__logo">
        <Logo size={26} />
      </div>
      <AddMenu />
      <IconButton
        testId="user-menu-button"
        label={t('home.account')}
        onClick={() => (signedIn ? setMenuOpen(true) : navigate('/login'))}
      >
        <UserOutline />
      </IconButton>
      {signedIn && <UserMenu open={menuOpen} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
