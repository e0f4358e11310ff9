import type { MindshareData } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { percent, stackAreas } from './mindshareState';

const WIDTH = 320;
const HEIGHT = 160;
const AXIS = 36;

/** A bucket's start as the reader's clock shows it: the hour for a day, else the date. */
function tickLabel(ct: number, hourly: boolean): string {
  const d = new Date(ct * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return hourly ? `${pad(d.getHours())}:00` : `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The stacked area chart of the list's first entries: per bucket, each one's share of the bucket's
 * posts naming a coin, in list order from the bottom. A bucket still filling is shaded.
 */
export function StackedShareChart({
  data,
  labelOf,
}: {
  data: MindshareData;
  /** A series' name as the list shows it. */
  labelOf: (key: string) => string;
}) {
  const { t } = useTranslation();
  const plotWidth = WIDTH - AXIS;
  const layout = stackAreas(data.chart, plotWidth, HEIGHT);
  const ticks = [0, layout.top / 2, layout.top];
  const buckets = data.chart.buckets;
  const last = buckets.at(-1);
  const step = buckets.length > 1 ? plotWidth / (buckets.length - 1) : plotWidth;
  const labelled = [0, Math.floor((buckets.length - 1) / 2), buckets.length - 1].filter(
    (i, k, all) => i >= 0 && all.indexOf(i) === k,
  );
  const hourly = data.interval === '1h';
  return (
    <figure className="ms-chart" data-testid="mindshare-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
        role="img"
        aria-label={t('mindshare.chartLabel', { count: data.chart.series.length })}
      >
        <g transform={`translate(${AXIS} 0)`}>
          {last?.partial && (
            <rect
              className="ms-chart__partial"
              x={plotWidth - step / 2}
              y={0}
              width={step / 2}
              height={HEIGHT}
              data-testid="mindshare-chart-partial"
            />
          )}
          {ticks.map((v) => (
            <line key={v} className="ms-chart__grid" x1={0} x2={plotWidth} y1={layout.y(v)} y2={layout.y(v)} />
          ))}
          {layout.areas.map((points, k) => (
            <polygon
              key={data.chart.series[k]!.key}
              className={`ms-chart__area ms-tone--${k}`}
              points={points}
              data-testid="mindshare-area"
              data-key={data.chart.series[k]!.key}
            />
          ))}
          {labelled.map((i) => (
            <text
              key={i}
              className="ms-chart__tick"
              x={layout.xs[i]}
              y={HEIGHT + 14}
              textAnchor={i === 0 ? 'start' : i === buckets.length - 1 ? 'end' : 'middle'}
            >
              {tickLabel(buckets[i]!.ct, hourly)}
            </text>
          ))}
        </g>
        {ticks.map((v) => (
          <text key={v} className="ms-chart__tick" x={AXIS - 4} y={layout.y(v) + 3} textAnchor="end">
            {v}%
          </text>
        ))}
      </svg>
      <figcaption className="ms-legend">
        {data.chart.series.map((s, k) => {
          const item = data.list.find((i) => i.key === s.key);
          return (
            <span key={s.key} className="ms-legend__item" data-testid="mindshare-legend">
              <span className={`ms-legend__swatch ms-tone--${k}`} />
              {labelOf(s.key)} {item ? percent(item.share) : ''}
            </span>
          );
        })}
      </figcaption>
    </figure>
  );
}
