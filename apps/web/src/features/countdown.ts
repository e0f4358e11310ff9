/**
 * The code-resend countdown (spec section 9: 60 s). Remaining time is computed from an end
 * timestamp rather than by counting ticks, so a throttled background tab still shows the truth.
 */
import { CODE_RESEND_SECONDS } from '@kolscope/contract';

/** Whole seconds left until `endsAt` (ms), never negative. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export interface CountdownSnapshot {
  /** Seconds until the send button is enabled again; 0 when idle. */
  remaining: number;
  /** True once a code was sent, so the button says "Resend" instead of "Send code". */
  sentOnce: boolean;
}

/** A small observable countdown, independent of React so it can be unit-tested. */
export class Countdown {
  private endsAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private listeners = new Set<() => void>();
  private snapshot: CountdownSnapshot = { remaining: 0, sentOnce: false };

  constructor(
    private readonly seconds = CODE_RESEND_SECONDS,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.endsAt = this.now() + this.seconds * 1000;
    this.stopTimer();
    this.timer = setInterval(() => this.tick(), 250);
    this.snapshot = { remaining: this.seconds, sentOnce: true };
    this.emit();
  }

  getSnapshot = (): CountdownSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    this.stopTimer();
    this.listeners.clear();
  }

  private tick(): void {
    const remaining = secondsLeft(this.endsAt, this.now());
    if (remaining === 0) this.stopTimer();
    if (remaining !== this.snapshot.remaining) {
      this.snapshot = { ...this.snapshot, remaining };
      this.emit();
    }
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The send button's label key and params for a countdown state. */
export function sendButtonLabel(state: CountdownSnapshot): { key: string; n?: number } {
  if (state.remaining > 0) return { key: 'auth.resendIn', n: state.remaining };
  return { key: state.sentOnce ? 'auth.resend' : 'auth.sendCode' };
}
