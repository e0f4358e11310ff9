/**
 * Posts from Telegram, Bluesky and Farcaster in one feed, in Chromium at 390x844, in English and
 * Chinese (issue 17). The product runs only those three sources, each pointed at a local server
 * speaking its documented protocol (the fakes of the server tests): a channel's web preview, an
 * AppView plus a Jetstream socket, a hub's HTTP API. Every card shows its network's mark and its
 * time opens the original's page; a post sent live over Jetstream after the start reaches the
 * feed too. Links, link cards, video stills and mentions show as on their network (issue 31):
 * their pictures come from a local image host through the product's proxy (MEDIA_ALLOW_PRIVATE).
 * Screenshots also go to docs/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot } from '../support/browser';
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
  type FakeTelegram,
  startFakeTelegram,
} from '../support/fake-networks';
import { gradientPng, type ImageHost, startImageHost } from '../support/images';
import { startSuite, stopSuite } from '../support/suite';

const DID = 'did:plc:e2emiraabcdefghijklmnopq';
const FID = 48_213;
const NOW = Date.now();
const ago = (minutes: number) => NOW - minutes * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

type WirePost = { id: string; text: string; network?: string; url?: string };

let telegram: FakeTelegram;
let bluesky: FakeBluesky;
let hub: FakeHub;
let product: Product;
let browser: Browser;
let castHash = '';
let mentionHash = '';
let images: ImageHost;
const ARTICLE = 'https://www.coindesk.com/markets/2026/11/28/bitcoin-etf-flows-turn-positive';
const VITALIK = 5650;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const shot = docsScreenshot;

async function allKolsFeed(page: Page): Promise<string> {
  const list = await apiData<{ view_id: string; view_type: string; fixed: boolean }[]>(page, 'view/v2/list');
  return list.find((v) => v.view_type === 'content_feed' && v.fixed)?.view_id ?? '';
}

beforeAll(async () => {
  images = await startImageHost({
    still: gradientPng(320, 180, [24, 40, 92], [120, 60, 160]),
    card: gradientPng(600, 315, [240, 140, 40], [250, 210, 80]),
  });
  telegram = await startFakeTelegram();
  // No avatar addresses: the media proxy would reach out of the machine; cards fall back to initials.
  telegram.addChannel('alpha_signals', {
    title: 'Alpha Signals 中文',
    photo: '',
    subscribers: '48.2K',
    messages: [
      {
        id: 101,
        html: '比特币 $BTC 守住 96k 支撑，短线看涨，目标 99k。<br/>仓位不重，止损 94.5k。',
        date: iso(ago(180)),
        views: '12.4K',
      },
      {
        id: 102,
        html: 'Funding flipped positive on $ETH perps overnight; 3,400 is the line in the sand for me.',
        date: iso(ago(50)),
        views: '8.1K',
      },
      {
        // A link under its anchor's words and a video's still, as t.me/s draws them (issue 31).
        id: 103,
        html: `Spot $BTC ETF flows turned positive again — <a href="${ARTICLE}" target="_blank" rel="noopener">link</a>`,
        date: iso(ago(40)),
        views: '5.3K',
        media: `<a class="tgme_widget_message_video_player js-message_video_player" href="https://t.me/alpha_signals/103"><i class="tgme_widget_message_video_thumb" style="background-image:url('${images.urlOf('still')}')"></i><div class="tgme_widget_message_video_wrap"><video src="${images.urlOf('still')}.mp4" class="tgme_widget_message_video js-message_video"></video></div><time class="message_video_duration js-message_video_duration">0:34</time></a>`,
      },
    ],
  });
  bluesky = await startFakeBluesky();
  const mira = profile(DID, 'mira.bsky.social', { displayName: 'Mira Chen', avatar: '', followersCount: 23_400 });
  bluesky.profiles.push(mira);
  bluesky.feeds.set(DID, [
    feedItem(
      mira,
      '3lbtcmira0001',
      'Bearish $DOGE here: the meme bid is gone and open interest keeps bleeding.',
      iso(ago(20)),
    ),
    // A link facet over Bluesky's shortened label and a link card (external embed).
    (() => {
      const label = 'coindesk.com/markets/2026/1...';
      const text = `ETF flows are worth a read: ${label}`;
      return feedItem(mira, '3lbtcmira0005', text, iso(ago(25)), {
        record: postRecord(text, iso(ago(25)), {
          facets: [
            {
              index: { byteStart: bytes(text) - bytes(label), byteEnd: bytes(text) },
              features: [{ $type: 'app.bsky.richtext.facet#link', uri: ARTICLE }],
            },
          ],
        }),
        embed: {
          $type: 'app.bsky.embed.external#view',
          external: {
            uri: ARTICLE,
            title: 'Bitcoin ETF flows turn positive for a third day',
            description: 'Net inflows of $412 million as the basis trade returns.',
            thumb: images.urlOf('card'),
          },
        },
      });
    })(),
  ]);
  hub = await startFakeHub();
  hub.setProfile(FID, { USERNAME: 'nadia', DISPLAY: 'Nadia Okafor', BIO: 'Solana validator, DeFi notes' }, 5_300);
  castHash = hub.cast({
    fid: FID,
    text: '$SOL validators shipped the fee upgrade; median fees down about 40% this week. Constructive.',
    at: ago(30),
  });
  // A mention of an account nobody follows: the hub names it by fid, the card by its username.
  hub.setProfile(VITALIK, { USERNAME: 'vitalik', DISPLAY: 'Vitalik Buterin' });
  const before = 'Good thread by ';
  mentionHash = hub.cast({
    fid: FID,
    text: `${before} on $ETH blob fees: they stayed near zero all week.`,
    mentions: [VITALIK],
    mentionsPositions: [bytes(before)],
    at: ago(35),
  });
  ({ product, browser } = await startSuite({
    env: {
      SOURCES: 'telegram,bluesky,farcaster',
      TELEGRAM_BASE_URL: telegram.url,
      TELEGRAM_CHANNELS: 'alpha_signals',
      BLUESKY_APPVIEW_URL: bluesky.appviewUrl,
      BLUESKY_JETSTREAM_URL: bluesky.jetstreamUrl,
      BLUESKY_ACCOUNTS: 'mira.bsky.social',
      FARCASTER_HUB_URL: hub.url,
      FARCASTER_FIDS: String(FID),
      PRICE_SOURCE: 'none',
      MEDIA_ALLOW_PRIVATE: 'true',
    },
  }));
}, 300_000);

afterAll(async () => {
  await stopSuite(browser, product);
  await Promise.all([telegram?.close(), bluesky?.close(), hub?.close(), images?.close()]);
});

describe('posts from Telegram, Bluesky and Farcaster', () => {
  it('arrive through their sources with their network and a link to the original', async () => {
    const page = await openSignedIn(browser, product.url, 'en');
    const viewId = await allKolsFeed(page);
    // A post made after the start comes over the Jetstream socket, not the backfill.
    await bluesky.connected(1);
    bluesky.emit(
      commit(
        DID,
        '3lbtcmira0002',
        Date.now() * 1000,
        postRecord('Still short $DOGE into the weekly close.', iso(Date.now())),
      ),
    );
    let posts: WirePost[] = [];
    await expect
      .poll(async () => {
        posts = (await apiData<{ list: WirePost[] }>(page, 'view/v2/tweets', { view_id: viewId })).list;
        return posts.length;
      })
      .toBe(8);
    const byId = new Map(posts.map((p) => [p.id, p]));
    expect(byId.get('tg:alpha_signals/102')).toMatchObject({
      network: 'telegram',
      url: 'https://t.me/alpha_signals/102',
    });
    expect(byId.get(`bsky:${DID}/3lbtcmira0001`)).toMatchObject({
      network: 'bluesky',
      url: 'https://bsky.app/profile/mira.bsky.social/post/3lbtcmira0001',
    });
    expect(byId.get(`bsky:${DID}/3lbtcmira0002`)?.network).toBe('bluesky');
    expect(byId.get(`fc:${castHash}`)).toMatchObject({ network: 'farcaster' });
    expect(byId.get(`fc:${castHash}`)?.url).toMatch(/^https:\/\/farcaster\.xyz\/nadia\/0x/);
    await page.context().close();
  }, 120_000);

  for (const { lang, prefix } of [
    { lang: 'en', prefix: 'en' },
    { lang: 'zh-CN', prefix: 'zh' },
  ] as const) {
    it(`shows each card's network mark and opens the original (${lang})`, async () => {
      const page = await openSignedIn(browser, product.url, lang);
      const viewId = await allKolsFeed(page);
      await page.goto(`/#/?viewId=${viewId}`);
      await page.reload();
      const cards = page.getByTestId('post-card');
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
      for (const network of ['telegram', 'bluesky', 'farcaster']) {
        const marks = page.locator(`[data-testid="network-icon"][data-network="${network}"]`);
        expect(await marks.count(), network).toBeGreaterThan(0);
        // The mark says its network in the page's language (the accessible name of the icon).
        const label = await marks.first().getAttribute('aria-label');
        expect(label).toBe(
          lang === 'en'
            ? `On ${network[0]!.toUpperCase()}${network.slice(1)}`
            : `来自 ${network[0]!.toUpperCase()}${network.slice(1)}`,
        );
      }
      const tgCard = page.locator('[data-testid="post-card"][data-post-id="tg:alpha_signals/101"]');
      expect(await tgCard.getByTestId('post-link').getAttribute('href')).toBe('https://t.me/alpha_signals/101');
      await expect.poll(async () => (await tgCard.textContent()) ?? '').toContain('守住 96k 支撑');
      await shot(page, `networks-feed-${prefix}`);
      await page.context().close();
    }, 120_000);
  }

  for (const { lang, prefix } of [
    { lang: 'en', prefix: 'en' },
    { lang: 'zh-CN', prefix: 'zh' },
  ] as const) {
    it(`shows links, a link card, a video still and a resolved mention as their networks do (${lang})`, async () => {
      const page = await openSignedIn(browser, product.url, lang);
      const viewId = await allKolsFeed(page);
      await page.goto(`/#/?viewId=${viewId}`);
      await page.reload();
      const card = (id: string) => page.locator(`[data-testid="post-card"][data-post-id="${id}"]`);

      // Telegram: the anchor's words link to the article and name its domain; the video shows its still.
      const tg = card('tg:alpha_signals/103');
      await tg.scrollIntoViewIfNeeded();
      const link = tg.getByTestId('post-text-link');
      expect(await link.getAttribute('href')).toBe(ARTICLE);
      expect(await link.textContent()).toBe('link (coindesk.com)');
      const still = tg.locator('[data-testid="post-image"][data-kind="video"] img');
      await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
      await shot(page, `networks-telegram-link-video-${prefix}`);

      // Bluesky: the shortened label opens the whole URL; the external embed is a card with its image.
      const skeet = card(`bsky:${DID}/3lbtcmira0005`);
      await skeet.scrollIntoViewIfNeeded();
      expect(await skeet.getByTestId('post-text-link').getAttribute('href')).toBe(ARTICLE);
      const linkCard = skeet.getByTestId('post-link-card');
      expect(await linkCard.getAttribute('href')).toBe(ARTICLE);
      expect(await linkCard.textContent()).toContain('Bitcoin ETF flows turn positive for a third day');
      const thumb = linkCard.locator('img');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
      // The whole card in view, its top below the sticky header and tabs.
      await skeet.evaluate((el) => {
        el.style.scrollMarginTop = '100px';
        el.scrollIntoView({ block: 'start' });
      });
      await shot(page, `networks-bluesky-card-${prefix}`);

      // Farcaster: the mentioned fid reads as its username, not a number.
      const cast = card(`fc:${mentionHash}`);
      await cast.scrollIntoViewIfNeeded();
      const text = (await cast.getByTestId('post-text').textContent()) ?? '';
      expect(text).toContain('Good thread by @vitalik on $ETH');
      expect(text).not.toContain(`@${VITALIK}`);
      await shot(page, `networks-farcaster-mention-${prefix}`);
      await page.context().close();
    }, 120_000);
  }

  it('keeps a feed live while a Bluesky post is on top: newer posts come in, no call fails (issue 29)', async () => {
    const page = await openSignedIn(browser, product.url, 'en');
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/view/v2/tweets') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const viewId = await allKolsFeed(page);
    await page.goto(`/#/?viewId=${viewId}`);
    await page.reload();
    const first = page.getByTestId('post-card').first();
    // The live post of the first test is the newest: the feed asks what is newer than a Bluesky id
    // (51 characters, which the server refused before: the feed then never moved again).
    await expect.poll(() => first.getAttribute('data-post-id')).toBe(`bsky:${DID}/3lbtcmira0002`);
    for (const rkey of ['3lbtcmira0003', '3lbtcmira0004']) {
      bluesky.emit(commit(DID, rkey, Date.now() * 1000, postRecord(`$DOGE update ${rkey}`, iso(Date.now()))));
      // At the top of the page, new posts go in by themselves (or wait under the tip).
      await expect
        .poll(async () => {
          if (await page.getByTestId('new-items-tip').isVisible()) await page.getByTestId('new-items-tip').click();
          return first.getAttribute('data-post-id');
        })
        .toBe(`bsky:${DID}/${rkey}`);
    }
    expect(failed).toEqual([]);
    await page.context().close();
  }, 120_000);
});
