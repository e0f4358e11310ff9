import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../features/TextField';
import { CodeFields } from './CodeFields';
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
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        data-testid="invite-next"
        loading={flow.busy === 'invite'}
        onClick={() => flow.checkInvite()}
      >
        {t('auth.next')}
      </Button>
    </>
  );
}

/** register_verify: e-mail and code; the server checks the code when registering. */
export function RegisterVerifyStep({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <CodeFields flow={flow} purpose="register" prefix="register" />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        data-testid="register-next"
        onClick={() => flow.verifyNext()}
      >
        {t('auth.next')}
      </Button>
    </>
  );
}

export function RegisterPasswordStep({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        testId="register-password"
        label={t('auth.newPassword')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
        value={flow.values.newPasswd}
        onChange={(v) => flow.set('newPasswd', v)}
        error={flow.errors.newPasswd}
      />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        data-testid="register-submit"
        loading={flow.busy === 'register'}
        onClick={() => flow.register()}
      >
        {t('auth.submitRegister')}
      </Button>
    </>
  );
}
