import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { sendButtonLabel } from '../../features/countdown';
import type { AuthFlow, CodePurpose } from './useAuthFlow';

/** Sends a code, then shows "Resend in {n}s" for 60 s, then "Resend" (spec section 2). */
export function SendCodeButton({ flow, purpose, testId }: { flow: AuthFlow; purpose: CodePurpose; testId: string }) {
  const { t } = useTranslation();
  const countdown = flow.countdowns[purpose];
  const label = sendButtonLabel(countdown);
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      data-testid={testId}
      loading={flow.busy === `send-${purpose}`}
      disabled={countdown.remaining > 0 || (flow.busy !== null && flow.busy !== `send-${purpose}`)}
      onClick={() => flow.sendCode(purpose)}
      style={{ fontWeight: 500, whiteSpace: 'nowrap' }}
    >
      {t(label.key, { n: label.n })}
    </Button>
  );
}
