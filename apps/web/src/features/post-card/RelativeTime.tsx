import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { dateFormat, formatRelativeTime } from './relativeTime';
import { useClockDerived } from './useMinuteClock';

/** A post's age, kept current by the shared clock; the full date and time on hover/long-press. */
export function RelativeTime({ ct }: { ct: number }) {
  const { t } = useTranslation();
  const text = useClockDerived((now) => formatRelativeTime(ct, now, t, currentLanguage));
  const date = new Date(ct * 1000);
  return (
    <time
      className="post-card__time"
      dateTime={date.toISOString()}
      title={dateFormat(currentLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(date)}
    >
      {text}
    </time>
  );
}
