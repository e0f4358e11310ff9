import { useTranslation } from 'react-i18next';
import { CodeFields } from './CodeFields';
import { FlowField } from './FlowField';
import { SubmitButton } from './SubmitButton';
import type { AuthFlow } from './useAuthFlow';

/**
 * The two steps registration and password reset share: e-mail with a mailed code, then a new
 * password. The code is checked when the user leaves the first step, and used on the second.
 */
export function VerifyStep({ flow, purpose }: { flow: AuthFlow; purpose: 'register' | 'forgot' }) {
  const { t } = useTranslation();
  return (
    <>
      <CodeFields flow={flow} purpose={purpose} prefix={purpose} />
      <SubmitButton
        testId={`${purpose}-next`}
        loading={flow.busy === `verify-${purpose}`}
        onClick={() => flow.verifyNext(purpose)}
      >
        {t('auth.next')}
      </SubmitButton>
    </>
  );
}

export function NewPasswordStep({ flow, purpose }: { flow: AuthFlow; purpose: 'register' | 'forgot' }) {
  const { t } = useTranslation();
  const busyKey = purpose === 'register' ? 'register' : 'reset';
  return (
    <>
      <FlowField
        flow={flow}
        field="newPasswd"
        testId={`${purpose}-password`}
        text="newPassword"
        type="password"
        name="new-password"
        autoComplete="new-password"
      />
      <SubmitButton
        testId={`${purpose}-submit`}
        loading={flow.busy === busyKey}
        onClick={() => (purpose === 'register' ? flow.register() : flow.resetPassword())}
      >
        {t(purpose === 'register' ? 'auth.submitRegister' : 'auth.submitReset')}
      </SubmitButton>
    </>
  );
}
