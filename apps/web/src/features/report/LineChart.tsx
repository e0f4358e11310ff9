import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bucketAt, layoutLines, PAD_BOTTOM, PAD_TOP, tipWidth } from './chartGeometry';
import type { ChartOverlay } from '../prices/overlay';
import { layoutOverlay } from '../prices/priceGeometry';
import { bucketLabel } from './format';

export interface ChartSeries {
  key: string;
  label: string;
  /** Colour class suffix: `report-chart__series--<tone>` and `report-chart__dot--<tone>`. */
  tone: string;
  /** One value per bucket. */
  values: readonly number[];
}

interface Props {
  /** Bucket starts (epoch seconds), oldest first. */
  cts: readonly number[];
  series: readonly ChartSeries[];
  /** What the chart shows, for screen readers. */
  label: string;
  formatValue?: (value: number) => string;
  /** `<testId>`, `<testId>-scroll` and `<testId>-tip`. */
  testId?: string;
  /**
   * The share (0..1) of the last bucket gone by, when it is still filling: it is drawn dashed, on
   * a shaded slot, labelled "so far", so its low count does not read as a drop.
   */
  partialElapsed?: number | undefined;
  /** Lines on an axis of their own at the right (the coin's price); the left scale ignores them. */
  overlay?: ChartOverlay | null | undefined;
}

/** Dots stop helping (and cost nodes) once points sit 60 px apart over thousands of pixels. */
const MAX_DOTS = 600;
const TIP_ROW = 16;

/**
 * The right axis is as wide as its longest label (10 px digits are about 5.8 px wide), so 102.38k
 * and 0.0000102 are never cut and 0% takes no more room than it needs; 28 to 64 px.
 */
function axisWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return Math.min(64, Math.max(28, Math.ceil(longest * 5.8) + 8));
}

/**
 * Count lines over time. The plot scrolls sideways under a fixed y axis and starts at its right
 * end (the newest bucket); tapping a bucket (or the arrow keys: the plot is a slider whose value
 * text reads the bucket's values) shows its values.
 */
export function LineChart({
  cts,
  series,
  label,
  formatValue = String,
  testId = 'report-chart',
  partialElapsed,
  overlay,
}: Props) {
  const { t } = useTranslation();
  const partial = partialElapsed !== undefined;
  const layout = useMemo(
    () =>
      layoutLines(
        cts.length,
        series.map((s) => s.values),
        partial,
      ),
    [cts, series, partial],
  );
  const over = useMemo(
    () =>
      overlay
        ? layoutOverlay(
            layout.xs,
            layout.height,
            overlay.series.map((s) => ({ key: s.key, values: s.values })),
          )
        : null,
    [overlay, layout],
  );
  const overLabels = over && overlay ? over.scale.ticks.map(overlay.tickFormat(over.scale)) : null;
  const rightAxis = overLabels ? axisWidth(overLabels) : 0;
  const overRows = (i: number) =>
    over && overlay
      ? overlay.series.map((s) => ({ key: s.key, tone: s.tone, text: s.tipText(i) })).filter((r) => r.text !== '')
      : [];
  const soFar = partial ? t('report.soFarTip', { percent: Math.round(partialElapsed * 100) }) : '';
  const isPartial = (i: number) => partial && i === cts.length - 1;
  const scroller = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<number | null>(null);

  // Every new answer (load, period change, silent refresh) lands on the newest bucket.
  useLayoutEffect(() => {
    void cts;
    void series;
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
    setPicked(null);
  }, [cts, series]);

  // The price axis comes (its answer lands after the report's), goes (the toggle) or widens: the
  // plot narrows or widens under it, so it is brought back to the newest bucket.
  useLayoutEffect(() => {
    void rightAxis;
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [rightAxis]);

  const rowText = (s: ChartSeries, i: number) => `${s.label} ${formatValue(s.values[i] ?? 0)}`;
  const valueText = (i: number) => {
    const ct = cts[i];
    if (ct === undefined) return '';
    const when = isPartial(i) ? `${bucketLabel(ct)} (${soFar})` : bucketLabel(ct);
    const rows = [...series.map((s) => rowText(s, i)), ...overRows(i).map((r) => r.text)];
    return `${when}: ${rows.join(', ')}`;
  };

  const labelY = layout.height - PAD_BOTTOM + 16;
  const tipCt = picked !== null ? cts[picked] : undefined;
  const tipX = picked !== null ? (layout.xs[picked] ?? 0) : 0;
  const tipTime = tipCt !== undefined ? bucketLabel(tipCt) : '';
  const pickedOver = picked !== null ? overRows(picked) : [];
  const tipW =
    picked !== null
      ? tipWidth([
          ...series.map((s) => rowText(s, picked)),
          ...pickedOver.map((r) => r.text),
          ...(isPartial(picked) ? [soFar] : []),
        ])
      : 0;
  const tipRows = series.length + pickedOver.length + (picked !== null && isPartial(picked) ? 1 : 0);
  const tipLeft = tipX + 8 + tipW > layout.width ? tipX - 8 - tipW : tipX + 8;
  const showDots = cts.length * series.length <= MAX_DOTS;

  return (
    <div
      className="report-chart"
      data-testid={testId}
      data-buckets={cts.length}
      data-series={series.length}
      data-partial={partial ? 'true' : undefined}
      data-overlay={over && overlay ? overlay.kind : undefined}
    >
      <div className="report-chart__axis" aria-hidden="true">
        {layout.ticks.map((tick) => (
          <span key={tick.value} className="report-chart__tick" style={{ top: tick.y - 7 }}>
            {formatValue(tick.value)}
          </span>
        ))}
      </div>
      <div className="report-chart__scroll" ref={scroller} data-testid={`${testId}-scroll`}>
        <div
          className="report-chart__plot"
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={Math.max(0, cts.length - 1)}
          aria-valuenow={picked ?? cts.length - 1}
          aria-valuetext={valueText(picked ?? cts.length - 1)}
          onClick={(e) => {
            const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
            const i = bucketAt(x, layout);
            setPicked((prev) => (prev === i ? null : i));
          }}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (step === 0) return;
            e.preventDefault();
            const last = cts.length - 1;
            setPicked((prev) => Math.min(last, Math.max(0, (prev ?? last + (step < 0 ? 1 : -1)) + step)));
          }}
        >
          <svg
            width={layout.width}
            height={layout.height}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            aria-hidden="true"
          >
            {layout.partialSlot && (
              <g data-testid={`${testId}-partial`}>
                <rect
                  x={layout.partialSlot.x}
                  y={PAD_TOP}
                  width={layout.partialSlot.width}
                  height={layout.height - PAD_TOP - PAD_BOTTOM}
                  className="report-chart__partial-slot"
                />
                <text
                  x={layout.partialSlot.x + layout.partialSlot.width / 2}
                  y={PAD_TOP - 4}
                  textAnchor="middle"
                  className="report-chart__partial-label"
                >
                  {t('report.soFar')}
                </text>
                {/* How much of the bucket has gone by: a 10 % week is not a crash. */}
                <text
                  x={layout.partialSlot.x + layout.partialSlot.width / 2}
                  y={PAD_TOP + 14}
                  textAnchor="middle"
                  className="report-chart__partial-label"
                  data-testid={`${testId}-elapsed`}
                >
                  {Math.round((partialElapsed ?? 0) * 100)}%
                </text>
              </g>
            )}
            {layout.ticks.map((tick) => (
              <line key={tick.value} x1={0} x2={layout.width} y1={tick.y} y2={tick.y} className="report-chart__grid" />
            ))}
            {cts.map((ct, i) => {
              const [day, time] = bucketLabel(ct).split(' ');
              const x = layout.xs[i];
              return (
                <text key={ct} x={x} y={labelY} className="report-chart__label" textAnchor="middle">
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
            {over?.lines.map((line, n) => (
              <g
                key={line.key}
                className={`report-chart__overlay report-chart__series--${overlay?.series[n]?.tone ?? ''}`}
                data-testid={`${testId}-price-line`}
                data-coin={overlay?.series[n]?.label}
              >
                <polyline points={line.points} fill="none" strokeWidth={1.5} strokeLinejoin="round" />
              </g>
            ))}
            {series.map((s, n) => (
              <g key={s.key} className={`report-chart__series report-chart__series--${s.tone}`}>
                <polyline points={layout.lines[n]} fill="none" strokeWidth={2} strokeLinejoin="round" />
                {layout.partialLines[n] !== undefined && (
                  <polyline
                    points={layout.partialLines[n]}
                    fill="none"
                    strokeWidth={2}
                    strokeDasharray="4 4"
                    className="report-chart__partial-line"
                  />
                )}
                {showDots &&
                  cts.map((ct, i) =>
                    isPartial(i) ? (
                      <circle
                        key={ct}
                        cx={layout.xs[i]}
                        cy={layout.y(s.values[i] ?? 0)}
                        r={3}
                        className="report-chart__partial-dot"
                      />
                    ) : (
                      <circle key={ct} cx={layout.xs[i]} cy={layout.y(s.values[i] ?? 0)} r={2.5} />
                    ),
                  )}
              </g>
            ))}
            {picked !== null && tipCt !== undefined && (
              <g
                className="report-chart__tip"
                transform={`translate(${tipLeft},${PAD_TOP})`}
                data-testid={`${testId}-tip`}
              >
                <rect width={tipW} height={28 + tipRows * TIP_ROW} rx={8} />
                <text x={10} y={18} className="report-chart__tip-time">
                  {tipTime}
                </text>
                {series.map((s, row) => (
                  <g key={s.key} transform={`translate(10,${36 + row * TIP_ROW})`}>
                    <circle cx={4} cy={-4} r={4} className={`report-chart__dot--${s.tone}`} />
                    <text x={14} y={0}>
                      {rowText(s, picked)}
                    </text>
                  </g>
                ))}
                {pickedOver.map((r, row) => (
                  <g key={r.key} transform={`translate(10,${36 + (series.length + row) * TIP_ROW})`}>
                    <circle cx={4} cy={-4} r={4} className={`report-chart__dot--${r.tone}`} />
                    <text x={14} y={0}>
                      {r.text}
                    </text>
                  </g>
                ))}
                {isPartial(picked) && (
                  <text
                    x={10}
                    y={36 + (series.length + pickedOver.length) * TIP_ROW}
                    className="report-chart__tip-partial"
                  >
                    {soFar}
                  </text>
                )}
              </g>
            )}
          </svg>
        </div>
      </div>
      {over && overLabels && (
        <div
          className="report-chart__axis report-chart__axis--right"
          aria-hidden="true"
          data-testid={`${testId}-price-axis`}
          style={{ width: rightAxis }}
        >
          {overLabels.map((text, i) => (
            <span key={text} className="report-chart__tick" style={{ top: (over.tickYs[i] ?? 0) - 7 }}>
              {text}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
