import { type HorizonStats, TRACK_MIN_CALLS, type TrackCall } from '@kolscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinLink } from '../coin/CoinLink';
import { formatHitRate } from './format';
import { Return } from './Return';

function Stat({
  label,
  testId,
  note,
  children,
}: {
  label: string;
  testId?: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="track-stat">
      <span className="track-stat__label">{label}</span>
      <span className="track-stat__value" data-testid={testId}>
        {children}
      </span>
      {note && (
        <span className="track-stat__note" data-testid="track-hits">
          {note}
        </span>
      )}
    </div>
  );
}

function Extreme({ kind, call, horizon }: { kind: 'best' | 'worst'; call: TrackCall | null; horizon: string }) {
  const { t } = useTranslation();
  const move = call?.returns.find((r) => r.horizon === horizon)?.excess ?? null;
  // What following the call earned, as the median beside it: a bearish call on a coin that fell
  // 37 % earned +37 %, so the best call reads up and the worst down (issue 29).
  const value = move === null || !call ? null : call.stance === 'bearish' ? -move : move;
  return (
    <div className="track-stat track-stat--wide" data-testid={`track-${kind}`}>
      <span className="track-stat__label">{t(`track.${kind}`)}</span>
      <span className="track-stat__note">{t('track.extremeNote')}</span>
      <span className="track-stat__value">
        {call ? (
          <>
            <CoinLink coin={call.coin} testId={`track-${kind}-coin`}>
              ${call.coin}
            </CoinLink>{' '}
            · {t(`post.sentiment.${call.stance}`)} <Return value={value} testId={`track-${kind}-earned`} />
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
      <Stat label={t('track.calls')} testId="track-calls">
        {stats.calls}
      </Stat>
      <Stat label={t('track.pending')} testId="track-pending">
        {stats.pending}
      </Stat>
      {enough ? (
        <>
          <Stat
            label={t('track.hitRate')}
            testId="track-hit-rate"
            note={t('track.hitsOf', { hits: stats.hits, calls: stats.calls })}
          >
            {formatHitRate(stats.hitRate ?? 0, stats.hitRateLow ?? 0, i18n.language)}
          </Stat>
          <Stat label={t('track.medianExcess')}>
            <Return value={stats.medianExcess} testId="track-median" />
          </Stat>
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
