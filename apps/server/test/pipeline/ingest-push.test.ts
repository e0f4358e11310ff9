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

  it('refuses an empty batch and one over 1000 posts with clear messages', async () => {
    expect((await push(t, { posts: [] })).body).toEqual({ ret: 400, msg: 'Send at least one post in "posts"' });
    const many = Array.from({ length: 1001 }, () => ({ id: '1' }));
    expect((await push(t, { posts: many })).body).toEqual({ ret: 400, msg: 'Send at most 1000 posts per request' });
    expect((await push(t, { items: [] })).status).toBe(400);
  });
});
