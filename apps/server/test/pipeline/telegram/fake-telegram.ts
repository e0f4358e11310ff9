/**
 * A local stand-in for t.me's channel preview: `GET /s/<channel>` answers the 20 newest messages
 * in Telegram's widget markup, `?before=<id>` the 20 before that id, with the channel header on
 * every page. Tests (and e2e) add, edit and delete messages, and queue failures (429, 5xx).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMessage {
  id: number;
  /** HTML as Telegram puts it inside .tgme_widget_message_text (<br/> for line breaks, entities). */
  html: string;
  /** ISO time. */
  date: string;
  views?: string;
  photos?: string[];
  /** Forwarded from another channel, or a reply to an earlier message. */
  ref?: 'forward' | 'reply';
  /** A service message (channel created, message pinned). */
  service?: boolean;
  /** Markup put before the text, as t.me does for media (a video player, a location, a link preview goes after). */
  media?: string;
  /** Markup put after the text: a link preview. */
  after?: string;
  /** Reactions as Telegram shows them: an emoji and its count ("👍", "1.2K"). */
  reactions?: [string, string][];
  /** Raw markup to serve instead: malformed items, or a message captured from t.me (fixtures/). */
  raw?: string;
}

export interface FakeChannel {
  title: string;
  photo: string;
  subscribers: string;
  /** 'subscribers' unless set: t.me says "1 subscriber". */
  subscribersLabel?: string;
  /** The verified icon next to the title. */
  verified?: boolean;
  description?: string;
  messages: FakeMessage[];
  /** A whole page captured from t.me, served as it is for every request on this channel. */
  page?: string;
}

export interface FakeTelegram {
  url: string;
  channels: Map<string, FakeChannel>;
  /** Answers to serve before the real page, in order: a status and optional headers. */
  failures: { status: number; headers?: Record<string, string> }[];
  requests: string[];
  addChannel(name: string, channel?: Partial<FakeChannel>): FakeChannel;
  close(): Promise<void>;
}

const PAGE = 20;

function ref(channel: string, m: FakeMessage): string {
  if (m.ref === 'forward')
    return `<div class="tgme_widget_message_forwarded_from accent_color">Forwarded from <a class="tgme_widget_message_forwarded_from_name" href="https://t.me/other_channel/5"><span dir="auto">Other</span></a></div>`;
  if (m.ref === 'reply')
    return `<a class="tgme_widget_message_reply" href="https://t.me/${channel}/1"><div class="tgme_widget_message_author accent_color"><span class="tgme_widget_message_author_name" dir="auto">${channel}</span></div><div class="tgme_widget_message_text js-message_reply_text" dir="auto">earlier</div></a>`;
  return '';
}

function messageHtml(channel: string, m: FakeMessage): string {
  if (m.raw !== undefined) return m.raw;
  const kind = m.service ? 'service_message' : 'text_not_supported_wrap';
  const photos = (m.photos ?? [])
    .map(
      (url) =>
        `<a class="tgme_widget_message_photo_wrap 5400 1234" href="https://t.me/${channel}/${m.id}" style="width:800px;background-image:url('${url}')"><div class="tgme_widget_message_photo" style="padding-top:56.25%"></div></a>`,
    )
    .join('');
  // As t.me marks them up: each emoji inside <i class="emoji"><b>…</b></i>, then its count.
  const reactions = m.reactions?.length
    ? `<div class="tgme_widget_message_reactions js-message_reactions">${m.reactions
        .map(
          ([emoji, count]) =>
            `<span class="tgme_reaction"><i class="emoji" style="background-image:url('//telegram.org/img/emoji/40/F09F918D.png')"><b>${emoji}</b></i>${count}</span>`,
        )
        .join('')}</div>`
    : '';
  const body = m.service
    ? `<div class="message_media_not_supported_wrap"><div class="tgme_widget_message_service_text">${m.html}</div></div>`
    : `${ref(channel, m)}${photos}${m.media ?? ''}${m.html ? `<div class="tgme_widget_message_text js-message_text" dir="auto">${m.html}</div>` : ''}${m.after ?? ''}`;
  return `<div class="tgme_widget_message_wrap js-widget_message_wrap">
<div class="tgme_widget_message ${kind} js-widget_message" data-post="${channel}/${m.id}" data-view="x">
<div class="tgme_widget_message_user"><a href="https://t.me/${channel}"><i class="tgme_widget_message_user_photo bgcolor1" data-content="C"></i></a></div>
<div class="tgme_widget_message_bubble">
<div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="https://t.me/${channel}"><span dir="auto">${channel}</span></a></div>
${body}
${reactions}<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info">
<span class="tgme_widget_message_views">${m.views ?? '0'}</span><span class="copyonly"> views</span>
<span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/${channel}/${m.id}"><time datetime="${m.date}" class="time">10:00</time></a></span>
</div></div></div></div></div>`;
}

export function channelPage(name: string, ch: FakeChannel, before?: number): string {
  const sorted = [...ch.messages].sort((a, b) => a.id - b.id);
  const older = before === undefined ? sorted : sorted.filter((m) => m.id < before);
  const shown = older.slice(-PAGE);
  const more =
    shown.length && shown[0]!.id > 1
      ? `<a class="tme_messages_more js-messages_more" data-before="${shown[0]!.id}" href="/s/${name}?before=${shown[0]!.id}"></a>`
      : '';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${ch.title} – Telegram</title></head><body class="widget_frame_base tgme_webpage mobile">
<header class="tgme_header"></header>
<section class="tgme_channel_history js-message_history">${more}
${shown.map((m) => messageHtml(name, m)).join('\n')}
</section>
<div class="tgme_channel_info">
<div class="tgme_channel_info_header">
<i class="tgme_page_photo_image bgcolor0" data-content="C"><img src="${ch.photo}"></i>
<div class="tgme_channel_info_header_title_wrap"><div class="tgme_channel_info_header_title"><span dir="auto">${ch.title}</span></div>
<div class="tgme_channel_info_header_labels">${ch.verified ? '<i class="verified-icon"></i>' : ''}</div></div>
<div class="tgme_channel_info_header_username"><a href="https://t.me/${name}">@${name}</a></div>
</div>
<div class="tgme_channel_info_description">${ch.description ?? ''}</div>
<div class="tgme_channel_info_counters">
<div class="tgme_channel_info_counter"><span class="counter_value">${ch.subscribers}</span> <span class="counter_type">${ch.subscribersLabel ?? 'subscribers'}</span></div>
<div class="tgme_channel_info_counter"><span class="counter_value">1.1K</span> <span class="counter_type">photos</span></div>
</div></div></body></html>`;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const fake: FakeTelegram = {
    url: '',
    channels: new Map(),
    failures: [],
    requests: [],
    addChannel(name, channel = {}) {
      const ch: FakeChannel = {
        title: name,
        photo: `https://cdn4.cdn-telegram.org/file/${name}.jpg`,
        subscribers: '1.2K',
        messages: [],
        ...channel,
      };
      fake.channels.set(name, ch);
      return ch;
    },
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push(`${url.pathname}${url.search}`);
    const failure = fake.failures.shift();
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'text/html', ...failure.headers });
      res.end(`<html><body>${failure.status}</body></html>`);
      return;
    }
    const name = /^\/s\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
    // Channel names are case-insensitive on t.me; the page shows the name as the channel spells it.
    const key = [...fake.channels.keys()].find((k) => k.toLowerCase() === name?.toLowerCase());
    const ch = key ? fake.channels.get(key) : undefined;
    if (!name || !ch) {
      // t.me answers an unknown or private channel with a page that has no message history.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!DOCTYPE html><html><body><div class="tgme_page"><div class="tgme_page_title">Telegram</div></div></body></html>',
      );
      return;
    }
    const before = url.searchParams.get('before');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(ch.page ?? channelPage(key as string, ch, before ? Number(before) : undefined));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
