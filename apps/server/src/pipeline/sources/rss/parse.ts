/**
 * Turns an RSS 2.0 (Nitter, RSSHub) or Atom (RSSHub) document into RawPosts.
 *
 * - id: the numeric status id in the item's link, guid or Atom id (x.com, twitter.com or any
 *   Nitter host: all use /<user>/status/<id>); an item without one is rejected.
 * - author.username: dc:creator '@user' (Nitter), else the link path, else the feed's own user.
 *   author.id is '' because feeds carry no numeric user id: the store matches by username.
 *   name and icon come from the feed (title 'Name / @user' or 'Twitter @Name', <image>) when the
 *   item is the feed user's own; followers 0 and not verified, as feeds do not say.
 * - Retweets: Nitter titles them 'RT by @kol: …' but links the original status and names its
 *   author in dc:creator; RSSHub links the original too. They are kept as the original post by
 *   its original author, which is what that id is on X, so one post retweeted by several KOLs
 *   is stored once. 'RT by …:' / 'Pinned:' prefixes are cut when the title is the text.
 * - refKind: text starting 'RT @user' (a manual or bridged retweet under the KOL's own id) is a
 *   repost, and so is a retweet marker whose original author could not be told (the post then
 *   stands under the feed's user); an item quoting a status (RSSHub's rsshub-quote block, Nitter's
 *   closing link to another status) is a quote; Nitter's 'R to @user:' title is a reply.
 * - Metrics are 0 and lang '': feeds carry neither.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { PostRefKind, RawPost, RejectedItem } from '../../types';
import { decodeEntities, htmlToText, imageUrls } from './html';

type Rec = Record<string, unknown>;

export interface ParsedFeed {
  posts: RawPost[];
  rejected: RejectedItem[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Ids must stay strings: a 19-digit status id does not survive a JS number.
  parseTagValue: false,
  parseAttributeValue: false,
  // XML-level character references (&#39; &#x1F4C8;) are decoded here, once; the HTML inside a
  // description is decoded again by htmlToText, which is the second level it was escaped at.
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

const obj = (v: unknown): Rec | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Text of an element that may carry attributes ({'#text', '@_type'}) or repeat. */
function text(v: unknown): string {
  const first = list(v)[0];
  if (typeof first === 'string') return first.trim();
  const t = obj(first)?.['#text'];
  return typeof t === 'string' ? t.trim() : '';
}

/** An Atom entry's page link: rel="alternate" or no rel; RSS links are plain text. */
function linkOf(v: unknown): string {
  for (const l of list(v)) {
    if (typeof l === 'string') return l.trim();
    const r = obj(l);
    const href = r?.['@_href'];
    if (typeof href === 'string' && (r?.['@_rel'] === undefined || r['@_rel'] === 'alternate')) return href.trim();
  }
  return '';
}

const STATUS = /\/status(?:es)?\/(\d{1,25})(?:\D|$)/;
const HANDLE = /^@?([A-Za-z0-9_]{1,15})$/;

/** The user in https://<host>/<user>[/status/…]; 'i' is X's "/i/web/status" alias, not a user. */
function userFromUrl(url: string): string | undefined {
  try {
    const first = new URL(url).pathname.split('/')[1] ?? '';
    return HANDLE.test(first) && first.toLowerCase() !== 'i' ? first : undefined;
  } catch {
    return undefined;
  }
}

/** Snowflake ids carry their time: a fallback when an item has no usable date. */
function snowflakeSeconds(id: string): number | undefined {
  if (id.length < 15) return undefined;
  return Math.floor(Number((BigInt(id) >> 22n) + 1288834974657n) / 1000);
}

interface FeedOwner {
  username: string;
  name: string;
  icon: string;
}

function ownerOf(channel: Rec, feedUrl: string, atom: boolean): FeedOwner {
  const title = decodeEntities(text(channel.title));
  const link = linkOf(channel.link);
  const nitter = /^(.*?)\s*\/\s*@([A-Za-z0-9_]{1,15})\s*$/.exec(title); // 'Name / @user'
  const rsshub = /^Twitter @(.+)$/.exec(title); // 'Twitter @Name'
  const username = nitter?.[2] ?? userFromUrl(link) ?? '';
  const name = nitter?.[1] || rsshub?.[1] || username;
  const icon = atom ? text(channel.logo) || text(channel.icon) : text(obj(channel.image)?.url);
  let iconUrl = '';
  try {
    iconUrl = icon ? new URL(decodeEntities(icon), feedUrl).href : '';
  } catch {
    // a broken icon URL is no reason to lose the feed
  }
  return { username, name: name.trim(), icon: iconUrl };
}

/** Title prefixes: Nitter 'RT by @kol:' and RSSHub 'RT Name:' mark retweets, Nitter 'R to @user:' replies. */
const RETWEET_TITLE = /^(?:RT by @\w+|RT [^@:][^:]*):/;
const REPLY_TITLE = /^R to @\w+:/;
const HREF = /\bhref\s*=\s*["']([^"']*)["']/gi;

/** Another status linked from the item's HTML (Nitter renders a quote as a link after the text). */
function linksOtherStatus(html: string, id: string): boolean {
  for (const m of html.matchAll(HREF)) {
    const linked = STATUS.exec(decodeEntities(m[1] ?? ''))?.[1];
    if (linked && linked !== id) return true;
  }
  return false;
}

function refKindOf(r: { title: string; body: string; html: string; id: string; ownerFallback: boolean }) {
  let kind: PostRefKind | undefined;
  if (/^RT @\w+/.test(r.body) || (RETWEET_TITLE.test(r.title) && r.ownerFallback)) kind = 'repost';
  else if (/class\s*=\s*["'][^"']*rsshub-quote/.test(r.html) || linksOtherStatus(r.html, r.id)) kind = 'quote';
  else if (REPLY_TITLE.test(r.title)) kind = 'reply';
  return kind;
}

function mapItem(item: Rec, owner: FeedOwner, feedUrl: string, atom: boolean): RawPost | string {
  const link = linkOf(item.link);
  const guid = text(atom ? item.id : item.guid);
  const id = STATUS.exec(link)?.[1] ?? STATUS.exec(guid)?.[1];
  if (!id) return 'no status id in link or guid';

  const html = atom
    ? text(item.content) || text(item.summary)
    : text(item.description) || text(item['content:encoded']);
  let body = htmlToText(html);
  // The title is the fallback body. Generators escape the post text, which X itself keeps
  // escaped ('&amp;'), so one more decoding pass gives the text as written.
  const title = decodeEntities(text(item.title));
  if (!body) body = title.replace(/^(?:RT by @\w+|Pinned):\s*/, '');

  const dateText = atom ? text(item.published) || text(item.updated) : text(item.pubDate) || text(item['dc:date']);
  const ms = Date.parse(dateText);
  const createdAt = Number.isFinite(ms) ? Math.floor(ms / 1000) : snowflakeSeconds(id);
  if (createdAt === undefined) return `status ${id}: no usable date (${dateText || 'none'})`;

  const authorName = atom ? text(obj(list(item.author)[0])?.name) : text(item.author);
  const creator = HANDLE.exec(text(item['dc:creator']))?.[1];
  const named = creator ?? userFromUrl(link);
  const username = named ?? owner.username;
  if (!username) return `status ${id}: no author username`;
  const own = username.toLowerCase() === owner.username.toLowerCase();
  const displayName = authorName && !HANDLE.test(authorName) ? decodeEntities(authorName) : undefined;
  const refKind = refKindOf({ title, body, html, id, ownerFallback: named === undefined });

  return {
    id,
    text: body,
    createdAt,
    lang: '',
    author: {
      id: '',
      username,
      name: (own ? owner.name : displayName) || username,
      icon: own ? owner.icon : '',
      followersCount: 0,
      isBlueVerified: false,
      verifiedType: 'none',
    },
    medias: imageUrls(html, link || feedUrl).map((u) => ({ imgUrlThumb: u, imgUrlOrigin: u })),
    metrics: { likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 0, impressionCount: 0 },
    ...(refKind ? { refKind } : {}),
  };
}

/** Parses a feed document; a document that is not a well-formed RSS/Atom feed yields an error string. */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed | string {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return `malformed XML: ${valid.err.msg} (line ${valid.err.line})`;
  let doc: Rec;
  try {
    doc = parser.parse(xml) as Rec;
  } catch (err) {
    return `malformed XML: ${(err as Error).message}`;
  }
  const channel = obj(obj(doc.rss)?.channel);
  const feed = obj(doc.feed);
  const root = channel ?? feed;
  if (!root) return 'not an RSS 2.0 or Atom document';
  const atom = !channel;
  const owner = ownerOf(root, feedUrl, atom);
  const out: ParsedFeed = { posts: [], rejected: [] };
  for (const raw of list(atom ? root.entry : root.item)) {
    const item = obj(raw);
    const mapped = item ? mapItem(item, owner, feedUrl, atom) : 'item is not an element';
    if (typeof mapped !== 'string') out.posts.push(mapped);
    else out.rejected.push({ reason: mapped, sample: JSON.stringify(raw).slice(0, 200) });
  }
  return out;
}
