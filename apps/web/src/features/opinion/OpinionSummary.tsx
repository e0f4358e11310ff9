import type { ViewListItem } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { sentimentShares } from '../report/format';
import './opinion-summary.css';

type Sub = ViewListItem['subs'][number];

/**
 * A coin or event opinion view's KOL group and its bullish / bearish split over the detail's
 * default report (1 day), as view/v2/list gives them: two rows for the same coin and different
 * groups then read differently. The shares use the stat cards' own rule, on the same counts.
 */
export function OpinionSummary({ sub, testId }: { sub: Sub; testId: string }) {
  const { t } = useTranslation();
  if (sub.kolGroupName === undefined && sub.daySplit === undefined) return null;
  const shares = sub.daySplit ? sentimentShares(sub.daySplit) : null;
  return (
    <span
      className="opinion-summary"
      data-testid={testId}
      data-bullish={shares?.bullish}
      data-bearish={shares?.bearish}
    >
      {sub.kolGroupName !== undefined && <span className="opinion-summary__group">{sub.kolGroupName}</span>}
      {shares && (
        <span className="opinion-summary__split" title={t('report.splitPeriod')}>
          <span className="opinion-summary__up">{t('report.splitBullish', { n: shares.bullish })}</span>
          {' · '}
          <span className="opinion-summary__down">{t('report.splitBearish', { n: shares.bearish })}</span>
        </span>
      )}
    </span>
  );
}
