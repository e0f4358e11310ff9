import { LOADING_SPINNER_SIZE_PX } from '@kolscope/contract';
import { SpinLoading } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageNavBar } from '../../features/PageNavBar';
import { SamePersonQueue } from '../../features/statistics/SamePersonQueue';
import { StatisticsBoard } from '../../features/statistics/StatisticsBoard';
import { useSession } from '../../state/useSession';
import '../../features/statistics/statistics.css';

/**
 * /statistics, the administrator dashboard. Anyone else gets nothing (spec section 2): the page
 * does not even ask, because the API's 403 would sign them out.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <div>
      <PageNavBar title={t('pages.statistics')} />
      {user === null ? (
        <div className="ks-page-center" data-testid="statistics-user-loading">
          <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
        </div>
      ) : user.isAdmin ? (
        <>
          <SamePersonQueue />
          <StatisticsBoard />
        </>
      ) : (
        <div className="ks-page-center statistics-denied" data-testid="statistics-denied">
          <LockOutline fontSize={40} />
          <span>{t('statistics.adminOnly')}</span>
        </div>
      )}
    </div>
  );
}
