import { useTranslation } from 'react-i18next';
import { PageNavBar } from '../../features/PageNavBar';
import { SamePersonQueue } from '../../features/statistics/SamePersonQueue';
import { StatisticsBoard } from '../../features/statistics/StatisticsBoard';
import '../../features/statistics/statistics.css';
import { AdminOnly } from '../../features/AdminOnly';

/**
 * /statistics, the administrator dashboard. Anyone else gets nothing (spec section 2): the page
 * does not even ask, because the API's 403 would sign them out.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageNavBar title={t('pages.statistics')} />
      <AdminOnly
        deniedText={t('statistics.adminOnly')}
        deniedClassName="statistics-denied"
        testIds={{ loading: 'statistics-user-loading', denied: 'statistics-denied' }}
      >
        <SamePersonQueue />
        <StatisticsBoard />
      </AdminOnly>
    </div>
  );
}
