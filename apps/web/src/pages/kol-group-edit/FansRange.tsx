import { fansToInput, normaliseFans, normaliseFansRange } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';

interface Props {
  min: number;
  max: number;
  onChange: (min: number, max: number) => void;
}

/** Digits only: anything else typed is dropped, and nothing left means 0 (spec section 5). */
function parse(text: string): number {
  return normaliseFans(text.replace(/\D/g, ''));
}

/**
 * Follower range. 0 means "no limit" and shows empty; leaving an input with the minimum above
 * the maximum swaps them, so what is seen is what gets saved.
 */
export function FansRange({ min, max, onChange }: Props) {
  const { t } = useTranslation();
  const settle = () => {
    const [lo, hi] = normaliseFansRange([min, max]);
    if (lo !== min || hi !== max) onChange(lo, hi);
  };
  const field = (which: 'min' | 'max') => (
    <label className="kol-fans__field">
      <span className="kol-fans__label">{t(which === 'min' ? 'kol.form.fansMin' : 'kol.form.fansMax')}</span>
      <input
        data-testid={`kol-fans-${which}`}
        className="ks-input"
        inputMode="numeric"
        value={fansToInput(which === 'min' ? min : max)}
        placeholder={t('kol.form.unlimited')}
        onChange={(e) =>
          which === 'min' ? onChange(parse(e.target.value), max) : onChange(min, parse(e.target.value))
        }
        onBlur={settle}
      />
    </label>
  );
  return (
    <div className="kol-fans">
      {field('min')}
      <span className="kol-fans__dash" aria-hidden="true">
        –
      </span>
      {field('max')}
    </div>
  );
}
