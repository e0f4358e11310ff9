/**
 * admin/stat and admin/from_acnt_list over HTTP: who may call them, what is refused, and every
 * metric, period, interval and source compared with a direct count of the stored posts.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { STAT_INTERVALS_BY_PERIOD, STAT_PERIODS, STAT_TYPES, type StatInterval } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceStateRepo } from '../../src/db/repos/source-state';
import { categoryName, TAXONOMY } from '../../src/domain/taxonomy';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { prng, type StatPost, saveStatPosts } from './support';

type Table = { table_name: string; table_list: { ct: number; cnt: number }[] };

/** A bucket's counts, without the partial mark of the last one (tested in partial-bucket). */
const countsOnly = ({ ct, cnt }: { ct: number; cnt: number }) => ({ ct, cnt });
const INTERVAL_S: Record<StatInterval, number> = { '1h': 3600, '1d': 86_400, '1w': 604_800 };
const SOURCES = ['alpha', 'beta'];
const AUTHORS = ['ann', 'bob', 'cyd', 'dee', 'eve', 'fay', 'gus'];
const COINS = [[], [], ['BTC'], ['ETH', 'SOL'], ['DOGE']];
const CATEGORIES = [
  [],
  ['trading'],
  ['defi/lending'],
  ['defi/dex', 'memecoins'],
  ['l1-l2/solana'],
  ['regulation-macro'],
];

let t: TestApp;
let admin: string;
let user: string;
let now: number;
const specs: StatPost[] = [];

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['admin@example.com'] });
  admin = await registerAndLogin(t, 'admin@example.com');
  user = await registerAndLogin(t, 'user@example.com', 'secret-pass', '10.9.0.2');
  now = Math.floor(t.clock.now().getTime() / 1000);
  const random = prng(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // 35 days of posts, denser in the last day so hourly buckets hold several.
  for (let i = 0; i < 400; i++) {
    const age = i < 150 ? Math.floor(random() * 86_400) : Math.floor(random() * 35 * 86_400);
    specs.push({
      ct: now - 1 - age,
      source: pick(SOURCES),
      author: pick(AUTHORS),
      coins: pick(COINS),
      categories: pick(CATEGORIES),
      likes: Math.floor(random() * 50),
      replies: Math.floor(random() * 5),
      retweets: Math.floor(random() * 9),
      quotes: Math.floor(random() * 3),
    });
  }
  await saveStatPosts(t.db, specs);
  // A source that ran but stored nothing yet.
  await sourceStateRepo(t.db).recordError('x-api', 'no bearer token', new Date());
});

afterAll(async () => {
  await t?.close();
});

const stat = (body: object, token = admin, lang?: string) =>
  t.call('admin/stat', body, { token, ...(lang ? { lang } : {}) });

const METRIC_SQL: Record<string, string> = {
  count_tweet: 'count(p.id)',
  count_interaction: 'coalesce(sum(p.like_count + p.reply_count + p.retweet_count + p.quote_count), 0)',
  count_account: 'count(DISTINCT p.author_id)',
  count_crypto_account: 'count(DISTINCT p.author_id) FILTER (WHERE cardinality(p.coins) > 0)',
};

/** The metric per bucket [ct, ct + interval), counted straight from posts. */
async function directCounts(statType: string, source: string, cts: number[], intervalS: number) {
  const rows = await t.db.query<{ ct: number; cnt: number }>(
    `SELECT b.ct, ${METRIC_SQL[statType]} AS cnt
     FROM unnest($1::bigint[]) AS b(ct)
     LEFT JOIN posts p ON p.ct >= b.ct AND p.ct < b.ct + $2 AND ($3 = '' OR p.source = $3)
     GROUP BY b.ct ORDER BY b.ct`,
    [cts, intervalS, source],
  );
  return rows.map((r) => ({ ct: Number(r.ct), cnt: Number(r.cnt) }));
}

async function directCategoryCounts(category: string, source: string, cts: number[], intervalS: number) {
  const rows = await t.db.query<{ ct: number; cnt: number }>(
    `SELECT b.ct, count(p.id) AS cnt
     FROM unnest($1::bigint[]) AS b(ct)
     LEFT JOIN posts p ON p.ct >= b.ct AND p.ct < b.ct + $2 AND ($3 = '' OR p.source = $3) AND $4 = ANY(p.categories)
     GROUP BY b.ct ORDER BY b.ct`,
    [cts, intervalS, source, category],
  );
  return rows.map((r) => ({ ct: Number(r.ct), cnt: Number(r.cnt) }));
}

describe('who may ask', () => {
  it('answers 401 signed out and 403 to a user who is not an administrator', async () => {
    const body = { statType: 'count_tweet', fromAcntName: '', period: '1d', interval: '1h' };
    expect((await stat(body, '')).status).toBe(401);
    expect((await stat(body, '')).body).toEqual({ ret: 401, msg: 'Please sign in' });
    expect((await stat(body, user)).status).toBe(403);
    expect((await stat(body, user)).body).toEqual({ ret: 403, msg: 'You are not allowed to do this' });
    // The role is checked before the body: a bad body tells a non-administrator nothing more.
    expect((await stat({ statType: 'nope' }, user)).status).toBe(403);
    expect((await t.call('admin/from_acnt_list', {})).status).toBe(401);
    expect((await t.call('admin/from_acnt_list', {}, { token: user })).status).toBe(403);
    expect((await stat(body)).status).toBe(200);
  });
});

describe('refused questions', () => {
  it('name the period and the intervals it allows, in the reader language', async () => {
    const dayOfDays = await stat({ statType: 'count_tweet', period: '1d', interval: '1d' });
    expect(dayOfDays.status).toBe(400);
    expect(dayOfDays.body).toEqual({ ret: 400, msg: 'The interval 1d cannot be used with the period 1d; choose 1h' });
    const monthOfHours = await stat({ statType: 'count_tweet', period: '1m', interval: '1h' }, admin, 'zh-CN');
    expect(monthOfHours.body).toEqual({ ret: 400, msg: '时间范围 1m 不支持粒度 1h，可选：1d, 1w' });
  });

  it('name the field that is wrong or missing', async () => {
    const base = { statType: 'count_tweet', period: '1w', interval: '1d' };
    expect((await stat({ ...base, statType: 'count_likes' })).body).toEqual({
      ret: 400,
      msg: 'Invalid value for "stat_type"',
    });
    expect((await stat({ ...base, period: '2d' })).body).toEqual({ ret: 400, msg: 'Invalid value for "period"' });
    expect((await stat({ statType: 'count_tweet', period: '1w' })).body).toEqual({
      ret: 400,
      msg: 'Invalid value for "interval"',
    });
    expect((await stat({ ...base, fromAcntName: 7 })).body).toEqual({
      ret: 400,
      msg: 'Invalid value for "from_acnt_name"',
    });
  });

  it('refuse a source that never collected anything', async () => {
    const res = await stat({ statType: 'count_tweet', fromAcntName: 'nowhere', period: '1w', interval: '1d' });
    expect(res.body).toEqual({ ret: 400, msg: 'Unknown source "nowhere"' });
    const zh = await stat(
      { statType: 'count_tweet', fromAcntName: 'nowhere', period: '1w', interval: '1d' },
      admin,
      'zh-CN',
    );
    expect(zh.body).toEqual({ ret: 400, msg: '未知来源 "nowhere"' });
  });
});

describe('admin/stat', () => {
  const pairs = STAT_PERIODS.flatMap((period) =>
    STAT_INTERVALS_BY_PERIOD[period].map((interval) => ({ period, interval })),
  );

  it.each(pairs)(
    'gives every bucket of $period at $interval, aligned in UTC, the last holding now',
    async ({ period, interval }) => {
      const res = await stat({ statType: 'count_tweet', period, interval });
      const [table] = res.body.data as Table[];
      const cts = table!.table_list.map((b) => b.ct);
      const step = INTERVAL_S[interval];
      const periodS = { '1d': 86_400, '1w': 604_800, '1m': 30 * 86_400 }[period];
      expect(cts.length).toBe(Math.ceil(periodS / step));
      expect(cts.slice(1).map((ct, i) => ct - cts[i]!)).toEqual(Array(cts.length - 1).fill(step));
      const last = cts.at(-1)!;
      expect(last <= now && now < last + step).toBe(true);
      // Weeks start on Monday 00:00 UTC; days at 00:00 UTC; hours on the hour.
      const date = new Date(last * 1000);
      if (interval === '1w') expect(date.getUTCDay()).toBe(1);
      if (interval !== '1h') expect(date.getUTCHours()).toBe(0);
      expect(date.getUTCMinutes() + date.getUTCSeconds()).toBe(0);
    },
  );

  const cases = pairs.flatMap((pair) =>
    STAT_TYPES.flatMap((statType) => ['', ...SOURCES].map((source) => ({ ...pair, statType, source }))),
  );

  it.each(cases)(
    '$statType over $period at $interval from "$source" equals a direct count of posts',
    async ({ statType, period, interval, source }) => {
      const res = await stat({ statType, fromAcntName: source, period, interval });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const tables = res.body.data as Table[];
      const cts = tables[0]!.table_list.map((b) => b.ct);
      if (statType !== 'count_category_tweet') {
        expect(tables.map((x) => x.table_name)).toEqual([
          {
            count_tweet: 'Posts collected',
            count_account: 'Posting accounts',
            count_crypto_account: 'Accounts posting on coins',
            count_interaction: 'Interactions',
          }[statType],
        ]);
        expect(tables[0]!.table_list.map(countsOnly)).toEqual(
          await directCounts(statType, source, cts, INTERVAL_S[interval]),
        );
        return;
      }
      // One series per primary category, named in the reader language, the busiest first.
      expect(tables.map((x) => x.table_name).sort()).toEqual(TAXONOMY.map((p) => p.en).sort());
      for (const p of TAXONOMY) {
        const table = tables.find((x) => x.table_name === categoryName(p.id, 'en'))!;
        expect(table.table_list.map(countsOnly), p.id).toEqual(
          await directCategoryCounts(p.id, source, cts, INTERVAL_S[interval]),
        );
      }
      const totals = tables.map((x) => x.table_list.reduce((s, b) => s + b.cnt, 0));
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    },
  );

  it('counts what was stored, not zeros: the month by day adds up to the posts of its days', async () => {
    for (const source of ['', ...SOURCES]) {
      const res = await stat({ statType: 'count_tweet', fromAcntName: source, period: '1m', interval: '1d' });
      const list = (res.body.data as Table[])[0]!.table_list;
      const from = list[0]!.ct;
      const expected = specs.filter((s) => s.ct >= from && (source === '' || s.source === source)).length;
      expect(expected).toBeGreaterThan(100);
      expect(list.reduce((sum, b) => sum + b.cnt, 0)).toBe(expected);
    }
  });

  it('names categories in Chinese for a Chinese reader', async () => {
    const res = await stat({ statType: 'count_category_tweet', period: '1w', interval: '1d' }, admin, 'zh-CN');
    const names = (res.body.data as Table[]).map((x) => x.table_name);
    expect(names).toContain('DeFi');
    expect(names).toContain(categoryName('trading', 'zh-CN'));
    const single = await stat({ statType: 'count_account', period: '1w', interval: '1d' }, admin, 'zh-CN');
    expect((single.body.data as Table[])[0]!.table_name).toBe('发帖账号数');
  });

  it('follows new posts at once', async () => {
    const body = { statType: 'count_tweet', fromAcntName: 'beta', period: '1d', interval: '1h' };
    const before = ((await stat(body)).body.data as Table[])[0]!.table_list.at(-1)!.cnt;
    const lastStart = ((await stat(body)).body.data as Table[])[0]!.table_list.at(-1)!.ct;
    await saveStatPosts(t.db, [
      { ct: lastStart, source: 'beta', author: 'new1' },
      { ct: lastStart, source: 'beta', author: 'new2' },
    ]);
    expect(((await stat(body)).body.data as Table[])[0]!.table_list.at(-1)!.cnt).toBe(before + 2);
  });
});

describe('admin/from_acnt_list', () => {
  it('lists every source with the accounts it collected posts from, the most first', async () => {
    const res = await t.call('admin/from_acnt_list', {}, { token: admin });
    const expected = await t.db.query<{ name: string; cnt_att: number }>(
      `SELECT name, cnt_att FROM (
         SELECT source AS name, count(DISTINCT author_id) AS cnt_att FROM posts GROUP BY source
         UNION ALL SELECT name, 0 FROM source_state WHERE name NOT IN (SELECT source FROM posts)) s
       ORDER BY cnt_att DESC, name`,
    );
    expect(res.body).toEqual({ ret: 1, data: expected.map((r) => ({ name: r.name, cnt_att: Number(r.cnt_att) })) });
    const names = (res.body.data as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['alpha', 'beta', 'x-api']));
    expect((res.body.data as { name: string; cnt_att: number }[]).find((s) => s.name === 'x-api')!.cnt_att).toBe(0);
    // A source listed here can be asked about, even one with nothing stored yet.
    const empty = await stat({ statType: 'count_tweet', fromAcntName: 'x-api', period: '1d', interval: '1h' });
    expect((empty.body.data as Table[])[0]!.table_list.every((b) => b.cnt === 0)).toBe(true);
  });
});

describe('admin/source_health (issue 31)', () => {
  it('is for administrators, and says failing once 3 requests in a row failed, in the service’s words', async () => {
    expect((await t.call('admin/source_health', {})).status).toBe(401);
    expect((await t.call('admin/source_health', {}, { token: user })).status).toBe(403);
    const repo = sourceStateRepo(t.db);
    const hub = () => t.call('admin/source_health', {}, { token: admin });
    const farcaster = async () =>
      ((await hub()).body.data as { name: string; state: string; failures: number; error?: string }[]).find(
        (s) => s.name === 'farcaster',
      );
    await repo.lease('farcaster', 'test', new Date(), new Date(Date.now() + 60_000));
    await repo.recordRequests('farcaster', 2, 'HTTP 400: reverse must be true or false', new Date());
    expect(await farcaster()).toMatchObject({ state: 'ok', failures: 2 });
    await repo.recordError('farcaster', 'connect ECONNREFUSED 127.0.0.1:2281', new Date());
    expect(await farcaster()).toMatchObject({
      state: 'failing',
      failures: 3,
      error: 'connect ECONNREFUSED 127.0.0.1:2281',
    });
    await repo.recordRequests('farcaster', 0, null, new Date());
    expect(await farcaster()).toMatchObject({ state: 'ok', failures: 0 });
  });
});
