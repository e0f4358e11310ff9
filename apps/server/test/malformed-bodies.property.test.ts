/**
 * Throws malformed bodies at every registered route: whatever arrives, the answer is never a
 * 500 and always the envelope with a clear `msg`.
 */
import { allCalls, API_PREFIX, type CallDef, fieldLabel, formatPath, toWire, wireKey } from '@kolscope/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerAndLogin, type TestApp, signedInApp } from './support/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await signedInApp('fuzz@example.com'));
});
afterAll(() => t.close());

const registered = () => allCalls.filter((c) => t.app.hasRoute({ method: 'POST', url: `${API_PREFIX}/${c.path}` }));

/** A call's keys: its object's, or every member's of a union (view/add's, keyed by view type). */
function keysOf(schema: z.ZodType): string[] {
  const { shape, options } = schema as unknown as { shape?: Record<string, unknown>; options?: unknown[] };
  if (Array.isArray(options))
    return [...new Set(options.flatMap((o) => (typeof o === 'object' ? keysOf(o as z.ZodType) : [])))];
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
      // Ingest checks its key before reading the body (the test app has none: 403).
      expect(huge.statusCode).toBe(call.path === 'ingest/posts' ? 403 : 413);
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

describe('hostile strings and deep JSON on every route (issue 13)', () => {
  // The key check of ingest comes first (the test app has no ingest keys): it answers 403.
  const checked = () => registered().filter((c) => !c.perItem);
  const post = (call: CallDef, payload: string, signedIn: boolean, lang: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${call.path}`,
      headers: {
        'content-type': 'application/json',
        'accept-language': lang,
        ...(signedIn ? { cookie: `token=${token}` } : {}),
      },
      payload,
      remoteAddress: `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  const poison = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');
  const hostile = fc.tuple(fc.string({ maxLength: 8 }), poison, fc.string({ maxLength: 8 })).map((p) => p.join(''));
  /** Where the bad string sits below the call's key: array indexes and object keys, outermost first. */
  const below = fc.array(fc.oneof(fc.nat({ max: 2 }), fc.constantFrom('value', 'data', 'username', 'keywords')), {
    maxLength: 4,
  });
  /** Wraps `leaf` at `path`, innermost first, with harmless siblings before array positions. */
  function place(path: (string | number)[], leaf: unknown): unknown {
    let v = leaf;
    for (const seg of [...path].reverse()) {
      v = typeof seg === 'number' ? [...Array.from({ length: seg }, () => 'ok'), v] : { [seg]: v };
    }
    return v;
  }

  it('answers a NUL or a lone surrogate in any string, or in a key, with a 400 naming the field', async () => {
    for (const call of checked()) {
      const keys = [...keysOf(call.request).map(wireKey), 'unknown_key'];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...keys),
          below,
          hostile,
          fc.boolean(),
          fc.boolean(),
          fc.constantFrom('en', 'zh-CN'),
          async (key, path, bad, inKey, signedIn, lang) => {
            const body = { [key]: place(path, inKey ? { [`k${bad}`]: 1 } : bad) };
            const res = await post(call, JSON.stringify(body), signedIn, lang);
            expectEnvelope(res);
            expect(res.statusCode).toBe(400);
            // The path in the reader's words where it names a field people fill in (field-labels.ts).
            const field = fieldLabel(lang, formatPath([key, ...path]));
            const msg = (res.json() as { msg: string }).msg;
            expect(msg.startsWith(`${field}: `) || msg.startsWith(`${field}：`)).toBe(true);
          },
        ),
        { numRuns: 15 },
      );
    }
  });

  it('answers JSON nested up to 20,000 deep with a 400, whatever the route', async () => {
    for (const call of checked()) {
      const keys = [...keysOf(call.request).map(wireKey), 'unknown_key'];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...keys),
          fc.integer({ min: 65, max: 20_000 }),
          fc.constantFrom('[', '{"a":'),
          fc.boolean(),
          async (key, depth, open, signedIn) => {
            const close = open === '[' ? ']' : '}';
            const payload = `{"${key}":${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}}`;
            const res = await post(call, payload, signedIn, 'en');
            expectEnvelope(res);
            expect(res.statusCode).toBe(400);
            expect((res.json() as { msg: string }).msg).toMatch(
              /^The request body nests too deeply \(at most 64 levels\)/,
            );
          },
        ),
        { numRuns: 6 },
      );
    }
  });

  it('names the field of the probe that found the 500s: a view keyword, an event keyword, a login', async () => {
    const token = await registerAndLogin(t, 'probe@example.com');
    const view = await t.call(
      'view/add',
      { name: 'v', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules: ['moon', 'half \uD83D'] }] },
      { token },
    );
    expect(view.body).toEqual({
      ret: 400,
      msg: 'Filter group 1, entry 2: the text is not valid Unicode (a lone surrogate)',
    });
    const event = await t.call(
      'view/v2/event_opinion_add',
      { name: 'e', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['etf\u0000'] }] },
      { token, lang: 'zh-CN' },
    );
    expect(event.body).toEqual({ ret: 400, msg: '第 1 个筛选组 第 1 个关键词：文本不能包含 NUL 字符' });
    const login = await t.call('account/login', { email: 'a\u0000@b.co', passwd: 'x' });
    expect(login.body).toEqual({ ret: 400, msg: 'email: the text must not contain a NUL character' });
  });

  it('still accepts emoji and CJK, which are surrogate pairs and multi-byte text', async () => {
    // Its own account: the fuzzing above may have signed the shared one out.
    const token = await registerAndLogin(t, 'emoji@example.com');
    const res = await t.call(
      'view/add',
      { name: '月亮 🚀', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules: ['登月 🌕'] }] },
      { token },
    );
    expect(res.body.ret).toBe(1);
  });
});

describe('matching rules in any form (issue 12)', () => {
  const types = ['crypto_types', 'keywords', 'coins', 'authors', 'fans'] as const;
  const plain = fc.oneof(
    fc.constantFrom('BTC', '$eth', 'defi', 'defi/dex', '@WhaleWatcher', '12345', 'etf', '', '  ', '$', '@'),
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.constant(null),
  );
  const object = fc.record(
    {
      label: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
      value: fc.oneof(fc.constantFrom('BTC', 'defi', '9', '1000,5000'), fc.string({ maxLength: 20 })),
      data: fc.record(
        {
          username: fc.string({ maxLength: 20 }),
          minFans: fc.oneof(fc.nat(), fc.integer(), fc.string({ maxLength: 5 })),
          maxFans: fc.oneof(fc.nat(), fc.double()),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const garbage = fc.oneof(plain, object, fc.tuple(plain, plain), fc.array(plain, { maxLength: 3 }));
  const bound = fc.oneof(fc.nat({ max: 2_000_000 }), fc.nat({ max: 2_000_000 }).map(String), fc.constant(''));
  // Mostly values a client could mean, in either form, so many bodies are accepted; some garbage.
  const valid: Record<(typeof types)[number], fc.Arbitrary<unknown>> = {
    crypto_types: fc.oneof(fc.constantFrom('defi', 'DeFi/dex', 'defi/lending'), fc.constant({ value: 'defi' })),
    keywords: fc.oneof(fc.string({ maxLength: 12 }), fc.record({ value: fc.string({ maxLength: 12 }) })),
    coins: fc.oneof(
      fc.constantFrom('BTC', '$eth', 'uni', '$$sol'),
      fc.record({ value: fc.constantFrom('$btc', 'AAVE') }),
    ),
    authors: fc.oneof(
      fc.constantFrom('@WhaleWatcher', '@whalewatcher', '8', '9', 'handle:ghost', '@ghost_99', 'dabing'),
      fc.record({
        value: fc.constantFrom('9', '', '7'),
        data: fc.record({ username: fc.constantFrom('', 'dabing', '@ghost') }),
      }),
    ),
    fans: fc.oneof(
      fc.tuple(bound, bound),
      fc.record({ data: fc.record({ minFans: fc.nat({ max: 5000 }), maxFans: fc.nat({ max: 5000 }) }) }),
    ),
  };
  const typed = fc.constantFrom(...types).chain((type) =>
    fc.record({
      type: fc.constant(type),
      rules: fc.oneof(
        {
          weight: 6,
          arbitrary: fc.array(fc.oneof({ weight: 8, arbitrary: valid[type] }, { weight: 1, arbitrary: garbage }), {
            minLength: 1,
            maxLength: 4,
          }),
        },
        { weight: 1, arbitrary: fc.tuple(bound, bound) },
      ),
    }),
  );
  const group = fc.oneof(
    { weight: 8, arbitrary: typed },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.string({ maxLength: 8 }), rules: fc.array(garbage, { maxLength: 3 }) }),
    },
  );
  const groups = fc.array(group, { maxLength: 3 });

  it('never answers 500, and what it accepts is stored once, in the object form', async () => {
    await fc.assert(
      fc.asyncProperty(groups, async (matchingRules) => {
        const res = await t.call('view/add', { name: 'fuzz', viewType: 'content_feed', matchingRules }, { token });
        expectEnvelope(res.res);
        if (res.body.ret !== 1) return;
        const viewId = (res.body.data as { view_id: string }[]).at(-1)!.view_id;
        const stored = (await t.call('view/info', { viewId }, { token })).body.data as {
          matching_rules: { rules: unknown[] }[];
        };
        for (const g of stored.matching_rules) for (const r of g.rules) expect(typeof r).toBe('object');
        // Saving what info answered changes nothing: the stored form is its own canonical form.
        const again = await t.call(
          'view/update',
          { viewId, name: 'fuzz', viewType: 'content_feed', matchingRules: stored.matching_rules },
          { token },
        );
        expect(again.body.ret).toBe(1);
        expect((await t.call('view/info', { viewId }, { token })).body.data).toEqual(stored);
        await t.call('view/delete', { viewId }, { token });
      }),
      { numRuns: 60 },
    );
  });

  it('event opinion calls never answer 500 whatever the keyword groups hold', async () => {
    const keywordGroup = fc.record(
      {
        type: fc.oneof(fc.constant('keywords'), fc.string({ maxLength: 8 })),
        keywords: fc.oneof(fc.array(fc.oneof(plain, object), { maxLength: 4 }), plain),
        rules: fc.array(fc.oneof(plain, object), { maxLength: 4 }),
      },
      { requiredKeys: ['type'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(keywordGroup, { maxLength: 3 }), async (matchingRules) => {
        const res = await t.call(
          'view/v2/event_opinion_add',
          { name: 'fuzz', kolGroupId: '', matchingRules },
          { token },
        );
        expectEnvelope(res.res);
      }),
      { numRuns: 40 },
    );
  });
});
