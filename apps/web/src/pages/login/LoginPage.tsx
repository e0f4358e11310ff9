import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../features/Logo';
import { PageNavBar } from '../../features/PageNavBar';
import { useGoBack } from '../../features/useGoBack';
import { NewPasswordStep, VerifyStep } from './CodeSteps';
import { LoginStepView } from './LoginStepView';
import { RegisterInviteStep } from './RegisterSteps';
import type { LoginStep } from './steps';
import { type AuthFlow, useAuthFlow } from './useAuthFlow';
import './login.css';

const VIEWS: Record<LoginStep, (props: { flow: AuthFlow }) => ReactNode> = {
  login: LoginStepView,
  register_invite: RegisterInviteStep,
  register_verify: ({ flow }) => <VerifyStep flow={flow} purpose="register" />,
  register_password: ({ flow }) => <NewPasswordStep flow={flow} purpose="register" />,
  forgot_verify: ({ flow }) => <VerifyStep flow={flow} purpose="forgot" />,
  forgot_password: ({ flow }) => <NewPasswordStep flow={flow} purpose="forgot" />,
};

/** A friend's invitation code arrives as ?invite=… in the hash route or in the page URL. */
function useInviteParam(): string {
  const [params] = useSearchParams();
  return params.get('invite') ?? new URLSearchParams(window.location.search).get('invite') ?? '';
}

/** /login: one page, six sub-steps (spec section 2, "Login page"). */
export default function LoginPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const flow = useAuthFlow(useInviteParam(), goBack);
  const View = VIEWS[flow.step];

  return (
    <div className="login" data-testid="login-page" data-step={flow.step}>
      <PageNavBar onBack={() => flow.go('back')} />
      <div className="login__body">
        {flow.step === 'login' && (
          <div className="login__logo">
            <Logo size={40} />
          </div>
        )}
        <h1 className="login__title" data-testid="login-title">
          {t(`auth.title.${flow.step}`)}
        </h1>
        <p className="login__subtitle">{t(`auth.subtitle.${flow.step}`)}</p>
        <form
          className="login__form"
          noValidate
          // Enter in a field submits the step's main action through the submit button.
          onSubmit={(e) => e.preventDefault()}
        >
          <View flow={flow} />
        </form>
      </div>
    </div>
  );
}
