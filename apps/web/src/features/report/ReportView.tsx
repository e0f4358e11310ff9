import type { ReportPeriod, SumInfo, TradingTrend, ViewType } from '@kolscope/contract';
import { Tabs } from 'antd-mobile';
import { ClockCircleOutline, ExclamationCircleOutline, HistogramOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Feed from '../feed/Feed';
import { HistoryNote } from '../history/HistoryNote';
import { periodStart } from '../history/historyState';
import { PriceLegend } from '../prices/PriceLegend';
import { priceOverlay } from '../prices/priceOverlay';
import { usePrices } from '../prices/usePrices';
import { usePriceToggle } from '../prices/usePriceToggle';
import { PeriodIntervalBar } from './PeriodIntervalBar';
import { reportDisplay } from './reportState';
import { SentimentChart } from './SentimentChart';
import { StatCards } from './StatCards';
import { CopiesOnceNote } from './CopiesOnceNote';
import { Arguments } from '../arguments/Arguments';
import { DEFAULT_SELECTION } from './selection';
import { useReport } from './useReport';
import './report.css';
import { RetryButton } from '../RetryButton';
import { LoadingState } from '../LoadState';

export interface ReportViewProps {
  viewId: string;
  /** analytics_report, coin_opinion or event_opinion: which detail call answers. */
  viewType: ViewType;
  /** Silent refresh once a minute (the detail page). */
  autoRefresh?: boolean;
  /** Passed to the related-posts feed: off on the detail page (spec section 4). */
  insertNearTop?: boolean;
  /**
   * Each answer, with its totals and period: the detail header shows the split of the very cards
   * under it, for the period chosen, refreshed with them, not the home list's 1-day copy.
   */
  onSum?: (sum: SumInfo, period: ReportPeriod) => void;
  /** Opens the report as it stood at this time (an opinion alert's, unix seconds). */
  at?: number;
}

/** "Counting history: 40 %" while an event view's history is counted after its keywords were saved. */
function CountingNote({ percent }: { percent: number | null | undefined }) {
  const { t } = useTranslation();
  if (percent === undefined || percent === null) return null;
  return (
    <div className="history-note" role="status" data-testid="history-counting" data-percent={percent}>
      <ClockCircleOutline className="history-note__icon" />
      <span>{t('report.countingHistory', { percent })}</span>
    </div>
  );
}

const TRENDS: { key: string; trend: TradingTrend }[] = [
  { key: 'all', trend: '' },
  { key: 'bullish', trend: 'bullish' },
  { key: 'neutral', trend: 'neutral' },
  { key: 'bearish', trend: 'bearish' },
];

/**
 * The report view of home and /view-detail (spec section 2): period and interval, the sentiment
 * chart, three stat cards, and the related posts with tabs All, Bullish, Neutral, Bearish.
 */
export default function ReportView({
  viewId,
  viewType,
  autoRefresh = false,
  insertNearTop = true,
  onSum,
  at,
}: ReportViewProps) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState(DEFAULT_SELECTION);
  const [trendKey, setTrendKey] = useState('all');
  const { state, reload } = useReport(viewId, viewType, selection, autoRefresh, at);
  const display = reportDisplay(state);
  // Coin and event opinions draw their coins' prices beside the opinion (issue 16 §2).
  const prices = usePrices(viewId, viewType, selection, autoRefresh);
  const [showPrice, setShowPrice] = usePriceToggle();
  const buckets = state.data?.intervalList;
  const overlay = useMemo(
    () =>
      buckets && prices
        ? priceOverlay(
            buckets.map((b) => b.ct),
            prices,
          )
        : null,
    [buckets, prices],
  );
  const trend = TRENDS.find((x) => x.key === trendKey)?.trend ?? '';
  // In a ref, so a new callback each render of the parent does not re-announce the same answer.
  const announce = useRef(onSum);
  announce.current = onSum;
  useEffect(() => {
    // Not while loading: until the answer lands, the data is the previous selection's.
    if (state.data && !state.loading) announce.current?.(state.data.sumInfo, selection.period);
  }, [state.data, state.loading, selection.period]);

  return (
    <div
      className="report"
      data-testid="report-view"
      data-period={selection.period}
      data-interval={selection.interval}
      data-state={display}
      data-loading={state.loading}
    >
      <PeriodIntervalBar selection={selection} onChange={setSelection} />
      <HistoryNote windowStart={periodStart(selection.period, Math.floor(Date.now() / 1000))} />
      <CountingNote percent={state.data?.historyPercent} />
      <section className="report-card" aria-busy={state.loading}>
        <div className="report-legend">
          {TRENDS.slice(1).map(({ key }) => (
            <span key={key} className={`report-legend__item report-legend__item--${key}`}>
              {t(`report.trend.${key}`)}
            </span>
          ))}
          {overlay && display === 'chart' && <PriceLegend overlay={overlay} on={showPrice} onToggle={setShowPrice} />}
        </div>
        {display === 'spinner' && <LoadingState className="report-chart-state" testId="report-loading" />}
        {display === 'error' && (
          <div className="report-chart-state" role="alert" data-testid="report-error">
            <ExclamationCircleOutline className="report-chart-state__icon" />
            <p>{state.error}</p>
            <RetryButton size="small" testId="report-retry" onClick={reload}>
              {t('report.retry')}
            </RetryButton>
          </div>
        )}
        {display === 'empty' && (
          <div className="report-chart-state" data-testid="report-chart-empty">
            <HistogramOutline className="report-chart-state__icon" />
            {/* While history is counted, "no posts" may only mean "not counted yet". */}
            <p>{t(state.data?.historyPercent === undefined ? 'report.chartEmpty' : 'report.chartEmptyCounting')}</p>
          </div>
        )}
        {display === 'chart' && state.data && (
          <div className="report-chart-wrap">
            <SentimentChart buckets={state.data.intervalList} overlay={showPrice ? overlay : null} />
            {state.loading && <LoadingState className="report-chart-busy" testId="report-loading" />}
          </div>
        )}
      </section>
      {state.data && <StatCards sum={state.data.sumInfo} />}
      {state.data && <CopiesOnceNote testId="report-copies-once" className="report-copies-once" />}
      {/* The bull and bear cases (issue 33 §3): coin and event views, for the same selection. */}
      {state.data && (viewType === 'coin_opinion' || viewType === 'event_opinion') && (
        <Arguments viewId={viewId} selection={selection} sum={state.data.sumInfo} />
      )}
      <section className="report-posts">
        <h3 className="report-posts__title">{t('report.relatedPosts')}</h3>
        <Tabs activeKey={trendKey} onChange={setTrendKey} className="report-posts__tabs">
          {TRENDS.map(({ key }) => (
            <Tabs.Tab key={key} title={<span data-testid={`trend-tab-${key}`}>{t(`report.trend.${key}`)}</span>} />
          ))}
        </Tabs>
        <Feed
          key={`${viewId}|${trend}`}
          viewId={viewId}
          tradingTrend={trend}
          insertNearTop={insertNearTop}
          reportWindow={selection}
        />
      </section>
    </div>
  );
}
