import { useTranslation } from 'react-i18next';
import { type TimeValue, UNITS } from './timeField';
import '../text-field.css';
import './time-field.css';

interface Props {
  label: string;
  testId: string;
  value: TimeValue;
  onChange: (value: TimeValue) => void;
  /** Shown under the field in red. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown as text, not editable (the backtracking time of an existing report). */
  readOnly?: boolean;
}

/**
 * An amount and a unit (minute, hour, day). The amount is a native numeric input, so the test id
 * and the keyboard land on the <input>; the units are a segmented control.
 */
export function TimeSelector({ label, testId, value, onChange, error, hint, readOnly = false }: Props) {
  const { t } = useTranslation();
  const inputId = `field-${testId}`;
  return (
    <div className={`ks-field time-field${error ? ' ks-field--error' : ''}`} data-testid={`${testId}-field`}>
      <label className="ks-field__label" htmlFor={inputId}>
        {label}
      </label>
      {readOnly ? (
        <div className="time-field__readonly" data-testid={testId} data-readonly="true">
          {t(`reportSetting.amount.${value.unit}`, { count: Number(value.amount), n: value.amount })}
        </div>
      ) : (
        <div className="time-field__row">
          <input
            id={inputId}
            data-testid={testId}
            className="ks-input time-field__amount"
            inputMode="numeric"
            autoComplete="off"
            value={value.amount}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange({ ...value, amount: e.target.value })}
          />
          <fieldset className="time-field__units" aria-label={label}>
            {UNITS.map((unit) => (
              <button
                key={unit}
                type="button"
                aria-pressed={unit === value.unit}
                data-testid={`${testId}-unit-${unit}`}
                className={`time-field__unit${unit === value.unit ? ' time-field__unit--on' : ''}`}
                onClick={() => onChange({ ...value, unit })}
              >
                {t(`reportSetting.unit.${unit}`)}
              </button>
            ))}
          </fieldset>
        </div>
      )}
      {hint && !error && <div className="time-field__hint">{hint}</div>}
      {error && (
        <div className="ks-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
