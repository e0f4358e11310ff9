/**
 * post/sentiment_feedback and admin/sentiment_feedback over HTTP (issue 14 §3): giving and
 * replacing a correction, seeing it at once in one's own feed and never in another user's (even
 * through the shared page cache), the administrators' list, refusals and bad bodies.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { STORED_ID_MAX } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFeedback } from '../../src/services/sentiment-feedback';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

type WirePost = {
  id: string;
  text: string;
  sentiment: string;
  sentiment_cues?: string[];
  sentiment_model?: string;
  my_sentiment?: string;
};
type Item = {
  post_id: string;
  model_label: string;
  model: string;
  votes: Record<string, number>;
  users_label: string;
  updated_at: number;
  username: string;
};
type Page<T> = { list: T[]; more: number; next_cb: string };
const T0 = 1_763_000_000;

let t: TestApp;
let admin: string;
let ann: string;
let bob: string;
let ids: string[];

async function feed(token: string, viewId: string): Promise<WirePost[]> {
  const res = await t.call('view/v2/tweets', { viewId }, { token });
  expect(res.status).toBe(200);
  return (res.body.data as Page<WirePost>).list;
}
async function feedViewOf(token: string): Promise<string> {
  const res = await t.call(
    'view/add',
    { name: 'btc', viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] },
    { token },
  );
  return (res.body.data as { view_id: string }[]).at(-1)!.view_id;
}
const give = (token: string, postId: string, label: unknown, lang?: string) =>
  t.call('post/sentiment_feedback', { postId, label }, { token, ...(lang ? { lang } : {}) });
const list = (token: string, body: Record<string, unknown> = {}) => t.call('admin/sentiment_feedback', body, { token });

beforeAll(async () => {
  // A page cache far longer than the test: every second read of a view is served from it.
  t = await startTestApp({ adminEmails: ['admin@example.com'], feedCacheMs: 3_600_000 });
  admin = await registerAndLogin(t, 'admin@example.com');
  ann = await registerAndLogin(t, 'ann@example.com', 'secret-pass', '10.9.0.2');
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.3');
  ids = await storePosts(t.db, [
    {
      text: 'Rate cuts plus a weak dollar, $BTC will fly',
      ct: T0 + 1,
      coins: ['BTC'],
      sentiment: 'neutral',
      cues: ['will fly'],
      model: 'en-abc123',
    },
    {
      text: '$BTC funding flips negative',
      ct: T0 + 2,
      coins: ['BTC'],
      sentiment: 'bearish',
      cues: ['negative'],
      model: 'rules-1',
    },
    {
      text: '$BTC sideways all week',
      ct: T0 + 3,
      coins: ['BTC'],
      sentiment: 'neutral',
      username: 'flat',
      authorId: '43',
    },
  ]);
});
afterAll(() => t.close());

describe('giving a correction', () => {
  it('stores one label per user and post with the model that read it; again replaces it', async () => {
    const first = await give(ann, ids[0]!, 'bullish');
    expect(first.body).toEqual({ ret: 1, data: { post_id: ids[0], my_sentiment: 'bullish' } });
    expect((await give(ann, ids[0]!, 'bearish')).body.ret).toBe(1);
    const rows = await t.db.query<{ label: number; model: string; model_label: number }>(
      'SELECT label, model, model_label FROM sentiment_feedback WHERE post_id = $1',
      [ids[0]],
    );
    expect(rows).toEqual([{ label: -1, model: 'en-abc123', model_label: 0 }]);
    expect((await give(ann, ids[0]!, 'bullish')).body.ret).toBe(1);
  });

  it("shows at once in the user's own feed, even from a cached page, and never in another's", async () => {
    const annView = await feedViewOf(ann);
    const bobView = await feedViewOf(bob);
    const before = await feed(bob, bobView);
    expect(before.find((p) => p.id === ids[1])).toMatchObject({
      sentiment: 'bearish',
      sentiment_cues: ['negative'],
      sentiment_model: 'rules-1',
    });
    expect(before.some((p) => p.my_sentiment)).toBe(false);
    // A post stored now stays out of the next read: the page comes from the cache.
    await storePosts(t.db, [{ text: '$BTC new post after the first read', ct: T0 + 9, coins: ['BTC'] }]);
    expect((await give(bob, ids[1]!, 'bullish')).body.ret).toBe(1);
    const after = await feed(bob, bobView);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after.find((p) => p.id === ids[1])!.my_sentiment).toBe('bullish');
    expect(after.find((p) => p.id === ids[0])!.my_sentiment).toBeUndefined(); // ann's, not bob's
    // Ann reads the same rules, so the same cached page: her own label only.
    const annPosts = await feed(ann, annView);
    expect(annPosts.find((p) => p.id === ids[0])!.my_sentiment).toBe('bullish');
    expect(annPosts.find((p) => p.id === ids[1])!.my_sentiment).toBeUndefined();
    expect(annPosts.find((p) => p.id === ids[2])).toMatchObject({ sentiment: 'neutral', sentiment_cues: [] });
    expect(annPosts.find((p) => p.id === ids[2])!.sentiment_model).toBeUndefined();
  });
});

describe("the administrators' list", () => {
  it('lists disagreements newest first with votes and both labels; all posts on request', async () => {
    // Post 2 (model: neutral): bob neutral agrees; post 0: ann bullish vs model neutral.
    expect((await give(bob, ids[2]!, 'neutral')).body.ret).toBe(1);
    t.clock.advance(1);
    expect((await give(bob, ids[0]!, 'bearish')).body.ret).toBe(1); // tie 1:1, latest is bearish
    const page = (await list(admin)).body.data as Page<Item>;
    expect(page.list.map((i) => i.post_id)).toEqual([ids[0], ids[1]]);
    expect(page.list[0]).toMatchObject({
      model_label: 'neutral',
      model: 'en-abc123',
      votes: { bullish: 1, neutral: 0, bearish: 1 },
      users_label: 'bearish',
      username: 'chart_wizard',
    });
    expect(page.list[1]).toMatchObject({ model_label: 'bearish', users_label: 'bullish', model: 'rules-1' });
    const all = (await list(admin, { disagreementsOnly: false })).body.data as Page<Item>;
    expect(all.list.map((i) => i.post_id).sort()).toEqual([...ids].sort());
  });

  it('pages by cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let nextCb = '';
    for (let i = 0; i < 5; i++) {
      const page = (await list(admin, { disagreementsOnly: false, size: 1, nextCb })).body.data as Page<Item>;
      seen.push(...page.list.map((x) => x.post_id));
      nextCb = page.next_cb;
      if (!page.more) break;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    expect((await list(admin, { nextCb: 'garbage!' })).status).toBe(400);
  });

  it('are what train-sentiment --with-feedback reads: one example per post, tied posts left out', async () => {
    const fb = await storedFeedback(t.db);
    expect(fb).toMatchObject({ votes: 4, users: 2, posts: 3, tied: 1 });
    expect(fb.examples.map((e) => [e.source, e.label])).toEqual([
      [`feedback:${ids[1]}`, 'bullish'],
      [`feedback:${ids[2]}`, 'neutral'],
    ]);
  });

  it('refuses non-administrators as other admin calls do', async () => {
    const res = await list(ann);
    const other = await t.call('admin/from_acnt_list', {}, { token: ann });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(other.body);
    expect((await t.call('admin/sentiment_feedback', {})).status).toBe(401);
  });
});

describe('bad bodies get a 4xx, never a 500', () => {
  it('names the label problem in the request language', async () => {
    const missing = await t.call('post/sentiment_feedback', { postId: ids[0] }, { token: ann, lang: 'zh-CN' });
    expect(missing).toMatchObject({ status: 400, body: { msg: '标签只能是看涨、中性或看跌' } });
    const wrong = await give(ann, ids[0]!, 5);
    expect(wrong).toMatchObject({ status: 400, body: { msg: 'The label must be bullish, neutral or bearish' } });
    expect((await give(ann, ids[0]!, 'moon')).status).toBe(400);
  });

  it('answers unknown, huge and mistyped post ids, and other shapes, with 4xx', async () => {
    const unknown = await give(ann, '999999999', 'bullish');
    expect(unknown).toMatchObject({ status: 404, body: { msg: 'Not found' } });
    for (const postId of ['9'.repeat(STORED_ID_MAX + 1), '9'.repeat(100_000), 12, null, '']) {
      expect((await give(ann, postId as string, 'bullish')).status).toBe(400);
    }
    expect((await t.call('post/sentiment_feedback', undefined, { token: ann, raw: '[1]' })).status).toBe(400);
    expect((await t.call('post/sentiment_feedback', undefined, { token: ann, raw: '{"post_id":' })).status).toBe(400);
    expect((await list(admin, { size: 21 })).status).toBe(400);
    expect((await list(admin, { disagreementsOnly: 'yes' })).status).toBe(400);
    expect((await give('', ids[0]!, 'bullish')).status).toBe(401);
  });
});
