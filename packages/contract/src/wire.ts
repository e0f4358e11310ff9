/**
 * The wire format: POST with a JSON body, snake_case keys on the wire and camelCase in code,
 * and the envelope `{ret: 1, data}` on success or `{ret: <code>, msg}` on failure.
 */
import { formatPath } from './json-check';

/** ret codes. 1 is success; the rest name why a call failed. */
export const Ret = {
  ok: 1,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  requestTimeout: 408,
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

/** HTTP status that goes with each failure ret. */
export const RET_HTTP_STATUS: Record<number, number> = {
  [Ret.badRequest]: 400,
  [Ret.unauthorized]: 401,
  [Ret.forbidden]: 403,
  [Ret.notFound]: 404,
  [Ret.requestTimeout]: 408,
  [Ret.conflict]: 409,
  [Ret.unsupportedMediaType]: 415,
  [Ret.rateLimited]: 429,
  [Ret.clientClosed]: 499,
  [Ret.internal]: 500,
  [Ret.tooSlow]: 503,
};

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

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Copies arrays and plain objects with renamed keys. The walk keeps its own stack instead of
 * recursing, so a body nested thousands deep cannot overflow the call stack.
 */
function convertKeys(value: unknown, rename: (key: string) => string): unknown {
  const shell = (v: unknown): unknown => (Array.isArray(v) ? new Array(v.length) : isPlainObject(v) ? {} : v);
  const root = shell(value);
  // Pairs (source container, its copy) still to fill.
  const from: unknown[] = [value];
  const to: Record<PropertyKey, unknown>[] = [root as Record<PropertyKey, unknown>];
  if (root === value) return value;
  while (from.length > 0) {
    const source = from.pop() as Record<PropertyKey, unknown>;
    const target = to.pop()!;
    const keys = Array.isArray(source) ? null : Object.keys(source);
    const n = keys ? keys.length : (source as unknown as unknown[]).length;
    for (let i = 0; i < n; i++) {
      let key: PropertyKey = i;
      if (keys) {
        const k = keys[i]!;
        key = rename(k);
        // Keys that would reach an object's prototype are dropped, never copied (before and
        // after renaming: '_Proto__' becomes '__proto__' in snake_case).
        if (FORBIDDEN_KEYS.has(k) || FORBIDDEN_KEYS.has(key)) continue;
      }
      const v = source[keys ? keys[i]! : i];
      const out = shell(v);
      target[key] = out;
      if (out !== v) {
        from.push(v);
        to.push(out as Record<PropertyKey, unknown>);
      }
    }
  }
  return root;
}

/** One key in wire case: `followersCount` → `followers_count`. */
export const wireKey = snakeKey;

/** A field path from code (a zod issue's path) as the API names it: `author.followers_count`. */
export function wirePath(path: readonly PropertyKey[]): string {
  return formatPath(path.map((p) => (typeof p === 'string' ? snakeKey(p) : p)));
}

/** camelCase keys (code) to snake_case keys (wire), deeply. */
export function toWire(value: unknown): unknown {
  return convertKeys(value, snakeKey);
}
/** snake_case keys (wire) to camelCase keys (code), deeply. */
export function fromWire(value: unknown): unknown {
  return convertKeys(value, camelKey);
}
