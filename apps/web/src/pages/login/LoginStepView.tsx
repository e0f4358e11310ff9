import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField, FlowField } from './FlowField';
import { CodeFields } from './CodeFields';
import { SubmitButton } from './SubmitButton';
import type { AuthFlow } from './useAuthFlow';

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** The login step: password sign-in, or (the spec's "or with a verification code") code sign-in. */
export function LoginStepView({ flow }: { flow: AuthFlow }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const { values } = flow;
  const ready = values.email.trim() !== '' && (mode === 'password' ? values.passwd !== '' : values.code.trim() !== '');

  return (
    <>
      {mode === 'password' ? (
        <>
          <EmailField flow={flow} testId="login-email" autoComplete="username" />
          <FlowField
            flow={flow}
            field="passwd"
            testId="login-password"
            text="password"
            type="password"
            name="password"
            autoComplete="current-password"
          />
          <div className="login__row login__row--end">
            <button type="button" className="ks-link" data-testid="forgot-link" onClick={() => flow.go('forgot')}>
              {t('auth.forgot')}
            </button>
          </div>
        </>
      ) : (
        <CodeFields flow={flow} purpose="login" prefix="login" />
      )}

      <SubmitButton
        testId="login-submit"
        disabled={!ready}
        loading={flow.busy === 'login'}
        onClick={() => (mode === 'password' ? flow.loginWithPassword() : flow.loginWithCode())}
      >
        {t('auth.login')}
      </SubmitButton>

      <div className="login__row login__row--center">
        <button
          type="button"
          className="ks-link"
          data-testid={mode === 'password' ? 'login-mode-code' : 'login-mode-password'}
          onClick={() => setMode(mode === 'password' ? 'code' : 'password')}
        >
          {mode === 'password' ? t('auth.withCode') : t('auth.withPassword')}
        </button>
      </div>

      <div className="login__divider">
        <span>{t('auth.or')}</span>
      </div>
      <Button
        block
        size="large"
        shape="rounded"
        data-testid="google-button"
        className="login__google"
        onClick={() => {
          Toast.show({ content: t('auth.googleDev') });
        }}
      >
        <span className="login__google-inner">
          <GoogleMark />
          {t('auth.google')}
        </span>
      </Button>

      <div className="login__row login__row--center login__register">
        <span>{t('auth.noAccount')}</span>
        <button type="button" className="ks-link" data-testid="register-link" onClick={() => flow.go('register')}>
          {t('auth.register')}
        </button>
      </div>
    </>
  );
}
