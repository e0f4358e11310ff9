import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../features/TextField';
import type { AuthFlow, AuthValues } from './useAuthFlow';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'error' | 'label' | 'placeholder'>;

/**
 * A TextField bound to one value of the auth flow: its value, its setter and its error. `text`
 * names its wording: the label `auth.<text>` and the placeholder `auth.<text>Placeholder`.
 */
export function FlowField({
  flow,
  field,
  text,
  ...rest
}: FieldProps & { flow: AuthFlow; field: keyof AuthValues; text: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...rest}
      label={t(`auth.${text}`)}
      placeholder={t(`auth.${text}Placeholder`)}
      value={flow.values[field]}
      onChange={(v) => flow.set(field, v)}
      error={flow.errors[field]}
    />
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
  return (
    <FlowField
      flow={flow}
      field="email"
      testId={testId}
      text="email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
    />
  );
}
