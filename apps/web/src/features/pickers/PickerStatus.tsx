import { useTranslation } from 'react-i18next';
import { RetryButton } from '../RetryButton';
import { LoadingState } from '../LoadState';

interface Props {
  loading: boolean;
  /** The action's own failure text (e.g. 'Failed to fetch coins'); shown under the retry message. */
  error: string | null;
  empty: boolean;
  onRetry: () => void;
}

/**
 * Loading, failure and empty states of a picker body (spec section 2: pickers show 'Network
 * error, please retry' with a retry button). Renders nothing once there is something to list.
 */
export function PickerStatus({ loading, error, empty, onRetry }: Props) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div className="picker__status" role="alert">
        <div className="picker__status-title">{t('picker.networkError')}</div>
        <div className="picker__status-detail">{error}</div>
        <RetryButton size="small" testId="picker-retry" onClick={onRetry}>
          {t('picker.retry')}
        </RetryButton>
      </div>
    );
  }
  if (loading && empty) {
    return <LoadingState className="picker__status" />;
  }
  if (empty) return <div className="picker__status picker__status-detail">{t('picker.noResults')}</div>;
  return null;
}
