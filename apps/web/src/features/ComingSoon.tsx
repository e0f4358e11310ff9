import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageNavBar } from './PageNavBar';

/** The body of routes whose screens belong to later work: a title, back, and "Coming soon". */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageNavBar title={t(titleKey)} />
      <div data-testid="coming-soon" className="ks-page-center" style={{ flexDirection: 'column', gap: 8 }}>
        <ClockCircleOutline fontSize={40} color="var(--ks-muted)" />
        <div style={{ fontSize: 18, fontWeight: 600 }}>{t('common.comingSoon')}</div>
        <div style={{ color: 'var(--ks-muted)', fontSize: 14 }}>{t('common.comingSoonBody')}</div>
      </div>
    </div>
  );
}
