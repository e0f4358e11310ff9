import { VERIFICATION_CODE_LENGTH } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../features/TextField';
import { SendCodeButton } from './SendCodeButton';
import type { AuthFlow, CodePurpose } from './useAuthFlow';

/** E-mail plus code with a send button: shared by code sign-in, register_verify and forgot_verify. */
export function CodeFields({ flow, purpose, prefix }: { flow: AuthFlow; purpose: CodePurpose; prefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        testId={`${prefix}-email`}
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.emailPlaceholder')}
        value={flow.values.email}
        onChange={(v) => flow.set('email', v)}
        error={flow.errors.email}
      />
      <TextField
        testId={`${prefix}-code`}
        label={t('auth.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={VERIFICATION_CODE_LENGTH}
        placeholder={t('auth.codePlaceholder')}
        value={flow.values.code}
        onChange={(v) => flow.set('code', v)}
        error={flow.errors.code}
        suffix={<SendCodeButton flow={flow} purpose={purpose} testId={`${prefix}-send-code`} />}
      />
    </>
  );
}
