import { LeftOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../features/Logo';
import { hasInAppHistory } from '../../features/useGoBack';
import { AddMenu } from './AddMenu';
import { UserMenu } from './UserMenu';

/** Header of spec section 2 (Home): back icon, logo, add menu, user icon. */
export function HomeHeader({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="home-header">
      <button
        type="button"
        className="ks-icon-button"
        data-testid="home-back"
        aria-label={t('home.back')}
        // Home is usually the first page; back then has nowhere to go and does nothing.
        onClick={() => hasInAppHistory() && navigate(-1)}
      >
        <LeftOutline />
      </button>
      <div className="home-header__logo">
        <Logo size={26} />
      </div>
      <AddMenu />
      <button
        type="button"
        className="ks-icon-button"
        data-testid="user-menu-button"
        aria-label={t('home.account')}
        onClick={() => (signedIn ? setMenuOpen(true) : navigate('/login'))}
      >
        <UserOutline />
      </button>
      {signedIn && <UserMenu open={menuOpen} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
