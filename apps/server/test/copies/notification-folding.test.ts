/**
 * Notifications fold copies (issue 17 §3): a copy of a post the view already notified for does
 * not push again, in the same batch or a later one; the view's list shows the leader once with
 * "and N others".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../src/pipeline/runner';
import { storeHooks } from '../../src/services/store-hooks';
import type { Source } from '../../src/pipeline/types';
import { startPushEndpoint } from '../notifications/push-endpoint';
import { addNotificationView, items } from '../notifications/support';
import { rawPost } from '../support/posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const PROMO = 'Funding on $BTC still negative while price grinds up, shorts are trapped. Longing with 50x';
let t: TestApp;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;

beforeAll(async () => {
  t = await startTestApp({
    push: { allowHttpEndpoints: true, allowPrivate: true, subject: 'mailto:ops@kolscope.test' },
  });
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const post = (id: string, text: string, age: number, username: string) =>
  rawPost({ id, text, createdAt: nowSeconds() - age, authorId: `id-${username}`, username, followers: 3e6 });

async function collect(posts: ReturnType<typeof rawPost>[]) {
  const source: Source = { name: 'fake', fetch: async () => ({ posts, rejected: [], nextCursor: null, waitMs: 0 }) };
  const opts = {
    db: t.db,
    enricher: t.services.enricher,
    hooks: storeHooks,
    clock: t.clock,
    log: () => {},
    onSaved: (ids: string[]) => t.services.notifier.postsSaved(ids),
  };
  await runOnce(source, opts, new AbortController().signal);
}

describe('notifications fold copies', () => {
  it('pushes a text once however many accounts post it, and lists it once with the others', async () => {
    const session = await registerAndLogin(t, 'copies@example.com', 'secret-pass', '10.7.0.1');
    const browser = endpoint.browser('/push/copies');
    expect((await t.call('push/subscribe', browser.subscription, { token: session })).body.ret).toBe(1);
    const viewId = await addNotificationView(t, session, { keywords: ['funding'], notificationEnabled: true });

    // The leader and a copy in one batch: one match, no "+1 more".
    await collect([post('n1', PROMO, 50, 'alpha'), post('n2', `${PROMO} 🚀`, 40, 'bravo')]);
    expect(browser.messages().map((m) => m.body)).toEqual([`@alpha: ${PROMO}`]);

    // Past the update frequency, more copies in a later batch push nothing; a new text does.
    t.clock.advance(120);
    await collect([post('n3', `${PROMO}!!`, 30, 'charlie')]);
    await t.services.notifier.flush();
    expect(browser.messages()).toHaveLength(1);
    await collect([post('n4', 'Funding flipped positive on $ETH, longs are crowded, I am closing mine', 20, 'delta')]);
    expect(browser.messages()).toHaveLength(2);

    const page = await items(t, session, viewId);
    expect(page.list.map((i) => i.id)).toEqual(['p:n4', 'p:n1']);
    const lead = page.list[1] as { copies?: { count: number; users: { username: string }[] } };
    expect(lead.copies?.count).toBe(2);
    expect(lead.copies?.users.map((u) => u.username)).toEqual(['bravo', 'charlie']);
  });
});
