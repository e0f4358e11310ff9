/**
 * Issue 34: on the embedded database one user's worst allowed feed view stalled everyone, and the
 * per-user share never answered 429. PGlite's promises settle without I/O, so a request's
 * statements ran one after another within one turn of the event loop: no other request was read
 * meanwhile, the share never saw two of A's at once (all 20 below were answered 200), and B came
 * after whatever was already queued. Now callers take fair turns (db/fair-turns.ts), each after a
 * turn of the event loop: A's requests beyond its share get 429, and while A's admitted ones scan,
 * B's pages run with about one of A's statements before each. Counted by the order statements
 * complete in, not by time.
 */
import { VIEW_LIMITS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/db';
import { until } from '../support/db-hold';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const LIMITS = { running: 2, queued: 8 };
const A_REQUESTS = 20;
const B_PAGES = 5;
const MARK = 'zqmark';

let t: TestApp;
let ann: string;
let bob: string;
let annView: string;
let bobView: string;
/** Statements of A's keyword scans that completed, in order with B's page answers. */
const log: string[] = [];

beforeAll(async () => {
  // No page cache: an attacker asks pages the cache does not hold (other cursors, trend tabs).
  t = await startTestApp({ requests: { limits: LIMITS, statementTimeoutMs: 60_000 }, feedCacheMs: 0 });
  ann = await registerAndLogin(t, 'ann@example.com');
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.2');
  // Posts with "coin" inside: the "oin" keyword's LIKE lets each through, its regex refuses each.
  await storePosts(
    t.db,
    Array.from({ length: 400 }, (_, i) => ({
      text: `Bitcoin and altcoin talk ${i}`,
      ct: 1_763_000_000 + i,
      coins: ['BTC'],
    })),
  );
  // A's view: the worst the rules allow (bench/worst-view.bench.ts), every keyword matching nothing.
  const rules = Array.from({ length: VIEW_LIMITS.keywords }, (_, i) => ({
    value: i === 0 ? 'oin' : `${MARK}${i}`.padEnd(VIEW_LIMITS.keywordLength, 'v'),
  }));
  const a = await t.call(
    'view/add',
    { name: 'worst', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules }] },
    { token: ann },
  );
  annView = (a.body.data as { view_id: string }[]).at(-1)!.view_id;
  const b = await t.call(
    'view/add',
    { name: 'btc', viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] },
    { token: bob },
  );
  bobView = (b.body.data as { view_id: string }[]).at(-1)!.view_id;
  // Every statement the feed reads goes through db.read: note A's scans as they complete.
  const read = t.db.read as Queryable;
  const query = read.query.bind(read);
  read.query = (async (sql: string, params?: unknown[]) => {
    const rows = await query(sql, params);
    if (JSON.stringify(params ?? []).includes(MARK)) log.push('A');
    return rows;
  }) as Queryable['query'];
});
afterAll(() => t.close());

describe.skipIf(onPostgres)("the embedded database's turns", () => {
  it("refuses A's excess with 429 and serves B's pages between A's scans, not behind them", async () => {
    const statuses: number[] = [];
    const annCalls = Array.from({ length: A_REQUESTS }, () =>
      t.call('view/v2/tweets', { viewId: annView }, { token: ann }).then((r) => {
        statuses.push(r.status);
        return r;
      }),
    );
    await until(() => statuses.length === A_REQUESTS - LIMITS.running - LIMITS.queued, "A's excess answered");
    expect(statuses).toEqual(Array(A_REQUESTS - LIMITS.running - LIMITS.queued).fill(429));
    // A is scanning: both running requests have had statements.
    await until(() => log.filter((e) => e === 'A').length >= 2, "A's scans under way");

    const between: number[] = [];
    for (let page = 0; page < B_PAGES; page++) {
      const before = log.length;
      const res = await t.call('view/v2/tweets', { viewId: bobView }, { token: bob });
      expect(res.body.ret).toBe(1);
      between.push(log.slice(before).filter((e) => e === 'A').length);
      log.push('B');
    }
    // A's 10 admitted requests were still scanning while B read all its pages.
    const annAnswers = await Promise.all(annCalls);
    expect(log.lastIndexOf('A')).toBeGreaterThan(log.lastIndexOf('B'));
    // First come first served put one statement of each of A's two running requests before each
    // of B's: 5 or 6 of A's scans a page here (27 in all). Fair turns let through the one running
    // when B's came, and those run while B's request is outside the database: 1 to 3 a page.
    const total = between.reduce((sum, n) => sum + n, 0);
    expect(total, `A's scans during each of B's pages: ${between}`).toBeLessThanOrEqual(2 * B_PAGES);
    expect(annAnswers.filter((r) => r.body.ret === 1)).toHaveLength(LIMITS.running + LIMITS.queued);
  });
});
