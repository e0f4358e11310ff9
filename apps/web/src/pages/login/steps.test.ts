import { describe, expect, it } from 'vitest';
import { flowOf, LOGIN_STEPS, type LoginStep, type StepEvent, transition } from './steps';

describe('login step machine', () => {
  it('walks the register flow and back to login', () => {
    const events: StepEvent[] = ['register', 'next', 'next', 'done'];
    const seen: string[] = [];
    let step: LoginStep = 'login';
    for (const e of events) {
      const next = transition(step, e);
      if (next === 'exit') throw new Error('left the page');
      step = next;
      seen.push(step);
    }
    expect(seen).toEqual(['register_invite', 'register_verify', 'register_password', 'login']);
  });

  it.each<[string, LoginStep, StepEvent, LoginStep | 'exit']>([
    // the forgot flow and back to login
    ['forgot', 'login', 'forgot', 'forgot_verify'],
    ['forgot', 'forgot_verify', 'next', 'forgot_password'],
    ['forgot', 'forgot_password', 'done', 'login'],
    // one step back, and out of the page from login
    ['back', 'register_password', 'back', 'register_verify'],
    ['back', 'register_verify', 'back', 'register_invite'],
    ['back', 'register_invite', 'back', 'login'],
    ['back', 'forgot_password', 'back', 'forgot_verify'],
    ['back', 'forgot_verify', 'back', 'login'],
    ['back', 'login', 'back', 'exit'],
    // events that do not apply are ignored
    ['ignored', 'login', 'next', 'login'],
    ['ignored', 'login', 'done', 'login'],
    ['ignored', 'register_verify', 'forgot', 'register_verify'],
    ['ignored', 'register_password', 'next', 'register_password'],
    ['ignored', 'forgot_verify', 'done', 'forgot_verify'],
  ])('%s: %s on %s goes to %s', (_case, from, event, to) => {
    expect(transition(from, event)).toBe(to);
  });

  it('names the flow of every step', () => {
    expect(LOGIN_STEPS.map(flowOf)).toEqual(['login', 'register', 'register', 'register', 'forgot', 'forgot']);
  });
});
