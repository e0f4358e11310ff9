import type { SumInfo } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { sentimentShares } from './format';

const CARDS = [
  { key: 'bullish', count: 'cntUp', blue: 'cntUpBlue', gold: 'cntUpGold' },
  { key: 'neutral', count: 'cntNeutral', blue: 'cntNeutralBlue', gold: 'cntNeutralGold' },
  { key: 'bearish', count: 'cntDown', blue: 'cntDownBlue', gold: 'cntDownGold' },
] as const;

/**
 * Bullish, neutral and bearish totals of the period with their share, and how many of the posts
 * came from blue-verified and from gold (Business) accounts.
 */
export function StatCards({ sum }: { sum: SumInfo }) {
  const { t, i18n } = useTranslation();
  const shares = sentimentShares(sum);
  const number = (n: number) => (n ?? 0).toLocaleString(i18n.language);
  return (
    <div className="report-stats">
      {CARDS.map((card) => (
        <div
          key={card.key}
          className={`report-stat report-stat--${card.key}`}
          data-testid={`stat-${card.key}`}
          data-count={sum[card.count] ?? 0}
          data-percent={shares[card.key]}
        >
          <span className="report-stat__label">{t(`report.trend.${card.key}`)}</span>
          <span className="report-stat__percent">{shares[card.key]}%</span>
          <span className="report-stat__count">
            {t('report.postCount', { count: sum[card.count] ?? 0, n: number(sum[card.count]) })}
          </span>
          <span className="report-stat__badges">
            <span className="report-stat__badge report-stat__badge--blue" title={t('report.blueHint')}>
              {t('report.blue', { n: number(sum[card.blue]) })}
            </span>
            <span className="report-stat__badge report-stat__badge--gold" title={t('report.goldHint')}>
              {t('report.gold', { n: number(sum[card.gold]) })}
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}
