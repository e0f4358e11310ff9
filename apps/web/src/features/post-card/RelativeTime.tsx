import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatRelativeTime } from './relativeTime';
import { useMinuteClock } from './useMinuteClock';

/** A post's age, kept current by the shared clock; the full date and time on hover/long-press. */
export function RelativeTime({ ct }: { ct: number }) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const date = new Date(ct * 1000);
  return (
    <time className="post-card__time" dateTime={date.toISOString()} title={date.toLocaleString(currentLanguage)}>
      {formatRelativeTime(ct, now, t, currentLanguage)}
    </time>
  );
}
