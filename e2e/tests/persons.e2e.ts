/**
 * One KOL across networks, in Chromium at 390x844, in English and Chinese (issue 17 §2). The
 * product runs Bluesky and Farcaster sources against local servers speaking their protocols:
 * - Kai names his Farcaster profile in his Bluesky bio and Farcaster names Bluesky back: the two
 *   accounts become one person on their own.
 * - Mira and Lena each name a Farcaster profile that does not name them back: a one-sided claim,
 *   so the administrator sees "Same person?" on the statistics page. Tapping Merge joins them; the
 *   KOL profile then lists both accounts, and search finds the person by either handle.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noToast, docsScreenshot } from '../support/browser';
import type { Product } from '../support/server';
import { apiData, openSignedIn } from '../support/session';
import {
  commit,
  type FakeBluesky,
  feedItem,
  postRecord,
  profile,
  startFakeBluesky,
  type FakeHub,
  startFakeHub,
} from '../support/fake-networks';
import { startSuite, stopSuite } from '../support/suite';

const NOW = Date.now();
const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

const KAI = { did: 'did:plc:e2ekaiabcdefghijklmnopqr', handle: 'kai.bsky.social', fid: 61_001 };
const MIRA = { did: 'did:plc:e2emiraabcdefghijklmnopq', handle: 'mira.bsky.social', fid: 61_002, fc: 'mirachen' };
const LENA = { did: 'did:plc:e2elenaabcdefghijklmnopq', handle: 'lena.bsky.social', fid: 61_003, fc: 'lenawu' };

type Suggestion = { claimant: { id: string; username: string }; claimed: { id: string; username: string } };
type Account = { id: string; username: string; network?: string };

let bluesky: FakeBluesky;
let hub: FakeHub;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  bluesky = await startFakeBluesky();
  hub = await startFakeHub();
  const people = [
    { ...KAI, name: 'Kai Moreno', bio: 'Macro and $BTC. Casts: warpcast.com/kai', fcName: 'kai' },
    { ...MIRA, name: 'Mira Chen', bio: `Perps trader. Also at warpcast.com/${MIRA.fc}`, fcName: MIRA.fc },
    { ...LENA, name: 'Lena Wu', bio: `DeFi notes, also farcaster.xyz/${LENA.fc}`, fcName: LENA.fc },
  ];
  for (const [i, p] of people.entries()) {
    const account = profile(p.did, p.handle, {
      displayName: p.name,
      avatar: '',
      description: p.bio,
      followersCount: 20_000 + i,
    });
    bluesky.profiles.push(account);
    bluesky.feeds.set(p.did, [
      feedItem(account, `3lperson000${i}`, `${p.name}: $ETH holding 3,300, adding on dips.`, iso(40 + i)),
    ]);
    // Only Kai's Farcaster profile names the Bluesky one back.
    const bio = p === people[0] ? 'Same person as bsky.app/profile/kai.bsky.social' : 'Onchain since 2017';
    hub.setProfile(p.fid, { USERNAME: p.fcName, DISPLAY: p.name, BIO: bio }, 3_000 + i);
    hub.cast({
      fid: p.fid,
      text: `${p.name} on Farcaster: $SOL fee market looks healthy this week.`,
      at: NOW - (20 + i) * 60_000,
    });
  }
  ({ product, browser } = await startSuite({
    env: {
      SOURCES: 'bluesky,farcaster',
      BLUESKY_APPVIEW_URL: bluesky.appviewUrl,
      BLUESKY_JETSTREAM_URL: bluesky.jetstreamUrl,
      BLUESKY_ACCOUNTS: people.map((p) => p.handle).join(','),
      FARCASTER_HUB_URL: hub.url,
      FARCASTER_FIDS: people.map((p) => p.fid).join(','),
      PRICE_SOURCE: 'none',
    },
  }));
}, 300_000);

afterAll(async () => {
  await stopSuite(browser, product);
  await Promise.all([bluesky?.close(), hub?.close()]);
});

describe('one KOL across networks', () => {
  it('links mutual cross-links on its own and queues one-sided claims for the administrator', async () => {
    const page = await openSignedIn(browser, product.url, 'en');
    // Every Farcaster cast stored first, then a live Bluesky post from each claimant re-reads its
    // bio against the accounts now stored (a claim names only accounts the product has).
    const searchFc = async (q: string) =>
      (await apiData<{ list: Account[] }>(page, 'search/twitter_kol', { query: q })).list;
    await expect.poll(async () => (await searchFc(MIRA.fc)).length).toBeGreaterThan(0);
    await expect.poll(async () => (await searchFc(LENA.fc)).length).toBeGreaterThan(0);
    await bluesky.connected(1);
    for (const [i, p] of [KAI, MIRA, LENA].entries())
      bluesky.emit(
        commit(p.did, `3lpersonlive${i}`, Date.now() * 1000, postRecord('$BTC dip bought.', new Date().toISOString())),
      );

    await expect
      .poll(async () =>
        (await apiData<Suggestion[]>(page, 'admin/kol_link_suggestions')).map((s) => s.claimant.username).sort(),
      )
      .toEqual([LENA.handle, MIRA.handle]);
    // Kai: one person, named once in search whichever handle is asked.
    const kai = await apiData<{ accounts: Account[] }>(page, 'kol/profile', { twitter_user_id: `bsky:${KAI.did}` });
    expect(kai.accounts.map((a) => a.network).sort()).toEqual(['bluesky', 'farcaster']);
    expect((await searchFc('kai')).filter((a) => /kai/i.test(a.username))).toHaveLength(1);
    await page.context().close();
  }, 180_000);

  for (const { lang, prefix, who, title, merge } of [
    { lang: 'en', prefix: 'en', who: MIRA, title: 'Same person?', merge: 'Merge' },
    { lang: 'zh-CN', prefix: 'zh', who: LENA, title: '是同一个人吗？', merge: '合并' },
  ] as const) {
    it(`merges a claimed account from the statistics page, and the profile lists both (${lang})`, async () => {
      const page = await openSignedIn(browser, product.url, lang);
      await page.goto('/#/statistics');
      const queue = page.getByTestId('same-person');
      await queue.waitFor();
      expect(await queue.getByRole('heading').textContent()).toBe(title);
      const row = page.getByTestId(`same-person-bsky:${who.did}>fc:${who.fid}`);
      await row.waitFor();
      await row.scrollIntoViewIfNeeded();
      await shot(`persons-queue-${prefix}`, page);
      await row.getByRole('button', { name: merge }).click();
      await row.waitFor({ state: 'detached' });

      const profileData = await apiData<{ accounts: Account[] }>(page, 'kol/profile', {
        twitter_user_id: `bsky:${who.did}`,
      });
      expect(profileData.accounts.map((a) => a.network).sort()).toEqual(['bluesky', 'farcaster']);
      // Search by the Farcaster handle finds the person, once.
      const found = (await apiData<{ list: Account[] }>(page, 'search/twitter_kol', { query: who.fc })).list;
      expect(found).toHaveLength(1);

      await page.goto(`/#/kol/${encodeURIComponent(`bsky:${who.did}`)}`);
      const accounts = page.getByTestId('kol-profile-accounts');
      await accounts.waitFor();
      await expect.poll(async () => (await accounts.textContent()) ?? '').toContain(`@${who.fc}`);
      await noToast(page);
      await shot(`persons-profile-${prefix}`, page);
      await page.context().close();
    }, 120_000);
  }
});

const shot = (name: string, page: import('playwright-core').Page) => docsScreenshot(page, name);
