import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Bucket, bucketAt, layoutChart, PAD_BOTTOM, PAD_TOP, type SeriesKey } from './chartGeometry';
import { bucketLabel } from './format';

const LINES: { key: SeriesKey; trend: 'bullish' | 'neutral' | 'bearish' }[] = [
  { key: 'cntUp', trend: 'bullish' },
  { key: 'cntNeutral', trend: 'neutral' },
  { key: 'cntDown', trend: 'bearish' },
];
/** Dots stop helping (and cost nodes) once points sit 60 px apart over thousands of pixels. */
const MAX_DOTS = 200;
const TIP_WIDTH = 124;

/**
 * Bullish (red), neutral (blue) and bearish (green) counts per bucket as three lines. The plot
 * scrolls sideways under a fixed y axis and starts at its right end (the newest bucket); tapping
 * a bucket shows its counts.
 */
export function SentimentChart({ buckets }: { buckets: Bucket[] }) {
  const { t } = useTranslation();
  const layout = useMemo(() => layoutChart(buckets), [buckets]);
  const scroller = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<number | null>(null);

  // Every new answer (load, period change, silent refresh) lands on the newest bucket.
  useLayoutEffect(() => {
    void buckets;
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
    setPicked(null);
  }, [buckets]);

  const valueText = (i: number) => {
    const b = buckets[i];
    if (!b) return '';
    const counts = LINES.map(({ key, trend }) => `${t(`report.trend.${trend}`)} ${b[key]}`);
    return `${bucketLabel(b.ct)}: ${counts.join(', ')}`;
  };

  const labelY = layout.height - PAD_BOTTOM + 16;
  const tip = picked !== null ? buckets[picked] : undefined;
  const tipX = picked !== null ? (layout.xs[picked] ?? 0) : 0;
  const tipLeft = tipX + 8 + TIP_WIDTH > layout.width ? tipX - 8 - TIP_WIDTH : tipX + 8;

  return (
    <div className="report-chart" data-testid="report-chart" data-buckets={buckets.length}>
      <div className="report-chart__axis" aria-hidden="true">
        {layout.ticks.map((tick) => (
          <span key={tick.value} className="report-chart__tick" style={{ top: tick.y - 7 }}>
            {tick.value}
          </span>
        ))}
      </div>
      <div className="report-chart__scroll" ref={scroller} data-testid="report-chart-scroll">
        <div
          className="report-chart__plot"
          // Tap a bucket for its counts; from the keyboard, arrows walk the buckets (a slider over
          // time whose value text is the bucket's counts).
          role="slider"
          tabIndex={0}
          aria-label={t('report.chartLabel')}
          aria-valuemin={0}
          aria-valuemax={Math.max(0, buckets.length - 1)}
          aria-valuenow={picked ?? buckets.length - 1}
          aria-valuetext={valueText(picked ?? buckets.length - 1)}
          onClick={(e) => {
            const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
            const i = bucketAt(x, layout);
            setPicked((prev) => (prev === i ? null : i));
          }}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (step === 0) return;
            e.preventDefault();
            const last = buckets.length - 1;
            setPicked((prev) => Math.min(last, Math.max(0, (prev ?? last + (step < 0 ? 1 : -1)) + step)));
          }}
        >
          <svg
            width={layout.width}
            height={layout.height}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            aria-hidden="true"
          >
            {layout.ticks.map((tick) => (
              <line key={tick.value} x1={0} x2={layout.width} y1={tick.y} y2={tick.y} className="report-chart__grid" />
            ))}
            {buckets.map((b, i) => {
              const [day, time] = bucketLabel(b.ct).split(' ');
              const x = layout.xs[i];
              return (
                <text key={b.ct} x={x} y={labelY} className="report-chart__label" textAnchor="middle">
                  <tspan x={x}>{day}</tspan>
                  <tspan x={x} dy={14}>
                    {time}
                  </tspan>
                </text>
              );
            })}
            {picked !== null && (
              <line x1={tipX} x2={tipX} y1={PAD_TOP} y2={layout.height - PAD_BOTTOM} className="report-chart__cursor" />
            )}
            {LINES.map(({ key, trend }) => (
              <g key={key} className={`report-chart__series report-chart__series--${trend}`}>
                <polyline points={layout.lines[key]} fill="none" strokeWidth={2} strokeLinejoin="round" />
                {buckets.length <= MAX_DOTS &&
                  buckets.map((b, i) => <circle key={b.ct} cx={layout.xs[i]} cy={layout.y(b[key])} r={2.5} />)}
              </g>
            ))}
            {tip && (
              <g
                className="report-chart__tip"
                transform={`translate(${tipLeft},${PAD_TOP})`}
                data-testid="report-chart-tip"
              >
                <rect width={TIP_WIDTH} height={76} rx={8} />
                <text x={10} y={18} className="report-chart__tip-time">
                  {bucketLabel(tip.ct)}
                </text>
                {LINES.map(({ key, trend }, row) => (
                  <g key={key} transform={`translate(10,${36 + row * 16})`}>
                    <circle cx={4} cy={-4} r={4} className={`report-chart__dot--${trend}`} />
                    <text x={14} y={0}>
                      {t(`report.trend.${trend}`)} {tip[key]}
                    </text>
                  </g>
                ))}
              </g>
            )}
          </svg>
        </div>
      </div>
    </div>
  );
}
