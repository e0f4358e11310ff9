import { LOADING_SPINNER_SIZE_PX } from '@kolscope/contract';
import { SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryButton } from './RetryButton';

/** The spinner of a first load, in the page's own state block (`className` places it). */
export function LoadingState({ className, testId }: { className: string; testId?: string }) {
  return (
    <div className={className} data-testid={testId}>
      <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
    </div>
  );
}

/** A failed load: the error's text over a Retry button, in the page's own state block. */
export function FailedState({
  className,
  testId,
  load,
}: {
  className: string;
  testId?: string;
  /** The load that failed: its error's text and how to run it again. */
  load: { error: ReactNode; retry: () => void };
}) {
  const { t } = useTranslation();
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>{load.error}</p>
      <RetryButton onClick={load.retry}>{t('common.retry')}</RetryButton>
    </div>
  );
}
