import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../features/TextField';
import { CodeFields } from './CodeFields';
import type { AuthFlow } from './useAuthFlow';

/** forgot_verify: e-mail and code; change_passwd checks the code. */
export function ForgotVerifyStep({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <CodeFields flow={flow} purpose="forgot" prefix="forgot" />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        data-testid="forgot-next"
        onClick={() => flow.verifyNext()}
      >
        {t('auth.next')}
      </Button>
    </>
  );
}

export function ForgotPasswordStep({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        testId="forgot-password"
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
        data-testid="forgot-submit"
        loading={flow.busy === 'reset'}
        onClick={() => flow.resetPassword()}
      >
        {t('auth.submitReset')}
      </Button>
    </>
  );
}
