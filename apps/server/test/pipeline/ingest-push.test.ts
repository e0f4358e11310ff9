import { toWire } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ingestKeys: ['push-key-1', 'push-key-2'] });
  off = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
});

async function push(app: TestApp, body: unknown, headers: Record<string, string> = { 'x-ingest-key': 'push-key-1' }) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/webapi/v1/ingest/posts',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /webapi/v1/ingest/posts', () => {
  it('is off without INGEST_KEYS and refuses a missing or wrong key', async () => {
    expect(await push(off, { posts: [toWire(rawPost())] })).toMatchObject({ status: 403, body: { ret: 403 } });
    expect((await push(t, { posts: [toWire(rawPost())] }, {})).status).toBe(401);
    const wrong = await push(t, { posts: [toWire(rawPost())] }, { 'x-ingest-key': 'nope' });
    expect(wrong).toEqual({ status: 401, body: { ret: 401, msg: 'Missing or wrong ingest key' } });
  });

  it('stores valid items, enriched, and reports the bad ones by index', async () => {
    const good = rawPost({ text: '以太坊跌破支撑，小心爆仓 $ETH', lang: '' });
    const neutral = rawPost({ text: 'Fed meeting on Wednesday, staying flat until then' });
    const iso = { ...(toWire(neutral) as object), created_at: '2026-11-20T08:00:00Z' };
    const res = await push(
      t,
      { posts: [toWire(good), { text: 'no id' }, iso, { ...(toWire(rawPost()) as object), id: 'abc' }] },
      {
        authorization: 'Bearer push-key-2',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toBe(2);
    expect(res.body.data.duplicates).toBe(0);
    expect(res.body.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3]);
    expect(res.body.data.rejected[1].reason).toMatch(/^id: id must be the numeric X post id$/);
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM posts WHERE id = $1', [good.id]);
    expect(row).toMatchObject({ lang: 'zh', coins: ['ETH'], sentiment: -1, source: 'push' });
    const [isoRow] = await t.db.query<{ ct: number }>('SELECT ct FROM posts WHERE id = $1', [neutral.id]);
    expect(isoRow?.ct).toBe(Date.parse('2026-11-20T08:00:00Z') / 1000);
    const [state] = await t.db.query('SELECT posts_count, rejected_count FROM source_state WHERE name = $1', ['push']);
    expect(state).toEqual({ posts_count: 2, rejected_count: 2 });
  });

  it('replaces counts when a post is pushed again', async () => {
    const p = rawPost();
    await push(t, { posts: [toWire(p)] });
    await push(t, { posts: [toWire({ ...p, metrics: { ...p.metrics, likeCount: 4321 } })] });
    expect(await t.db.query('SELECT like_count FROM posts WHERE id = $1', [p.id])).toEqual([{ like_count: 4321 }]);
  });

  it('stores ref_kind (repost, quote, reply; absent: an original post) and refuses any other value', async () => {
    const posts = [
      rawPost({ refKind: 'repost' }),
      rawPost({ refKind: 'quote' }),
      rawPost({ refKind: 'reply' }),
      rawPost(),
    ];
    const bad = { ...(toWire(rawPost()) as object), ref_kind: 'retweet' };
    const res = await push(t, { posts: [...posts.map((p) => toWire(p)), bad] });
    expect(res.body.data.accepted).toBe(4);
    expect(res.body.data.rejected).toEqual([{ index: 4, reason: 'ref_kind: ref_kind must be repost, quote or reply' }]);
    const rows = await t.db.query<{ id: string; ref_kind: string }>(
      'SELECT id, ref_kind FROM posts WHERE id = ANY($1::text[]) ORDER BY id',
      [posts.map((p) => p.id)],
    );
    expect(rows.map((r) => r.ref_kind)).toEqual(['repost', 'quote', 'reply', '']);
  });

  it('refuses an empty batch and one over 1000 posts with clear messages', async () => {
    expect((await push(t, { posts: [] })).body).toEqual({ ret: 400, msg: 'Send at least one post in "posts"' });
    const many = Array.from({ length: 1001 }, () => ({ id: '1' }));
    expect((await push(t, { posts: many })).body).toEqual({ ret: 400, msg: 'Send at most 1000 posts per request' });
    expect((await push(t, { items: [] })).status).toBe(400);
  });
});

/** What the clock of the test app says, in unix seconds. */
const nowSeconds = (app: TestApp) => Math.floor(app.clock.now().getTime() / 1000);
const storedIds = async (ids: string[]) =>
  (await t.db.query<{ id: string }>('SELECT id FROM posts WHERE id = ANY($1) ORDER BY id', [ids])).map((r) => r.id);

describe('ingest under abuse (issue 13)', () => {
  it('rejects items the database cannot store one by one and stores the rest', async () => {
    const good = [rawPost(), rawPost(), rawPost()];
    const nul = rawPost({ text: 'pump \u0000 it' });
    const lone = rawPost();
    lone.author.name = 'broken \ud800 name';
    const loneText = rawPost({ text: 'half an emoji \udc00' });
    const pair = rawPost({ text: 'a whole emoji 🚀 is fine' });
    const batch = [good[0], nul, good[1], lone, loneText, good[2], pair].map((p) => toWire(p));
    const res = await push(t, { posts: batch });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accepted: 4,
      duplicates: 0,
      rejected: [
        { index: 1, reason: 'text: the text must not contain a NUL character' },
        { index: 3, reason: 'author.name: the text is not valid Unicode (a lone surrogate)' },
        { index: 4, reason: 'text: the text is not valid Unicode (a lone surrogate)' },
      ],
    });
    const all = [...good, nul, lone, loneText, pair].map((p) => p.id);
    expect(await storedIds(all)).toEqual([...good, pair].map((p) => p.id).sort());
  });

  it('refuses posts dated more than 5 minutes ahead of the clock, and counts them', async () => {
    const now = nowSeconds(t);
    const soon = rawPost({ createdAt: now + 200 });
    const ahead = rawPost({ createdAt: now + 301 });
    const farAhead = { ...(toWire(rawPost()) as object), created_at: '2286-11-20T17:46:39Z' };
    const [before] = await t.db.query<{ rejected_count: number }>(
      'SELECT rejected_count FROM source_state WHERE name = $1',
      ['push'],
    );
    const res = await push(t, { posts: [toWire(soon), toWire(ahead), farAhead] });
    expect(res.body.data.accepted).toBe(1);
    expect(res.body.data.rejected).toEqual([
      { index: 1, reason: expect.stringMatching(/^created_at: created_at_in_future/) },
      { index: 2, reason: expect.stringMatching(/^created_at: created_at_in_future/) },
    ]);
    expect(await storedIds([soon.id, ahead.id])).toEqual([soon.id]);
    const [after] = await t.db.query<{ rejected_count: number }>(
      'SELECT rejected_count FROM source_state WHERE name = $1',
      ['push'],
    );
    expect(after!.rejected_count - before!.rejected_count).toBe(2);
    // The same post is welcome once the clock has caught up with it.
    t.clock.advance(400);
    expect((await push(t, { posts: [toWire(ahead)] })).body.data.accepted).toBe(1);
  });

  it('reports an id sent twice in one batch once, with the duplicate counted', async () => {
    const p = rawPost();
    const again = { ...p, metrics: { ...p.metrics, likeCount: 777 } };
    const res = await push(t, { posts: [toWire(p), toWire(again), toWire(rawPost())] });
    expect(res.body.data).toEqual({ accepted: 2, duplicates: 1, rejected: [] });
    expect(await t.db.query('SELECT like_count FROM posts WHERE id = $1', [p.id])).toEqual([{ like_count: 777 }]);
  });

  it('names rejected fields by their wire names', async () => {
    const item = toWire(rawPost()) as { author: Record<string, unknown> };
    const fine = toWire(rawPost()) as object;
    item.author.followers_count = 'many';
    const res = await push(t, { posts: [item, { ...fine, medias: [{ img_url_thumb: 5, img_url_origin: '' }] }] });
    expect(res.body.data.rejected[0].reason).toMatch(/^author\.followers_count: /);
    expect(res.body.data.rejected[1].reason).toMatch(/^medias\[0\]\.img_url_thumb: /);
  });

  it('takes a deeply nested item as one bad item, not a failed batch', async () => {
    const good = rawPost();
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/v1/ingest/posts',
      headers: { 'content-type': 'application/json', 'x-ingest-key': 'push-key-1' },
      payload: `{"posts":[${JSON.stringify(toWire(good))},${deep}]}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
    expect(await storedIds([good.id])).toEqual([good.id]);
  });

  it('checks the key before it reads the body', async () => {
    const deep = `{"posts":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const payload of ['{"posts": [', deep, '{"posts":["\\u0000"]}', JSON.stringify({ items: 1 })]) {
      for (const [headers, status] of [
        [{ 'x-ingest-key': 'wrong' }, 401],
        [{}, 401],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/webapi/v1/ingest/posts',
          headers: { 'content-type': 'application/json', ...headers },
          payload,
        });
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ ret: 401, msg: 'Missing or wrong ingest key' });
      }
      const offRes = await off.app.inject({
        method: 'POST',
        url: '/webapi/v1/ingest/posts',
        headers: { 'content-type': 'application/json', 'x-ingest-key': 'k' },
        payload,
      });
      expect(offRes.statusCode).toBe(403);
    }
  });
});
