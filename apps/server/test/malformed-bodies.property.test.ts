/**
 * Throws malformed bodies at every registered route: whatever arrives, the answer is never a
 * 500 and always the envelope with a clear `msg`.
 */
import { allCalls, API_PREFIX, toWire } from '@kolscope/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await registerAndLogin(t, 'fuzz@example.com');
});
afterAll(() => t.close());

const registered = () => allCalls.filter((c) => t.app.hasRoute({ method: 'POST', url: `${API_PREFIX}/${c.path}` }));

function keysOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Bodies with the call's own keys holding values of every JSON type, plus anything at all. */
function bodies(keys: string[]) {
  const value = fc.oneof(
    fc.jsonValue(),
    fc.string(),
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.array(fc.string()),
  );
  const withKeys = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), value).map((o) => toWire(o))
    : fc.dictionary(fc.string(), value);
  return fc.oneof(withKeys, fc.jsonValue(), fc.object());
}

function expectEnvelope(res: { statusCode: number; body: string }) {
  expect(res.statusCode).toBeLessThan(500);
  const body = JSON.parse(res.body) as { ret: unknown; msg?: unknown };
  expect(typeof body.ret).toBe('number');
  if (body.ret !== 1) {
    expect(typeof body.msg).toBe('string');
    expect((body.msg as string).length).toBeGreaterThan(0);
  }
}

describe('every registered route', () => {
  it('registers all account calls', () => {
    expect(registered().map((c) => c.path)).toEqual(
      expect.arrayContaining([
        'account/info',
        'account/login',
        'account/register',
        'account/check_email_code',
        'view/restore_defaults',
      ]),
    );
  });

  it('answers JSON bodies of any shape with the envelope, never a 500', async () => {
    for (const call of registered()) {
      await fc.assert(
        fc.asyncProperty(bodies(keysOf(call.request)), fc.boolean(), async (body, signedIn) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${API_PREFIX}/${call.path}`,
            headers: { 'content-type': 'application/json', ...(signedIn ? { cookie: `token=${token}` } : {}) },
            payload: JSON.stringify(body),
            remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          expectEnvelope(res);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('answers broken JSON, wrong content types and huge bodies with the envelope', async () => {
    for (const call of registered()) {
      await fc.assert(
        fc.asyncProperty(
          fc.string(),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/octet-stream',
          ),
          async (payload, contentType) => {
            const res = await t.app.inject({
              method: 'POST',
              url: `${API_PREFIX}/${call.path}`,
              headers: { 'content-type': contentType, cookie: `token=${token}` },
              payload,
            });
            expectEnvelope(res);
          },
        ),
        { numRuns: 25 },
      );
      const huge = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${call.path}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expectEnvelope(huge);
    }
  });

  it('names the field in the request language when a value has the wrong type', async () => {
    const en = await t.call('account/login', { email: 'a@b.co', passwd: 12 });
    expect(en.body).toEqual({ ret: 400, msg: 'Please enter your password' });
    const zh = await t.call('account/check_inner_code', { innerCode: ['x'] }, { lang: 'zh-CN' });
    expect(zh.body).toEqual({ ret: 400, msg: '请输入邀请码' });
    const nested = await t.call('account/login', [1, 2]);
    expect(nested.body).toEqual({ ret: 400, msg: 'The request body must be a JSON object' });
  });

  it('does not let a __proto__ key reach an object prototype', async () => {
    const res = await t.call('account/login', undefined, {
      raw: '{"__proto__":{"is_admin":true},"email":"a@b.co","passwd":"x"}',
    });
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
  });

  it('answers unknown calls and other methods with the envelope', async () => {
    const unknown = await t.call('account/nope', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ ret: 404, msg: 'No such call: /webapi/v1/account/nope' });
    const get = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/account/info` });
    expect(get.statusCode).toBe(405);
    expectEnvelope(get);
  });
});
