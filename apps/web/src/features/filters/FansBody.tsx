import { fansToInput, normaliseFans, normaliseFansRange } from '@kolscope/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  min: number;
  max: number;
  onChange: (min: number, max: number) => void;
  /** Changes when the add-filter sheet asks for the minimum input to take focus. */
  focusToken: number;
}

/** Digits only: anything else typed is dropped, and nothing left means 0 (spec section 5). */
function parse(text: string): number {
  return normaliseFans(text.replace(/\D/g, ''));
}

/**
 * Follower range. 0 means "no limit" and shows as an empty input; leaving either input with a
 * minimum above the maximum swaps them (spec section 5).
 */
export function FansBody({ min, max, onChange, focusToken }: Props) {
  const { t } = useTranslation();
  const minRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusToken > 0) minRef.current?.focus();
  }, [focusToken]);

  const settle = () => {
    const [lo, hi] = normaliseFansRange([min, max]);
    if (lo !== min || hi !== max) onChange(lo, hi);
  };

  return (
    <div className="fans-range">
      <label className="fans-range__field">
        <span className="fans-range__label">{t('feedSetting.fansMin')}</span>
        <input
          ref={minRef}
          data-testid="fans-min"
          className="ks-input"
          inputMode="numeric"
          value={fansToInput(min)}
          placeholder={t('feedSetting.unlimited')}
          onChange={(e) => onChange(parse(e.target.value), max)}
          onBlur={settle}
        />
      </label>
      <span className="fans-range__dash" aria-hidden="true">
        –
      </span>
      <label className="fans-range__field">
        <span className="fans-range__label">{t('feedSetting.fansMax')}</span>
        <input
          data-testid="fans-max"
          className="ks-input"
          inputMode="numeric"
          value={fansToInput(max)}
          placeholder={t('feedSetting.unlimited')}
          onChange={(e) => onChange(min, parse(e.target.value))}
          onBlur={settle}
        />
      </label>
    </div>
  );
}
