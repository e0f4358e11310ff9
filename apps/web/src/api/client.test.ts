import { accountCalls, viewCalls } from '@kolscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, errorMessage } from './client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(reply: (url: string, init: RequestInit) => Promise<Response> | Response, timeoutMs?: number) {
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => reply(String(url), init ?? {}));
  const onUnauthorized = vi.fn();
  const api = createApi({
    getLanguage: () => 'zh-CN',
    onUnauthorized,
    fetch: fetchMock as unknown as typeof fetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { api, fetchMock, onUnauthorized };
}

/** A fetch that never answers until its signal aborts, like a hung server. */
function hang(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('POSTs to /webapi/v1/<path> with snake_case keys, language header and cookies', async () => {
    const { api, fetchMock } = setup(() => jsonResponse({ ret: 1, data: null }));
    await api(accountCalls.register, {
      email: 'a@b.co',
      code: '123456',
      passwd: 'secret1',
      innerCode: 'X',
      inviteCode: '',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/webapi/v1/account/register');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers ?? {}) as Record<string, string>).toMatchObject({ 'accept-language': 'zh-CN' });
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'a@b.co',
      code: '123456',
      passwd: 'secret1',
      inner_code: 'X',
      invite_code: '',
    });
  });

  it('sends {} when a call has no body', async () => {
    const { api, fetchMock } = setup(() => jsonResponse({ ret: 1, data: null }));
    await api(accountCalls.logout);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
  });

  it('returns data with camelCase keys on ret 1', async () => {
    const { api } = setup(() => jsonResponse({ ret: 1, data: { token: 't', account_id: '42' } }));
    await expect(api(accountCalls.login, { email: 'a@b.co', passwd: 'x' })).resolves.toEqual({
      token: 't',
      accountId: '42',
    });
  });

  it('converts nested keys both ways', async () => {
    const { api, fetchMock } = setup(() =>
      jsonResponse({ ret: 1, data: [{ view_id: 'v', name: 'n', view_type: 'content_feed', fixed: false, subs: [] }] }),
    );
    const data = await api(viewCalls.add, {
      name: 'n',
      viewType: 'content_feed',
      matchingRules: [{ type: 'fans', rules: [{ data: { minFans: 1, maxFans: 2 } }] }],
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).matching_rules[0].rules[0].data).toEqual({
      min_fans: 1,
      max_fans: 2,
    });
    expect(data[0]?.viewId).toBe('v');
    expect(data[0]?.viewType).toBe('content_feed');
  });

  it("rejects with the server's msg when ret is not 1", async () => {
    const { api, onUnauthorized } = setup(() => jsonResponse({ ret: 1008, msg: 'Wrong email or password' }));
    const error = await api(accountCalls.login, { email: 'a@b.co', passwd: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Wrong email or password');
    expect((error as ApiError).ret).toBe(1008);
    expect(errorMessage(error, 'Login failed')).toBe('Wrong email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('carries message, status and data on a non-OK HTTP status', async () => {
    const { api } = setup(() => jsonResponse({ ret: 429, msg: 'Too many attempts' }, 429));
    const error = (await api(accountCalls.logout).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Too many attempts');
    expect(error.status).toBe(429);
    expect(error.data).toEqual({ ret: 429, msg: 'Too many attempts' });
  });

  it('falls back to the default message when the failure has no server text', async () => {
    const { api } = setup(() => new Response('Bad gateway', { status: 502 }));
    const error = (await api(accountCalls.logout).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.kind).toBe('http');
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');

    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const networkError = await down.api(accountCalls.logout).catch((e: unknown) => e);
    expect(errorMessage(networkError, 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });

  it.each([401, 403])('clears the session on HTTP %i', async (status) => {
    const { api, onUnauthorized } = setup(() => jsonResponse({ ret: status, msg: 'Please sign in' }, status));
    await expect(api(accountCalls.info)).rejects.toThrow('Please sign in');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('times out after REQUEST_TIMEOUT_MS with the spec text', async () => {
    vi.useFakeTimers();
    const { api } = setup(hang);
    const pending = api(accountCalls.info).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500_000);
    const error = (await pending) as ApiError;
    expect(error.message).toBe('request timeout - over 500000ms');
    expect(error.kind).toBe('timeout');
  });

  it('honours a shorter injected timeout', async () => {
    const { api } = setup(hang, 20);
    await expect(api(accountCalls.info)).rejects.toThrow('request timeout - over 20ms');
  });

  it("rejects with 'request aborted' when the caller aborts", async () => {
    const { api } = setup(hang);
    const controller = new AbortController();
    const pending = api(accountCalls.info, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('request aborted');

    const already = new AbortController();
    already.abort();
    await expect(api(accountCalls.info, {}, { signal: already.signal })).rejects.toThrow('request aborted');
  });
});
