/**
 * Feeds fold copies (issue 17 §3): a copy whose leader the view shows is left out and the leader
 * says "and N others"; a copy whose leader the view does not show stays as itself; hidden copies
 * are no new items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { storeAs } from './support';

type Card = { id: string; copies?: { count: number; users: { username: string; name: string; icon: string }[] } };
type Page = { list: Card[]; more: number; next_cb: string };

const PROMO = 'Funding on $BTC still negative while price grinds up, shorts are trapped. Longing with 50x';
const T0 = 1_765_000_000;
let t: TestApp;
let token: string;

async function viewWith(matchingRules: unknown[]): Promise<string> {
  const res = await t.call('view/add', { name: 'v', viewType: 'content_feed', matchingRules }, { token });
  return (res.body.data as { view_id: string }[]).at(-1)!.view_id;
}
async function page(viewId: string, extra: Record<string, unknown> = {}): Promise<Page> {
  return (await t.call('view/v2/tweets', { viewId, ...extra }, { token })).body.data as Page;
}

beforeAll(async () => {
  t = await startTestApp({ feedCacheMs: 0 });
  token = await registerAndLogin(t, 'folder@example.com');
  await storeAs(db(), [
    { id: 'lead', author: 'alpha', text: PROMO, ct: T0, followers: 50_000 },
    { id: 'other', author: 'echo', text: 'BTC dominance keeps rising while alts bleed out, patience', ct: T0 + 30 },
  ]);
  await storeAs(db(), [
    { id: 'copy1', author: 'bravo', text: `${PROMO} 🚀`, ct: T0 + 60, followers: 900 },
    { id: 'copy2', author: 'charlie', text: `${PROMO} https://t.me/x/1`, ct: T0 + 120, followers: 800 },
    { id: 'copy3', author: 'delta', text: `@whale_alerts ${PROMO.toUpperCase()}`, ct: T0 + 180, followers: 700 },
  ]);
});
afterAll(() => t.close());
const db = () => t.db;

describe('feeds fold copies', () => {
  it('shows the leader once with the accounts that copied it', async () => {
    const p = await page(await viewWith([{ type: 'keywords', rules: [{ value: 'funding' }] }]));
    expect(p.list.map((c) => c.id)).toEqual(['lead']);
    expect(p.list[0]!.copies!.count).toBe(3);
    expect(p.list[0]!.copies!.users.map((u) => u.username)).toEqual(['bravo', 'charlie', 'delta']);
    expect(p.more).toBe(0);
  });

  it('keeps a copy as itself when the view does not show its leader', async () => {
    const small = await viewWith([{ type: 'fans', rules: [{ data: { minFans: 1, maxFans: 1000 } }] }]);
    const p = await page(small);
    expect(p.list.map((c) => c.id)).toEqual(['copy3', 'copy2', 'copy1']);
    expect(p.list.every((c) => c.copies === undefined)).toBe(true);
  });

  it('pages over hidden copies without skipping or repeating', async () => {
    // 18 newer posts by one account (never copies of each other): page 1 holds them and copy3,
    // copy2 (hidden); page 2 starts at copy1 (hidden), then the others and the leader.
    await storeAs(
      db(),
      Array.from({ length: 18 }, (_, i) => ({
        id: `note${i}`,
        author: 'golf',
        text: `BTC note ${i}: watching the range`,
        ct: T0 + 1000 + i,
        followers: 5000,
      })),
    );
    const v = await viewWith([{ type: 'keywords', rules: [{ value: 'btc' }] }]);
    const first = await page(v);
    expect(first.list).toHaveLength(18);
    expect(first.more).toBe(1);
    const second = await page(v, { nextCb: first.next_cb });
    expect(second.list.map((c) => c.id)).toEqual(['other', 'lead']);
    expect(second.list[0]!.copies).toBeUndefined();
    expect(second.list[1]!.copies!.count).toBe(3);
  });

  it('does not count hidden copies as new items', async () => {
    const v = await viewWith([{ type: 'keywords', rules: [{ value: 'funding' }] }]);
    expect((await page(v, { newerThan: 'lead' })).list).toEqual([]);
    await storeAs(db(), [{ id: 'copy4', author: 'foxtrot', text: `${PROMO}!!`, ct: T0 + 240 }]);
    expect((await page(v, { newerThan: 'lead' })).list).toEqual([]);
    expect((await page(v)).list[0]!.copies!.count).toBe(4);
  });
});
