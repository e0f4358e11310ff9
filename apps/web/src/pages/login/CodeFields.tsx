import { VERIFICATION_CODE_LENGTH } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { EmailField, FlowField } from './FlowField';
import { SendCodeButton } from './SendCodeButton';
import type { AuthFlow, CodePurpose } from './useAuthFlow';

/** E-mail plus code with a send button: shared by code sign-in, register_verify and forgot_verify. */
export function CodeFields({ flow, purpose, prefix }: { flow: AuthFlow; purpose: CodePurpose; prefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <EmailField flow={flow} testId={`${prefix}-email`} autoComplete="email" />
      <FlowField
        flow={flow}
        field="code"
        testId={`${prefix}-code`}
        label={t('auth.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={VERIFICATION_CODE_LENGTH}
        placeholder={t('auth.codePlaceholder')}
        suffix={<SendCodeButton flow={flow} purpose={purpose} testId={`${prefix}-send-code`} />}
      />
    </>
  );
}
