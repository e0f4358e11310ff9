import type { CoinGroupSplit, CoinOverview } from '@kolscope/contract';
import { HistogramOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../features/LoadState';
import { PriceLegend } from '../../features/prices/PriceLegend';
import { priceOverlay } from '../../features/prices/priceOverlay';
import { usePriceToggle } from '../../features/prices/usePriceToggle';
import { reportDisplay } from '../../features/report/reportState';
import { SentimentChart } from '../../features/report/SentimentChart';
import { StatCards } from '../../features/report/StatCards';
import { type GroupRow, groupRows } from './coinPage';

const TRENDS = ['bullish', 'neutral', 'bearish'] as const;

/** One group's split as a bar and three shares; a tap shows its chart and best record below. */
function GroupButton({ row, on, onPick }: { row: GroupRow; on: boolean; onPick: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const n = row.total.toLocaleString(i18n.language);
  return (
    <button
      type="button"
      className={`coin-group${on ? ' coin-group--on' : ''}`}
      aria-pressed={on}
      aria-label={t('coin.groupShares', { group: row.name, ...row.shares, n })}
      data-testid={`coin-group-${row.id}`}
      data-total={row.total}
      data-bullish={row.shares.bullish}
      data-neutral={row.shares.neutral}
      data-bearish={row.shares.bearish}
      onClick={() => onPick(row.id)}
    >
      <span className="coin-group__head">
        <span className="coin-group__name">{row.name}</span>
        <span className="coin-group__posts">{t('coin.groupPosts', { count: row.total, n })}</span>
      </span>
      <span className="coin-group__bar" aria-hidden="true">
        {TRENDS.map((k) => (
          <span key={k} className={`coin-group__part ks-tone--${k}`} style={{ width: `${row.shares[k]}%` }} />
        ))}
      </span>
      <span className="coin-group__shares" aria-hidden="true">
        {TRENDS.map((k) => (
          <span key={k} className={`ks-tone--${k}`}>
            {row.shares[k]}%
          </span>
        ))}
      </span>
    </button>
  );
}

/** The picked group's counts over time with the coin's price (a coin opinion report's chart), and its cards. */
function GroupChart({ group, overview, loading }: { group: CoinGroupSplit; overview: CoinOverview; loading: boolean }) {
  const { t } = useTranslation();
  const [showPrice, setShowPrice] = usePriceToggle();
  const buckets = group.intervalList;
  const overlay = useMemo(
    () =>
      priceOverlay(
        buckets.map((b) => b.ct),
        [{ coin: overview.coin, ...overview.prices }],
      ),
    [buckets, overview.coin, overview.prices],
  );
  const display = reportDisplay({ data: group, loading: false, error: null, requestId: 0 });
  return (
    <div
      className="coin-group-detail"
      data-testid="coin-group-detail"
      data-group={group.kolGroupId}
      data-state={display}
    >
      <h3 className="coin-card__subtitle">{t('coin.chartTitle', { group: group.name })}</h3>
      <section className="report-card" aria-busy={loading}>
        <div className="report-legend">
          {TRENDS.map((k) => (
            <span key={k} className={`report-legend__item report-legend__item--${k}`}>
              {t(`report.trend.${k}`)}
            </span>
          ))}
          {overlay && display === 'chart' && <PriceLegend overlay={overlay} on={showPrice} onToggle={setShowPrice} />}
        </div>
        {display === 'empty' ? (
          <div className="report-chart-state" data-testid="report-chart-empty">
            <HistogramOutline className="report-chart-state__icon" />
            <p>{t('report.chartEmpty')}</p>
          </div>
        ) : (
          <div className="report-chart-wrap">
            <SentimentChart buckets={buckets} overlay={showPrice ? overlay : null} />
            {loading && <LoadingState className="report-chart-busy" testId="coin-loading-more" />}
          </div>
        )}
      </section>
      <StatCards sum={group.sumInfo} />
    </div>
  );
}

/**
 * The split of each of the reader's KOL groups in the period (issue 29), and the picked group's
 * line over time: the numbers a coin opinion view of that group shows.
 */
export function GroupSplits({
  overview,
  group,
  loading,
  onPick,
}: {
  overview: CoinOverview;
  group: CoinGroupSplit | null;
  loading: boolean;
  onPick: (groupId: string) => void;
}) {
  const { t } = useTranslation();
  const rows = groupRows(overview.groups);
  return (
    <section className="coin-card" data-testid="coin-groups">
      <h2 className="coin-card__title">{t('coin.groupsTitle')}</h2>
      <p className="coin-card__hint">{t('coin.groupsHint')}</p>
      <div className="coin-groups">
        {rows.map((row) => (
          <GroupButton key={row.id} row={row} on={row.id === group?.kolGroupId} onPick={onPick} />
        ))}
      </div>
      {group && <GroupChart group={group} overview={overview} loading={loading} />}
    </section>
  );
}
