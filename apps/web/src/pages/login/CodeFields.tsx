import { VERIFICATION_CODE_LENGTH } from '@kolscope/contract';
import { EmailField, FlowField } from './FlowField';
import { SendCodeButton } from './SendCodeButton';
import type { AuthFlow, CodePurpose } from './useAuthFlow';

/** E-mail plus code with a send button: shared by code sign-in, register_verify and forgot_verify. */
export function CodeFields({ flow, purpose, prefix }: { flow: AuthFlow; purpose: CodePurpose; prefix: string }) {
  return (
    <>
      <EmailField flow={flow} testId={`${prefix}-email`} autoComplete="email" />
      <FlowField
        flow={flow}
        field="code"
        testId={`${prefix}-code`}
        text="code"
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={VERIFICATION_CODE_LENGTH}
        suffix={<SendCodeButton flow={flow} purpose={purpose} testId={`${prefix}-send-code`} />}
      />
    </>
  );
}
