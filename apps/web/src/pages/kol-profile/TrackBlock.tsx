import type { TrackHorizon } from '@kolscope/contract';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RetryButton } from '../../features/RetryButton';
import { HorizonSwitch } from '../../features/track/HorizonSwitch';
import { TrackSummary } from '../../features/track/TrackSummary';
import type { useTrackRecord } from '../../features/track/useTrack';

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
      <HorizonSwitch value={horizon} onChange={onHorizon} />
      {record.loading && (
        <div className="kol-profile__state" data-testid="kol-track-loading">
          <SpinLoading color="primary" style={{ '--size': '24px' }} />
        </div>
      )}
      {!record.loading && record.error && (
        <div className="kol-profile__state" role="alert" data-testid="kol-track-error">
          <p>{record.error}</p>
          <RetryButton onClick={record.retry}>{t('kol.detail.retry')}</RetryButton>
        </div>
      )}
      {!record.loading && !record.error && record.stats && <TrackSummary stats={record.stats} />}
    </section>
  );
}
