/**
 * The typed API client. Every call is described once in @kolscope/contract (path, request and
 * response schemas); here it becomes a POST to /webapi/v1/<path> with snake_case keys on the
 * wire, the `{ret, data}` envelope unwrapped, and one error type for every way a call fails.
 */
import {
  API_PREFIX,
  type CallDef,
  fromWire,
  LANGUAGE_HEADER,
  REQUEST_TIMEOUT_MS,
  Ret,
  type Request,
  type Response,
  toWire,
} from '@kolscope/contract';

/** Why a call failed: the server said so, HTTP failed without a message, or the call never finished. */
export type ApiErrorKind = 'server' | 'http' | 'timeout' | 'aborted' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no response arrived. */
    readonly status = 0,
    /** The envelope's ret code, when there was an envelope. */
    readonly ret?: number,
    /** The parsed response body, when there was one. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * The text to show for a failed action: the server's message (or the timeout/abort text) when
 * there is one, otherwise the action's own default (spec section 7, "What the product does").
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind !== 'network' && error.kind !== 'http' && error.message) {
    return error.message;
  }
  return fallback;
}

export function timeoutMessage(ms: number): string {
  return `request timeout - over ${ms}ms`;
}
export const ABORTED_MESSAGE = 'request aborted';

export interface CallOptions {
  /** Lets the caller cancel; the call then rejects with 'request aborted'. */
  signal?: AbortSignal;
}

export interface ApiOptions {
  /** Current language code sent in Accept-Language ('en' or 'zh-CN'). */
  getLanguage: () => string;
  /** Called on HTTP 401 or 403: the session is gone, so forget it and go to /login. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Calls whose request accepts `{}` may omit the body. */
type CallArgs<C extends CallDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is exactly "a body with nothing required".
  {} extends Request<C> ? [body?: Request<C>, options?: CallOptions] : [body: Request<C>, options?: CallOptions];

export type Api = <C extends CallDef>(call: C, ...args: CallArgs<C>) => Promise<Response<C>>;

function envelopeMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' && body.msg !== '') {
    return body.msg;
  }
  return undefined;
}

export function createApi(options: ApiOptions): Api {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  return async function api<C extends CallDef>(call: C, ...[body, callOptions]: CallArgs<C>): Promise<Response<C>> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const callerSignal = callOptions?.signal;
    if (callerSignal?.aborted) throw new ApiError(ABORTED_MESSAGE, 'aborted');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      let res: globalThis.Response;
      let text: string;
      try {
        res = await doFetch(`${API_PREFIX}/${call.path}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: options.getLanguage() },
          body: JSON.stringify(toWire(body ?? {})),
          signal: controller.signal,
        });
        text = await res.text();
      } catch (error) {
        if (timedOut) throw new ApiError(timeoutMessage(timeoutMs), 'timeout');
        if (controller.signal.aborted) throw new ApiError(ABORTED_MESSAGE, 'aborted');
        throw new ApiError(error instanceof Error ? error.message : String(error), 'network');
      }

      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : fromWire(JSON.parse(text));
      } catch {
        parsed = undefined;
      }

      if (res.status === 401 || res.status === 403) options.onUnauthorized();
      const msg = envelopeMessage(parsed);
      const ret = parsed && typeof parsed === 'object' && 'ret' in parsed ? Number(parsed.ret) : undefined;
      if (!res.ok) {
        // The server still answers 4xx/5xx with {ret, msg}; a bare status has no text worth showing.
        throw new ApiError(msg ?? `HTTP ${res.status}`, msg ? 'server' : 'http', res.status, ret, parsed);
      }
      if (ret !== Ret.ok) {
        throw new ApiError(msg ?? 'unexpected response', msg ? 'server' : 'http', res.status, ret, parsed);
      }
      return (parsed as { data: Response<C> }).data;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  };
}
