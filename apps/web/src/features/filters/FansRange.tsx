import { fansToInput, normaliseFans, normaliseFansRange } from '@kolscope/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './fans-range.css';

interface Props {
  min: number;
  max: number;
  onChange: (min: number, max: number) => void;
  /** Whose words: `<keys>.fansMin`, `.fansMax` and `.unlimited` (the feed form's, the KOL group form's). */
  keys: 'feedSetting' | 'kol.form';
  /** Prefix of the inputs' test ids: `<id>-min`, `<id>-max`. */
  id: string;
  /** Changes when the add-filter sheet asks for the minimum input to take focus. */
  focusToken?: number;
}

/** Digits only: anything else typed is dropped, and nothing left means 0 (spec section 5). */
function parse(text: string): number {
  return normaliseFans(text.replace(/\D/g, ''));
}

/**
 * Follower range of a feed filter and of a KOL group. 0 means "no limit" and shows as an empty
 * input; leaving either input with a minimum above the maximum swaps them, so what is seen is
 * what gets saved (spec section 5).
 */
export function FansRange({ min, max, onChange, keys, id, focusToken = 0 }: Props) {
  const { t } = useTranslation();
  const minRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusToken > 0) minRef.current?.focus();
  }, [focusToken]);

  const settle = () => {
    const [lo, hi] = normaliseFansRange([min, max]);
    if (lo !== min || hi !== max) onChange(lo, hi);
  };
  const field = (which: 'min' | 'max') => (
    <label className="fans-range__field">
      <span className="fans-range__label">{t(which === 'min' ? `${keys}.fansMin` : `${keys}.fansMax`)}</span>
      <input
        ref={which === 'min' ? minRef : undefined}
        data-testid={`${id}-${which}`}
        className="ks-input"
        inputMode="numeric"
        value={fansToInput(which === 'min' ? min : max)}
        placeholder={t(`${keys}.unlimited`)}
        onChange={(e) =>
          which === 'min' ? onChange(parse(e.target.value), max) : onChange(min, parse(e.target.value))
        }
        onBlur={settle}
      />
    </label>
  );

  return (
    <div className="fans-range">
      {field('min')}
      <span className="fans-range__dash" aria-hidden="true">
        –
      </span>
      {field('max')}
    </div>
  );
}
