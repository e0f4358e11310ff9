/**
 * At most `perMinute` calls in any 60 seconds: each call waits until the call `perMinute` places
 * before it is a minute old. This is a token bucket whose tokens come back one minute after they
 * were spent, rather than the classic steady refill: a bucket of 30 refilled at one token per two
 * seconds lets 30 calls go at once and 30 more over the next minute, 60 in a window where
 * CoinGecko counts 30, and the 31st call would meet a 429 instead of waiting.
 */
import type { Clock } from './http';

const WINDOW_MS = 60_000;
const MAX_ROUNDS = 1000;

export interface Pacer {
  /** Resolves when one more call fits in the window, and counts it. */
  take(signal: AbortSignal): Promise<void>;
}

export function createPacer(perMinute: number, clock: Clock): Pacer {
  const limit = Math.max(1, Math.floor(perMinute));
  /** Times of the last `limit` calls, oldest first. */
  const sent: number[] = [];
  return {
    async take(signal) {
      // A loop rather than one wait: concurrent callers may take the slot the wait was for. Bounded,
      // so a clock that never moves fails loudly instead of spinning.
      for (let round = 0; round <= MAX_ROUNDS; round++) {
        const now = clock.now();
        while (sent.length > 0 && now - (sent[0] as number) >= WINDOW_MS) sent.shift();
        if (sent.length < limit) {
          sent.push(now);
          return;
        }
        await clock.sleep((sent[0] as number) + WINDOW_MS - now, signal);
      }
      throw new Error(`no call slot after ${MAX_ROUNDS} waits: is the clock moving?`);
    },
  };
}
