/**
 * A failure of a whole request (network, 5xx, auth, rate limit). The runner backs off and calls
 * again with the same cursor; `retryAfterMs`, when set, is the earliest moment a retry can succeed.
 */
export class SourceError extends Error {
  override readonly name = 'SourceError';
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, opts: { status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
  }
}
