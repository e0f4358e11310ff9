/**
 * view/restore_defaults: the fixed default views a user deleted come back, once, at the head of
 * the tabs; nothing else is made, and another user's views are untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
type Item = { view_id: string; name: string; view_type: string; fixed: boolean };
type Restored = { restored: { view_id: string; name: string }[] };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = async (token: string, lang?: string) =>
  (await t.call('view/v2/list', {}, { token, lang })).body.data as Item[];
const restore = async (token: string, lang?: string) => {
  const res = await t.call('view/restore_defaults', {}, { token, lang });
  expect(res.body.ret).toBe(1);
  return res.body.data as Restored;
};
const fixedOf = (items: Item[]) => items.filter((i) => i.fixed && !i.view_id.includes('_'));

async function deleteFixed(token: string) {
  for (const v of fixedOf(await list(token))) {
    expect((await t.call('view/delete', { viewId: v.view_id }, { token })).body.ret).toBe(1);
  }
}

describe('view/restore_defaults', () => {
  it('makes nothing when no default view is missing', async () => {
    const ann = await registerAndLogin(t, 'restore-none@example.com');
    const before = await list(ann);
    expect((await restore(ann)).restored).toEqual([]);
    expect(await list(ann)).toEqual(before);
  });

  it('brings back deleted Hot Coins and All KOLs at the head of the tabs, and only them', async () => {
    const ann = await registerAndLogin(t, 'restore-both@example.com');
    const btc = (await list(ann)).find((i) => i.name === 'Bitcoin')!;
    await t.call('view/delete', { viewId: btc.view_id }, { token: ann });
    await deleteFixed(ann);
    expect((await list(ann)).map((i) => i.name)).toEqual(['Coin Sentiment', 'Event Sentiment', 'Ethereum']);

    const { restored } = await restore(ann, 'zh-CN');
    expect(restored.map((r) => r.name)).toEqual(['热门币种', '全部 KOL']);
    const items = await list(ann);
    // Fixed names follow the reader's language; the user's own Bitcoin feed stays deleted.
    expect(items.map((i) => [i.name, i.view_type, i.fixed])).toEqual([
      ['Hot Coins', 'hot_coins', true],
      ['All KOLs', 'content_feed', true],
      ['Coin Sentiment', 'coin_opinion', true],
      ['Event Sentiment', 'event_opinion', true],
      ['Ethereum', 'content_feed', false],
    ]);
    expect(items.slice(0, 2).map((i) => i.view_id)).toEqual(restored.map((r) => r.view_id));
    expect((await restore(ann)).restored).toEqual([]);
  });

  it('restores only the missing one', async () => {
    const ann = await registerAndLogin(t, 'restore-one@example.com');
    const hot = (await list(ann)).find((i) => i.view_type === 'hot_coins')!;
    await t.call('view/delete', { viewId: hot.view_id }, { token: ann });
    const { restored } = await restore(ann);
    expect(restored.map((r) => r.name)).toEqual(['Hot Coins']);
    expect(fixedOf(await list(ann)).map((i) => i.name)).toEqual(['Hot Coins', 'All KOLs']);
  });

  it('makes each view once under parallel calls', async () => {
    const ann = await registerAndLogin(t, 'restore-parallel@example.com');
    for (let round = 0; round < 3; round++) {
      await deleteFixed(ann);
      const answers = await Promise.all(Array.from({ length: 8 }, () => restore(ann)));
      expect(answers.flatMap((a) => a.restored.map((r) => r.name)).sort()).toEqual(['All KOLs', 'Hot Coins']);
      expect(fixedOf(await list(ann)).map((i) => i.name)).toEqual(['Hot Coins', 'All KOLs']);
    }
  });

  it('works for a user whose views were never listed', async () => {
    const fresh = await registerAndLogin(t, 'restore-fresh@example.com');
    expect((await restore(fresh)).restored).toEqual([]);
    expect((await list(fresh)).length).toBe(6);
  });

  it("touches only the caller's views", async () => {
    const ann = await registerAndLogin(t, 'restore-ann@example.com');
    const bob = await registerAndLogin(t, 'restore-bob@example.com');
    await deleteFixed(ann);
    await deleteFixed(bob);
    await restore(ann);
    expect(fixedOf(await list(ann)).length).toBe(2);
    expect(fixedOf(await list(bob))).toEqual([]);
  });

  it('needs a session and an object body', async () => {
    expect((await t.call('view/restore_defaults', {})).status).toBe(401);
    const ann = await registerAndLogin(t, 'restore-body@example.com');
    for (const raw of ['[1,2]', '"x"', '{bad json']) {
      const res = await t.call('view/restore_defaults', undefined, { token: ann, raw });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBeTruthy();
    }
  });
});
