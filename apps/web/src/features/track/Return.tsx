import { useTranslation } from 'react-i18next';
import { formatSignedReturn, returnTone } from './format';

/** A signed return coloured by its sign (the reader's up/down colours, as the app's charts); '—' when unknown. */
export function Return({ value, testId }: { value: number | null; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={`track-return track-return--${returnTone(value)}`} data-testid={testId}>
      {value === null ? '—' : formatSignedReturn(value, i18n.language)}
    </span>
  );
}
