/**
 * DATABASE_READ_URL: the heavy read paths go to the replica, everything else to the primary. The
 * "replica" here is a second database that nothing copies into, so the two differ on purpose:
 * posts exist only on the replica, accounts, sessions and views only on the primary. A feed that
 * shows the posts read the replica; a login that works read the primary. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryContext, RequestCancelled, runInRequest } from '../../src/db/query-context';
import { epochSeconds } from '../../src/domain/clock';
import { openPrimaryWithReplica, type PrimaryWithReplica } from '../support/replica';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a read replica (DATABASE_READ_URL)', () => {
  let t: TestApp;
  let pair: PrimaryWithReplica;
  let token: string;
  const count = async (db: { query: TestApp['db']['query'] }, table: string) =>
    Number((await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  beforeAll(async () => {
    t = await startTestApp({
      database: async (options) => {
        pair = await openPrimaryWithReplica(url!, options);
        return pair;
      },
    });
    token = await registerAndLogin(t, 'reader@example.com');
    const now = epochSeconds(t.clock.now());
    // Three KOLs on BTC, only on the replica: what a replica that is ahead of a lagging primary
    // would never be, but what makes each read's database visible.
    await storePosts(pair.replica, [
      {
        text: 'BTC breaks out',
        ct: now - 60,
        coins: ['BTC'],
        sentiment: 'bullish',
        authorId: '101',
        username: 'replica_alice',
      },
      {
        text: 'BTC looks heavy',
        ct: now - 50,
        coins: ['BTC'],
        sentiment: 'bearish',
        authorId: '102',
        username: 'replica_bob',
      },
      { text: 'BTC range day', ct: now - 40, coins: ['BTC'], authorId: '103', username: 'replica_carol' },
    ]);
  });
  afterAll(() => t?.close());

  it('keeps the two databases apart: posts on the replica, accounts and sessions on the primary', async () => {
    expect(await count(pair.replica, 'posts')).toBe(3);
    expect(await count(t.db, 'posts')).toBe(0);
    expect(await count(t.db, 'sessions')).toBeGreaterThan(0);
    expect(await count(pair.replica, 'sessions')).toBe(0);
    expect(await count(pair.replica, 'users')).toBe(0);
    const [where] = await t.db.read.query<{ db: string }>('SELECT current_database() AS db');
    expect(where!.db).toBe(pair.replicaDatabase);
  });

  it('reads a feed page from the replica, its view from the primary', async () => {
    const add = await t.call(
      'view/add',
      {
        name: 'BTC',
        viewType: 'content_feed',
        matchingRules: [{ type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }],
      },
      { token },
    );
    expect(add.body.ret).toBe(1);
    const viewId = (add.body.data as { view_id: string }[]).at(-1)!.view_id;
    // The view just saved is read back at once: on the replica it would not exist (404).
    const page = await t.call('view/v2/tweets', { viewId }, { token });
    expect(page.body.ret).toBe(1);
    expect((page.body.data as { list: { text: string }[] }).list.map((p) => p.text)).toEqual([
      'BTC range day',
      'BTC looks heavy',
      'BTC breaks out',
    ]);
    expect(await count(pair.replica, 'views')).toBe(0);
  });

  it('counts an analytics report on the replica', async () => {
    const add = await t.call(
      'view/add',
      {
        name: 'BTC report',
        viewType: 'analytics_report',
        matchingRules: [{ type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }],
      },
      { token },
    );
    const viewId = (add.body.data as { view_id: string }[]).at(-1)!.view_id;
    const report = await t.call('view/report_detail', { viewId, period: '1d', interval: '1h' }, { token });
    expect(report.body.data).toMatchObject({ sum_info: { cnt_up: 1, cnt_neutral: 1, cnt_down: 1 } });
  });

  it('ranks coins from the replica', async () => {
    const add = await t.call('view/add', { name: 'Hot', viewType: 'ranking_list', matchingRules: [] }, { token });
    const viewId = (add.body.data as { view_id: string; view_type: string }[])
      .filter((v) => v.view_type === 'ranking_list')
      .at(-1)!.view_id;
    const ranked = await t.call('view/ranking_list', { viewId }, { token });
    expect((ranked.body.data as { list: { coin: string }[] }).list.map((i) => i.coin)).toContain('BTC');
  });

  it('reads the coin opinion of all authors and the statistics on the replica', async () => {
    const add = await t.call('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: '' }, { token });
    expect(add.body.ret).toBe(1);
    const viewId = (add.body.data as { view_id: string; subs: { view_id: string }[] }[])
      .find((v) => v.view_id === 'coin_opinion')!
      .subs.at(-1)!.view_id;
    const detail = await t.call('view/v2/coin_opinion_detail', { viewId, period: '1d', interval: '1h' }, { token });
    expect(detail.body.data).toMatchObject({ sum_info: { cnt_up: 1, cnt_neutral: 1, cnt_down: 1 } });
    // The administrators' list of sources: the batch was stored as source "test" on the replica only.
    expect(await t.services.statistics.sources()).toEqual([{ name: 'test', cntAtt: 3 }]);
  });

  it('searches accounts and shows a KOL profile from the replica', async () => {
    const found = await t.call('search/twitter_user', { query: 'replica_' }, { token });
    expect((found.body.data as { list: { username: string }[] }).list.map((u) => u.username).sort()).toEqual([
      'replica_alice',
      'replica_bob',
      'replica_carol',
    ]);
    const profile = await t.call('kol/profile', { twitterUserId: '101' }, { token });
    expect(profile.body).toMatchObject({ ret: 1, data: { user: { username: 'replica_alice' } } });
  });

  it('bounds and cancels replica statements with the request, like the primary', async () => {
    const slow = 'SELECT pg_sleep(30)';
    // Client gone: the running statement on the replica is cancelled.
    const gone = new QueryContext(60_000);
    const running = runInRequest(gone, () => t.db.read.query(slow));
    for (let i = 0; i < 200 && gone.replicaBackends.size === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(gone.replicaBackends.size).toBe(1);
    t.db.abortRequest(gone);
    await expect(running).rejects.toEqual(new RequestCancelled('client-gone'));
    // Out of time before it starts: no statement runs.
    const late = new QueryContext(1);
    await new Promise((r) => setTimeout(r, 5));
    await expect(runInRequest(late, () => t.db.read.query('SELECT 1'))).rejects.toEqual(
      new RequestCancelled('timeout'),
    );
  });
});
