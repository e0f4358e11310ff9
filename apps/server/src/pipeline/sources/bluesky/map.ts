/**
 * Bluesky shapes to RawPosts: profiles (app.bsky.actor.defs#profileViewDetailed), feed items of
 * getAuthorFeed (app.bsky.feed.defs#feedViewPost) and raw post records from Jetstream
 * (app.bsky.feed.post). Each item is checked on its own: a malformed one is rejected with a
 * reason, the rest of the page is kept.
 */
import type { PostRefKind, RawAuthor, RawLink, RawLinkCard, RawMedia, RawMetrics, RawPost } from '../../types';
import { normalizeLang, sample } from '../x-api/map';
import { isDid } from './cursor';
import { arr, count, obj, type Rec, str } from '../json-read';

export { sample };

const POST_COLLECTION = 'app.bsky.feed.post';
/** Record keys are TIDs or other short keys (the atproto record-key syntax). */
const RKEY = /^[A-Za-z0-9._:~-]{1,512}$/;
/** The AppView's image CDN, for records that carry only blob references (Jetstream). */
const CDN = 'https://cdn.bsky.app/img';
/** The AppView's video host: a video view's `thumbnail` is `{VIDEO}/<did, URL-encoded>/<cid>/thumbnail.jpg`. */
const VIDEO = 'https://video.bsky.app/watch';
/** A blob's CID as records carry it. */
const CID = /^[a-z0-9]{10,200}$/i;

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

/** The media part of an embed: recordWithMedia carries it in `media`, the others are it. */
function mediaOf(embed: Rec | undefined): Rec | undefined {
  return str(embed?.$type)?.startsWith('app.bsky.embed.recordWithMedia') ? obj(embed?.media) : embed;
}

/** Only web links are kept: a facet or card may name any URI. */
const webUrl = (u: unknown): string | undefined => {
  const s = str(u)?.trim();
  return s && /^https?:\/\/[^\s]+$/i.test(s) ? s : undefined;
};

/**
 * Images of an embed view (images#view, or the media of recordWithMedia#view). A video#view
 * shows its still (`thumbnail`), marked as a video that opens on the post's page.
 */
function viewMedia(embed: Rec | undefined, pageUrl: string): RawMedia[] {
  const media = mediaOf(embed);
  const out: RawMedia[] = [];
  for (const raw of arr(media?.images)) {
    const i = obj(raw);
    const thumb = str(i?.thumb);
    const full = str(i?.fullsize) ?? thumb;
    if (thumb || full) out.push({ imgUrlThumb: thumb ?? full ?? '', imgUrlOrigin: full ?? '' });
  }
  const still = webUrl(media?.thumbnail);
  if (out.length === 0 && still) out.push({ imgUrlThumb: still, imgUrlOrigin: pageUrl, kind: 'video' });
  return out;
}

/**
 * Media of a raw record's embed (Jetstream): blob references, served as the AppView serves them —
 * images from its CDN, a video's still from its video host (the same URL its video#view gives).
 */
function recordMedia(did: string, embed: Rec | undefined, pageUrl: string): RawMedia[] {
  const media = mediaOf(embed);
  const out: RawMedia[] = [];
  for (const raw of arr(media?.images)) {
    const cid = blobCid(obj(raw)?.image);
    if (!cid) continue;
    const at = (size: string) => `${CDN}/${size}/plain/${did}/${cid}@jpeg`;
    out.push({ imgUrlThumb: at('feed_thumbnail'), imgUrlOrigin: at('feed_fullsize') });
  }
  const video = str(media?.$type) === 'app.bsky.embed.video' ? blobCid(media?.video) : undefined;
  if (video) {
    const still = `${VIDEO}/${encodeURIComponent(did)}/${video}/thumbnail.jpg`;
    out.push({ imgUrlThumb: still, imgUrlOrigin: pageUrl, kind: 'video' });
  }
  return out;
}

/** A blob reference's CID ({$type: 'blob', ref: {$link}}); undefined when it is not one. */
function blobCid(blob: unknown): string | undefined {
  const cid = str(obj(obj(blob)?.ref)?.$link);
  return cid && CID.test(cid) ? cid : undefined;
}

/**
 * The link card of an embed (external, alone or as recordWithMedia's media): in a view its thumb
 * is a URL, in a record a blob, served by the CDN as the AppView does.
 */
function cardOf(embed: Rec | undefined, did: string): RawLinkCard | undefined {
  const ext = obj(mediaOf(embed)?.external);
  const url = webUrl(ext?.uri);
  if (!ext || !url) return undefined;
  const blob = blobCid(ext.thumb);
  const thumb = blob ? `${CDN}/feed_thumbnail/plain/${did}/${blob}@jpeg` : (webUrl(ext.thumb) ?? '');
  return { url, title: str(ext.title)?.trim() ?? '', description: str(ext.description)?.trim() ?? '', thumb };
}

/**
 * The post's link facets (app.bsky.richtext.facet#link): each links the text it covers, given in
 * UTF-8 byte offsets, to its full URI. The text is what the reader sees, often a shortened label
 * ("en.wikipedia.org/wiki/Nicolas...").
 */
export function facetLinks(text: string, facets: unknown): RawLink[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: RawLink[] = [];
  for (const raw of arr(facets)) {
    const f = obj(raw);
    const start = obj(f?.index)?.byteStart;
    const end = obj(f?.index)?.byteEnd;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) continue;
    const [from, to] = [start as number, end as number];
    if (from < 0 || to <= from || to > bytes.length) continue;
    const label = bytes.subarray(from, to).toString('utf8').trim();
    for (const feature of arr(f?.features)) {
      const ft = obj(feature);
      const url = str(ft?.$type) === 'app.bsky.richtext.facet#link' ? webUrl(ft?.uri) : undefined;
      if (url) out.push({ url, text: label || url });
    }
  }
  return out;
}

/** The author's own post (its at:// URI names their DID). */
const ownPost = (did: string, ref: unknown) => parsePostUri(obj(ref)?.uri)?.did === did;

/**
 * A quote embeds another record; a reply names its parent. Quote wins over reply, as on X. A
 * reply whose parent and root are the author's own posts continues their own thread: an original
 * post, not a reply.
 */
function refKindOf(did: string, record: Rec): PostRefKind | undefined {
  const embedType = str(obj(record.embed)?.$type) ?? '';
  if (/^app\.bsky\.embed\.record(WithMedia)?(#view)?$/.test(embedType)) return 'quote';
  const reply = obj(record.reply);
  if (reply && !(ownPost(did, reply.parent) && ownPost(did, reply.root))) return 'reply';
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

/** Jetstream carries records only: no counts at all, rather than zeros. */
const UNKNOWN_COUNTS: RawMetrics = {
  likeCount: null,
  retweetCount: null,
  replyCount: null,
  quoteCount: null,
  impressionCount: null,
};

/** A post view's counts; Bluesky reports no impressions. */
const viewMetrics = (c: Counts): RawMetrics => ({
  likeCount: count(c.likeCount),
  retweetCount: count(c.repostCount),
  replyCount: count(c.replyCount),
  quoteCount: count(c.quoteCount),
  impressionCount: null,
});

/**
 * One post from its record. `counts` is the post view (backfill): its embed view gives the media
 * and card URLs; null for a bare record (Jetstream), whose blobs are turned into URLs here.
 */
function buildPost(
  did: string,
  rkey: string,
  record: unknown,
  author: RawAuthor,
  embed: (record: Rec) => Rec | undefined,
  counts: Counts | null,
): RawPost | string {
  const r = obj(record);
  if (!r) return `${rkey}: record is not an object`;
  const text = str(r.text);
  if (text === undefined) return `${rkey}: record without text`;
  const createdMs = Date.parse(str(r.createdAt) ?? '');
  if (!Number.isFinite(createdMs)) return `${rkey}: bad createdAt ${sample(r.createdAt)}`;
  const refKind = refKindOf(did, r);
  const url = postUrl(author.username || did, rkey);
  const links = facetLinks(text, r.facets);
  const card = cardOf(embed(r), did);
  return {
    id: postId(did, rkey),
    network: 'bluesky',
    url,
    text: text.trim(),
    createdAt: Math.floor(createdMs / 1000),
    lang: normalizeLang(arr(r.langs)[0]),
    author,
    medias: counts ? viewMedia(embed(r), url) : recordMedia(did, embed(r), url),
    ...(links.length ? { links } : {}),
    ...(card ? { card } : {}),
    metrics: counts ? viewMetrics(counts) : UNKNOWN_COUNTS,
    ...(refKind ? { refKind } : {}),
  };
}

/**
 * One getAuthorFeed item. null: skipped on purpose, not malformed — a repost (the post is
 * someone else's; Jetstream, following app.bsky.feed.post only, would not see it either), or a
 * reply to someone else's post (live skips those too).
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
  // posts_and_author_threads should send none: kept out as live keeps them out.
  const record = obj(post.record);
  if (record && repliesToOthers(ref.did, record)) return null;
  const author = authors.get(ref.did) ?? mapProfile(post.author);
  if (!author || author.id !== accountId(ref.did)) return `${ref.rkey}: author missing or not ${ref.did}`;
  const embed = obj(post.embed);
  return buildPost(ref.did, ref.rkey, post.record, author, () => embed, post as Counts);
}

/** A Jetstream create/update record of a tracked account; counts are not in the stream. */
export function mapRecord(did: string, rkey: string, record: unknown, author: RawAuthor): RawPost | string {
  if (!RKEY.test(rkey)) return `bad rkey ${sample(rkey)}`;
  return buildPost(did, rkey, record, author, (r) => obj(r.embed), null);
}
