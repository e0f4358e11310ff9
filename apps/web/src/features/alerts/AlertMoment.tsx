import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { bucketLabel } from '../report/format';
import './alerts.css';

/**
 * Above a report opened at an alert's time (`?at=`): says so, with the way back to now (drops
 * the parameter, so the report follows new posts again).
 */
export function AlertMoment({ at }: { at: number }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  return (
    <div className="alert-moment" role="status" data-testid="alert-moment" data-at={at}>
      <span>{t('alerts.atBanner', { time: bucketLabel(at) })}</span>
      <button
        type="button"
        className="alert-moment__back"
        data-testid="alert-moment-back"
        onClick={() => setParams({})}
      >
        {t('alerts.backToNow')}
      </button>
    </div>
  );
}
