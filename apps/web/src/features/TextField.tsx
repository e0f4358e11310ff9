import type { InputHTMLAttributes, ReactNode } from 'react';
import './text-field.css';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'children'>;

interface Props extends NativeProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field in red; also marks the input invalid for screen readers. */
  error?: string | undefined;
  /** Something inside the field on the right, e.g. the send-code button. */
  suffix?: ReactNode;
  testId: string;
}

/**
 * A labelled native input. Native rather than antd-mobile's Input so that `data-testid`, `name`
 * and `autocomplete` land on the <input> itself (e2e fills it directly; password managers work).
 */
export function TextField({ label, value, onChange, error, suffix, testId, id, ...rest }: Props) {
  const inputId = id ?? `field-${testId}`;
  return (
    <div className={`ks-field${error ? ' ks-field--error' : ''}`}>
      <label className="ks-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="ks-field__box">
        <input
          {...rest}
          id={inputId}
          data-testid={testId}
          className="ks-field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {suffix && <div className="ks-field__suffix">{suffix}</div>}
      </div>
      {error && (
        <div className="ks-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
