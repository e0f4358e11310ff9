import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let bob: string;
type Group = { id: string; name: string; kol_cnt: number; is_default: boolean; twitter_user_fans: [number, number] };
const groups = async (token: string, lang?: string) =>
  (await t.call('kol_group/list', {}, { token, lang })).body.data as Group[];
const group = (name: string, fans: [number, number], white: string[] = [], black: string[] = []) => ({
  name,
  twitterUserFans: fans,
  whiteTwitterUserIds: white,
  blackTwitterUserIds: black,
});

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['admin@example.com'] });
  ann = await registerAndLogin(t, 'ann@example.com');
  bob = await registerAndLogin(t, 'bob@example.com');
  // Accounts 1..30 with 1k..30k followers, all tracked; 999 is an untracked account.
  await storePosts(
    t.db,
    Array.from({ length: 30 }, (_, i) => ({
      text: 'gm',
      ct: 1_763_000_000 + i,
      authorId: String(i + 1),
      username: `kol_${i + 1}`,
      followers: (i + 1) * 1000,
    })),
  );
  await storePosts(t.db, [
    { text: 'gm', ct: 1_763_000_100, authorId: '999', username: 'outsider', followers: 500_000 },
  ]);
  await t.db.query(`UPDATE x_accounts SET tracked = false WHERE id = '999'`);
});
afterAll(() => t.close());

describe('default groups', () => {
  it('gives every user All KOLs, Top Influencers and Special Focus, named in the reader language', async () => {
    const list = await groups(ann);
    expect(list.map((g) => [g.name, g.is_default, g.kol_cnt])).toEqual([
      ['All KOLs', true, 30],
      ['Top Influencers', true, 0],
      ['Special Focus', true, 0],
    ]);
    expect((await groups(ann, 'zh-CN')).map((g) => g.name)).toEqual(['全部 KOL', '头部大 V', '特别关注']);
    expect((await groups(ann)).map((g) => (g as unknown as { default_role: string }).default_role)).toEqual([
      'all',
      'top',
      'whitelistOnly',
    ]);
  });
  it('cannot remove a default group', async () => {
    const [all] = await groups(ann);
    expect((await t.call('kol_group/delete', { groupId: all!.id }, { token: ann })).body).toEqual({
      ret: 409,
      msg: 'Default groups cannot be removed',
    });
  });
});

describe('membership', () => {
  it('is the range plus the whitelist minus the blacklist, and follows follower counts', async () => {
    // 10k..20k holds accounts 10..20 (11); + whitelist 999 and 2; - blacklist 15.
    const res = await t.call('kol_group/add', group(' Mid caps ', [20_000, 10_000], ['999', '2', '2', ' '], ['15']), {
      token: ann,
    });
    expect(res.body).toEqual({ ret: 1, data: null });
    const mid = (await groups(ann)).find((g) => g.name === 'Mid caps')!;
    expect(mid.twitter_user_fans).toEqual([10_000, 20_000]);
    expect(mid.kol_cnt).toBe(12);
    const members = async (nextCb = '') =>
      (await t.call('kol_group/twitter_user_list', { groupId: mid.id, nextCb }, { token: ann })).body.data as {
        list: { id: string; followers_count: number }[];
        more: number;
        next_cb: string;
      };
    const first = await members();
    expect(first.list.map((u) => u.id)).toEqual([
      '999',
      '20',
      '19',
      '18',
      '17',
      '16',
      '14',
      '13',
      '12',
      '11',
      '10',
      '2',
    ]);
    expect(first.more).toBe(0);
    // Account 25 drops into the range; account 12 grows out of it.
    await t.db.query(`UPDATE x_accounts SET followers_count = 15500 WHERE id = '25'`);
    await t.db.query(`UPDATE x_accounts SET followers_count = 90000 WHERE id = '12'`);
    expect((await groups(ann)).find((g) => g.id === mid.id)!.kol_cnt).toBe(12);
    expect((await members()).list.map((u) => u.id)).toContain('25');
    expect((await members()).list.map((u) => u.id)).not.toContain('12');
    const info = (await t.call('kol_group/info', { groupId: mid.id }, { token: ann })).body.data as {
      white_twitter_users: { id: string }[];
      black_twitter_users: { id: string }[];
    };
    expect(info.white_twitter_users.map((u) => u.id).sort()).toEqual(['2', '999']);
    expect(info.black_twitter_users.map((u) => u.id)).toEqual(['15']);
  });
  it('lists only the whitelist of Special Focus', async () => {
    const focus = (await groups(ann)).find((g) => g.name === 'Special Focus')!;
    await t.call('kol_group/update', { groupId: focus.id, ...group('ignored', [0, 0], ['3', '999']) }, { token: ann });
    const page = (await t.call('kol_group/twitter_user_list', { groupId: focus.id }, { token: ann })).body.data as {
      list: { id: string }[];
    };
    expect(page.list.map((u) => u.id)).toEqual(['999', '3']);
    expect((await groups(ann)).find((g) => g.id === focus.id)).toMatchObject({ name: 'Special Focus', kol_cnt: 2 });
  });

  it('pages members in a stable order, and "all" lists every tracked KOL', async () => {
    const all = (await t.call('kol_group/twitter_user_list', { groupId: 'all' }, { token: ann })).body.data as {
      list: { id: string }[];
      more: number;
      next_cb: string;
    };
    expect(all.list.length).toBe(20);
    expect(all.more).toBe(1);
    const rest = (await t.call('kol_group/twitter_user_list', { groupId: 'all', nextCb: all.next_cb }, { token: ann }))
      .body.data as { list: { id: string }[]; more: number };
    expect(rest.more).toBe(0);
    expect(new Set([...all.list, ...rest.list].map((u) => u.id)).size).toBe(30);
  });
});

describe('validation and ownership', () => {
  it('refuses a blank or long name and unknown accounts', async () => {
    expect((await t.call('kol_group/add', group('  ', [0, 0]), { token: ann })).body.msg).toBe(
      'Please enter the group name',
    );
    expect((await t.call('kol_group/add', group('x'.repeat(21), [0, 0]), { token: ann })).body.msg).toBe(
      'The group name has at most 20 characters',
    );
    expect((await t.call('kol_group/add', group('Ghosts', [0, 0], ['123456']), { token: ann })).body).toEqual({
      ret: 400,
      msg: 'Unknown account "123456"',
    });
    expect(
      (await t.call('kol_group/add', { ...group('Bad', [0, 0]), twitterUserFans: [-1, 5] }, { token: ann })).status,
    ).toBe(400);
  });
  it('answers "not found" for another user\'s group', async () => {
    const bobsGroup = (await groups(bob)).at(-1)!;
    for (const [path, body] of [
      ['kol_group/info', { groupId: bobsGroup.id }],
      ['kol_group/twitter_user_list', { groupId: bobsGroup.id }],
      ['kol_group/delete', { groupId: bobsGroup.id }],
      ['kol_group/update', { groupId: bobsGroup.id, ...group('Mine', [0, 0]) }],
    ] as const) {
      expect((await t.call(path, body, { token: ann })).body, path).toEqual({ ret: 404, msg: 'Not found' });
    }
  });
  it('updates and deletes a group of its own', async () => {
    await t.call('kol_group/add', group('Temp', [0, 0]), { token: bob });
    const temp = (await groups(bob)).find((g) => g.name === 'Temp')!;
    expect(
      (await t.call('kol_group/update', { groupId: temp.id, ...group('Whales', [25_000, 0]) }, { token: bob })).body
        .ret,
    ).toBe(1);
    expect((await groups(bob)).find((g) => g.id === temp.id)).toMatchObject({ name: 'Whales', kol_cnt: 6 });
    expect((await t.call('kol_group/delete', { groupId: temp.id }, { token: bob })).body.ret).toBe(1);
    expect((await groups(bob)).some((g) => g.id === temp.id)).toBe(false);
  });
});

describe('all KOLs and missing-KOL review', () => {
  it('pages all KOLs by size and stops after 10 pages', async () => {
    let res = (await t.call('kol_group/all_kols', { query: '', size: 3 }, { token: ann })).body.data as {
      list: unknown[];
      more: number;
      next_cb: string;
    };
    let pages = 1;
    while (res.more) {
      res = (await t.call('kol_group/all_kols', { query: '', size: 3, nextCb: res.next_cb }, { token: ann })).body
        .data as typeof res;
      pages++;
    }
    expect(pages).toBe(10);
    expect((await t.call('kol_group/all_kols', { query: '', size: 21 }, { token: ann })).status).toBe(400);
  });
  it('queues a submission for administrators, who approve it into tracking', async () => {
    expect(
      (await t.call('kol_group/add_unlisted_twitter_user', { twitterUserName: '  @Outsider ' }, { token: ann })).body
        .ret,
    ).toBe(1);
    expect(
      (await t.call('kol_group/add_unlisted_twitter_user', { twitterUserName: '@' }, { token: ann })).body.msg,
    ).toBe('Please enter the username');
    await t.call('kol_group/add_unlisted_twitter_user', { twitterUserName: 'brand_new_kol' }, { token: bob });
    expect((await t.call('admin/kol_submissions', {}, { token: ann })).status).toBe(403);
    const admin = await registerAndLogin(t, 'admin@example.com');
    const pending = (await t.call('admin/kol_submissions', {}, { token: admin })).body.data as {
      submission_id: string;
      twitter_user_name: string;
      submitted_by: string;
    }[];
    expect(pending.map((p) => p.twitter_user_name).sort()).toEqual(['Outsider', 'brand_new_kol']);
    const outsider = pending.find((p) => p.twitter_user_name === 'Outsider')!;
    expect(
      (await t.call('admin/kol_review', { submissionId: outsider.submission_id, approve: true }, { token: admin })).body
        .ret,
    ).toBe(1);
    expect(await t.db.query(`SELECT tracked FROM x_accounts WHERE id = '999'`)).toEqual([{ tracked: true }]);
    const fresh = pending.find((p) => p.twitter_user_name === 'brand_new_kol')!;
    await t.call('admin/kol_review', { submissionId: fresh.submission_id, approve: true }, { token: admin });
    expect(await t.db.query(`SELECT id, tracked FROM x_accounts WHERE username = 'brand_new_kol'`)).toEqual([
      { id: 'handle:brand_new_kol', tracked: true },
    ]);
    expect(
      (await t.call('admin/kol_review', { submissionId: fresh.submission_id, approve: false }, { token: admin }))
        .status,
    ).toBe(404);
    expect(((await t.call('admin/kol_submissions', {}, { token: admin })).body.data as unknown[]).length).toBe(0);
  });
});
