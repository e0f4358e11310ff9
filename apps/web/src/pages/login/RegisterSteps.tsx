import { useTranslation } from 'react-i18next';
import { FlowField } from './FlowField';
import { SubmitButton } from './SubmitButton';
import type { AuthFlow } from './useAuthFlow';

/** register_invite: the internal test code (required) and a friend's invitation code (optional). */
export function RegisterInviteStep({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <FlowField
        flow={flow}
        field="innerCode"
        testId="invite-inner-code"
        text="innerCode"
        name="inner-code"
        autoComplete="off"
      />
      <FlowField
        flow={flow}
        field="inviteCode"
        testId="invite-friend-code"
        text="friendCode"
        name="invite-code"
        autoComplete="off"
      />
      <SubmitButton testId="invite-next" loading={flow.busy === 'invite'} onClick={() => flow.checkInvite()}>
        {t('auth.next')}
      </SubmitButton>
    </>
  );
}
