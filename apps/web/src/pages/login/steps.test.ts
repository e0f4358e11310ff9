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

  it('walks the forgot flow and back to login', () => {
    expect(transition('login', 'forgot')).toBe('forgot_verify');
    expect(transition('forgot_verify', 'next')).toBe('forgot_password');
    expect(transition('forgot_password', 'done')).toBe('login');
  });

  it('goes one step back, and leaves the page from login', () => {
    expect(transition('register_password', 'back')).toBe('register_verify');
    expect(transition('register_verify', 'back')).toBe('register_invite');
    expect(transition('register_invite', 'back')).toBe('login');
    expect(transition('forgot_password', 'back')).toBe('forgot_verify');
    expect(transition('forgot_verify', 'back')).toBe('login');
    expect(transition('login', 'back')).toBe('exit');
  });

  it('ignores events that do not apply', () => {
    expect(transition('login', 'next')).toBe('login');
    expect(transition('login', 'done')).toBe('login');
    expect(transition('register_verify', 'forgot')).toBe('register_verify');
    expect(transition('register_password', 'next')).toBe('register_password');
    expect(transition('forgot_verify', 'done')).toBe('forgot_verify');
  });

  it('names the flow of every step', () => {
    expect(LOGIN_STEPS.map(flowOf)).toEqual(['login', 'register', 'register', 'register', 'forgot', 'forgot']);
  });
});
