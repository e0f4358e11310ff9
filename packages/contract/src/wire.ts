/**
 * The wire format: POST with a JSON body, snake_case keys on the wire and camelCase in code,
 * and the envelope `{ret: 1, data}` on success or `{ret: <code>, msg}` on failure.
 */
import { z } from 'zod';

/** ret codes. 1 is success; the rest name why a call failed. */
export const Ret = {
  ok: 1,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unsupportedMediaType: 415,
  rateLimited: 429,
  /** The client closed the connection before the answer (logged; no one receives it). */
  clientClosed: 499,
  internal: 500,
  /** The request's database work ran past REQUEST_STATEMENT_TIMEOUT_MS. */
  tooSlow: 503,
  invalidCode: 1001,
  codeExpired: 1002,
  codeTooManyTries: 1003,
  resendTooSoon: 1004,
  innerCodeInvalid: 1005,
  inviteCodeInvalid: 1006,
  emailTaken: 1007,
  badCredentials: 1008,
} as const;
export type RetCode = (typeof Ret)[keyof typeof Ret];

/** HTTP status that goes with each failure ret. */
export const RET_HTTP_STATUS: Record<number, number> = {
  [Ret.badRequest]: 400,
  [Ret.unauthorized]: 401,
  [Ret.forbidden]: 403,
  [Ret.notFound]: 404,
  [Ret.conflict]: 409,
  [Ret.unsupportedMediaType]: 415,
  [Ret.rateLimited]: 429,
  [Ret.clientClosed]: 499,
  [Ret.internal]: 500,
  [Ret.tooSlow]: 503,
};

export const failureEnvelope = z.object({ ret: z.number().int(), msg: z.string() });
export type FailureEnvelope = z.infer<typeof failureEnvelope>;
export type SuccessEnvelope<T> = { ret: 1; data: T };

/**
 * Key names come from a small vocabulary (the contract's fields), so each is converted once and
 * remembered; the caches stop growing at a bound in case a caller sends arbitrary keys.
 */
function memo(convert: (key: string) => string): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let out = cache.get(key);
    if (out === undefined) {
      out = convert(key);
      if (cache.size < 5000) cache.set(key, out);
    }
    return out;
  };
}
const snakeKey = memo((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
const camelKey = memo((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

function convertKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, rename));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Keys that would reach an object's prototype are dropped, never copied.
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
      out[rename(k)] = convertKeys(v, rename);
    }
    return out;
  }
  return value;
}

/** camelCase keys (code) to snake_case keys (wire), deeply. */
export function toWire(value: unknown): unknown {
  return convertKeys(value, snakeKey);
}
/** snake_case keys (wire) to camelCase keys (code), deeply. */
export function fromWire(value: unknown): unknown {
  return convertKeys(value, camelKey);
}
