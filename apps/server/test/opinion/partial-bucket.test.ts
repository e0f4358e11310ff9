/**
 * The bucket holding "now" is marked partial, with the share of it gone by, in opinion reports
 * and administrator statistics alike; no other bucket is (issue 12, 1.2).
 */
import { REPORT_INTERVALS, type ReportPeriod, STAT_INTERVALS_BY_PERIOD, STAT_PERIODS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

type Bucket = { ct: number; partial?: boolean; elapsed?: number };
const SECONDS: Record<string, number> = { '1m': 60, '5m': 300, '15m': 900, '30m': 1800, '1h': 3600, '1d': 86_400 };
SECONDS['1w'] = 7 * 86_400;

let t: TestApp;
let admin: string;
let coinView: string;
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

/** Exactly the bucket holding now is partial, with the elapsed share of it. */
function expectPartialNow(list: Bucket[], intervalS: number) {
  const now = nowS();
  const holding = list.filter((b) => b.ct <= now && now < b.ct + intervalS);
  expect(holding).toHaveLength(1);
  expect(list.at(-1)).toBe(holding[0]);
  expect(list.filter((b) => b.partial !== undefined || b.elapsed !== undefined)).toEqual([
    { ...holding[0], partial: true, elapsed: Math.round(((now - holding[0]!.ct) / intervalS) * 1000) / 1000 },
  ]);
}

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['admin@example.com'] });
  admin = await registerAndLogin(t, 'admin@example.com');
  // Half an hour into a UTC hour, so the hourly bucket holding now is half gone by.
  t.clock.advance(3600 - (nowS() % 3600) + 1800);
  await storePosts(t.db, [{ text: 'BTC up', ct: nowS() - 60, coins: ['BTC'], sentiment: 'bullish' }]);
  const add = await t.call('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: '' }, { token: admin });
  coinView = (add.body.data as { view_id: string; subs: { view_id: string }[] }[]).find(
    (v) => v.view_id === 'coin_opinion',
  )!.subs[0]!.view_id;
});

afterAll(async () => {
  await t?.close();
});

const reportPairs = (Object.keys(REPORT_INTERVALS) as ReportPeriod[]).flatMap((period) =>
  REPORT_INTERVALS[period].map((interval) => ({ period, interval })),
);

async function report(period: string, interval: string) {
  const res = await t.call('view/v2/coin_opinion_detail', { viewId: coinView, period, interval }, { token: admin });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return (res.body.data as { interval_list: Bucket[] }).interval_list;
}

describe('the partial last bucket', () => {
  it.each(reportPairs)('is marked in a report of $period at $interval', async ({ period, interval }) => {
    expectPartialNow(await report(period, interval), SECONDS[interval]!);
  });

  it('moves to the new bucket when an hour starts, at 0 % gone by', async () => {
    const before = await report('1d', '1h');
    expect(before.at(-1)!.elapsed).toBe(0.5);
    t.clock.advance(1800);
    const after = await report('1d', '1h');
    expect(after.at(-1)).toEqual({ ...after.at(-1), ct: before.at(-1)!.ct + 3600, partial: true, elapsed: 0 });
    expect(after.at(-2)!.partial).toBeUndefined();
    expectPartialNow(after, 3600);
  });

  const statPairs = STAT_PERIODS.flatMap((period) =>
    STAT_INTERVALS_BY_PERIOD[period].map((interval) => ({ period, interval })),
  );
  it.each(statPairs)('is marked in every statistics series of $period at $interval', async ({ period, interval }) => {
    for (const statType of ['count_tweet', 'count_category_tweet']) {
      const res = await t.call('admin/stat', { statType, period, interval }, { token: admin });
      expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
      for (const table of res.body.data as { table_list: Bucket[] }[]) {
        expectPartialNow(table.table_list, SECONDS[interval]!);
      }
    }
  });
});
