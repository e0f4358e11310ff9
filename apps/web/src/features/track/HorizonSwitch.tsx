import { TRACK_HORIZONS, type TrackHorizon } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';

/** 1h / 24h / 7d / 30d as a segmented control. */
export function HorizonSwitch({ value, onChange }: { value: TrackHorizon; onChange: (h: TrackHorizon) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="track-horizons" aria-label={t('track.horizon')}>
      {TRACK_HORIZONS.map((h) => (
        <button
          key={h}
          type="button"
          aria-pressed={h === value}
          className={`track-horizons__item${h === value ? ' track-horizons__item--on' : ''}`}
          data-testid={`horizon-${h}`}
          onClick={() => onChange(h)}
        >
          {t(`track.horizons.${h}`)}
        </button>
      ))}
    </fieldset>
  );
}
