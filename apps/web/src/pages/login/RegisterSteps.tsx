import { useTranslation } from 'react-i18next';
import { TextField } from '../../features/TextField';
import { SubmitButton } from './SubmitButton';
import type { AuthFlow } from './useAuthFlow';

/** register_invite: the internal test code (required) and a friend's invitation code (optional). */
export function RegisterInviteStep({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        testId="invite-inner-code"
        label={t('auth.innerCode')}
        name="inner-code"
        autoComplete="off"
        placeholder={t('auth.innerCodePlaceholder')}
        value={flow.values.innerCode}
        onChange={(v) => flow.set('innerCode', v)}
        error={flow.errors.innerCode}
      />
      <TextField
        testId="invite-friend-code"
        label={t('auth.friendCode')}
        name="invite-code"
        autoComplete="off"
        placeholder={t('auth.friendCodePlaceholder')}
        value={flow.values.inviteCode}
        onChange={(v) => flow.set('inviteCode', v)}
      />
      <SubmitButton testId="invite-next" loading={flow.busy === 'invite'} onClick={() => flow.checkInvite()}>
        {t('auth.next')}
      </SubmitButton>
    </>
  );
}
