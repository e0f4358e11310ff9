import { LOADING_SPINNER_SIZE_PX } from '@kolscope/contract';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './setting-page.css';

/** Edit mode while the view loads. */
export function SettingLoading({ header, testId }: { header: ReactNode; testId: string }) {
  return (
    <div className="setting-page">
      {header}
      <div className="ks-page-center" data-testid={testId}>
        <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
      </div>
    </div>
  );
}

/** Edit mode when the view did not load: 'Network error, please retry' with a retry (spec section 4). */
export function SettingFailed({ header, testId, onRetry }: { header: ReactNode; testId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="setting-page">
      {header}
      <div className="setting-state" role="alert" data-testid={`${testId}-error`}>
        <p className="setting-state__title">{t('opinion.loadFailed')}</p>
        <Button color="primary" fill="outline" shape="rounded" data-testid={`${testId}-retry`} onClick={onRetry}>
          {t('opinion.retry')}
        </Button>
      </div>
    </div>
  );
}
