import type { ReactNode } from 'react';
import './view-form.css';

interface Props {
  testId: string;
  title: string;
  hint?: string;
  /** A button in the card's head (add, remove). */
  action?: ReactNode;
  /** Shown under the body (test id `<testId>-error`), the card's border red. */
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A bordered card of a setting form: a title, a hint, the body, and its error if any. */
export function FormCard({ testId, title, hint, action, error, className, children }: Props) {
  const classes = ['form-card', className, error && 'form-card--error'].filter(Boolean).join(' ');
  return (
    <section className={classes} data-testid={testId}>
      <header className="form-card__head">
        <div>
          <h3 className="form-card__title">{title}</h3>
          {hint && <p className="form-card__hint">{hint}</p>}
        </div>
        {action}
      </header>
      {children}
      {error && (
        <div className="ks-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      )}
    </section>
  );
}
