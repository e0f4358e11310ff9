/**
 * The login page's sub-steps (spec section 2, "Login page") as a pure state machine:
 * login → register_invite → register_verify → register_password → login, and
 * login → forgot_verify → forgot_password → login. `back` from login leaves the page.
 */
export const LOGIN_STEPS = [
  'login',
  'register_invite',
  'register_verify',
  'register_password',
  'forgot_verify',
  'forgot_password',
] as const;
export type LoginStep = (typeof LOGIN_STEPS)[number];

export type StepEvent = 'register' | 'forgot' | 'next' | 'done' | 'back';

/** 'exit' means: leave the login page (go to the previous page). */
export type StepResult = LoginStep | 'exit';

const NEXT: Partial<Record<LoginStep, LoginStep>> = {
  register_invite: 'register_verify',
  register_verify: 'register_password',
  forgot_verify: 'forgot_password',
};

const BACK: Record<LoginStep, StepResult> = {
  login: 'exit',
  register_invite: 'login',
  register_verify: 'register_invite',
  register_password: 'register_verify',
  forgot_verify: 'login',
  forgot_password: 'forgot_verify',
};

/** The step after `event`; an event that does not apply to `step` leaves it unchanged. */
export function transition(step: LoginStep, event: StepEvent): StepResult {
  switch (event) {
    case 'back':
      return BACK[step];
    case 'register':
      return step === 'login' ? 'register_invite' : step;
    case 'forgot':
      return step === 'login' ? 'forgot_verify' : step;
    case 'next':
      return NEXT[step] ?? step;
    case 'done':
      return step === 'register_password' || step === 'forgot_password' ? 'login' : step;
  }
}

/** The flow a step belongs to; each flow keeps its own code-resend countdown. */
export function flowOf(step: LoginStep): 'login' | 'register' | 'forgot' {
  if (step.startsWith('register')) return 'register';
  if (step.startsWith('forgot')) return 'forgot';
  return 'login';
}
