/**
 * Bluesky shapes to RawPosts: profiles (app.bsky.actor.defs#profileViewDetailed), feed items of
 * getAuthorFeed (app.bsky.feed.defs#feedViewPost) and raw post records from Jetstream
 * (app.bsky.feed.post). Each item is checked on its own: a malformed one is rejected with a
 * reason, the rest of the page is kept.
 */
import type { PostRefKind, RawAuthor, RawMedia, RawPost } from '../../types';
import { normalizeLang, sample } from '../x-api/map';
import { isDid } from './cursor';
import { arr, count, obj, type Rec, str } from '../json-read';

export { sample };

const POST_COLLECTION = 'app.bsky.feed.post';
/** Record keys are TIDs or other short keys (the atproto record-key syntax). */
const RKEY = /^[A-Za-z0-9._:~-]{1,512}$/;
/** The AppView's image CDN, for records that carry only blob references (Jetstream). */
const CDN = 'https://cdn.bsky.app/img';

export const postId = (did: string, rkey: string) => `bsky:${did}/${rkey}`;
export const accountId = (did: string) => `bsky:${did}`;
/** bsky.app links by handle read better; the DID works too and never changes. */
export const postUrl = (handleOrDid: string, rkey: string) =>
  `https://bsky.app/profile/${encodeURIComponent(handleOrDid)}/post/${encodeURIComponent(rkey)}`;

/** at://did/app.bsky.feed.post/rkey → its parts; undefined for anything else. */
export function parsePostUri(uri: unknown): { did: string; rkey: string } | undefined {
  const m = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(str(uri) ?? '');
  if (!m || !isDid(m[1]) || m[2] !== POST_COLLECTION || !RKEY.test(m[3] ?? '')) return undefined;
  return { did: m[1], rkey: m[3] as string };
}

/**
 * Links an account lists in its bio: full URLs, and bare links with a path ("x.com/someone",
 * "warpcast.com/someone") as bios usually write them. Trailing punctuation is not part of a link.
 */
export function linksIn(text: string): string[] {
  const found = text.match(/\bhttps?:\/\/[^\s<>"]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\/[^\s<>"]+/gi) ?? [];
  const links = found.map((l) => l.replace(/[.,;:!?)\]]+$/, '')).map((l) => (/^https?:/i.test(l) ? l : `https://${l}`));
  return [...new Set(links)];
}

/** A profile (detailed or basic) as an author; undefined without a DID and a handle. */
export function mapProfile(p: unknown): RawAuthor | undefined {
  const r = obj(p);
  const did = str(r?.did);
  const handle = str(r?.handle);
  if (!r || !isDid(did) || !handle) return undefined;
  const bio = str(r.description)?.trim() ?? '';
  return {
    id: accountId(did),
    network: 'bluesky',
    username: handle,
    name: str(r.displayName)?.trim() || handle,
    icon: str(r.avatar) ?? '',
    followersCount: count(r.followersCount),
    isBlueVerified: false,
    verifiedType: 'none',
    bio,
    links: linksIn(bio),
  };
}

/** Images of an embed view (images#view, or the media of recordWithMedia#view). */
function viewImages(embed: Rec | undefined): RawMedia[] {
  const media = str(embed?.$type)?.startsWith('app.bsky.embed.recordWithMedia') ? obj(embed?.media) : embed;
  const out: RawMedia[] = [];
  for (const raw of arr(media?.images)) {
    const i = obj(raw);
    const thumb = str(i?.thumb);
    const full = str(i?.fullsize) ?? thumb;
    if (thumb || full) out.push({ imgUrlThumb: thumb ?? full ?? '', imgUrlOrigin: full ?? '' });
  }
  // A video shows its still, like X's preview_image_url.
  const still = str(media?.thumbnail);
  if (out.length === 0 && still) out.push({ imgUrlThumb: still, imgUrlOrigin: still });
  return out;
}

/** Images of a raw record's embed: blob references, served by the AppView's CDN. */
function recordImages(did: string, embed: Rec | undefined): RawMedia[] {
  const media = str(embed?.$type) === 'app.bsky.embed.recordWithMedia' ? obj(embed?.media) : embed;
  const out: RawMedia[] = [];
  for (const raw of arr(media?.images)) {
    const cid = str(obj(obj(obj(raw)?.image)?.ref)?.$link);
    if (!cid || !/^[a-z0-9]{10,200}$/i.test(cid)) continue;
    const at = (size: string) => `${CDN}/${size}/plain/${did}/${cid}@jpeg`;
    out.push({ imgUrlThumb: at('feed_thumbnail'), imgUrlOrigin: at('feed_fullsize') });
  }
  return out;
}

/** A quote embeds another record; a reply names its parent. Quote wins over reply, as on X. */
function refKindOf(record: Rec): PostRefKind | undefined {
  const embedType = str(obj(record.embed)?.$type) ?? '';
  if (/^app\.bsky\.embed\.record(WithMedia)?(#view)?$/.test(embedType)) return 'quote';
  if (obj(record.reply)) return 'reply';
  return undefined;
}

/** A reply to someone else's post (not a thread of the author's own). */
export function repliesToOthers(did: string, record: Rec): boolean {
  const parent = parsePostUri(obj(obj(record.reply)?.parent)?.uri);
  return Boolean(obj(record.reply)) && parent?.did !== did;
}

interface Counts {
  likeCount?: unknown;
  repostCount?: unknown;
  replyCount?: unknown;
  quoteCount?: unknown;
}

function buildPost(
  did: string,
  rkey: string,
  record: unknown,
  author: RawAuthor,
  medias: (record: Rec) => RawMedia[],
  counts: Counts,
): RawPost | string {
  const r = obj(record);
  if (!r) return `${rkey}: record is not an object`;
  const text = str(r.text);
  if (text === undefined) return `${rkey}: record without text`;
  const createdMs = Date.parse(str(r.createdAt) ?? '');
  if (!Number.isFinite(createdMs)) return `${rkey}: bad createdAt ${sample(r.createdAt)}`;
  const refKind = refKindOf(r);
  return {
    id: postId(did, rkey),
    network: 'bluesky',
    url: postUrl(author.username || did, rkey),
    text: text.trim(),
    createdAt: Math.floor(createdMs / 1000),
    lang: normalizeLang(arr(r.langs)[0]),
    author,
    medias: medias(r),
    metrics: {
      likeCount: count(counts.likeCount),
      retweetCount: count(counts.repostCount),
      replyCount: count(counts.replyCount),
      quoteCount: count(counts.quoteCount),
      impressionCount: 0,
    },
    ...(refKind ? { refKind } : {}),
  };
}

/**
 * One getAuthorFeed item. null: skipped on purpose, not malformed — a repost (the post is
 * someone else's; Jetstream, following app.bsky.feed.post only, would not see it either).
 * `authors` holds the tracked accounts' profiles (with follower counts); others fall back to the
 * item's own basic profile.
 */
export function mapFeedItem(item: unknown, authors: Map<string, RawAuthor>): RawPost | string | null {
  const it = obj(item);
  if (!it) return 'feed item is not an object';
  if (str(obj(it.reason)?.$type) === 'app.bsky.feed.defs#reasonRepost') return null;
  const post = obj(it.post);
  const ref = parsePostUri(post?.uri);
  if (!post || !ref) return `feed item without a post uri: ${sample(post?.uri)}`;
  const author = authors.get(ref.did) ?? mapProfile(post.author);
  if (!author || author.id !== accountId(ref.did)) return `${ref.rkey}: author missing or not ${ref.did}`;
  const embed = obj(post.embed);
  return buildPost(ref.did, ref.rkey, post.record, author, () => viewImages(embed), post as Counts);
}

/** A Jetstream create/update record of a tracked account; counts are not in the stream. */
export function mapRecord(did: string, rkey: string, record: unknown, author: RawAuthor): RawPost | string {
  if (!RKEY.test(rkey)) return `bad rkey ${sample(rkey)}`;
  return buildPost(did, rkey, record, author, (r) => recordImages(did, obj(r.embed)), {});
}
