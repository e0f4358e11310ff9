/**
 * Coin and event opinion reports read rollups kept by triggers; these tests hold them to the
 * issue's rule: report counts equal a direct count of the matching posts, exactly, after
 * inserts, re-ingestion with changed enrichment, verification changes, author merges and deletes.
 */
import { REPORT_INTERVALS, type ReportPeriod } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBatch } from '../../src/pipeline/store';
import type { Enrichment, RawPost, SentimentLabel, VerifiedType } from '../../src/pipeline/types';
import { reportWindow } from '../../src/services/opinion-window';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;
const DAY = 86_400;

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const AUTHORS: { id: string; blue: boolean; type: VerifiedType; followers: number }[] = [
  { id: '101', blue: true, type: 'blue', followers: 500_000 },
  { id: '102', blue: false, type: 'business', followers: 2_000_000 },
  { id: '103', blue: false, type: 'none', followers: 800 },
  { id: '104', blue: true, type: 'blue', followers: 40_000 },
  { id: '105', blue: false, type: 'government', followers: 90_000 },
  { id: '106', blue: false, type: 'none', followers: 3_000 },
];
const COINS = ['BTC', 'ETH', 'SOL'];
const LABELS: SentimentLabel[] = ['bullish', 'neutral', 'bearish'];
const WORDS = ['ETF approval', 'halving soon', 'exploit drained', 'gm', 'airdrop season', 'ETF 获批'];

interface Spec {
  id: string;
  author: (typeof AUTHORS)[number];
  ct: number;
  coins: string[];
  sentiment: SentimentLabel;
  text: string;
}

async function save(specs: Spec[]) {
  const posts: RawPost[] = specs.map((s) => ({
    id: s.id,
    text: s.text,
    createdAt: s.ct,
    lang: 'en',
    author: {
      id: s.author.id,
      username: `u${s.author.id}`,
      name: `U ${s.author.id}`,
      icon: '',
      followersCount: s.author.followers,
      isBlueVerified: s.author.blue,
      verifiedType: s.author.type,
    },
    medias: [],
    metrics: { likeCount: 1, retweetCount: 0, replyCount: 0, quoteCount: 0, impressionCount: 10 },
  }));
  const enrichments: Enrichment[] = specs.map((s) => ({
    coins: s.coins,
    categories: [],
    sentiment: { label: s.sentiment, score: 0, cues: [] },
    lang: 'en',
  }));
  await saveBatch(t.db, { source: 'test', posts, enrichments, cursor: null, rejected: 0, now: t.clock.now() });
}

type Row = { ct: number; coins: string[]; sentiment: number; text: string; cls: number; followers: number; id: string };

/** The direct count: every stored post, bucketed the way the report says. */
async function expected(
  match: (p: Row) => boolean,
  period: ReportPeriod,
  interval: (typeof REPORT_INTERVALS)[ReportPeriod][number],
) {
  const rows = await t.db.query<Row>(
    `SELECT p.id, p.ct::float8 AS ct, p.coins, p.sentiment, p.text, a.followers_count::float8 AS followers,
            author_class(a.is_blue_verified, a.verified_type) AS cls
     FROM posts p JOIN x_accounts a ON a.id = p.author_id`,
  );
  const w = reportWindow(period, interval, Math.floor(t.clock.now().getTime() / 1000));
  const buckets = w.buckets.map((ct) => ({ ct, cnt_up: 0, cnt_neutral: 0, cnt_down: 0 }));
  const sum = {
    cnt_up: 0,
    cnt_neutral: 0,
    cnt_down: 0,
    cnt_up_blue: 0,
    cnt_neutral_blue: 0,
    cnt_down_blue: 0,
    cnt_up_gold: 0,
    cnt_neutral_gold: 0,
    cnt_down_gold: 0,
  };
  for (const p of rows) {
    if (p.ct < w.from || p.ct >= w.to || !match(p)) continue;
    const i = Math.floor((p.ct - w.from) / w.intervalS);
    const key = p.sentiment === 1 ? 'cnt_up' : p.sentiment === -1 ? 'cnt_down' : 'cnt_neutral';
    buckets[i]![key]++;
    sum[key]++;
    if (p.cls === 1) sum[`${key}_blue`]++;
    if (p.cls === 2) sum[`${key}_gold`]++;
  }
  return { interval_list: buckets, sum_info: sum };
}

async function detail(path: string, viewId: string, period: string, interval: string): Promise<unknown> {
  const res = await t.call(path, { viewId, period, interval }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  // The counts only: the partial mark of the last bucket has a test of its own (partial-bucket).
  const { interval_list, ...rest } = res.body.data as { interval_list: Record<string, unknown>[] };
  return { ...rest, interval_list: interval_list.map(({ partial: _p, elapsed: _e, ...counts }) => counts) };
}

const PAIRS = (Object.keys(REPORT_INTERVALS) as ReportPeriod[]).flatMap((period) =>
  REPORT_INTERVALS[period].map((interval) => [period, interval] as const),
);

let coinAll: string;
let groupId: string;
/** The group's rule as the test last set it. */
let rule = { min: 10_000, max: 1_000_000, white: ['103'], black: ['104'] };
let coinGroup: string;
let event: string;
let eventGroup: string;
let specs: Spec[];

beforeAll(async () => {
  t = await startTestApp();
  token = await registerAndLogin(t, 'analyst@example.com');
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const r = rng(7);
  specs = Array.from({ length: 600 }, (_, i) => ({
    id: String(9_000_000 + i),
    author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
    // Some posts a little in the future (clock skew) and some older than any period.
    ct: now - Math.floor(r() * 40 * DAY) + 120,
    coins: COINS.filter(() => r() < 0.45),
    sentiment: LABELS[Math.floor(r() * 3)]!,
    text: `${WORDS[Math.floor(r() * WORDS.length)]} ${i}`,
  }));
  for (let i = 0; i < specs.length; i += 97) await save(specs.slice(i, i + 97));

  // A KOL group: 10k to 1M followers, with the 800-follower account whitelisted and 104 blacklisted.
  expect((await t.call('kol_group/list', {}, { token })).body.ret).toBe(1);
  const add = await t.call(
    'kol_group/add',
    { name: 'Mid', twitterUserFans: [10_000, 1_000_000], whiteTwitterUserIds: ['103'], blackTwitterUserIds: ['104'] },
    { token },
  );
  expect(add.body.ret).toBe(1);
  const groups = (await t.call('kol_group/list', {}, { token })).body.data as { id: string; name: string }[];
  groupId = groups.find((g) => g.name === 'Mid')!.id;

  const subs = async (path: string, body: unknown) => {
    const res = await t.call(path, body, { token });
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
    return list.find((v) => v.view_id === (path.includes('coin') ? 'coin_opinion' : 'event_opinion'))!.subs.at(-1)!
      .view_id;
  };
  coinAll = await subs('view/v2/coin_opinion_add', { coin: '$btc', kolGroupId: '' });
  coinGroup = await subs('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: groupId });
  event = await subs('view/v2/event_opinion_add', {
    name: 'ETF',
    kolGroupId: '',
    matchingRules: [{ type: 'keywords', keywords: [' ETF ', 'etf', ''] }],
  });
  eventGroup = await subs('view/v2/event_opinion_add', {
    name: 'ETF by mid KOLs',
    kolGroupId: groupId,
    matchingRules: [{ type: 'keywords', keywords: ['ETF'] }],
  });
});

afterAll(async () => {
  await t?.close();
});

const inGroup = (p: Row, id: string) =>
  !rule.black.includes(id) &&
  ((p.followers >= rule.min && (rule.max === 0 || p.followers <= rule.max)) || rule.white.includes(id));
const ETF = /(^|[^A-Za-z0-9_])ETF($|[^A-Za-z0-9_])/i;

async function checkAll() {
  const authorOf = new Map(
    (await t.db.query<{ id: string; author_id: string }>('SELECT id, author_id FROM posts')).map((r) => [
      r.id,
      r.author_id,
    ]),
  );
  for (const [period, interval] of PAIRS) {
    expect(await detail('view/v2/coin_opinion_detail', coinAll, period, interval)).toEqual(
      await expected((p) => p.coins.includes('BTC'), period, interval),
    );
    expect(await detail('view/v2/coin_opinion_detail', coinGroup, period, interval)).toEqual(
      await expected((p) => p.coins.includes('ETH') && inGroup(p, authorOf.get(p.id)!), period, interval),
    );
    expect(await detail('view/v2/event_opinion_detail', event, period, interval)).toEqual(
      await expected((p) => ETF.test(p.text), period, interval),
    );
    expect(await detail('view/v2/event_opinion_detail', eventGroup, period, interval)).toEqual(
      await expected((p) => ETF.test(p.text) && inGroup(p, authorOf.get(p.id)!), period, interval),
    );
  }
}

describe('opinion rollups', () => {
  it('equal a direct count for every period and interval, for all authors and for a KOL group', async () => {
    const sample = (await detail('view/v2/coin_opinion_detail', coinAll, '1m', '1d')) as {
      sum_info: { cnt_up: number; cnt_up_blue: number; cnt_up_gold: number };
    };
    // The data is not trivially empty: every split has posts.
    expect(sample.sum_info.cnt_up).toBeGreaterThan(20);
    expect(sample.sum_info.cnt_up_blue).toBeGreaterThan(0);
    expect(sample.sum_info.cnt_up_gold).toBeGreaterThan(0);
    await checkAll();
  });

  it('stay exact when posts are re-ingested with new coins, sentiment and text', async () => {
    const r = rng(11);
    const changed = specs
      .filter(() => r() < 0.3)
      .map((s) => ({
        ...s,
        coins: COINS.filter(() => r() < 0.5),
        sentiment: LABELS[Math.floor(r() * 3)]!,
        text: r() < 0.5 ? `ETF news ${s.id}` : `quiet day ${s.id}`,
      }));
    await save(changed);
    await checkAll();
  });

  it('stay exact when an author changes verification, when followers move them out of a group, and on deletes', async () => {
    const author = AUTHORS[0]!;
    const later = { ...author, blue: false, type: 'business' as VerifiedType, followers: 5_000 };
    await save([{ ...specs.find((s) => s.author.id === author.id)!, author: later }]);
    await t.db.query(`DELETE FROM posts WHERE id IN (SELECT id FROM posts ORDER BY id LIMIT 40)`);
    await checkAll();
  });

  it('stay exact when posts move to another author (a handle merged into its id)', async () => {
    await t.db.query(`UPDATE posts SET author_id = '102' WHERE author_id = '106'`);
    await checkAll();
  });

  it('stay exact for a KOL group whose range and lists are edited', async () => {
    rule = { min: 50_000, max: 0, white: ['106'], black: ['105'] };
    const res = await t.call(
      'kol_group/update',
      {
        groupId,
        name: 'Mid',
        twitterUserFans: [rule.min, rule.max],
        whiteTwitterUserIds: rule.white,
        blackTwitterUserIds: rule.black,
      },
      { token },
    );
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    await checkAll();
  });

  it('recount an event view when its keywords change', async () => {
    const res = await t.call(
      'view/v2/event_opinion_update',
      { viewId: event, name: 'Halving', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['halving'] }] },
      { token },
    );
    expect(res.body.ret).toBe(1);
    expect(await detail('view/v2/event_opinion_detail', event, '1m', '1d')).toEqual(
      await expected((p) => /halving/i.test(p.text), '1m', '1d'),
    );
  });
});
