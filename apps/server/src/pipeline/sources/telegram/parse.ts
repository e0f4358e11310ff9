/**
 * Reads a Telegram channel's web preview (`t.me/s/<channel>`) into RawPosts. The markup is the
 * one Telegram documents for its widget: `.tgme_widget_message[data-post="channel/123"]` per
 * message, the channel header (`.tgme_channel_info_*`) once per page. Parsed with
 * node-html-parser, never with regular expressions over HTML.
 */
import { type HTMLElement, parse } from 'node-html-parser';
import type { RawAuthor, RawMedia, RawPost, RejectedItem } from '../../types';

export interface TelegramPage {
  author: RawAuthor;
  /** Messages on the page, oldest first as Telegram lists them. */
  posts: RawPost[];
  /** Every message id on the page, service messages included: paging and vanish detection use them. */
  ids: number[];
  rejected: RejectedItem[];
}

/** "1.2K" → 1200, "3.4M" → 3400000, "987" → 987; anything else 0. */
export function parseCount(raw: string | undefined): number {
  const m = /^([\d.,]+)\s*([KMB]?)$/i.exec((raw ?? '').trim().replace(/\s/g, ''));
  if (!m) return 0;
  const n = Number((m[1] as string).replace(/,/g, ''));
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9 }[(m[2] as string).toUpperCase()] ?? 1;
  return Number.isFinite(n) ? Math.round(n * scale) : 0;
}

/** The text of an element with <br> as line breaks and entities decoded. */
function textOf(el: HTMLElement | null): string {
  if (!el) return '';
  const copy = parse(el.outerHTML);
  for (const br of copy.querySelectorAll('br')) br.replaceWith('\n');
  return copy.text.trim();
}

/** `background-image:url('https://…')` → the URL; '' when absent. */
function backgroundUrl(style: string | undefined): string {
  const start = style?.indexOf("url('") ?? -1;
  if (!style || start < 0) return '';
  const end = style.indexOf("')", start + 5);
  return end > start ? style.slice(start + 5, end) : '';
}

export const telegramAccountId = (channel: string) => `tg:${channel.toLowerCase()}`;

function readHeader(root: HTMLElement, channel: string): RawAuthor {
  let subscribers = 0;
  for (const counter of root.querySelectorAll('.tgme_channel_info_counter')) {
    if (counter.querySelector('.counter_type')?.text.trim() === 'subscribers')
      subscribers = parseCount(counter.querySelector('.counter_value')?.text);
  }
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
    isBlueVerified: false,
    verifiedType: 'none',
  };
}

const noMetrics = { likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 0 };

/**
 * One page of a channel. A message without a readable id or time is rejected; a service message
 * (joined, pinned, photo changed) and a message with neither text nor photo (a sticker, a poll)
 * are skipped without counting: they are not posts.
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
    const medias: RawMedia[] = el
      .querySelectorAll('.tgme_widget_message_photo_wrap')
      .map((wrap) => backgroundUrl(wrap.getAttribute('style')))
      .filter((url) => url !== '')
      .map((url) => ({ imgUrlThumb: url, imgUrlOrigin: url }));
    // A reply shows the quoted message's text in a .tgme_widget_message_text too (js-message_reply_text).
    const text = textOf(
      el.querySelectorAll('.tgme_widget_message_text').find((t) => !t.classList.contains('js-message_reply_text')) ??
        null,
    );
    if (text === '' && medias.length === 0) continue;
    // A forwarded message is another channel's words (track records skip reposts); a reply quotes one.
    const refKind = el.querySelector('.tgme_widget_message_forwarded_from')
      ? 'repost'
      : el.querySelector('.tgme_widget_message_reply')
        ? 'reply'
        : undefined;
    page.posts.push({
      ...(refKind ? { refKind } : {}),
      id: `tg:${channel.toLowerCase()}/${id}`,
      network: 'telegram',
      url: `https://t.me/${channel}/${id}`,
      text,
      createdAt: Math.floor(createdMs / 1000),
      lang: '',
      author,
      medias,
      metrics: { ...noMetrics, impressionCount: parseCount(el.querySelector('.tgme_widget_message_views')?.text) },
    });
  }
  return page;
}
