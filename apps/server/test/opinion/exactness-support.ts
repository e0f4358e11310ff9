/**
 * What the opinion exactness tests share: posts written through the ingest path, the direct
 * count of the stored posts a report must equal, and the report call itself.
 */
import { REPORT_INTERVALS, type ReportPeriod } from '@kolscope/contract';
import { expect } from 'vitest';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import type { Enrichment, RawPost, SentimentLabel, VerifiedType } from '../../src/pipeline/types';
import { reportWindow } from '../../src/services/opinion-window';
import type { TestApp } from '../support/test-app';

export { prng as rng } from '../support/prng';

export const AUTHORS: { id: string; blue: boolean; type: VerifiedType; followers: number }[] = [
  { id: '101', blue: true, type: 'blue', followers: 500_000 },
  { id: '102', blue: false, type: 'business', followers: 2_000_000 },
  { id: '103', blue: false, type: 'none', followers: 800 },
  { id: '104', blue: true, type: 'blue', followers: 40_000 },
  { id: '105', blue: false, type: 'government', followers: 90_000 },
  { id: '106', blue: false, type: 'none', followers: 3_000 },
];
export const COINS = ['BTC', 'ETH', 'SOL'];
export const LABELS: SentimentLabel[] = ['bullish', 'neutral', 'bearish'];

export interface Spec {
  id: string;
  author: (typeof AUTHORS)[number];
  ct: number;
  coins: string[];
  sentiment: SentimentLabel;
  /** Stances that differ from the post's label, per coin. */
  stances?: Record<string, SentimentLabel>;
  text: string;
}

/** Random stances for a post naming several coins (about half of them differ from the post). */
export function randomStances(r: () => number, coins: string[]): Record<string, SentimentLabel> {
  if (coins.length < 2) return {};
  return Object.fromEntries(coins.filter(() => r() < 0.5).map((c) => [c, LABELS[Math.floor(r() * 3)]!]));
}

export async function save(t: TestApp, specs: Spec[]) {
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
    ...(s.stances ? { coinStances: s.stances } : {}),
    lang: 'en',
  }));
  await saveBatch(
    t.db,
    { source: 'test', posts, enrichments, cursor: null, rejected: 0, now: t.clock.now() },
    storeHooks,
  );
}

export type Row = {
  ct: number;
  coins: string[];
  coin_stances: number[] | null;
  sentiment: number;
  text: string;
  cls: number;
  followers: number;
  id: string;
  copy_of: string | null;
};

/** The label a post counts with: toward `coin` when given (its stance, else the post's). */
export function labelOf(p: Row, coin?: string): number {
  if (coin === undefined) return p.sentiment;
  return p.coin_stances?.[p.coins.indexOf(coin)] ?? p.sentiment;
}

export type Interval = (typeof REPORT_INTERVALS)[ReportPeriod][number];

/**
 * The direct count: every stored post but copies (a copy-paste cluster counts once, for its leader),
 * bucketed the way the report says, toward `coin` when given.
 */
export async function expected(
  t: TestApp,
  match: (p: Row) => boolean,
  period: ReportPeriod,
  interval: Interval,
  coin?: string,
) {
  const rows = await t.db.query<Row>(
    `SELECT p.id, p.copy_of, p.ct::float8 AS ct, p.coins, p.coin_stances, p.sentiment, p.text,
            a.followers_count::float8 AS followers, author_class(a.is_blue_verified, a.verified_type) AS cls
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
    if (p.copy_of !== null || p.ct < w.from || p.ct >= w.to || !match(p)) continue;
    const i = Math.floor((p.ct - w.from) / w.intervalS);
    const label = labelOf(p, coin);
    const key = label === 1 ? 'cnt_up' : label === -1 ? 'cnt_down' : 'cnt_neutral';
    buckets[i]![key]++;
    sum[key]++;
    if (p.cls === 1) sum[`${key}_blue`]++;
    if (p.cls === 2) sum[`${key}_gold`]++;
  }
  return { interval_list: buckets, sum_info: sum };
}

export async function detail(
  t: TestApp,
  token: string,
  path: string,
  viewId: string,
  period: string,
  interval: string,
): Promise<unknown> {
  const res = await t.call(path, { viewId, period, interval }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  // The counts only: the partial mark of the last bucket has a test of its own (partial-bucket).
  const { interval_list, ...rest } = res.body.data as { interval_list: Record<string, unknown>[] };
  return { ...rest, interval_list: interval_list.map(({ partial: _p, elapsed: _e, ...counts }) => counts) };
}

/**
 * Copy-paste clusters (issue 17 §3): `clusters` texts, each posted by 2 to 5 different authors
 * minutes apart, 23 hours between clusters (so no two fold together), from `now - 20 min` back.
 * `late` holds each cluster's earliest post for half the clusters: saved after the rest, it takes
 * the lead of the stored cluster (a repoint). Every text names ETF in even clusters.
 */
export function copyClusters(
  r: () => number,
  now: number,
  clusters: number,
  idBase: number,
): { early: Spec[]; late: Spec[] } {
  const early: Spec[] = [];
  const late: Spec[] = [];
  for (let k = 0; k < clusters; k++) {
    const base = now - 1200 - k * 23 * 3600;
    const size = 2 + Math.floor(r() * 4);
    const authors = [...AUTHORS].sort(() => r() - 0.5).slice(0, size);
    const coins = COINS.filter(() => r() < 0.6);
    const sentiment = LABELS[Math.floor(r() * 3)]!;
    const text = `${k % 2 ? 'Huge news' : 'ETF news'}: wave ${k} says buy now before the pump $${coins[0] ?? 'DOGE'}`;
    const members = authors.map((author, j) => ({
      id: String(idBase + k * 10 + j),
      author,
      ct: base + j * 180,
      coins,
      sentiment,
      text,
    }));
    if (k % 2 === 0) {
      late.push(members[0]!);
      early.push(...members.slice(1));
    } else early.push(...members);
  }
  return { early, late };
}

export const PAIRS = (Object.keys(REPORT_INTERVALS) as ReportPeriod[]).flatMap((period) =>
  REPORT_INTERVALS[period].map((interval) => [period, interval] as const),
);
