import { useState } from 'react';
import { toastInfo } from '../toast';
import { firstError } from './fieldErrors';

type ErrorOf<E> = NonNullable<E[keyof E]>;

/**
 * Per-field errors of a setting form (spec section 5): each shows under its field and the first
 * (in the form's `order`) in a toast on save; one goes as soon as its field is edited, the next
 * save checks everything again. `message` words one error in the reader's language.
 */
export function useFieldErrors<E extends object>(
  order: readonly (keyof E)[],
  message: (key: keyof E, error: ErrorOf<E>) => string,
) {
  const [errors, setErrors] = useState<E>({} as E);

  const clear = (key: keyof E) => setErrors((prev) => (prev[key] ? { ...prev, [key]: undefined } : prev));

  /** The message of one field's error, '' without one. */
  const errorText = (key: keyof E): string => {
    const error = errors[key];
    return error ? message(key, error as ErrorOf<E>) : '';
  };

  /** A validation's outcome: its payload, or null once the errors show and the first is toasted. */
  const accept = <P>(checked: { errors: E } | { payload: P }): P | null => {
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = firstError(checked.errors, order);
      if (first) toastInfo(message(first, checked.errors[first] as ErrorOf<E>));
      return null;
    }
    setErrors({} as E);
    return checked.payload;
  };

  return { errors, clear, errorText, accept };
}
