import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../features/Logo';
import { useSession } from '../../state/useSession';
import { HomeHeader } from './HomeHeader';
import { ViewsHome } from './ViewsHome';
import './home.css';
import './views.css';

/** Signed out: what kolscope is, and a way in. */
function Welcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const points = ['home.pointFeeds', 'home.pointRanking', 'home.pointSentiment'];
  return (
    <div className="home-welcome" data-testid="home-welcome">
      <Logo size={56} withText={false} />
      <h1 className="home-welcome__title">{t('home.welcomeTitle')}</h1>
      <p className="home-welcome__body">{t('home.welcomeBody')}</p>
      <ul className="home-welcome__points">
        {points.map((key) => (
          <li key={key}>
            <CheckCircleOutline className="home-welcome__tick" />
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        data-testid="home-sign-in"
        onClick={() => navigate('/login')}
      >
        {t('home.signIn')}
      </Button>
      <p className="home-welcome__hint">{t('home.inviteOnly')}</p>
    </div>
  );
}

/** Signed in without a single view (all deleted): how to make one. */
function ViewsPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="home-placeholder" data-testid="home-placeholder">
      <div className="home-placeholder__art" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <h2>{t('home.placeholderTitle')}</h2>
      <p>{t('home.placeholderBody')}</p>
    </div>
  );
}

export default function HomePage() {
  const signedIn = useSession((s) => Boolean(s.uid));
  return (
    <div className="home">
      <HomeHeader signedIn={signedIn} />
      <main data-testid="home-body" data-signed-in={signedIn}>
        {signedIn ? <ViewsHome empty={<ViewsPlaceholder />} /> : <Welcome />}
      </main>
    </div>
  );
}
