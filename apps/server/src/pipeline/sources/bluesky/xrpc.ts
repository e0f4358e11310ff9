/**
 * GET calls to an AppView's XRPC API (`{base}/xrpc/{method}?…`), unauthenticated. The public
 * AppView sends RateLimit-Remaining / RateLimit-Reset (epoch seconds) on every answer and a 429
 * when the limit is spent: a spent limit makes the next batch wait for the reset, a 429 throws
 * SourceError with retryAfterMs. A 4xx other than 429 belongs to the request's own account
 * (unknown, suspended, blocked) and is returned for the caller to report, never thrown: it must
 * not stall the other accounts.
 */
import { SourceError } from '../x-api/errors';
import { sample } from './map';

export type Json = Record<string, unknown>;

export type XrpcAnswer = { ok: true; body: Json } | { ok: false; status: number; detail: string };

export interface XrpcClient {
  get(method: string, params: [string, string][], signal: AbortSignal): Promise<XrpcAnswer>;
  /** Ms until the rate limit resets when the last answer said it is spent; else 0. */
  waitMs(): number;
}

export function xrpcClient(opts: { baseUrl: string; fetchImpl: typeof fetch; now: () => number }): XrpcClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  let blockedUntil = 0;

  /** Epoch ms of the reset the headers announce, when the limit is spent (or on a 429). */
  function resetAt(res: Response): number | undefined {
    const remaining = Number(res.headers.get('ratelimit-remaining') ?? Number.NaN);
    const reset = Number(res.headers.get('ratelimit-reset') ?? Number.NaN);
    if (Number.isFinite(reset) && (remaining === 0 || res.status === 429)) return reset * 1000;
    const retryAfter = res.headers.get('retry-after');
    if (res.status !== 429 || !retryAfter) return undefined;
    const secs = Number(retryAfter);
    const at = Number.isFinite(secs) ? opts.now() + secs * 1000 : Date.parse(retryAfter);
    return Number.isFinite(at) ? at : undefined;
  }

  return {
    waitMs: () => Math.max(0, blockedUntil - opts.now()),
    async get(method, params, signal) {
      const url = `${base}/xrpc/${method}?${new URLSearchParams(params)}`;
      let res: Response;
      let text: string;
      try {
        res = await opts.fetchImpl(url, { headers: { accept: 'application/json', 'user-agent': 'kolscope' }, signal });
        text = await res.text();
      } catch (err) {
        if (signal.aborted) throw err;
        throw new SourceError(`Bluesky ${method} failed: ${(err as Error).message}`, { cause: err });
      }
      const reset = resetAt(res);
      // Clocks drift: never wait less than a second when told to wait.
      if (reset !== undefined) blockedUntil = Math.max(blockedUntil, opts.now() + 1000, reset);
      if (res.status === 429) {
        throw new SourceError(`Bluesky rate limit hit (HTTP 429) on ${method}`, {
          status: 429,
          retryAfterMs: Math.max(1000, blockedUntil - opts.now()),
        });
      }
      if (res.status >= 400 && res.status < 500) return { ok: false, status: res.status, detail: errorDetail(text) };
      if (res.status < 200 || res.status >= 300) {
        throw new SourceError(`Bluesky HTTP ${res.status} on ${method}: ${errorDetail(text)}`, { status: res.status });
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new SourceError(`Bluesky returned a non-JSON body on ${method}: ${sample(text)}`);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new SourceError(`Bluesky returned an unexpected body on ${method}: ${sample(text)}`);
      return { ok: true, body: body as Json };
    },
  };
}

/** XRPC errors are {error, message}. */
function errorDetail(text: string): string {
  try {
    const b = JSON.parse(text) as Json;
    const parts = [b.error, b.message].filter((p): p is string => typeof p === 'string');
    if (parts.length) return parts.join(': ');
  } catch {
    // not JSON: the raw excerpt below
  }
  return sample(text) || '(empty body)';
}
