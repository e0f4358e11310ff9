import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import '../text-field.css';
import './opinion.css';

interface Props {
  label: string;
  testId: string;
  /** What is picked; `placeholder` shows when it is empty. */
  value: ReactNode;
  placeholder?: string;
  onClick: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A labelled field that is a button: tapping it opens a picker or a sheet. */
export function PickField({ label, testId, value, placeholder, onClick, error, disabled = false }: Props) {
  const empty = value === '' || value === null || value === undefined;
  return (
    <div className={`ks-field${error ? ' ks-field--error' : ''}`}>
      <span className="ks-field__label">{label}</span>
      <button
        type="button"
        className="ks-field__box pick-field"
        data-testid={testId}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onClick={onClick}
      >
        <span className={empty ? 'pick-field__placeholder' : 'pick-field__value'}>{empty ? placeholder : value}</span>
        <RightOutline className="pick-field__chevron" />
      </button>
      {error && (
        <div className="ks-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
