/**
 * One user must not take the pool (issue 13). User A fires many requests that block in the
 * database, held there deterministically by a lock the test owns; user B's feed and KOL group list
 * must still answer, and A's requests beyond its share (2 running, 8 waiting) get 429 at once.
 * Before the per-user share, A's 20 blocked requests held all 20 request connections and B waited
 * on PostgreSQL until the lock went away (this test then times out).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holdDb, releaseHolds, until } from '../support/db-hold';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const A_REQUESTS = 20;
const LIMITS = { running: 2, queued: 8 };

let t: TestApp;
let ann: string;
let bob: string;
let annGroup: string;
let bobView: string;

beforeAll(async () => {
  t = await startTestApp({ requests: { limits: LIMITS, statementTimeoutMs: 60_000 } });
  ann = await registerAndLogin(t, 'ann@example.com');
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.2');
  await storePosts(t.db, [{ text: 'BTC breakout', ct: 1_763_000_001, coins: ['BTC'] }]);
  const groups = (await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string }[];
  annGroup = groups[1]!.id;
  const views = await t.call(
    'view/add',
    { name: 'v', viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] },
    { token: bob },
  );
  bobView = (views.body.data as { view_id: string }[]).at(-1)!.view_id;
});
afterAll(() => t.close());
afterEach(releaseHolds);
const hold = (sql: string, params: unknown[] = []) => holdDb(t.db, sql, params);

/** Fires calls at once and records each status as it comes. */
function fire(n: number, one: (i: number) => ReturnType<TestApp['call']>) {
  const statuses: number[] = [];
  const calls = Array.from({ length: n }, (_, i) =>
    one(i).then((r) => {
      statuses.push(r.status);
      return r;
    }),
  );
  return { statuses, calls };
}

describe('per-user share of requests', () => {
  it("keeps A to 2 running and 8 waiting, refuses A's rest with 429, and lets B through", async () => {
    const annId = (await t.services.sessions.userIdOf(ann))!;
    const bobId = (await t.services.sessions.userIdOf(bob))!;
    const limits = t.services.requests.limits;
    const lock = await hold('SELECT id FROM kol_groups WHERE id = $1 FOR UPDATE', [annGroup]);
    const a = fire(A_REQUESTS, () =>
      t.call(
        'kol_group/update',
        { groupId: annGroup, name: 'x', twitterUserFans: [0, 0], whiteTwitterUserIds: [], blackTwitterUserIds: [] },
        { token: ann },
      ),
    );
    await until(() => a.statuses.length === A_REQUESTS - 10, "A's excess answered");
    expect(a.statuses).toEqual(Array(A_REQUESTS - 10).fill(429));
    expect(limits.stats(`user:${annId}`)).toEqual({ running: 2, queued: 8 });
    expect((await a.calls[A_REQUESTS - 1]!).body).toEqual({
      ret: 429,
      msg: 'Too many attempts, please retry in 1 seconds',
    });

    const bobCalls = Promise.all([
      t.call('view/v2/tweets', { viewId: bobView }, { token: bob }),
      t.call('kol_group/list', {}, { token: bob }),
    ]);
    if (onPostgres) {
      // A's two running updates wait on the lock, holding two connections; the rest are free.
      await until(async () => (await lock.blocked()) === 2, 'A holding two connections');
      const [feed, groups] = await bobCalls;
      expect((feed.body.data as { list: { text: string }[] }).list.map((p) => p.text)).toEqual(['BTC breakout']);
      expect(groups.body.ret).toBe(1);
      // A is still held: B did not get through because A finished.
      expect(await lock.blocked()).toBe(2);
      expect(limits.stats(`user:${annId}`)).toEqual({ running: 2, queued: 8 });
      await lock.release();
    } else {
      // PGlite has one connection: B waits for it like everyone, but B is admitted, not refused.
      await until(() => limits.stats(`user:${bobId}`).running === 2, 'B admitted');
      await lock.release();
      const [feed, groups] = await bobCalls;
      expect(feed.body.ret).toBe(1);
      expect(groups.body.ret).toBe(1);
    }
    const all = await Promise.all(a.calls);
    expect(all.filter((r) => r.body.ret === 1)).toHaveLength(10);
    expect(all.filter((r) => r.status === 429)).toHaveLength(10);
    expect(limits.stats(`user:${annId}`)).toEqual({ running: 0, queued: 0 });
  });

  it('shares public calls by client address', async () => {
    const limits = t.services.requests.limits;
    // Sign-in attempts write rate_limit_hits first: locking it holds them in the database.
    const lock = await hold('LOCK TABLE rate_limit_hits IN ACCESS EXCLUSIVE MODE');
    const login = (ip: string, i: number) =>
      t.call('account/login', { email: `nobody${i}@example.com`, passwd: 'wrong-pass' }, { ip });
    const crowd = fire(12, (i) => login('10.1.1.1', i));
    await until(() => crowd.statuses.length === 2, 'excess of one address answered');
    expect(crowd.statuses).toEqual([429, 429]);
    expect(limits.stats('ip:10.1.1.1')).toEqual({ running: 2, queued: 8 });
    const other = login('10.1.1.2', 99);
    await until(() => limits.stats('ip:10.1.1.2').running === 1, 'another address admitted');
    await lock.release();
    expect((await other).body.ret).toBe(1008);
    const all = await Promise.all(crowd.calls);
    expect(all.filter((r) => r.status === 429)).toHaveLength(2);
    expect(all.filter((r) => r.body.ret === 1008)).toHaveLength(10);
  });
});
