/**
 * Real t.me/s markup, captured by others (fixtures/README.md), served by the fake t.me and read
 * through the source end to end: what users saw lost in issue 31 is kept on real pages too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTelegramSource } from '../../../src/pipeline/sources/telegram/index';
import type { RawPost } from '../../../src/pipeline/types';
import { type FakeTelegram, startFakeTelegram } from './fake-telegram';

let tg: FakeTelegram;
const signal = new AbortController().signal;
const NOW = Date.parse('2023-03-02T00:00:00Z');
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', `${name}.html.txt`), 'utf8');

beforeEach(async () => {
  tg = await startFakeTelegram();
});
afterEach(() => tg.close());

/** One captured message, served in the fake's page for its channel; the posts the source reads. */
async function readMessage(name: string, channel: string, id: number): Promise<RawPost[]> {
  tg.addChannel(channel).messages.push({ id, html: '', date: '', raw: fixture(name) });
  const batch = await createTelegramSource({ channels: [channel], baseUrl: tg.url, now: () => NOW }).fetch(
    null,
    signal,
  );
  expect(batch.rejected).toEqual([]);
  expect(batch.requests).toEqual([true]);
  return batch.posts;
}

const CDN = /^https:\/\/cdn4\.telegram-cdn\.org\/file\//;

describe('telegram source on real t.me pages', () => {
  it('a whole channel page: header, text, photos, a video still, a forwarded link preview', async () => {
    tg.addChannel('topwar_official', { page: fixture('full') });
    const batch = await createTelegramSource({
      channels: ['topwar_official'],
      baseUrl: tg.url,
      now: () => NOW,
    }).fetch(null, signal);
    expect(batch.rejected).toEqual([]);
    const posts = batch.posts;
    expect(posts.map((p) => p.id)).toEqual([
      'tg:topwar_official/70989',
      'tg:topwar_official/70990',
      'tg:topwar_official/70992',
      'tg:topwar_official/70995',
      'tg:topwar_official/70996',
      'tg:topwar_official/71006',
      'tg:topwar_official/71007',
    ]);
    expect(posts[0]?.author).toMatchObject({
      name: 'Военное обозрение',
      followersCount: 109_000,
      isBlueVerified: false,
      links: expect.arrayContaining(['http://topwar.ru/']),
    });
    // White space of the markup is not the message's: one line where the browser shows one.
    expect(posts[1]?.text).toBe('Власти Петербурга подтвердили, что аэропорт Пулково временно не принимает самолеты.');
    expect(posts[1]?.metrics).toEqual({
      likeCount: null,
      retweetCount: null,
      replyCount: null,
      quoteCount: null,
      impressionCount: 34_500,
    });
    // Two photos and a video of one album, in the order shown; the video as its still.
    expect(posts[2]?.medias.map((m) => m.kind ?? 'photo')).toEqual(['photo', 'photo', 'video']);
    expect(posts[2]?.medias[2]).toMatchObject({ imgUrlThumb: expect.stringMatching(CDN), imgUrlOrigin: posts[2]?.url });
    const forwarded = posts.find((p) => p.card);
    expect(forwarded).toMatchObject({ refKind: 'repost', card: { url: 'http://t.me/infantmilitario/93419' } });
    for (const p of posts) expect(p.vanished).toBeUndefined();
  });

  it('a link and its preview: the URL kept as a link, the preview as a card', async () => {
    const [post] = await readMessage('message_link_preview', 'oper_goblin', 22360);
    const url = 'https://vnnews.ru/georgiy-zotov-okkupaciya-volosatym-kr/';
    expect(post?.text).toBe(url);
    expect(post?.links).toEqual([{ url, text: url }]);
    expect(post?.card).toEqual({
      url,
      title: 'Георгий Зотов: ОККУПАЦИЯ ВОЛОСАТЫМ КРАБОМ',
      description: expect.stringMatching(/^Современная журналистика превратилась в комедию и тщетную охоту/),
      thumb: expect.stringMatching(CDN),
    });
  });

  it('a poll without text becomes its question and options', async () => {
    const [post] = await readMessage('message_poll', 'it_begin', 488);
    expect(post?.text).toBe(
      '📊 Как лучше?\n• Несколько постов в день\n• Один пост в несколько дней\n• Свой вариант в комментарии',
    );
    expect(post?.metrics.impressionCount).toBe(1100);
  });

  it('a round video without text is kept, as its still', async () => {
    const [post] = await readMessage('message_media_round_video', 'bolshiepushki', 3495);
    expect(post).toMatchObject({
      text: '',
      medias: [{ kind: 'video', imgUrlOrigin: 'https://t.me/bolshiepushki/3495' }],
    });
    expect(post?.medias[0]?.imgUrlThumb).toMatch(CDN);
    expect(post?.vanished).toBeUndefined();
  });

  it('a forwarded voice note keeps its caption, its mentions and a link to where it plays', async () => {
    const [post] = await readMessage('message_voice', 'oper_goblin', 939);
    expect(post?.refKind).toBe('repost');
    expect(post?.text).toMatch(/^Обсудили:\n\n- Сталина не забыть\n/);
    expect(post?.links).toEqual([
      { url: 'https://t.me/kakberadio', text: '@kakberadio' },
      { url: 'https://t.me/kakberadiobot', text: '@kakberadiobot' },
      { url: 'https://t.me/oper_goblin/939', text: 'voice message' },
    ]);
  });

  it('an album of a video and photos with hashtags: stills kept, hashtag searches not taken as links', async () => {
    const [post] = await readMessage('message_media_photo_and_video', 'anna_news', 46908);
    // Saved from a browser: its photos' styles read url("…"), not t.me's url('…').
    expect(post?.medias.map((m) => m.kind ?? 'photo')).toEqual(['video', 'photo', 'photo']);
    expect(post?.medias.every((m) => CDN.test(m.imgUrlThumb))).toBe(true);
    expect(post?.text).toMatch(/#Белгород/);
    expect(post?.links).toEqual([{ url: 'https://t.me/anna_news', text: '@anna_news' }]);
  });

  it('a plain text message', async () => {
    const [post] = await readMessage('message_text', 'topwar_official', 70991);
    expect(post?.text).toMatch(/^Неопознанный летающий объект замечен в 160 – 200 км от Петербурга\n\n/);
    expect(post?.links).toBeUndefined();
    expect(post?.card).toBeUndefined();
  });
});
