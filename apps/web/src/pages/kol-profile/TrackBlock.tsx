import type { TrackHorizon } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { HorizonSwitch } from '../../features/track/HorizonSwitch';
import { TrackSummary } from '../../features/track/TrackSummary';
import type { useTrackRecord } from '../../features/track/useTrack';
import { FailedState, LoadingState } from '../../features/LoadState';
import { RecordsHistoryNote } from '../../features/history/HistoryNote';

interface Props {
  horizon: TrackHorizon;
  onHorizon: (h: TrackHorizon) => void;
  record: ReturnType<typeof useTrackRecord>;
}

/** The track record card: the horizon switch over the numbers at that horizon. */
export function TrackBlock({ horizon, onHorizon, record }: Props) {
  const { t } = useTranslation();
  return (
    <section className="kol-profile__track" data-testid="kol-track">
      <h2 className="kol-profile__section">{t('track.title')}</h2>
      <RecordsHistoryNote />
      <HorizonSwitch value={horizon} onChange={onHorizon} />
      {record.loading && <LoadingState className="kol-profile__state" testId="kol-track-loading" />}
      {!record.loading && record.error && (
        <FailedState className="kol-profile__state" testId="kol-track-error" load={record} />
      )}
      {!record.loading && !record.error && record.stats && <TrackSummary stats={record.stats} />}
      {!record.loading && !record.error && (record.unsure ?? 0) > 0 && (
        <p className="kol-profile__unsure" data-testid="track-unsure">
          {t('track.unsure', { count: record.unsure })}
        </p>
      )}
    </section>
  );
}
