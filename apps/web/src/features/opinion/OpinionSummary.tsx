import { DEFAULT_REPORT_PERIOD, type ReportPeriod, type ViewListItem } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { sentimentShares } from '../report/format';
import './opinion-summary.css';

type Sub = ViewListItem['subs'][number];

/**
 * A coin or event opinion view's KOL group and its bullish / bearish split, as view/v2/list gives
 * them (over 1 day): two rows for the same coin and different groups then read differently. On
 * the detail page the split is the report's own, for the period chosen there; the period is
 * always named (issue 29: an unlabelled 1-day split sat beside 1-month cards). The shares use the
 * stat cards' own rule, on the same counts.
 */
export function OpinionSummary({
  sub,
  testId,
  period = DEFAULT_REPORT_PERIOD,
}: {
  sub: Sub;
  testId: string;
  period?: ReportPeriod;
}) {
  const { t } = useTranslation();
  const over = t(`report.periods.${period}`);
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
        <span className="opinion-summary__split" title={t('report.splitPeriod', { period: over })} data-period={period}>
          {t('report.splitOver', { period: over })}{' '}
          <span className="opinion-summary__up">{t('report.splitBullish', { n: shares.bullish })}</span>
          {' · '}
          <span className="opinion-summary__down">{t('report.splitBearish', { n: shares.bearish })}</span>
        </span>
      )}
    </span>
  );
}
