/**
 * Coin and event opinion reports read rollups kept by triggers; these tests hold them to the
 * issue's rule: report counts equal a direct count of the matching posts, exactly, after
 * inserts, re-ingestion with changed enrichment, verification changes, author merges and deletes.
 * Posts naming several coins carry per-coin stances (migration 0012): a coin report counts each
 * post by its stance toward that coin, an event report by the post's label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, signedInApp } from '../support/test-app';
import {
  AUTHORS,
  COINS,
  copyClusters,
  detail as detailOf,
  expected as expectedOf,
  type Interval,
  LABELS,
  PAIRS,
  type Row,
  randomStances,
  rng,
  type Spec,
  save as saveOf,
} from './exactness-support';
import type { ReportPeriod } from '@kolscope/contract';
import type { VerifiedType } from '../../src/pipeline/types';

let t: TestApp;
let token: string;
const DAY = 86_400;
const WORDS = ['ETF approval', 'halving soon', 'exploit drained', 'gm', 'airdrop season', 'ETF 获批'];
const save = (specs: Spec[]) => saveOf(t, specs);
const expected = (match: (p: Row) => boolean, period: ReportPeriod, interval: Interval, coin?: string) =>
  expectedOf(t, match, period, interval, coin);
const detail = (path: string, viewId: string, period: string, interval: string) =>
  detailOf(t, token, path, viewId, period, interval);

let coinAll: string;
let groupId: string;
/** The group's rule as the test last set it. */
let rule = { min: 10_000, max: 1_000_000, white: ['103'], black: ['104'] };
let coinGroup: string;
let event: string;
let eventGroup: string;
let specs: Spec[];
/** The earlier posts of copy clusters that arrived after the rest (and took the lead). */
let lateLeaders: string[];

beforeAll(async () => {
  ({ t, token } = await signedInApp('analyst@example.com'));
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const r = rng(7);
  const rs = rng(8);
  specs = Array.from({ length: 600 }, (_, i) => {
    const coins = COINS.filter(() => r() < 0.45);
    return {
      id: String(9_000_000 + i),
      author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
      // Some posts a little in the future (clock skew) and some older than any period.
      ct: now - Math.floor(r() * 40 * DAY) + 120,
      coins,
      sentiment: LABELS[Math.floor(r() * 3)]!,
      stances: randomStances(rs, coins),
      text: `${WORDS[Math.floor(r() * WORDS.length)]} ${i}`,
    };
  });
  for (let i = 0; i < specs.length; i += 97) await save(specs.slice(i, i + 97));
  // Copy-paste clusters, half of whose leaders arrive late and take the lead (a repoint).
  const clusters = copyClusters(rng(9), now, 30, 9_800_000);
  await save(clusters.early);
  await save(clusters.late);
  lateLeaders = clusters.late.map((s) => s.id);
  specs.push(...clusters.early, ...clusters.late);

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
  // Their history is counted in the background (services/event-history.ts): to the end here;
  // so is the group's coin rollup (services/group-rollups.ts), which the reports then read.
  await t.services.eventHistory.drain();
  await t.services.groupRollups.drain();
  expect(await t.services.groupRollups.pending()).toEqual([]);
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
      await expected((p) => p.coins.includes('BTC'), period, interval, 'BTC'),
    );
    expect(await detail('view/v2/coin_opinion_detail', coinGroup, period, interval)).toEqual(
      await expected((p) => p.coins.includes('ETH') && inGroup(p, authorOf.get(p.id)!), period, interval, 'ETH'),
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
    // It has copies, and leaders that arrived after their copies (repointed clusters).
    const [folded] = await t.db.query<{ copies: number; repointed: number }>(
      `SELECT count(*) FILTER (WHERE copy_of IS NOT NULL)::int AS copies,
              count(*) FILTER (WHERE id = ANY($1::text[]) AND copy_of IS NULL
                               AND EXISTS (SELECT 1 FROM posts c WHERE c.copy_of = posts.id))::int AS repointed
       FROM posts`,
      [lateLeaders],
    );
    expect(folded!.copies).toBeGreaterThan(30);
    expect(folded!.repointed).toBeGreaterThan(10);
    expect(sample.sum_info.cnt_up_blue).toBeGreaterThan(0);
    expect(sample.sum_info.cnt_up_gold).toBeGreaterThan(0);
    await checkAll();
  });

  it('stay exact when posts are re-ingested with new coins, sentiment and text', async () => {
    const r = rng(11);
    const rs = rng(12);
    const changed = specs
      .filter(() => r() < 0.3)
      .map((s) => {
        const coins = COINS.filter(() => r() < 0.5);
        return {
          ...s,
          coins,
          sentiment: LABELS[Math.floor(r() * 3)]!,
          stances: randomStances(rs, coins),
          text: r() < 0.5 ? `ETF news ${s.id}` : `quiet day ${s.id}`,
        };
      });
    await save(changed);
    const now = new Map(changed.map((c) => [c.id, c]));
    specs = specs.map((s) => now.get(s.id) ?? s);
    await checkAll();
  });

  it('count each coin by its stance, and stay exact when only the stances change', async () => {
    const stored = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM posts WHERE coins @> ARRAY['BTC'] AND cardinality(coin_stances) > 0
         AND coin_stances[array_position(coins, 'BTC')] <> sentiment`,
    );
    // The data has posts whose BTC stance differs from their label, so the BTC report sees them.
    expect(stored[0]!.n).toBeGreaterThan(5);
    const r = rng(13);
    // Same text, coins and label; only the stances move (a re-read by a new stance reader).
    const multi = specs.filter((s) => s.coins.length > 1);
    expect(multi.length).toBeGreaterThan(50);
    await save(multi.filter(() => r() < 0.5).map((s) => ({ ...s, stances: randomStances(r, s.coins) })));
    await checkAll();
    // Rows stored before stances existed (NULL) count with the post's label.
    await t.db.query(`UPDATE posts SET coin_stances = NULL WHERE id IN (
      SELECT id FROM posts WHERE cardinality(coin_stances) > 0 ORDER BY id LIMIT 30)`);
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
    await t.services.eventHistory.drain();
    expect(await detail('view/v2/event_opinion_detail', event, '1m', '1d')).toEqual(
      await expected((p) => /halving/i.test(p.text), '1m', '1d'),
    );
  });
});
