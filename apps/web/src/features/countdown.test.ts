import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown, secondsLeft, sendButtonLabel } from './countdown';

afterEach(() => vi.useRealTimers());

describe('countdown', () => {
  it('rounds remaining time up to whole seconds', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });

  it('counts 60 s down to 0 after start, then offers resend', () => {
    vi.useFakeTimers();
    const countdown = new Countdown();
    const seen: number[] = [];
    countdown.subscribe(() => seen.push(countdown.getSnapshot().remaining));
    expect(sendButtonLabel(countdown.getSnapshot())).toEqual({ key: 'auth.sendCode' });

    countdown.start();
    expect(countdown.getSnapshot()).toEqual({ remaining: 60, sentOnce: true });
    expect(sendButtonLabel(countdown.getSnapshot())).toEqual({ key: 'auth.resendIn', n: 60 });

    vi.advanceTimersByTime(1000);
    expect(countdown.getSnapshot().remaining).toBe(59);
    vi.advanceTimersByTime(59_000);
    expect(countdown.getSnapshot().remaining).toBe(0);
    expect(sendButtonLabel(countdown.getSnapshot())).toEqual({ key: 'auth.resend' });
    expect(seen.at(-1)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts from the full length', () => {
    vi.useFakeTimers();
    const countdown = new Countdown(5);
    countdown.start();
    vi.advanceTimersByTime(3000);
    countdown.start();
    expect(countdown.getSnapshot().remaining).toBe(5);
    countdown.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
