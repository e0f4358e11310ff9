/**
 * Farcaster hub messages (the HTTP API's JSON: `{data: {type, fid, timestamp, castAddBody …},
 * hash}`) turned into RawPosts and RawAuthors. Pure: no HTTP here.
 */
import type { RawAuthor, RawLink, RawMedia, RawMetrics, RawPost } from '../../types';

/** Farcaster timestamps count seconds from 2021-01-01T00:00:00Z. */
export const FARCASTER_EPOCH_S = 1_609_459_200;

const HASH = /^0x[0-9a-f]{40}$/;
const IMAGE = /\.(jpe?g|png|gif|webp)(\?|$)|^https:\/\/imagedelivery\.net\//i;
const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

/**
 * Hubs keep no reaction, reply or view counts (only the reactions themselves, a request per cast
 * and kind to count): every count is unknown, never 0.
 */
export const UNKNOWN_METRICS: RawMetrics = {
  likeCount: null,
  retweetCount: null,
  replyCount: null,
  quoteCount: null,
  impressionCount: null,
};

export interface HubMessage {
  data?: {
    type?: string;
    fid?: number;
    timestamp?: number;
    castAddBody?: {
      text?: string;
      embeds?: { url?: string; castId?: { fid?: number; hash?: string } }[];
      mentions?: number[];
      mentionsPositions?: number[];
      parentCastId?: { fid?: number; hash?: string };
      parentUrl?: string;
    };
    castRemoveBody?: { targetHash?: string };
    userDataBody?: { type?: string; value?: string };
  };
  hash?: string;
}

export const farcasterAccountId = (fid: number) => `fc:${fid}`;

/** The account as far as is known before its user data is read: no name, no picture. */
export function bareAuthor(fid: number): RawAuthor {
  return {
    id: farcasterAccountId(fid),
    network: 'farcaster',
    username: `!${fid}`,
    name: `!${fid}`,
    icon: '',
    bio: '',
    links: [],
    followersCount: 0,
    isBlueVerified: false,
    verifiedType: 'none',
  };
}

/**
 * A profile from /v1/userDataByFid messages: display name, picture, bio, username; the URL and the
 * X / GitHub names a user declares go to `links`, where cross-network linking reads them.
 */
export function authorFromUserData(fid: number, messages: HubMessage[], followers: number): RawAuthor {
  const author = { ...bareAuthor(fid), followersCount: followers };
  const links: string[] = [];
  for (const m of messages) {
    const body = m?.data?.userDataBody;
    const value = typeof body?.value === 'string' ? body.value.trim() : '';
    if (!value) continue;
    switch (body?.type) {
      case 'USER_DATA_TYPE_USERNAME':
        author.username = value;
        break;
      case 'USER_DATA_TYPE_DISPLAY':
        author.name = value;
        break;
      case 'USER_DATA_TYPE_PFP':
        author.icon = value;
        break;
      case 'USER_DATA_TYPE_BIO':
        author.bio = value;
        break;
      case 'USER_DATA_TYPE_URL':
        if (/^https?:\/\//.test(value)) links.push(value);
        break;
      case 'USER_DATA_TYPE_TWITTER':
        links.push(`https://x.com/${value.replace(/^@/, '')}`);
        break;
      case 'USER_DATA_TYPE_GITHUB':
        links.push(`https://github.com/${value.replace(/^@/, '')}`);
        break;
    }
  }
  if (author.name.startsWith('!') && !author.username.startsWith('!')) author.name = author.username;
  author.links = [...new Set(links)];
  return author;
}

/**
 * Puts the mentions back into the text: the hub sends the text without them and their UTF-8 byte
 * offsets beside it. A mention becomes @username when the account is known, else @<fid>.
 */
export function withMentions(
  text: string,
  mentions: number[],
  positions: number[],
  nameOf: (fid: number) => string | undefined,
): string {
  const bytes = Buffer.from(text, 'utf8');
  const pairs = mentions
    .map((fid, i) => ({ fid, at: positions[i] }))
    .filter(
      (p): p is { fid: number; at: number } =>
        Number.isInteger(p.at) && (p.at as number) >= 0 && (p.at as number) <= bytes.length,
    )
    .sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const { fid, at } of pairs) {
    out += bytes.subarray(from, at).toString('utf8');
    out += `@${nameOf(fid) ?? fid}`;
    from = at;
  }
  return out + bytes.subarray(from).toString('utf8');
}

export type Mapped = { post: RawPost } | { reason: string };

/** A CAST_ADD message as a post; the reason when it cannot be one. */
export function castToPost(m: HubMessage, author: RawAuthor, nameOf: (fid: number) => string | undefined): Mapped {
  const d = m?.data;
  const body = d?.castAddBody;
  if (d?.type !== 'MESSAGE_TYPE_CAST_ADD' || !body) return { reason: 'not a cast' };
  if (typeof m?.hash !== 'string' || !HASH.test(m.hash)) return { reason: 'cast without a valid hash' };
  if (typeof d.timestamp !== 'number' || !Number.isFinite(d.timestamp) || d.timestamp < 0)
    return { reason: `cast ${m.hash} without a valid timestamp` };
  if (typeof body.text !== 'string') return { reason: `cast ${m.hash} without text` };
  const medias: RawMedia[] = [];
  const embedUrls: string[] = [];
  let quotes = false;
  for (const e of Array.isArray(body.embeds) ? body.embeds : []) {
    if (typeof e?.url === 'string' && /^https?:\/\//.test(e.url)) {
      if (IMAGE.test(e.url)) medias.push({ imgUrlThumb: e.url, imgUrlOrigin: e.url });
      embedUrls.push(e.url);
    } else if (e?.castId) quotes = true;
  }
  const mentions = Array.isArray(body.mentions) ? body.mentions : [];
  const positions = Array.isArray(body.mentionsPositions) ? body.mentionsPositions : [];
  const shown = withMentions(body.text, mentions, positions, nameOf);
  // An embedded page's URL is added to the text only when the text does not show it already;
  // images are shown as medias, not as URLs.
  const appended = [...new Set(embedUrls.filter((u) => !IMAGE.test(u) && !shown.includes(u)))];
  const text = [shown, ...appended].filter(Boolean).join('\n');
  const links: RawLink[] = [];
  const inText = (text.match(URL_IN_TEXT) ?? []).map((u) => u.replace(/[.,;:!?)\]'"]+$/, ''));
  for (const url of [...inText, ...embedUrls]) if (!links.some((l) => l.url === url)) links.push({ url, text: url });
  const username = author.username.startsWith('!') ? undefined : author.username;
  const post: RawPost = {
    id: `fc:${m.hash}`,
    network: 'farcaster',
    text,
    createdAt: d.timestamp + FARCASTER_EPOCH_S,
    lang: '',
    author,
    medias,
    metrics: { ...UNKNOWN_METRICS },
  };
  if (links.length > 0) post.links = links;
  // farcaster.xyz (formerly warpcast.com) opens a cast by its author and its hash's first 10 characters.
  if (username) post.url = `https://farcaster.xyz/${username}/${m.hash.slice(0, 10)}`;
  if (body.parentCastId) post.refKind = 'reply';
  else if (quotes) post.refKind = 'quote';
  return { post };
}

/** A CAST_REMOVE as a vanish marker for the removed cast (the store flags it, keeping its text). */
export function removeToMarker(m: HubMessage, author: RawAuthor): Mapped {
  const target = m?.data?.castRemoveBody?.targetHash;
  if (typeof target !== 'string' || !HASH.test(target)) return { reason: 'cast remove without a valid target hash' };
  return {
    post: {
      id: `fc:${target}`,
      network: 'farcaster',
      vanished: true,
      text: '',
      createdAt: (typeof m.data?.timestamp === 'number' ? m.data.timestamp : 0) + FARCASTER_EPOCH_S,
      lang: '',
      author,
      medias: [],
      metrics: { ...UNKNOWN_METRICS },
    },
  };
}
