/**
 * The hourly correction limit under a burst, and the trigger-kept per-post sums
 * (sentiment_feedback_posts) after random gives, replacements and deletions of posts and users,
 * compared with a recount of sentiment_feedback. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (where the burst really runs in parallel on several connections).
 */
import { SENTIMENT_FEEDBACK_PER_HOUR } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentimentFeedbackRepo } from '../../src/db/repos/sentiment-feedback';
import { prng } from '../admin/support';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const T0 = 1_763_000_000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the hourly limit', () => {
  it(`passes exactly ${SENTIMENT_FEEDBACK_PER_HOUR} of 130 concurrent corrections, and frees up after the hour`, async () => {
    const token = await registerAndLogin(t, 'burst@example.com');
    const ids = await storePosts(
      t.db,
      Array.from({ length: 13 }, (_, i) => ({ text: `burst post ${i}`, ct: T0 + i })),
    );
    const labels = ['bullish', 'neutral', 'bearish'];
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        t.call('post/sentiment_feedback', { postId: ids[i % ids.length], label: labels[i % 3] }, { token }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SENTIMENT_FEEDBACK_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(130 - SENTIMENT_FEEDBACK_PER_HOUR);
    expect(answers.find((a) => a.status === 429)!.body.ret).not.toBe(1);
    // Another user is not limited by this one.
    const other = await registerAndLogin(t, 'calm@example.com', 'secret-pass', '10.9.0.7');
    expect(
      (await t.call('post/sentiment_feedback', { postId: ids[0], label: 'bullish' }, { token: other })).status,
    ).toBe(200);
    // An unknown post is answered 404 and does not use up the hour.
    t.clock.advance(3601);
    expect((await t.call('post/sentiment_feedback', { postId: 'nope', label: 'bullish' }, { token })).status).toBe(404);
    const again = await Promise.all(
      Array.from({ length: SENTIMENT_FEEDBACK_PER_HOUR }, (_, i) =>
        t.call('post/sentiment_feedback', { postId: ids[i % ids.length], label: 'bullish' }, { token }),
      ),
    );
    expect(again.every((a) => a.status === 200)).toBe(true);
  });
});

type Sums = { post_id: string; bullish: number; neutral: number; bearish: number }[];

async function stored(): Promise<Sums> {
  return t.db.query(
    'SELECT post_id, bullish, neutral, bearish FROM sentiment_feedback_posts WHERE post_id LIKE $1 ORDER BY post_id',
    ['sum-%'],
  );
}
async function recount(): Promise<Sums> {
  return t.db.query(
    `SELECT post_id, count(*) FILTER (WHERE label = 1)::int AS bullish, count(*) FILTER (WHERE label = 0)::int AS neutral,
            count(*) FILTER (WHERE label = -1)::int AS bearish
     FROM sentiment_feedback WHERE post_id LIKE $1 GROUP BY post_id ORDER BY post_id`,
    ['sum-%'],
  );
}

describe('per-post sums kept by the trigger', () => {
  it('equal a recount after random gives, replacements and deletions of posts and users', async () => {
    const next = prng(14);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    let posts = await storePosts(
      t.db,
      Array.from({ length: 12 }, (_, i) => ({ id: `sum-${i}`, text: `sum post ${i}`, ct: T0 + 100 + i })),
    );
    const at = new Date();
    const userRows = await t.db.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, invite_code, created_at, updated_at)
       SELECT 'sum' || g || '@example.com', 'sum' || g, 'x', 'SUM' || g, $1, $1 FROM generate_series(1, 15) g
       RETURNING id`,
      [at],
    );
    let users = userRows.map((r) => r.id);
    const repo = sentimentFeedbackRepo(t.db);
    const ops = { give: 0, post: 0, user: 0 };
    for (let i = 0; i < 400; i++) {
      const r = next();
      if (r < 0.02 && posts.length > 2) {
        const gone = pick(posts);
        posts = posts.filter((p) => p !== gone);
        await t.db.query('DELETE FROM posts WHERE id = $1', [gone]);
        ops.post++;
      } else if (r < 0.04 && users.length > 2) {
        const gone = pick(users);
        users = users.filter((u) => u !== gone);
        await t.db.query('DELETE FROM users WHERE id = $1', [gone]);
        ops.user++;
      } else {
        const label = pick([-1, 0, 1] as const);
        expect(await repo.upsert(pick(users), pick(posts), label, new Date(at.getTime() + i * 1000))).toBe(true);
        ops.give++;
      }
      if (i % 50 === 49) expect(await stored()).toEqual(await recount());
    }
    expect(ops.post).toBeGreaterThan(0);
    expect(ops.user).toBeGreaterThan(0);
    expect(await stored()).toEqual(await recount());
    // Concurrent replacements of one post by many users: the sums stay exact too.
    const hot = posts[0]!;
    await Promise.all(users.flatMap((u) => [1, 0, -1].map((l) => repo.upsert(u, hot, l as -1 | 0 | 1, new Date()))));
    expect(await stored()).toEqual(await recount());
  });
});
