import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Bucket, partialElapsedOf, type SeriesKey } from './chartGeometry';
import type { ChartOverlay } from '../prices/overlay';
import { type ChartSeries, LineChart } from './LineChart';

const LINES: { key: SeriesKey; trend: 'bullish' | 'neutral' | 'bearish' }[] = [
  { key: 'cntUp', trend: 'bullish' },
  { key: 'cntNeutral', trend: 'neutral' },
  { key: 'cntDown', trend: 'bearish' },
];

/**
 * Bullish (in up's colour), neutral (blue) and bearish (down's colour) counts per bucket as three
 * lines, and the coin's price on its own axis when given.
 */
export function SentimentChart({ buckets, overlay }: { buckets: Bucket[]; overlay?: ChartOverlay | null }) {
  const { t } = useTranslation();
  const cts = useMemo(() => buckets.map((b) => b.ct), [buckets]);
  const series = useMemo<ChartSeries[]>(
    () =>
      LINES.map(({ key, trend }) => ({
        key,
        label: t(`report.trend.${trend}`),
        tone: trend,
        values: buckets.map((b) => b[key]),
      })),
    [buckets, t],
  );
  return (
    <LineChart
      cts={cts}
      series={series}
      label={t('report.chartLabel')}
      partialElapsed={partialElapsedOf(buckets)}
      overlay={overlay}
    />
  );
}
