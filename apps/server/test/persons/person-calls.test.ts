/**
 * One KOL, several networks over HTTP (issue 17 §2): admin/kol_merge and admin/kol_unmerge (only
 * administrators; clear errors in both languages), kol/profile showing the person's accounts and
 * largest audience from any of its account ids, kol/posts from every account, cross-links stated
 * by the accounts (mutual: merged; one-sided: a suggestion the administrator decides), and the
 * KOL_LINKS notation. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { parseKolLinks, profileRefs } from '../../src/domain/persons/profile-refs';
import { systemClock } from '../../src/domain/clock';
import { persons } from '../../src/services/persons';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import { rawPost } from '../support/posts';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const T0 = 1_763_000_000;
let t: TestApp;
let admin: string;
let user: string;

type Account = { id: string; network: string; username: string; followers_count: number; url?: string };

/** Stores one post by an account that says `bio` and `links` about itself. */
async function storeAuthor(
  id: string,
  username: string,
  network: 'x' | 'telegram' | 'bluesky' | 'farcaster',
  followers: number,
  bio = '',
  links: string[] = [],
) {
  const post = rawPost({ id: `${id}/1`, createdAt: T0 });
  post.author = { ...post.author, id, username, followersCount: followers, network, bio, links };
  await saveBatch(
    t.db,
    {
      source: 'test',
      posts: [post],
      enrichments: [
        { coins: ['BTC'], categories: [], sentiment: { label: 'bullish', score: 0, cues: [] }, lang: 'en' },
      ],
      cursor: null,
      rejected: 0,
      now: new Date(),
    },
    storeHooks,
  );
}

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['admin@example.com'] });
  admin = await registerAndLogin(t, 'admin@example.com', 'secret-pass', '10.9.2.1');
  user = await registerAndLogin(t, 'user@example.com', 'secret-pass', '10.9.2.2');
  await storePosts(t.db, [
    {
      id: '9001',
      text: '$ETH x post',
      ct: T0 + 1,
      authorId: '501',
      username: 'delta',
      followers: 4_000,
      coins: ['ETH'],
    },
    {
      id: 'tg:delta_ch/7',
      text: '$ETH tg post',
      ct: T0 + 2,
      authorId: 'tg:delta_ch',
      username: 'delta_ch',
      followers: 60_000,
      coins: ['ETH'],
    },
  ]);
});
afterAll(() => t.close());

describe('admin/kol_merge and admin/kol_unmerge', () => {
  it('are for administrators only', async () => {
    expect((await t.call('admin/kol_merge', { twitterUserIds: ['501', 'tg:delta_ch'] })).status).toBe(401);
    const refused = await t.call('admin/kol_merge', { twitterUserIds: ['501', 'tg:delta_ch'] }, { token: user });
    expect(refused.status).toBe(403);
    expect((await t.call('admin/kol_unmerge', { twitterUserId: '501' }, { token: user })).status).toBe(403);
    expect((await t.call('admin/kol_link_suggestions', {}, { token: user })).status).toBe(403);
  });

  it('refuse too few, unknown or lone accounts with a message in the asked language', async () => {
    const one = await t.call('admin/kol_merge', { twitterUserIds: ['501', '501'] }, { token: admin });
    expect(one.body).toMatchObject({ ret: 400, msg: 'Choose 2 to 10 different accounts to merge' });
    const unknown = await t.call(
      'admin/kol_merge',
      { twitterUserIds: ['501', 'fc:404'] },
      { token: admin, lang: 'zh-CN' },
    );
    expect(unknown.body).toMatchObject({ ret: 400, msg: '未知账号 "fc:404"' });
    const lone = await t.call('admin/kol_unmerge', { twitterUserId: '501' }, { token: admin });
    expect(lone.body).toMatchObject({ ret: 400, msg: 'This account is not linked to any other' });
  });

  it('make one person the profile shows from any of its accounts, with posts from each', async () => {
    const merged = await t.call('admin/kol_merge', { twitterUserIds: ['501', 'tg:delta_ch'] }, { token: admin });
    expect(merged.status).toBe(200);
    expect((merged.body.data as { person_id: string }).person_id).toBe('tg:delta_ch');
    for (const id of ['501', 'tg:delta_ch']) {
      const res = await t.call('kol/profile', { twitterUserId: id }, { token: user });
      expect(res.status).toBe(200);
      const p = res.body.data as { user: { id: string; followers_count: number }; accounts: Account[] };
      expect(p.user.id).toBe(id);
      expect(p.user.followers_count).toBe(60_000);
      expect(p.accounts.map((a) => [a.id, a.network, a.followers_count, a.url])).toEqual([
        ['tg:delta_ch', 'telegram', 60_000, 'https://t.me/delta_ch'],
        ['501', 'x', 4_000, 'https://x.com/delta'],
      ]);
    }
    const posts = await t.call('kol/posts', { twitterUserId: '501', nextCb: '' }, { token: user });
    expect((posts.body.data as { list: { id: string }[] }).list.map((p) => p.id)).toEqual(['tg:delta_ch/7', '9001']);

    // Search finds the person by any handle, once, with its largest audience.
    for (const query of ['delta', 'delta_ch', '@DELTA_C']) {
      const found = await t.call('search/twitter_user', { query }, { token: user });
      const list = (found.body.data as { list: { id: string; followers_count: number }[] }).list;
      expect(list.map((u) => [u.id, u.followers_count])).toEqual([['tg:delta_ch', 60_000]]);
    }

    expect((await t.call('admin/kol_unmerge', { twitterUserId: '501' }, { token: admin })).status).toBe(200);
    const split = await t.call('search/twitter_user', { query: 'delta' }, { token: user });
    expect((split.body.data as { list: { id: string }[] }).list.map((u) => u.id)).toEqual(['tg:delta_ch', '501']);
    const alone = await t.call('kol/profile', { twitterUserId: '501' }, { token: user });
    expect((alone.body.data as { user: { followers_count: number } }).user.followers_count).toBe(4_000);
    expect((alone.body.data as { accounts: Account[] }).accounts.map((a) => a.id)).toEqual(['501']);
  });
});

describe('cross-links', () => {
  it('merge accounts that name each other, and only suggest a one-sided claim', async () => {
    await storeAuthor('bsky:did:plc:gamma', 'gamma.bsky.social', 'bluesky', 900, 'also on warpcast.com/gamma');
    await storeAuthor('fc:77', 'gamma', 'farcaster', 300, '', ['https://bsky.app/profile/gamma.bsky.social']);
    const both = await t.call('kol/profile', { twitterUserId: 'fc:77' }, { token: user });
    expect((both.body.data as { accounts: Account[] }).accounts.map((a) => a.id)).toEqual([
      'bsky:did:plc:gamma',
      'fc:77',
    ]);

    // An impostor naming a famous account is not merged: the administrator is asked.
    await storeAuthor('tg:fake_gamma', 'fake_gamma', 'telegram', 10, 'official! https://x.com/delta');
    const alone = await t.call('kol/profile', { twitterUserId: 'tg:fake_gamma' }, { token: user });
    expect((alone.body.data as { accounts: Account[] }).accounts.map((a) => a.id)).toEqual(['tg:fake_gamma']);
    const list = await t.call('admin/kol_link_suggestions', {}, { token: admin });
    expect(
      (list.body.data as { claimant: Account; claimed: Account; reason: string }[]).map(
        (s: { claimant: Account; claimed: Account; reason: string }) => [s.claimant.id, s.claimed.id, s.reason],
      ),
    ).toEqual([['tg:fake_gamma', '501', 'x:@delta']]);
    const decided = await t.call(
      'admin/kol_link_decide',
      { claimantId: 'tg:fake_gamma', claimedId: '501', merge: false },
      { token: admin },
    );
    expect(decided.status).toBe(200);
    expect((await t.call('admin/kol_link_suggestions', {}, { token: admin })).body.data).toEqual([]);
    const again = await t.call(
      'admin/kol_link_decide',
      { claimantId: 'tg:fake_gamma', claimedId: '501', merge: true },
      { token: admin },
    );
    expect(again.body).toMatchObject({ ret: 404, msg: 'This suggestion is no longer pending' });
    // Dismissed stays dismissed when the account is stored again.
    await storeAuthor('tg:fake_gamma', 'fake_gamma', 'telegram', 10, 'official! https://x.com/delta');
    expect((await t.call('admin/kol_link_suggestions', {}, { token: admin })).body.data).toEqual([]);
  });
});

describe('profile references', () => {
  it('read profiles from bios and links, leaving non-profile paths and look-alikes out', () => {
    expect(
      profileRefs([
        'Calls on x.com/Alpha and t.me/alpha_calls; not x.com/home nor notx.com/bob',
        'https://bsky.app/profile/did:plc:abc123',
        'https://warpcast.com/alpha.eth',
      ]),
    ).toEqual([
      { network: 'x', handle: 'alpha' },
      { network: 'telegram', id: 'tg:alpha_calls' },
      { network: 'bluesky', id: 'bsky:did:plc:abc123' },
      { network: 'farcaster', handle: 'alpha.eth' },
    ]);
  });

  it('link the persons KOL_LINKS names, and report entries not collected yet', async () => {
    const service = persons({ db: t.db, clock: systemClock });
    const links = parseKolLinks('x:@delta,tg:delta_ch,fc:999999');
    expect(await service.applyLinks(links)).toEqual({ linked: 1, missing: ['farcaster:fc:999999'] });
    const p = await t.call('kol/profile', { twitterUserId: '501' }, { token: user });
    expect((p.body.data as { accounts: Account[] }).accounts.map((a) => a.id)).toEqual(['tg:delta_ch', '501']);
    // Applied again at the next start: nothing left to link.
    expect((await service.applyLinks(links)).linked).toBe(0);
    expect(() => loadConfig({ KOL_LINKS: 'x:@delta,myspace:bob' })).toThrow(/KOL_LINKS not an account: "myspace:bob"/);
  });

  it('parse KOL_LINKS and name a bad entry', () => {
    expect(parseKolLinks('x:@Alpha, tg:alpha_calls ; 44196397,fc:3,bsky:@a.bsky.social')).toEqual([
      [
        { network: 'x', handle: 'alpha' },
        { network: 'telegram', id: 'tg:alpha_calls' },
      ],
      [
        { network: 'x', id: '44196397' },
        { network: 'farcaster', id: 'fc:3' },
        { network: 'bluesky', handle: 'a.bsky.social' },
      ],
    ]);
    expect(parseKolLinks('')).toEqual([]);
    expect(() => parseKolLinks('x:@alpha')).toThrow(/2 or more/);
    expect(() => parseKolLinks('x:@alpha,myspace:bob')).toThrow(/"myspace:bob"/);
  });
});
