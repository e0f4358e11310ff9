/**
 * Web Push against a local endpoint that plays push service: VAPID-signed, aes128gcm-encrypted
 * requests a browser can decrypt, sent for forwarded messages and for new posts saved by the
 * pipeline and for opinion alerts that fire; the per-view switch, the update-frequency throttle,
 * and gone subscriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../src/pipeline/runner';
import { storeHooks } from '../../src/services/store-hooks';
import type { Source } from '../../src/pipeline/types';
import { PUSH_TTL_SECONDS, pushService } from '../../src/services/notifications/push';
import { rawPost } from '../support/posts';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { startPushEndpoint } from './push-endpoint';
import { addNotificationView, enableSource, forward } from './support';

let t: TestApp;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let users = 0;

beforeAll(async () => {
  // The local push service is on 127.0.0.1: private addresses allowed (PUSH_ALLOW_PRIVATE). The
  // push service's answer may take long on a loaded machine: the time bound only ends a hang.
  t = await startTestApp({
    push: { allowHttpEndpoints: true, allowPrivate: true, subject: 'mailto:ops@kolscope.test', timeoutMs: 120_000 },
  });
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

/** A fresh user with one subscribed browser, a forwarding token and Telegram on. */
async function subscribedUser(lang = 'en') {
  users++;
  const session = await registerAndLogin(t, `push${users}@example.com`, 'secret-pass', `10.8.0.${users}`);
  const browser = endpoint.browser(`/push/${users}`);
  const sub = await t.call('push/subscribe', browser.subscription, { token: session, lang });
  expect(sub.body).toEqual({ ret: 1, data: null });
  const token = (await enableSource(t, session, 'telegram'))!;
  return { session, browser, token };
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

function fakeSource(posts: ReturnType<typeof rawPost>[]): Source {
  return { name: 'fake', fetch: async () => ({ posts, rejected: [], nextCursor: null, waitMs: 0 }) };
}
async function collect(posts: ReturnType<typeof rawPost>[]) {
  const logged: string[] = [];
  const opts = {
    db: t.db,
    enricher: t.services.enricher,
    hooks: storeHooks,
    clock: t.clock,
    log: (line: string) => void logged.push(line),
    onSaved: (ids: string[]) => t.services.notifier.postsSaved(ids),
  };
  await runOnce(fakeSource(posts), opts, new AbortController().signal);
  // A failed notification is only logged by the pipeline (the posts stay saved): say it here.
  expect(logged.filter((line) => /fail/i.test(line))).toEqual([]);
}

describe('VAPID keys and subscriptions', () => {
  it('makes one key pair, keeps it in the database and gives every process the same', async () => {
    const session = await registerAndLogin(t, 'keys@example.com', 'secret-pass', '10.8.1.1');
    const a = (await t.call('push/vapid_key', {}, { token: session })).body.data as { public_key: string };
    expect(a.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const b = (await t.call('push/vapid_key', {}, { token: session })).body.data as { public_key: string };
    expect(b.public_key).toBe(a.public_key);
    // Another process on the same database (a second API, a worker) signs with the same pair.
    const other = pushService({ db: t.db, clock: t.clock, log: () => {} });
    expect(await other.publicKey()).toBe(a.public_key);
    expect(await t.db.query('SELECT name FROM app_secrets')).toEqual([{ name: 'vapid' }]);
    const fromEnv = pushService({
      db: t.db,
      clock: t.clock,
      log: () => {},
      options: { vapid: { publicKey: 'P'.repeat(87), privateKey: 'p'.repeat(43) } },
    });
    expect(await fromEnv.publicKey()).toBe('P'.repeat(87));
    expect((await t.call('push/vapid_key', {})).status).toBe(401);
  });

  it('refuses http endpoints unless allowed, and malformed keys', async () => {
    const strict = await startTestApp();
    try {
      const session = await registerAndLogin(strict, 'strict@example.com');
      const browser = endpoint.browser('/strict');
      expect((await strict.call('push/subscribe', browser.subscription, { token: session })).body).toEqual({
        ret: 400,
        msg: 'endpoint: the push subscription endpoint must be an https URL without a user name or password',
      });
      const badKeys = { ...browser.subscription, endpoint: 'https://push.example/x', keys: { p256dh: 'x', auth: 'y' } };
      expect((await strict.call('push/subscribe', badKeys, { token: session })).body).toEqual({
        ret: 400,
        msg: 'Invalid value for "keys.p256dh"',
      });
      const ftp = { ...browser.subscription, endpoint: 'ftp://push.example/x' };
      expect((await strict.call('push/subscribe', ftp, { token: session })).status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('delivery', () => {
  it('pushes a matching forwarded message: VAPID header, aes128gcm body the browser decrypts, TTL', async () => {
    const { session, browser, token } = await subscribedUser();
    const viewId = await addNotificationView(t, session, {
      name: 'Airdrops',
      keywords: ['airdrop'],
      dataSources: ['telegram'],
      notificationEnabled: true,
    });
    const res = await forward(t, token, { app: 'telegram', sender: 'Alpha', title: 'Calls', text: 'New airdrop live' });
    expect(res.body.data).toMatchObject({ stored: true });

    const [push] = endpoint.received.filter((r) => r.path === browser.path);
    expect(push).toBeDefined();
    const publicKey = ((await t.call('push/vapid_key', {}, { token: session })).body.data as { public_key: string })
      .public_key;
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    const auth = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(String(push!.headers.authorization));
    expect(auth?.[4]).toBe(publicKey);
    const claims = JSON.parse(Buffer.from(auth![2]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({
      aud: new URL(browser.subscription.endpoint).origin,
      sub: 'mailto:ops@kolscope.test',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    // The body is encrypted: the text is not in it, and the browser's keys open it.
    expect(push!.body.toString('latin1')).not.toContain('airdrop');
    expect(browser.messages()).toEqual([
      { title: 'Airdrops', body: 'Alpha: New airdrop live', url: `./#/?viewId=${viewId}`, tag: `view-${viewId}` },
    ]);
  });

  it('sends nothing when the view’s switch is off (the message is still listed)', async () => {
    const { session, browser, token } = await subscribedUser();
    await addNotificationView(t, session, {
      keywords: ['airdrop'],
      dataSources: ['telegram'],
      notificationEnabled: false,
    });
    expect((await forward(t, token, { app: 'telegram', text: 'airdrop soon' })).body.data).toMatchObject({
      stored: true,
    });
    await t.services.notifier.flush();
    expect(browser.messages()).toEqual([]);
  });

  it('pushes once per update frequency: later matches wait and go together, in the subscriber’s language', async () => {
    const { session, browser, token } = await subscribedUser('zh-CN');
    await addNotificationView(t, session, {
      name: '空投',
      keywords: ['airdrop'],
      dataSources: ['telegram'],
      notificationEnabled: true,
      updateFreqSeconds: 300,
    });
    await forward(t, token, { app: 'telegram', sender: 'A', text: 'airdrop one' });
    await forward(t, token, { app: 'telegram', sender: 'B', text: 'airdrop two' });
    await forward(t, token, { app: 'telegram', sender: 'C', text: 'airdrop three' });
    expect(browser.messages().map((m) => m.body)).toEqual(['A: airdrop one']);
    t.clock.advance(200);
    expect(await t.services.notifier.flush()).toBe(0);
    t.clock.advance(101);
    expect(await t.services.notifier.flush()).toBe(1);
    expect(browser.messages().map((m) => m.body)).toEqual(['A: airdrop one', 'C: airdrop three\n另有 1 条']);
    expect(await t.services.notifier.flush()).toBe(0);
  });

  /** A post `age` seconds old by an author with that many followers. */
  const xPost = (text: string, age: number, authorId: string, username: string, followers: number) =>
    rawPost({ text, createdAt: nowSeconds() - age, authorId, username, followers });

  it('pushes new posts the pipeline saves, once, for the view’s sources; not re-sent or old ones', async () => {
    const { session, browser } = await subscribedUser();
    await addNotificationView(t, session, { name: 'Big BTC', keywords: ['btc'], notificationEnabled: true });
    const { session: s2, browser: b2 } = await subscribedUser();
    await addNotificationView(t, s2, {
      name: 'All BTC',
      keywords: ['btc'],
      dataSources: ['x'],
      notificationEnabled: true,
    });

    const whale = xPost('BTC breaking out', 5, '501', 'whale', 3e6);
    const minnow = xPost('BTC looks fine', 4, '502', 'minnow', 900);
    await collect([whale, minnow]);
    expect(browser.messages().map((m) => m.body)).toEqual(['@whale: BTC breaking out']);
    expect(b2.messages().map((m) => m.body)).toEqual(['@minnow: BTC looks fine\n+1 more']);

    // Past the update frequency, the same posts come again (grown counts) with one from an hour
    // ago (a source catching up): stored, and nothing pushed.
    t.clock.advance(120);
    const old = xPost('BTC history', 3600, '501', 'whale', 3e6);
    await collect([{ ...whale, metrics: { ...whale.metrics, likeCount: 99 } }, minnow, old]);
    await t.services.notifier.flush();
    expect(await t.db.query('SELECT like_count FROM posts WHERE id = $1', [whale.id])).toEqual([{ like_count: 99 }]);
    expect(browser.messages().length).toBe(1);
    expect(b2.messages().length).toBe(1);
  });

  it('pushes an opinion alert that fires to each of the user’s browsers in its language, opening the report then', async () => {
    const { session, browser } = await subscribedUser('en');
    const zhBrowser = endpoint.browser(`/push/${users}-zh`);
    await t.call('push/subscribe', zhBrowser.subscription, { token: session, lang: 'zh-CN' });
    const added = await t.call('view/v2/coin_opinion_add', { coin: 'ATOM', kolGroupId: '' }, { token: session });
    const list = added.body.data as { view_id: string; subs: { view_id: string }[] }[];
    const viewId = list.find((v) => v.view_id === 'coin_opinion')!.subs.at(-1)!.view_id;
    const rule = { viewId, kind: 'sentiment_swing', window: '1h', threshold: 30, minPosts: 5 };
    expect((await t.call('alert/add', rule, { token: session })).body.ret).toBe(1);
    // The hour before: 1 of 6 bullish (17 %); the last hour: 5 of 6 (83 %).
    const m = nowSeconds() - (nowSeconds() % 60);
    const posts = (from: number, up: number, down: number, tag: string) =>
      Array.from({ length: up + down }, (_, i) => ({
        text: `ATOM ${tag} ${i}`,
        ct: from + 60 + i * 60,
        coins: ['ATOM'],
        sentiment: (i < up ? 'bullish' : 'bearish') as 'bullish' | 'bearish',
        authorId: String(900 + i),
        username: `atomist${i}`,
      }));
    await storePosts(t.db, [...posts(m - 7200, 1, 5, 'before'), ...posts(m - 3600, 5, 1, 'now')]);
    expect(await t.services.alerts.evaluateMinute(m)).toMatchObject({ fired: 1 });

    const url = `./#/view-detail/${viewId}?at=${m}`;
    expect(browser.messages()).toEqual([
      {
        title: 'Opinion alert',
        body: 'ATOM: bullish 17 % → 83 % in 1 h among All KOLs, 6 posts',
        url,
        tag: expect.stringMatching(/^alert-\d+$/),
      },
    ]);
    expect(zhBrowser.messages()).toEqual([
      {
        title: '观点提醒',
        body: 'ATOM：全部 KOL 1 小时内看涨占比 17% → 83%，共 6 条',
        url,
        tag: browser.messages()[0]!.tag,
      },
    ]);
    // Once per crossing: the next minute pushes nothing more.
    await t.services.alerts.evaluateMinute(m + 60);
    expect(browser.messages()).toHaveLength(1);
    expect(zhBrowser.messages()).toHaveLength(1);
  });

  it('deletes a subscription the push service says is gone, and still serves the others', async () => {
    const { session, browser, token } = await subscribedUser();
    const second = endpoint.browser(`/push/${users}-second`);
    await t.call('push/subscribe', second.subscription, { token: session });
    endpoint.statusOf.set(browser.path, 410);
    await addNotificationView(t, session, {
      keywords: ['airdrop'],
      dataSources: ['telegram'],
      notificationEnabled: true,
    });
    await forward(t, token, { app: 'telegram', text: 'airdrop now' });
    expect(second.messages().map((m) => m.body)).toEqual(['airdrop now']);
    const left = await t.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE endpoint = ANY($1::text[])',
      [[browser.subscription.endpoint, second.subscription.endpoint]],
    );
    expect(left).toEqual([{ endpoint: second.subscription.endpoint }]);
  });

  it('keeps subscriptions to their owner: unsubscribe touches only one’s own; re-subscribing moves it', async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    await t.call('push/unsubscribe', { endpoint: ann.browser.subscription.endpoint }, { token: bob.session });
    const owner = async (endpointUrl: string) =>
      (
        await t.db.query<{ user_id: number }>('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [
          endpointUrl,
        ])
      )[0]?.user_id;
    const annId = await owner(ann.browser.subscription.endpoint);
    expect(annId).toBeDefined();
    // The same browser signs in as Bob and subscribes: it now notifies Bob only.
    await t.call('push/subscribe', ann.browser.subscription, { token: bob.session });
    expect(await owner(ann.browser.subscription.endpoint)).not.toBe(annId);
    await t.call('push/unsubscribe', { endpoint: ann.browser.subscription.endpoint }, { token: bob.session });
    expect(await owner(ann.browser.subscription.endpoint)).toBeUndefined();
  });
});
