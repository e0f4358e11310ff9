import { type MessageKey, Ret, RET_HTTP_STATUS } from '@kolscope/contract';

/**
 * A failure the caller should see: a ret code, a message key translated into the request's
 * language at the edge, and the HTTP status that goes with it.
 */
export class AppError extends Error {
  constructor(
    readonly ret: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly status: number = RET_HTTP_STATUS[ret] ?? 400,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(Ret.badRequest, key, params);
export const notFound = () => new AppError(Ret.notFound, 'not_found');
export const rateLimited = (seconds: number) => new AppError(Ret.rateLimited, 'rate_limited', { seconds });

/** A rateLimited error (its `params.seconds` tells the wait). */
export const isRateLimited = (err: unknown): err is AppError => err instanceof AppError && err.ret === Ret.rateLimited;
