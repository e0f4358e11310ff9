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
        label={t('auth.innerCode')}
        name="inner-code"
        autoComplete="off"
        placeholder={t('auth.innerCodePlaceholder')}
      />
      <FlowField
        flow={flow}
        field="inviteCode"
        testId="invite-friend-code"
        label={t('auth.friendCode')}
        name="invite-code"
        autoComplete="off"
        placeholder={t('auth.friendCodePlaceholder')}
      />
      <SubmitButton testId="invite-next" loading={flow.busy === 'invite'} onClick={() => flow.checkInvite()}>
        {t('auth.next')}
      </SubmitButton>
    </>
  );
}
