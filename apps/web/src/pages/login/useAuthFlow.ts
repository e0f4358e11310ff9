/**
 * State and actions of the login page. Values live here, above the step views, so going back a
 * step keeps what was typed; each flow (login by code, register, forgot) has its own countdown.
 */
import { accountCalls, isValidCodeInput, isValidEmail, isValidPassword } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../api';
import { useCountdown } from '../../features/useCountdown';
import { toastError, toastInfo, toastSuccess } from '../../features/toast';
import { completeSignIn } from '../../state/sessionActions';
import { type LoginStep, type StepEvent, transition } from './steps';

export interface AuthValues {
  email: string;
  passwd: string;
  code: string;
  newPasswd: string;
  innerCode: string;
  inviteCode: string;
}
export type FieldErrors = Partial<Record<keyof AuthValues, string>>;
export type CodePurpose = 'login' | 'register' | 'forgot';

const SEND_CODE = {
  login: accountCalls.loginEmailCode,
  register: accountCalls.registerEmailCode,
  forgot: accountCalls.changePasswdEmailCode,
} as const;

export function useAuthFlow(initialInviteCode: string, onExit: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>('login');
  const [values, setValues] = useState<AuthValues>({
    email: '',
    passwd: '',
    code: '',
    newPasswd: '',
    innerCode: '',
    inviteCode: initialInviteCode,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const countdowns = { login: useCountdown(), register: useCountdown(), forgot: useCountdown() };

  const set = (field: keyof AuthValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const go = (event: StepEvent) => {
    const next = transition(step, event);
    if (next === 'exit') return onExit();
    // A new flow starts with a fresh code; going back within a flow keeps it.
    if (event === 'register' || event === 'forgot' || event === 'done')
      setValues((v) => ({ ...v, code: '', newPasswd: '' }));
    setErrors({});
    // Applied to the step current at commit time: a reply that lands after the user went back
    // then moves from where the user is, and events that no longer apply are ignored.
    setStep((current) => {
      const target = transition(current, event);
      return target === 'exit' ? current : target;
    });
  };

  /** Runs the checks; on failure shows them under their fields and returns false. */
  const check = (found: FieldErrors): boolean => {
    const failed = Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as FieldErrors;
    setErrors((e) => ({ ...e, ...failed }));
    return Object.keys(failed).length === 0;
  };
  const emailError = () =>
    !values.email.trim() ? t('auth.emailRequired') : isValidEmail(values.email) ? undefined : t('auth.emailInvalid');
  const codeError = () => (isValidCodeInput(values.code) ? undefined : t('auth.codeRequired'));
  const newPasswdError = () => (isValidPassword(values.newPasswd) ? undefined : t('auth.passwordTooShort'));
  const email = () => values.email.trim();

  /** Runs one request at a time; `name` marks which button spins. */
  const run = async (name: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(name);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const signedIn = (accountId: string) => {
    completeSignIn(accountId);
    toastSuccess(t('auth.loginSuccess'));
    navigate('/', { replace: true });
  };

  return {
    step,
    values,
    errors,
    busy,
    countdowns,
    set,
    go,
    sendCode: (purpose: CodePurpose) => {
      if (!check({ email: emailError() })) return;
      return run(`send-${purpose}`, async () => {
        try {
          await api(SEND_CODE[purpose], { email: email() });
          countdowns[purpose].start();
          toastInfo(t('auth.codeSent'));
        } catch (error) {
          toastError(error, t('auth.sendCodeFailed'));
        }
      });
    },
    loginWithPassword: () => {
      if (!check({ email: emailError(), passwd: values.passwd ? undefined : t('auth.passwordRequired') })) return;
      return run('login', async () => {
        try {
          const res = await api(accountCalls.login, { email: email(), passwd: values.passwd });
          signedIn(res.accountId);
        } catch (error) {
          toastError(error, t('auth.loginFailed'));
        }
      });
    },
    loginWithCode: () => {
      if (!check({ email: emailError(), code: codeError() })) return;
      return run('login', async () => {
        try {
          const res = await api(accountCalls.loginByCode, { email: email(), code: values.code.trim() });
          signedIn(res.accountId);
        } catch (error) {
          toastError(error, t('auth.loginFailed'));
        }
      });
    },
    checkInvite: () => {
      const innerCode = values.innerCode.trim();
      if (!check({ innerCode: innerCode ? undefined : t('auth.inviteRequired') })) return;
      return run('invite', async () => {
        try {
          await api(accountCalls.checkInnerCode, { innerCode });
          go('next');
        } catch (error) {
          toastError(error, t('auth.inviteFailed'));
        }
      });
    },
    /**
     * register_verify and forgot_verify: the server checks the code before the password step, so
     * a wrong one is named under the code field here; the final call uses it up.
     */
    verifyNext: (purpose: 'register' | 'forgot') => {
      if (!check({ email: emailError(), code: codeError() })) return;
      return run(`verify-${purpose}`, async () => {
        try {
          await api(accountCalls.checkEmailCode, {
            email: email(),
            code: values.code.trim(),
            purpose: purpose === 'forgot' ? 'reset' : 'register',
          });
          go('next');
        } catch (error) {
          setErrors((e) => ({ ...e, code: errorMessage(error, t('auth.invalidCode')) }));
        }
      });
    },
    register: () => {
      if (!check({ newPasswd: newPasswdError() })) return;
      return run('register', async () => {
        try {
          await api(accountCalls.register, {
            email: email(),
            code: values.code.trim(),
            passwd: values.newPasswd,
            inviteCode: values.inviteCode.trim(),
            innerCode: values.innerCode.trim(),
          });
          toastSuccess(t('auth.registerSuccess'));
          setValues((v) => ({ ...v, passwd: '' }));
          go('done');
        } catch (error) {
          toastError(error, t('auth.registerFailed'));
        }
      });
    },
    resetPassword: () => {
      if (!check({ newPasswd: newPasswdError() })) return;
      return run('reset', async () => {
        try {
          await api(accountCalls.changePasswd, { email: email(), code: values.code.trim(), passwd: values.newPasswd });
          toastSuccess(t('auth.resetSuccess'));
          setValues((v) => ({ ...v, passwd: '' }));
          go('done');
        } catch (error) {
          toastError(error, t('auth.resetFailed'));
        }
      });
    },
  };
}

export type AuthFlow = ReturnType<typeof useAuthFlow>;
