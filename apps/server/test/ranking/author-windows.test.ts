/**
 * The previous window of a distinct-author ranking (newCoinEntry, fastestRising) is read back as
 * it was written down when it closed (migration 0010): by a ranking asked then, or by the minute
 * recorder for the ranges views compare with. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { RANK_MIN_KOLS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochSeconds } from '../../src/domain/clock';
import { type TestApp, signedInApp } from '../support/test-app';
import { savePosts } from './support';

let t: TestApp;
let token: string;
const HOUR = 3600;

beforeAll(async () => {
  ({ t, token } = await signedInApp('windows@example.com'));
});
afterAll(() => t.close());

/** A new, empty stretch of time, signed in again (sessions last 7 days); the current minute's start. */
async function fresh(): Promise<number> {
  t.clock.advance(40 * 86_400);
  const login = await t.call('account/login', { email: 'windows@example.com', passwd: 'secret-pass' });
  token = (login.body.data as { token: string }).token;
  const now = epochSeconds(t.clock.now());
  return now - (now % 60);
}

async function addRank(settings: Record<string, unknown>): Promise<string> {
  const res = await t.call(
    'view/add',
    { name: 'Windows', viewType: 'ranking_list', matchingRules: [], ...settings },
    { token },
  );
  expect(res.body.ret).toBe(1);
  const list = res.body.data as { view_id: string; view_type: string }[];
  return list.filter((v) => v.view_type === 'ranking_list').at(-1)!.view_id;
}

const windows = () => t.services.rankingWindows;
const kolsOf = (counts: { coin: string; kols: number }[], coin: string) => counts.find((c) => c.coin === coin)?.kols;

describe('recorded ranking windows', () => {
  it('give the previous window as it was counted when it closed', async () => {
    const end = await fresh();
    await savePosts(t.db, [
      { ct: end - 100, coins: ['OP'], author: 'w1' },
      { ct: end - 200, coins: ['OP'], author: 'w2' },
    ]);
    const closing = await windows().current(HOUR, { start: end - HOUR, end });
    expect(kolsOf(closing, 'OP')).toBe(2);

    // An hour on, that window is the previous one; a post that arrived late for it is not in it.
    t.clock.advance(HOUR);
    await savePosts(t.db, [{ ct: end - 300, coins: ['OP'], author: 'late' }]);
    const previous = await windows().previous(HOUR, { start: end - HOUR, end });
    expect(kolsOf(previous, 'OP')).toBe(2);
  });

  it('count a previous window nobody wrote down, and write it down', async () => {
    const end = await fresh();
    await savePosts(t.db, [
      { ct: end - HOUR - 100, coins: ['ARB'], author: 'p1' },
      { ct: end - HOUR - 200, coins: ['ARB'], author: 'p2' },
      { ct: end - HOUR - 300, coins: ['ARB'], author: 'p2' },
    ]);
    const w = { start: end - 2 * HOUR, end: end - HOUR };
    expect(await t.db.query('SELECT 1 FROM ranking_author_windows WHERE window_end = $1', [w.end])).toEqual([]);
    expect(kolsOf(await windows().previous(HOUR, w), 'ARB')).toBe(2);
    expect(await t.db.query('SELECT 1 FROM ranking_author_windows WHERE window_end = $1', [w.end])).toHaveLength(1);
  });

  it('are written each minute for the ranges of views that compare windows, and forgotten after 30 days', async () => {
    const end = await fresh();
    await addRank({ sortingIndicatorType: 'kol_count', newCoinEntry: true, statRangeSeconds: 7200 });
    await addRank({ sortingIndicatorType: 'kol_score', fastestRising: true, statRangeSeconds: 5400 });
    // A heat ranking that compares needs them too (its minimum volume counts distinct KOLs)...
    await addRank({ sortingIndicatorType: 'hot', newCoinEntry: true, statRangeSeconds: 600 });
    // ...one that does not compare does not.
    await addRank({ sortingIndicatorType: 'kol_count', statRangeSeconds: 900 });
    await savePosts(t.db, [{ ct: end - 60, coins: ['TIA'], author: 'r1' }]);

    expect((await windows().recordInUse()).sort()).toEqual([5400, 600, 7200]);
    const rows = await t.db.query<{ range_seconds: number }>(
      'SELECT range_seconds FROM ranking_author_windows WHERE window_end = $1 ORDER BY 1',
      [end],
    );
    expect(rows.map((r) => r.range_seconds)).toEqual([600, 5400, 7200]);

    t.clock.advance(31 * 86_400);
    await windows().recordInUse();
    expect(await t.db.query('SELECT 1 FROM ranking_author_windows WHERE window_end = $1', [end])).toEqual([]);
  });

  it('mark a coin new against the recorded previous window', async () => {
    const end = await fresh();
    const view = await addRank({ sortingIndicatorType: 'kol_count', newCoinEntry: true, statRangeSeconds: HOUR });
    // The window before: only SUI; written down by the recorder as it closes.
    await savePosts(t.db, [{ ct: end - 100, coins: ['SUI'], author: 'n1' }]);
    await windows().recordInUse();
    t.clock.advance(HOUR);
    // Now SUI again, and SEI by enough KOLs to be a new entry (RANK_MIN_KOLS).
    await savePosts(t.db, [
      { ct: end + 100, coins: ['SUI'], author: 'n1' },
      ...Array.from({ length: RANK_MIN_KOLS }, (_, i) => ({ ct: end + 200 + i, coins: ['SEI'], author: `n2-${i}` })),
    ]);
    const res = await t.call('view/ranking_list', { viewId: view }, { token });
    const list = (res.body.data as { list: { coin: string; is_new: boolean }[] }).list;
    expect(list.find((i) => i.coin === 'SUI')?.is_new).toBe(false);
    expect(list.find((i) => i.coin === 'SEI')?.is_new).toBe(true);
  });
});
