/**
 * /data-source and the forwarding endpoint: source toggles, the token (shown once, stored hashed,
 * wrong / revoked / rotated), the privacy filter (only what matches a view is kept), body
 * validation and the app names forwarders send.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';
import { addNotificationView, enableSource, forward, items, storedMessages } from './support';

let t: TestApp;
let ann: string;
let bob: string;

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('ann@example.com'));
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.2');
});
afterAll(() => t.close());

type State = {
  sources: { source: string; enabled: boolean; system: boolean }[];
  networks: string[];
  forwarding: { url: string; has_token: boolean; token_hint: string; token?: string; last_used_at?: number };
};
const list = async (session: string) => (await t.call('data_source/list', {}, { token: session })).body.data as State;

describe('data sources', () => {
  it('starts with X on (system) and every custom source off, without a token', async () => {
    expect(await list(ann)).toEqual({
      sources: [
        { source: 'x', enabled: true, system: true },
        { source: 'wechat', enabled: false, system: false },
        { source: 'telegram', enabled: false, system: false },
        { source: 'whatsapp', enabled: false, system: false },
        { source: 'discord', enabled: false, system: false },
      ],
      // The test app names no collected networks: X alone (runtime.ts names the configured ones).
      networks: ['x'],
      forwarding: { url: 'https://kolscope.test/webapi/v1/ingest/forward', has_token: false, token_hint: '' },
    });
    const x = await t.call('data_source/update', { source: 'x', enabled: false }, { token: ann });
    expect(x.body).toEqual({ ret: 400, msg: 'X is the system source and is always on' });
    const bad = await t.call('data_source/update', { source: 'sms', enabled: true }, { token: ann });
    expect(bad.body).toEqual({ ret: 400, msg: 'Invalid value for "source"' });
    expect((await t.call('data_source/list', {})).status).toBe(401);
  });

  it('makes the token when the first custom source goes on, shows it once and keeps only its hash', async () => {
    const token = await enableSource(t, ann, 'telegram');
    expect(token).toMatch(/^kst_[A-Za-z0-9_-]{43}$/);
    // A second source reuses it: the answer does not repeat it.
    expect(await enableSource(t, ann, 'wechat')).toBeUndefined();
    const state = await list(ann);
    expect(state.forwarding).toMatchObject({ has_token: true, token_hint: `${token!.slice(0, 10)}…` });
    expect(state.forwarding.token).toBeUndefined();
    expect(state.sources.filter((s) => s.enabled).map((s) => s.source)).toEqual(['x', 'wechat', 'telegram']);
    const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM forward_tokens');
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token!).digest('hex') }]);
  });
});

describe('POST /webapi/v1/ingest/forward', () => {
  let token: string;
  let viewId: string;
  beforeAll(async () => {
    const rotated = await t.call('data_source/rotate_token', {}, { token: ann });
    token = (rotated.body.data as State).forwarding.token!;
    viewId = await addNotificationView(t, ann, { keywords: ['airdrop', '空投'], dataSources: ['telegram', 'wechat'] });
  });

  it('refuses a missing, wrong or session token with 401 before looking at the body', async () => {
    const msg = { ret: 401, msg: 'Missing or wrong forwarding token: copy it again from Data sources' };
    expect(await forward(t, undefined, { app: 'telegram', text: 'airdrop' })).toEqual({ status: 401, body: msg });
    expect(await forward(t, 'kst_nope', { app: 'telegram', text: 'airdrop' })).toEqual({ status: 401, body: msg });
    expect((await forward(t, 'kst_nope', 'not json at all')).status).toBeGreaterThanOrEqual(400);
    expect((await forward(t, 'kst_nope', { nothing: true })).status).toBe(401);
    // The session cookie is not a forwarding token.
    expect((await forward(t, undefined, { app: 'telegram', text: 'airdrop' }, { cookie: `token=${ann}` })).status).toBe(
      401,
    );
    expect((await forward(t, ann, { app: 'telegram', text: 'airdrop' })).status).toBe(401);
    expect(await storedMessages(t)).toEqual([]);
  });

  it('takes the token as Bearer or X-Forward-Token, and stores only matching messages (privacy)', async () => {
    const match = await forward(t, token, {
      app: 'Telegram',
      sender: 'Alpha',
      title: 'Calls',
      text: 'New airdrop live',
    });
    expect(match).toEqual({
      status: 200,
      body: { ret: 1, data: { stored: true, source: 'telegram', reason: 'stored' } },
    });
    const viaHeader = await forward(
      t,
      undefined,
      { app: 'com.tencent.mm', sender: '老王', text: '今晚有空投' },
      {
        'x-forward-token': token,
      },
    );
    expect(viaHeader.body.data).toEqual({ stored: true, source: 'wechat', reason: 'stored' });
    const noMatch = await forward(t, token, {
      app: 'telegram',
      sender: 'Mom',
      text: 'Dinner at 7, my private address is…',
    });
    expect(noMatch.body.data).toEqual({ stored: false, source: 'telegram', reason: 'no_match' });
    // WhatsApp is off, and no view takes it: refused as off before any matching.
    const off = await forward(t, token, { app: 'com.whatsapp', text: 'airdrop' });
    expect(off.body.data).toEqual({ stored: false, source: 'whatsapp', reason: 'source_off' });
    const unknown = await forward(t, token, { app: 'com.android.messaging', text: 'airdrop code 1234' });
    expect(unknown.body.data).toEqual({ stored: false, source: '', reason: 'app_unknown' });
    // Discord is on, but no view takes Discord: a match of keywords alone is not enough.
    await enableSource(t, ann, 'discord');
    const notTaken = await forward(t, token, { app: 'discord', text: 'airdrop' });
    expect(notTaken.body.data).toEqual({ stored: false, source: 'discord', reason: 'no_match' });

    expect((await storedMessages(t)).map((m) => m.text)).toEqual(['New airdrop live', '今晚有空投']);
    const shown = await items(t, ann, viewId);
    expect(shown.list.map((i) => [i.source, i.username, i.content])).toEqual([
      ['wechat', '老王', '今晚有空投'],
      ['telegram', 'Alpha', 'New airdrop live'],
    ]);
    expect((await list(ann)).forwarding.last_used_at).toBeGreaterThan(0);
  });

  it('answers a bad body with 400 and a clear message, storing nothing', async () => {
    const before = (await storedMessages(t)).length;
    const cases: [unknown, string][] = [
      [{ text: 'airdrop' }, 'Name the app the notification came from in "app"'],
      [{ app: '  ', text: 'airdrop' }, 'Name the app the notification came from in "app"'],
      [{ app: 'telegram' }, 'Send the notification text in "text" (or "title")'],
      [{ app: 'telegram', text: '   ' }, 'Send the notification text in "text" (or "title")'],
      [
        { app: 'telegram', text: 'airdrop', time: 'yesterday' },
        '"time" must be unix seconds, unix milliseconds or an ISO 8601 date-time',
      ],
      [
        { app: 'telegram', text: 'airdrop', time: '{time}' },
        '"time" must be unix seconds, unix milliseconds or an ISO 8601 date-time',
      ],
      [
        { app: 'telegram', text: 'airdrop', time: true },
        '"time" must be unix seconds, unix milliseconds or an ISO 8601 date-time',
      ],
      [{ app: 'telegram', text: 12 }, 'Invalid value for "text"'],
      [[1, 2], 'The request body must be a JSON object'],
    ];
    for (const [body, msg] of cases) {
      expect(await forward(t, token, body), JSON.stringify(body)).toEqual({ status: 400, body: { ret: 400, msg } });
    }
    const zh = await forward(t, token, { text: 'x' }, { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' });
    expect(zh.body).toEqual({ ret: 400, msg: '请在 "app" 中注明通知来自哪个应用' });
    expect((await storedMessages(t)).length).toBe(before);
  });

  it('answers any body with a valid token without a 500 (the property test only sends wrong tokens)', async () => {
    const value = fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.double(), fc.constant('airdrop'));
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom('app', 'sender', 'title', 'text', 'time'), value),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await forward(t, token, b);
        expect(res.status).toBeLessThan(500);
        if (res.body.ret !== 1) expect(res.body.msg).toMatch(/\S/);
      }),
      { numRuns: 150 },
    );
  });

  it('reads the time as seconds, milliseconds or ISO, and keeps a future time to now', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const v = await addNotificationView(t, ann, { keywords: ['timecheck'], dataSources: ['telegram'] });
    await forward(t, token, { app: 'telegram', text: 'timecheck s', time: 1_700_000_000 });
    await forward(t, token, { app: 'telegram', text: 'timecheck ms', time: 1_700_000_100_000 });
    await forward(t, token, { app: 'telegram', text: 'timecheck iso', time: '2023-11-14T22:15:00Z' });
    await forward(t, token, { app: 'telegram', text: 'timecheck str', time: '1700000300' });
    await forward(t, token, { app: 'telegram', text: 'timecheck future', time: now + 86_400 });
    await forward(t, token, { app: 'telegram', text: 'timecheck none' });
    const got = Object.fromEntries((await items(t, ann, v)).list.map((i) => [i.content.split(' ')[1], i.publish_time]));
    expect(got).toEqual({
      s: 1_700_000_000,
      ms: 1_700_000_100,
      iso: Date.parse('2023-11-14T22:15:00Z') / 1000,
      str: 1_700_000_300,
      future: now,
      none: now,
    });
  });

  it('stops the old token on rotation and every token on revocation', async () => {
    const rotated = (await t.call('data_source/rotate_token', {}, { token: ann })).body.data as State;
    const fresh = rotated.forwarding.token!;
    expect(fresh).not.toBe(token);
    expect((await forward(t, token, { app: 'telegram', text: 'airdrop' })).status).toBe(401);
    expect((await forward(t, fresh, { app: 'telegram', text: 'airdrop' })).body.data).toMatchObject({ stored: true });

    const revoked = (await t.call('data_source/revoke', {}, { token: ann })).body.data as State;
    expect(revoked.forwarding).toEqual({
      url: 'https://kolscope.test/webapi/v1/ingest/forward',
      has_token: false,
      token_hint: '',
    });
    expect((await forward(t, fresh, { app: 'telegram', text: 'airdrop' })).status).toBe(401);
    // The sources stay on; a new token is one rotation away.
    expect((await list(ann)).sources.find((s) => s.source === 'telegram')?.enabled).toBe(true);
    const again = ((await t.call('data_source/rotate_token', {}, { token: ann })).body.data as State).forwarding.token!;
    expect((await forward(t, again, { app: 'telegram', text: 'airdrop' })).body.data).toMatchObject({ stored: true });
  });

  it('a source turned off stops storing its messages', async () => {
    const tokenNow = ((await t.call('data_source/rotate_token', {}, { token: ann })).body.data as State).forwarding
      .token!;
    await t.call('data_source/update', { source: 'telegram', enabled: false }, { token: ann });
    const res = await forward(t, tokenNow, { app: 'telegram', text: 'airdrop' });
    expect(res.body.data).toEqual({ stored: false, source: 'telegram', reason: 'source_off' });
  });

  it('keeps users apart: a token stores for its owner only, against its owner’s views', async () => {
    const bobToken = await enableSource(t, bob, 'telegram');
    expect(bobToken).toBeDefined();
    // Bob has no view: nothing of his is kept, even with words Ann's views match.
    expect((await forward(t, bobToken, { app: 'telegram', text: 'airdrop' })).body.data).toMatchObject({
      stored: false,
      reason: 'no_match',
    });
    const bobView = await addNotificationView(t, bob, { keywords: ['airdrop'], dataSources: ['telegram'] });
    const count = (await storedMessages(t)).filter((m) => m.text === 'bob airdrop').length;
    expect((await forward(t, bobToken, { app: 'telegram', text: 'bob airdrop' })).body.data).toMatchObject({
      stored: true,
    });
    expect((await storedMessages(t)).filter((m) => m.text === 'bob airdrop').length).toBe(count + 1);
    expect((await items(t, bob, bobView)).list.map((i) => i.content)).toEqual(['bob airdrop']);
    expect((await items(t, ann, viewId)).list.map((i) => i.content)).not.toContain('bob airdrop');
    // Bob's rotation does not touch Ann's token, and the other way round.
    const annState = await list(ann);
    await t.call('data_source/rotate_token', {}, { token: bob });
    expect((await list(ann)).forwarding.token_hint).toBe(annState.forwarding.token_hint);
  });
});
