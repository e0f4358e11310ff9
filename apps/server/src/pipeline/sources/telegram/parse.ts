/**
 * Reads a Telegram channel's web preview (`t.me/s/<channel>`) into RawPosts. The markup is the
 * one Telegram documents for its widget: `.tgme_widget_message[data-post="channel/123"]` per
 * message, the channel header (`.tgme_channel_info_*`) once per page. Parsed with
 * node-html-parser, never with regular expressions over HTML.
 */
import { type HTMLElement, parse } from 'node-html-parser';
import type { RawAuthor, RawLink, RawLinkCard, RawMedia, RawPost, RejectedItem } from '../../types';

export interface TelegramPage {
  author: RawAuthor;
  /** Messages on the page, oldest first as Telegram lists them. */
  posts: RawPost[];
  /** Every message id on the page, service messages included: paging and vanish detection use them. */
  ids: number[];
  rejected: RejectedItem[];
}

/** "1.2K" → 1200, "3.4M" → 3400000, "987" → 987, "12 345" → 12345; anything else 0. */
export function parseCount(raw: string | undefined): number {
  // \s covers the no-break and thin spaces Telegram puts between thousands.
  const m = /^([\d.,]+)\s*([KMB]?)$/i.exec((raw ?? '').trim().replace(/\s/g, ''));
  if (!m) return 0;
  const n = Number((m[1] as string).replace(/,/g, ''));
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9 }[(m[2] as string).toUpperCase()] ?? 1;
  return Number.isFinite(n) ? Math.round(n * scale) : 0;
}

/** A no-break space (&nbsp;) is a plain space to readers, search and the classifiers. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

/**
 * The text of an element as a browser shows it: runs of white space in the markup are one space,
 * <br> is a line break, entities are decoded and &nbsp; is a plain space.
 */
function textOf(el: HTMLElement | null): string {
  if (!el) return '';
  const copy = parse(el.outerHTML);
  for (const br of copy.querySelectorAll('br')) br.replaceWith('\u2029');
  return plain(copy.text.replace(/[ \t\r\n]+/g, ' ').replace(/ ?\u2029 ?/g, '\n')).trim();
}

/** One line of text: runs of white space (the markup's indentation) as one space. */
const lineOf = (el: HTMLElement | null | undefined) =>
  plain(el?.text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * `background-image:url('https://…')` → the URL; '' when absent. t.me writes url('…'); a page
 * saved from a browser has url("…") (quotes as &quot;) or no quotes.
 */
function backgroundUrl(style: string | undefined): string {
  const m = /url\(\s*(['"]?)(.*?)\1\s*\)/.exec((style ?? '').replace(/&quot;/g, '"'));
  return m?.[2] ?? '';
}

export const telegramAccountId = (channel: string) => `tg:${channel.toLowerCase()}`;

function readHeader(root: HTMLElement, channel: string): RawAuthor {
  let subscribers = 0;
  for (const counter of root.querySelectorAll('.tgme_channel_info_counter')) {
    // "1 subscriber", "1.2K subscribers", "12 345 subscribers".
    if (/^subscribers?$/i.test(lineOf(counter.querySelector('.counter_type'))))
      subscribers = parseCount(counter.querySelector('.counter_value')?.text);
  }
  if (subscribers === 0) {
    // Some pages give the count only in the top bar: "12 345 subscribers".
    const m = /^([\d\s.,]+[KMB]?)\s*subscribers?$/i.exec(lineOf(root.querySelector('.tgme_header_counter')));
    if (m) subscribers = parseCount(m[1]);
  }
  // Telegram's verified mark: an icon next to the channel's name in the header.
  const verified =
    root.querySelector('.tgme_channel_info_header .verified-icon, .tgme_header_info .verified-icon') !== null;
  const description = root.querySelector('.tgme_channel_info_description');
  const links = (description?.querySelectorAll('a[href]') ?? [])
    .map((a) => a.getAttribute('href') ?? '')
    .filter((href) => /^https?:\/\//.test(href));
  return {
    id: telegramAccountId(channel),
    network: 'telegram',
    username: channel,
    name: textOf(root.querySelector('.tgme_channel_info_header_title')) || channel,
    icon: root.querySelector('.tgme_page_photo_image img')?.getAttribute('src') ?? '',
    bio: textOf(description),
    links: [...new Set(links)],
    followersCount: subscribers,
    isBlueVerified: verified,
    // Telegram's check is blue and not bought; 'blue' shows the mark readers know from Telegram.
    verifiedType: verified ? 'blue' : 'none',
  };
}

/** Hashtag links only search the channel (`?q=%23tag`): not a place a reader goes. */
const isHashtagSearch = (href: string) =>
  /^https?:\/\/t\.me\/s\/[^?]*\?q=(%23|#)/i.test(href) || href.startsWith('?q=');

/** Every followable <a href> of the message's text, with the words the reader sees. */
function linksOf(textEl: HTMLElement | undefined): RawLink[] {
  const out: RawLink[] = [];
  for (const a of textEl?.querySelectorAll('a[href]') ?? []) {
    const url = a.getAttribute('href') ?? '';
    if (!/^https?:\/\//i.test(url) || isHashtagSearch(url)) continue;
    out.push({ url, text: lineOf(a) || url });
  }
  return out;
}

/** The web page preview under a message (site name, title, description, image). */
function cardOf(el: HTMLElement): RawLinkCard | undefined {
  // Usually an <a href>; some previews are a <div> holding the link.
  const preview = el.querySelector('.tgme_widget_message_link_preview');
  const url = preview?.getAttribute('href') || preview?.querySelector('a[href]')?.getAttribute('href') || '';
  if (!preview || !/^https?:\/\//i.test(url)) return undefined;
  const image = preview.querySelector('.link_preview_image, .link_preview_right_image, .link_preview_video_thumb');
  return {
    url,
    // A page without a title (a bare site) shows its site name in its place.
    title:
      lineOf(preview.querySelector('.link_preview_title')) || lineOf(preview.querySelector('.link_preview_site_name')),
    description: textOf(preview.querySelector('.link_preview_description')),
    thumb: backgroundUrl(image?.getAttribute('style')),
  };
}

const insidePreview = (el: HTMLElement) => el.closest('.tgme_widget_message_link_preview') !== null;

/**
 * Photos and videos in the order shown. A video (round ones too) is its still with kind 'video'
 * and its post page as the origin; a video without a still is a link to its post.
 */
function mediasOf(el: HTMLElement, postUrl: string, links: RawLink[]): RawMedia[] {
  const out: RawMedia[] = [];
  const items = el.querySelectorAll(
    '.tgme_widget_message_photo_wrap, .tgme_widget_message_video_player, .tgme_widget_message_roundvideo_player',
  );
  for (const item of items) {
    if (insidePreview(item)) continue;
    if (item.classList.contains('tgme_widget_message_photo_wrap')) {
      const url = backgroundUrl(item.getAttribute('style'));
      if (url) out.push({ imgUrlThumb: url, imgUrlOrigin: url });
      continue;
    }
    const still = backgroundUrl(
      item
        .querySelector('.tgme_widget_message_video_thumb, .tgme_widget_message_roundvideo_thumb')
        ?.getAttribute('style'),
    );
    // The file's address carries a token that expires: the post page is where the video stays.
    if (still) out.push({ imgUrlThumb: still, imgUrlOrigin: postUrl, kind: 'video' });
    else links.push({ url: postUrl, text: 'video' });
  }
  return out;
}

/** A poll as text: "📊 Question\n• option 1\n• option 2". */
function pollText(el: HTMLElement): string {
  const poll = el.querySelector('.tgme_widget_message_poll');
  if (!poll) return '';
  const options = poll.querySelectorAll('.tgme_widget_message_poll_option_text').map((o) => `• ${lineOf(o)}`);
  return [`📊 ${lineOf(poll.querySelector('.tgme_widget_message_poll_question'))}`, ...options].join('\n');
}

/** Reactions summed ("👍 1.2K", "🔥 87"); null when the message shows none (not counted there). */
function reactionsOf(el: HTMLElement): number | null {
  const box = el.querySelector('.tgme_widget_message_reactions');
  if (!box) return null;
  let sum = 0;
  for (const r of box.querySelectorAll('.tgme_reaction')) {
    const copy = parse(r.outerHTML);
    for (const emoji of copy.querySelectorAll('i, b, tg-emoji, .emoji')) emoji.remove();
    sum += parseCount(lineOf(copy));
  }
  return sum;
}

/**
 * One page of a channel. A message without a readable id or time is rejected; a service message
 * (joined, pinned, photo changed) and a message that carries nothing we read (a sticker, a file
 * without caption) are skipped without counting: they are not posts. A message with only media
 * (a video, a round video, a voice note, a location, a poll) is kept, its text possibly ''.
 */
export function parseChannelPage(html: string, channel: string): TelegramPage {
  const root = parse(html);
  const author = readHeader(root, channel);
  const page: TelegramPage = { author, posts: [], ids: [], rejected: [] };
  for (const el of root.querySelectorAll('.tgme_widget_message')) {
    const dataPost = el.getAttribute('data-post') ?? '';
    const slash = dataPost.lastIndexOf('/');
    const id = Number(dataPost.slice(slash + 1));
    if (
      slash < 1 ||
      !Number.isSafeInteger(id) ||
      id <= 0 ||
      dataPost.slice(0, slash).toLowerCase() !== channel.toLowerCase()
    ) {
      page.rejected.push({ reason: 'message without a valid data-post', sample: el.outerHTML.slice(0, 200) });
      continue;
    }
    page.ids.push(id);
    if (el.classList.contains('service_message')) continue;
    const createdMs = Date.parse(el.querySelector('time[datetime]')?.getAttribute('datetime') ?? '');
    if (!Number.isFinite(createdMs)) {
      page.rejected.push({ reason: `message ${id} without a valid time`, sample: el.outerHTML.slice(0, 200) });
      continue;
    }
    const url = `https://t.me/${channel}/${id}`;
    // A reply shows the quoted message's text in a .tgme_widget_message_text too (js-message_reply_text);
    // a link preview's description is not the message's text either.
    const textEl = el
      .querySelectorAll('.tgme_widget_message_text')
      .find((t) => !t.classList.contains('js-message_reply_text') && !insidePreview(t));
    const links = linksOf(textEl);
    const medias = mediasOf(el, url, links);
    const card = cardOf(el);
    const text = [pollText(el), textOf(textEl ?? null)].filter(Boolean).join('\n\n');
    // Voice notes and locations have no picture we keep: the post links to where they play or point.
    const voice = el.querySelector('.tgme_widget_message_voice_player, .tgme_widget_message_voice');
    if (voice) links.push({ url, text: 'voice message' });
    const location = el.querySelector('a.tgme_widget_message_location_wrap');
    if (location) {
      const map = backgroundUrl(location.querySelector('.tgme_widget_message_location')?.getAttribute('style'));
      if (map) medias.push({ imgUrlThumb: map, imgUrlOrigin: map });
      links.push({ url: location.getAttribute('href') || url, text: 'location' });
    }
    if (text === '' && medias.length === 0 && links.length === 0 && !card) continue;
    // A forwarded message is another channel's words (track records skip reposts); a reply quotes one.
    const refKind = el.querySelector('.tgme_widget_message_forwarded_from')
      ? 'repost'
      : el.querySelector('.tgme_widget_message_reply')
        ? 'reply'
        : undefined;
    const views = el.querySelector('.tgme_widget_message_views');
    page.posts.push({
      ...(refKind ? { refKind } : {}),
      id: `tg:${channel.toLowerCase()}/${id}`,
      network: 'telegram',
      url,
      text,
      createdAt: Math.floor(createdMs / 1000),
      lang: '',
      author,
      medias,
      ...(links.length ? { links } : {}),
      ...(card ? { card } : {}),
      // The preview shows views and reactions only; reposts, replies and quotes are not shown.
      metrics: {
        likeCount: reactionsOf(el),
        retweetCount: null,
        replyCount: null,
        quoteCount: null,
        impressionCount: views ? parseCount(views.text) : null,
      },
    });
  }
  return page;
}
