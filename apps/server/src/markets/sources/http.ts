/**
 * What both price adapters do with HTTP: one GET with a timeout, Retry-After read as the price
 * worker wants it, and errors that say which source answered what without leaking a key.
 *
 * Requests go out with fetch, as the X API source's do: the base URLs are the operator's
 * configuration, not addresses a user typed, so security/outbound.ts's public-address guard (made
 * for push endpoints and proxied images) does not apply, and the test servers are on loopback.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { redact } from '../../security/redact';
import { PriceRateLimited, type PriceSource } from '../types';

/** What both adapters take besides their own settings. */
export interface HttpSourceOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Per request, besides the worker's abort signal; default 30 s. */
  timeoutMs?: number;
}

/** A price source that counts what it did, for logs and tests. */
export interface CountingPriceSource extends PriceSource {
  /** Requests sent, and points, rows or answers skipped as malformed, since start. */
  stats(): { requests: number; malformed: number };
}

/** A source answered an HTTP error other than a rate limit; `status` lets the worker tell them apart. */
export class PriceHttpError extends Error {
  override readonly name = 'PriceHttpError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** How much of an error body goes into a message: enough for `{"code":-1121,"msg":"Invalid symbol."}`. */
const EXCERPT_CHARS = 200;

/** GET `url`; a network failure or timeout becomes an Error naming the source (an abort stays an abort). */
export async function getText(
  doFetch: typeof fetch,
  label: string,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Answer> {
  try {
    const res = await doFetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'kolscope', ...headers },
      // A server that accepts the connection and never answers must not hold the worker forever.
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    if (signal.aborted) throw err;
    throw new Error(`${label} request failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110), never under a second
 * (clocks drift); `fallbackMs` when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number, fallbackMs: number): number {
  if (header === null || header.trim() === '') return fallbackMs;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.max(1000, Math.round(ms)) : fallbackMs;
}

export function rateLimited(answer: Answer, now: number, fallbackMs: number): PriceRateLimited {
  return new PriceRateLimited(retryAfterMs(answer.headers.get('retry-after'), now, fallbackMs));
}

/** "CoinGecko answered 500 for bitcoin: <start of the body>", with `secret` (an API key) masked. */
export function httpError(label: string, what: string, answer: Answer, secret?: string): PriceHttpError {
  let excerpt = answer.text.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_CHARS);
  if (secret) excerpt = excerpt.split(secret).join('***');
  return new PriceHttpError(
    `${label} answered ${answer.status} for ${what}: ${redact(excerpt) || '(empty body)'}`,
    answer.status,
  );
}

/** JSON.parse that answers undefined instead of throwing: a malformed body is counted, not fatal. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The clock the adapters pace by; tests pass one that only moves when told. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => wait(ms, undefined, { signal }),
};
