import { type HorizonStats, TRACK_MIN_CALLS, type TrackCall } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { formatHitRate } from './format';
import { Return } from './Return';

function Extreme({ kind, call, horizon }: { kind: 'best' | 'worst'; call: TrackCall | null; horizon: string }) {
  const { t } = useTranslation();
  const value = call?.returns.find((r) => r.horizon === horizon)?.excess ?? null;
  return (
    <div className="track-stat track-stat--wide" data-testid={`track-${kind}`}>
      <span className="track-stat__label">{t(`track.${kind}`)}</span>
      <span className="track-stat__value">
        {call ? (
          <>
            ${call.coin} · {t(`post.sentiment.${call.stance}`)} <Return value={value} />
          </>
        ) : (
          '—'
        )}
      </span>
    </div>
  );
}

/**
 * The record at one horizon. Below TRACK_MIN_CALLS resolved calls no rate is shown at all (the
 * server sends none either): a rate over a handful of calls is luck, not skill.
 */
export function TrackSummary({ stats }: { stats: HorizonStats }) {
  const { t, i18n } = useTranslation();
  const enough = stats.hitRate !== null && stats.hitRateLow !== null && stats.calls >= TRACK_MIN_CALLS;
  return (
    <div className="track-summary" data-testid="track-summary" data-horizon={stats.horizon}>
      <div className="track-stat">
        <span className="track-stat__label">{t('track.calls')}</span>
        <span className="track-stat__value" data-testid="track-calls">
          {stats.calls}
        </span>
      </div>
      <div className="track-stat">
        <span className="track-stat__label">{t('track.pending')}</span>
        <span className="track-stat__value" data-testid="track-pending">
          {stats.pending}
        </span>
      </div>
      {enough ? (
        <>
          <div className="track-stat">
            <span className="track-stat__label">{t('track.hitRate')}</span>
            <span className="track-stat__value" data-testid="track-hit-rate">
              {formatHitRate(stats.hitRate ?? 0, stats.hitRateLow ?? 0, i18n.language)}
            </span>
            <span className="track-stat__note" data-testid="track-hits">
              {t('track.hitsOf', { hits: stats.hits, calls: stats.calls })}
            </span>
          </div>
          <div className="track-stat">
            <span className="track-stat__label">{t('track.medianExcess')}</span>
            <span className="track-stat__value">
              <Return value={stats.medianExcess} testId="track-median" />
            </span>
          </div>
        </>
      ) : (
        <p className="track-summary__few" data-testid="track-not-enough">
          {t('track.notEnough', { n: stats.calls, min: TRACK_MIN_CALLS })}
        </p>
      )}
      <Extreme kind="best" call={stats.best} horizon={stats.horizon} />
      <Extreme kind="worst" call={stats.worst} horizon={stats.horizon} />
    </div>
  );
}
