import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../features/TextField';
import type { AuthFlow, AuthValues } from './useAuthFlow';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'error'>;

/** A TextField bound to one value of the auth flow: its value, its setter and its error. */
export function FlowField({ flow, field, ...rest }: FieldProps & { flow: AuthFlow; field: keyof AuthValues }) {
  return (
    <TextField {...rest} value={flow.values[field]} onChange={(v) => flow.set(field, v)} error={flow.errors[field]} />
  );
}

/** The e-mail field of every step that asks for one; sign-in fills it as the user name. */
export function EmailField({
  flow,
  testId,
  autoComplete,
}: {
  flow: AuthFlow;
  testId: string;
  autoComplete: 'email' | 'username';
}) {
  const { t } = useTranslation();
  return (
    <FlowField
      flow={flow}
      field="email"
      testId={testId}
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      placeholder={t('auth.emailPlaceholder')}
    />
  );
}
