import type { FollowPoint } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { followChartShape } from './followChart';
import { formatSignedReturn } from './format';

const W = 340;
const H = 140;
const PAD = { top: 10, bottom: 10, left: 4, right: 4 };

/** Dates at the two ends of the time axis, in the reader's language. */
const day = (ct: number, lang: string) =>
  new Date(ct * 1000).toLocaleDateString(lang, { month: 'short', day: 'numeric' });

/** The group's curve against holding BTC, returns since the first entry; 0 marked by a dashed line. */
export function FollowChart({ points }: { points: readonly FollowPoint[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const shape = followChartShape(points, W, H, PAD);
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="follow-chart" data-testid="follow-chart" data-points={points.length}>
      <div className="follow-chart__legend">
        <span className="follow-chart__key follow-chart__key--group">{t('follow.result')}</span>
        <span className="follow-chart__key follow-chart__key--btc">{t('follow.btc')}</span>
      </div>
      <div className="follow-chart__plot">
        <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('follow.chartLabel')}>
          <line className="follow-chart__zero" x1={0} x2={W} y1={shape.zeroY} y2={shape.zeroY} />
          {shape.btc && (
            <polyline className="follow-chart__btc" points={shape.btc} fill="none" data-testid="follow-chart-btc" />
          )}
          {shape.equity && (
            <polyline
              className="follow-chart__group"
              points={shape.equity}
              fill="none"
              data-testid="follow-chart-group"
            />
          )}
        </svg>
        {shape.ticks.map((tick) => (
          <span key={tick.value} className="follow-chart__tick" style={{ top: `${(tick.y / H) * 100}%` }}>
            {formatSignedReturn(tick.value, lang)}
          </span>
        ))}
      </div>
      {first && last && (
        <figcaption className="follow-chart__times">
          <span>{day(first.ct, lang)}</span>
          <span>{day(last.ct, lang)}</span>
        </figcaption>
      )}
    </figure>
  );
}
