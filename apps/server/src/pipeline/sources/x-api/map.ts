/**
 * Maps one X API v2 response page ({data, includes, meta, errors}) to RawPosts. Every tweet is
 * checked on its own so that one malformed item is rejected while the rest of the page is kept.
 */
import type {
  PostRefKind,
  RawAuthor,
  RawLink,
  RawLinkCard,
  RawMedia,
  RawPost,
  RejectedItem,
  VerifiedType,
} from '../../types';
import { isId, maxId } from './cursor';
import { arr, count, obj, type Rec, str } from '../json-read';

export const sample = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? String(v)).slice(0, 200);
};

export interface MappedPage {
  posts: RawPost[];
  rejected: RejectedItem[];
  /** The newest id on the page, malformed items included, so they are not fetched again. */
  newestId: string | undefined;
  nextToken: string | undefined;
}

const VERIFIED_TYPES: ReadonlySet<string> = new Set(['blue', 'business', 'government', 'none']);

/**
 * X still sends the legacy `verified` flag next to `verified_type`. A user with `verified: true`
 * but no usable verified_type is treated as 'blue' (the paid check is what `verified` means
 * today), and isBlueVerified is true for any check mark, matching the brief:
 * verified_type === 'blue' || verified === true.
 */
export function mapAuthor(u: Rec): RawAuthor {
  const vt = str(u.verified_type);
  const verified = u.verified === true;
  const verifiedType: VerifiedType = vt && VERIFIED_TYPES.has(vt) ? (vt as VerifiedType) : verified ? 'blue' : 'none';
  return {
    id: str(u.id) ?? '',
    username: str(u.username) ?? '',
    name: str(u.name) ?? str(u.username) ?? '',
    // '_normal' is a 48px avatar; '_bigger' (73px) stays sharp on high-density screens.
    icon: (str(u.profile_image_url) ?? '').replace(/_normal(\.\w+)?$/, '_bigger$1'),
    followersCount: count(obj(u.public_metrics)?.followers_count),
    isBlueVerified: vt === 'blue' || verified,
    verifiedType,
  };
}

/** pbs.twimg.com serves sizes through ?name=; other hosts get the URL unchanged. */
function sized(url: string, name: 'small' | 'orig'): string {
  if (!/^https:\/\/pbs\.twimg\.com\//.test(url) || /[?&]name=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}name=${name}`;
}

export function mapMedia(m: Rec): RawMedia | undefined {
  // Photos have `url`; videos and GIFs only a still in `preview_image_url`.
  const url = str(m.type) === 'photo' ? (str(m.url) ?? str(m.preview_image_url)) : str(m.preview_image_url);
  if (!url) return undefined;
  return { imgUrlThumb: sized(url, 'small'), imgUrlOrigin: sized(url, 'orig') };
}

/** X codes 'und', 'zxx' and the q-codes ('qme' media only, 'qht' hashtags only…) mean "no language". */
export function normalizeLang(v: unknown): string {
  const l = str(v)?.toLowerCase() ?? '';
  if (l === '' || l === 'und' || l === 'zxx' || /^q[a-z]{2}$/.test(l)) return '';
  return l.startsWith('zh') ? 'zh' : (l.split('-')[0] ?? '');
}

/** The link X appends for attached media (pic.x.com / pic.twitter.com): the media are in `medias`. */
const isMediaLink = (u: Rec) =>
  u.media_key !== undefined || /^pic\.(?:twitter|x)\.com\//i.test(str(u.display_url) ?? '');

/** A reply's leading run of @mentions, as X's apps hide it ("@a @b actual text"). */
const LEADING_MENTIONS = /^(?:@[A-Za-z0-9_]{1,15}(?:\s+|$))+/;

/**
 * A reply's text without its leading @mentions: from display_text_range (code points) when the
 * API gives one, else without the leading run of @mentions.
 */
function withoutReplyMentions(t: Rec, text: string, isNote: boolean): string {
  const range = arr(t.display_text_range);
  const chars = Array.from(text);
  const [from, to] = range as number[];
  if (!isNote && range.length === 2 && Number.isSafeInteger(from) && Number.isSafeInteger(to)) {
    if ((from as number) >= 0 && (from as number) <= (to as number) && (to as number) <= chars.length)
      return chars.slice(from, to).join('');
  }
  return text.replace(LEADING_MENTIONS, '');
}

/**
 * v2 text is HTML-escaped (&amp; &lt; &gt;) and carries t.co links. Each t.co link reads as X's
 * apps show it, its display_url ("example.com/a/b…"), and becomes a link {url: expanded_url,
 * text: display_url}; the link X appends for attached media is dropped, the media being in
 * `medias`. A reply loses its leading @mentions, as in X's apps. Long posts (note_tweet) have
 * their full text and entities apart from the truncated `text`.
 */
function tweetText(t: Rec, isReply: boolean): { text: string; links: RawLink[]; card?: RawLinkCard } | undefined {
  const note = obj(t.note_tweet);
  const full = str(note?.text);
  let text = full ?? str(t.text);
  if (text === undefined) return undefined;
  if (isReply) text = withoutReplyMentions(t, text, full !== undefined);
  const entities = obj(full !== undefined ? note?.entities : t.entities);
  const links: RawLink[] = [];
  let card: RawLinkCard | undefined;
  for (const raw of arr(entities?.urls)) {
    const u = obj(raw);
    const short = str(u?.url);
    if (!u || !short || !text.includes(short)) continue;
    if (isMediaLink(u)) {
      text = text.split(short).join('');
      continue;
    }
    const url = str(u.expanded_url) ?? short;
    const shown = str(u.display_url) ?? url;
    text = text.split(short).join(shown);
    if (!links.some((l) => l.url === url && l.text === shown)) links.push({ url, text: shown });
    // X unwinds a link's page (title, description, images): its preview card, the first one kept.
    const title = str(u.title)?.trim();
    if (!card && title) {
      const thumb = str(obj(arr(u.images)[0])?.url) ?? '';
      card = { url: str(u.unwound_url) ?? url, title, description: str(u.description)?.trim() ?? '', thumb };
    }
  }
  const entity: Record<string, string> = { amp: '&', lt: '<', gt: '>' };
  const unescaped = text.replace(/&(amp|lt|gt);/g, (_, n: string) => entity[n] ?? '').trim();
  return { text: unescaped, links, ...(card ? { card } : {}) };
}

/** X's referenced_tweets types, strongest first: a reply that quotes is a quote. */
const REF_KINDS: [string, PostRefKind][] = [
  ['retweeted', 'repost'],
  ['quoted', 'quote'],
  ['replied_to', 'reply'],
];

/** What the tweet is to another one (tweet.fields=referenced_tweets); undefined for an original. */
export function refKindOf(t: Rec): PostRefKind | undefined {
  const types = new Set(arr(t.referenced_tweets).map((r) => str(obj(r)?.type)));
  return REF_KINDS.find(([type]) => types.has(type))?.[1];
}

/** A count X reported; null when public_metrics lacks it (not asked for, or not given). */
const reported = (v: unknown): number | null => (typeof v === 'number' ? count(v) : null);

function mapTweet(t: Rec, users: Map<string, Rec>, media: Map<string, Rec>): RawPost | string {
  const id = t.id;
  if (!isId(id)) return 'missing or non-numeric id';
  const refKind = refKindOf(t);
  const replied = arr(t.referenced_tweets).some((r) => str(obj(r)?.type) === 'replied_to');
  const content = tweetText(t, replied);
  if (content === undefined) return `tweet ${id}: missing text`;
  const createdMs = typeof t.created_at === 'string' ? Date.parse(t.created_at) : Number.NaN;
  if (!Number.isFinite(createdMs)) return `tweet ${id}: bad created_at ${sample(t.created_at)}`;
  const authorId = str(t.author_id);
  const user = authorId === undefined ? undefined : users.get(authorId);
  if (!user) return `tweet ${id}: author ${authorId ?? '(none)'} not in includes.users`;
  const medias: RawMedia[] = [];
  for (const key of arr(obj(t.attachments)?.media_keys)) {
    const m = typeof key === 'string' ? media.get(key) : undefined;
    const mapped = m && mapMedia(m);
    if (mapped) medias.push(mapped);
  }
  const pm = obj(t.public_metrics);
  return {
    id,
    text: content.text,
    createdAt: Math.floor(createdMs / 1000),
    lang: normalizeLang(t.lang),
    author: mapAuthor(user),
    medias,
    ...(content.links.length ? { links: content.links } : {}),
    ...(content.card ? { card: content.card } : {}),
    metrics: {
      likeCount: reported(pm?.like_count),
      retweetCount: reported(pm?.retweet_count),
      replyCount: reported(pm?.reply_count),
      quoteCount: reported(pm?.quote_count),
      impressionCount: reported(pm?.impression_count),
    },
    ...(refKind ? { refKind } : {}),
  };
}

function index(items: unknown, key: string): Map<string, Rec> {
  const out = new Map<string, Rec>();
  for (const raw of arr(items)) {
    const r = obj(raw);
    const k = str(r?.[key]);
    if (r && k !== undefined) out.set(k, r);
  }
  return out;
}

export function mapPage(body: Rec): MappedPage {
  const includes = obj(body.includes);
  const users = index(includes?.users, 'id');
  const media = index(includes?.media, 'media_key');
  const meta = obj(body.meta);
  const page: MappedPage = {
    posts: [],
    rejected: [],
    newestId: isId(meta?.newest_id) ? meta.newest_id : undefined,
    nextToken: str(meta?.next_token) || undefined,
  };
  for (const item of arr(body.data)) {
    const t = obj(item);
    if (t && isId(t.id)) page.newestId = maxId(page.newestId, t.id);
    const mapped = t ? mapTweet(t, users, media) : 'tweet is not an object';
    if (typeof mapped === 'string') page.rejected.push({ reason: mapped, sample: sample(item) });
    else page.posts.push(mapped);
  }
  // Partial errors (a deleted media, a protected quoted author…) do not void the data beside them.
  for (const raw of arr(body.errors)) {
    const e = obj(raw);
    const what = [str(e?.title), str(e?.detail) ?? str(e?.message)].filter(Boolean).join(': ');
    page.rejected.push({ reason: `X API error: ${what || 'unknown'}`, sample: sample(raw) });
  }
  return page;
}

export interface MappedLookup {
  /** Users found, by the lower-cased username asked. */
  found: Map<string, RawAuthor>;
  /** Lower-cased usernames asked but not returned, each with X's reason. */
  missing: Map<string, string>;
  /** Unusable user objects and errors that name no username asked. */
  rejected: RejectedItem[];
}

/**
 * Maps a GET /2/users/by answer ({data, errors}) for the lower-cased usernames asked. A user X
 * cannot return (unknown, suspended) is left out of `data` and named in `errors` by its `value`;
 * an asked name found in neither is missing too.
 */
export function mapUsers(body: Rec, asked: string[]): MappedLookup {
  const wanted = new Set(asked);
  const out: MappedLookup = { found: new Map(), missing: new Map(), rejected: [] };
  for (const raw of arr(body.data)) {
    const u = obj(raw);
    const name = str(u?.username)?.toLowerCase();
    if (u && isId(u.id) && name && wanted.has(name)) out.found.set(name, mapAuthor(u));
    else
      out.rejected.push({ reason: 'user lookup: user without a numeric id or an asked username', sample: sample(raw) });
  }
  const reasons = new Map<string, string>();
  for (const raw of arr(body.errors)) {
    const e = obj(raw);
    const what = [str(e?.title), str(e?.detail) ?? str(e?.message)].filter(Boolean).join(': ') || 'unknown';
    const name = (str(e?.value) ?? str(e?.resource_id))?.toLowerCase();
    if (name && wanted.has(name) && !out.found.has(name)) reasons.set(name, what);
    else out.rejected.push({ reason: `X API error: ${what}`, sample: sample(raw) });
  }
  for (const name of asked) {
    if (!out.found.has(name)) out.missing.set(name, reasons.get(name) ?? 'not in the answer');
  }
  return out;
}
