import type { CoinMentions, ReportPeriod } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { changeTone, formatChange } from '../../features/prices/priceFormat';
import { mentionsTrend } from './coinPage';

/** Posts naming the coin in the period, and how that compares with the period before. */
export function MentionsCard({ mentions, period }: { mentions: CoinMentions; period: ReportPeriod }) {
  const { t, i18n } = useTranslation();
  const trend = mentionsTrend(mentions);
  const window = t(`coin.window.${period}`);
  return (
    <section
      className="coin-card coin-mentions"
      data-testid="coin-mentions"
      data-count={mentions.count}
      data-previous={mentions.previous}
    >
      <span className="coin-mentions__label">{t('coin.mentions')}</span>
      <span className="coin-mentions__count" data-testid="coin-mentions-count">
        {mentions.count.toLocaleString(i18n.language)}
      </span>
      <span className="coin-mentions__sub">
        {t('coin.mentionsIn', { window })}
        {' · '}
        {trend.kind === 'change' ? (
          <>
            <span
              className={`price-change__change price-change__change--${changeTone(trend.change)}`}
              data-testid="coin-mentions-change"
            >
              {formatChange(trend.change)}
            </span>{' '}
            {t('coin.vsBefore', { window })}
          </>
        ) : (
          t('coin.noneBefore', { window })
        )}
      </span>
    </section>
  );
}
