/**
 * Saves one batch from a source: accounts, enriched posts and the source's new cursor, in one
 * transaction. Either all of it lands or none of it does, so a worker killed mid-batch fetches the
 * same cursor again after a restart and, posts being upserted by id, loses and duplicates nothing.
 * What follows from stored accounts and posts (persons, track records) is the services' work: they
 * pass it in as StoreHooks, run inside the same transaction.
 */
import { checkJson } from '@kolscope/contract';
import type { Db, Queryable } from '../db/db';
import { type AccountRow, collectionRepo, type PostRow } from '../db/repos/collection';
import { copiesRepo } from '../db/repos/copies';
import { fingerprint } from '../domain/text-fingerprint';
import { sourceStateRepo } from '../db/repos/source-state';
import { safeImageUrl } from '../security/image-url';
import { safeLinkUrl } from '../security/link-url';
import { foldCopies, windowsOf } from './copies';
import { stanceColumn } from './enrich/sentiment/stance';
import {
  type Enrichment,
  type RawAuthor,
  type RawLink,
  type RawLinkCard,
  type RawMedia,
  type RawMetrics,
  type RawPost,
  type SentimentResult,
  callOfReading,
} from './types';

/** How posts.sentiment stores a label. */
export const SENTIMENT_VALUE = { bullish: 1, neutral: 0, bearish: -1 } as const;

/**
 * A reading's stored confidence and call (posts.sentiment_confidence, sentiment_call): a
 * classifier without calibration makes every bullish or bearish label a call, as before calls.
 */
export function callColumns(r: SentimentResult): { sentiment_confidence: number | null; sentiment_call: number } {
  const call = callOfReading(r);
  return { sentiment_confidence: r.confidence ?? null, sentiment_call: call ? SENTIMENT_VALUE[call] : 0 };
}

/** Authors from sources that know only the handle get a stable id derived from it. */
export const handleId = (username: string) => `handle:${username.toLowerCase()}`;

function toAccountRow(a: RawAuthor, id: string): AccountRow {
  return {
    id,
    username: a.username,
    name: a.name,
    icon: safeImageUrl(a.icon),
    followers_count: Math.max(0, Math.round(a.followersCount)),
    is_blue_verified: a.isBlueVerified,
    verified_type: a.verifiedType,
    network: a.network ?? 'x',
    bio: a.bio ?? '',
    links: a.links ?? [],
  };
}

/** Only http(s) and own-path images are kept; a media item left with neither address is dropped. */
function safeMedias(medias: RawMedia[]): PostRow['medias'] {
  return medias
    .map((m) => ({
      imgUrlThumb: safeImageUrl(m.imgUrlThumb),
      imgUrlOrigin: safeImageUrl(m.imgUrlOrigin),
      ...(m.kind === 'video' ? { kind: 'video' as const } : {}),
    }))
    .filter((m) => m.imgUrlThumb || m.imgUrlOrigin);
}

/** Links kept: http(s) ones, each once, at most 20, their text bounded. */
function safeLinks(links: RawLink[] | undefined): PostRow['links'] {
  const seen = new Set<string>();
  const kept: PostRow['links'] = [];
  for (const l of links ?? []) {
    const url = safeLinkUrl(l.url);
    if (!url || seen.has(`${url}\n${l.text}`) || kept.length >= 20) continue;
    seen.add(`${url}\n${l.text}`);
    kept.push({ url, text: l.text.slice(0, 300) });
  }
  return kept;
}

function safeCard(card: RawLinkCard | undefined): PostRow['card'] {
  const url = card ? safeLinkUrl(card.url) : '';
  if (!card || !url) return null;
  return {
    url,
    title: card.title.slice(0, 300),
    description: card.description.slice(0, 1000),
    thumb: safeImageUrl(card.thumb),
  };
}

/** The stored name of each count (posts.unknown_counts). */
const COUNT_NAMES = {
  likeCount: 'like',
  retweetCount: 'repost',
  replyCount: 'reply',
  quoteCount: 'quote',
  impressionCount: 'view',
} as const satisfies Record<keyof RawMetrics, string>;

/** Counts as stored: unknown ones (null) are 0 for sums and named in unknown_counts. */
function countColumns(m: RawMetrics) {
  const n = (v: number | null) => (v === null ? 0 : Math.max(0, Math.round(v)));
  return {
    like_count: n(m.likeCount),
    retweet_count: n(m.retweetCount),
    reply_count: n(m.replyCount),
    quote_count: n(m.quoteCount),
    impression_count: n(m.impressionCount),
    unknown_counts: (Object.keys(COUNT_NAMES) as (keyof RawMetrics)[])
      .filter((k) => m[k] === null)
      .map((k) => COUNT_NAMES[k]),
  };
}

function toPostRow(p: RawPost, authorId: string, e: Enrichment): PostRow {
  return {
    id: p.id,
    author_id: authorId,
    text: p.text,
    ct: p.createdAt,
    lang: e.lang,
    medias: safeMedias(p.medias),
    links: safeLinks(p.links),
    card: safeCard(p.card),
    ...countColumns(p.metrics),
    coins: e.coins,
    coin_stances: stanceColumn(e.coins, e.coinStances ?? {}, e.sentiment.label),
    categories: [...new Set(e.categories.flatMap((c) => (c.secondary ? [c.primary, c.secondary] : [c.primary])))],
    sentiment: SENTIMENT_VALUE[e.sentiment.label],
    sentiment_score: e.sentiment.score,
    sentiment_cues: e.sentiment.cues,
    sentiment_model: e.sentiment.model ?? '',
    ...callColumns(e.sentiment),
    ref_kind: p.refKind ?? '',
    network: p.network ?? 'x',
    url: safeLinkUrl(p.url, { httpsOnly: true }),
    vanished: p.vanished ?? false,
    fingerprint: fingerprint(p.text, e.coins)?.toString() ?? null,
    copy_of: null,
  };
}

/** A post sent only to say its network deleted it (RawPost.vanished with no text). */
const isVanishMarker = (p: RawPost) => p.vanished === true && p.text === '';
/**
 * Marks the batch's new posts that copy a recent post of another account (pipeline/copies.ts),
 * and answers the stored clusters an earlier post of the batch now leads. Re-sent posts keep
 * their place: folding is decided once, when a post is first stored.
 */
async function foldNewPosts(tx: Queryable, rows: PostRow[], seen: Set<string>) {
  const fresh = rows
    .filter((r) => !seen.has(r.id) && r.fingerprint)
    .map((r) => ({ id: r.id, authorId: r.author_id, ct: r.ct, fingerprint: BigInt(r.fingerprint!) }));
  if (fresh.length === 0) return [];
  const stored = await copiesRepo(tx).leadersIn(
    windowsOf(fresh),
    fresh.map((f) => f.id),
  );
  const { copyOf, repoints } = foldCopies(
    stored.map((s) => ({ id: s.id, authorId: s.author_id, ct: Number(s.ct), fingerprint: BigInt(s.fingerprint) })),
    fresh,
  );
  for (const r of rows) r.copy_of = copyOf.get(r.id) ?? null;
  return repoints;
}

/**
 * What the layer above does inside a save's transaction, so that it commits (or rolls back) with
 * the accounts and posts: services/store-hooks.ts wires persons and track records in. Each hook
 * gets the transaction.
 */
export interface StoreHooks {
  /** A batch's accounts were upserted, before its posts: accounts naming each other are one person. */
  accountsStored(tx: Queryable, accounts: AccountRow[], now: Date): Promise<void>;
  /** Posts were stored, updated (grown counts, a new reading) or marked: their track records follow. */
  postsStored(tx: Queryable, postIds: string[]): Promise<void>;
  /**
   * Instead of postsStored for a backfill batch (history older than every stored post): the
   * records are derived once when it ends; `done` on the batch that completes it, which must
   * leave that work recorded (it runs after the commit, IngestDeps.onBackfillDone, and after a
   * restart if the process stopped first).
   */
  backfillStored(tx: Queryable, done: boolean): Promise<void>;
  /** Posts moved between these accounts (a handle-only account merged into its X account). */
  authorsChanged(tx: Queryable, authors: string[]): Promise<void>;
}

export interface BatchToSave {
  source: string;
  posts: RawPost[];
  enrichments: Enrichment[];
  cursor: string | null;
  rejected: number;
  now: Date;
  /** History older than every stored post (SourceBatch.backfill). */
  backfill?: { done: boolean };
  /**
   * A batch saved in slices (runner.ts saveInSlices) counts its posts on the source with its last
   * slice, so a batch fetched again after a stop between slices is counted once: 'later' for an
   * earlier slice (nothing counted now), and for the last the posts the earlier ones saved.
   */
  countedWith?: 'later' | { before: number };
}

/** What a saved batch brought: the posts stored for the first time (notifications push those). */
export interface SavedBatch {
  newPostIds: string[];
  /** The same posts with the coins and author they name (the posts_stored event carries those). */
  newPosts: { id: string; coins: string[]; authorId: string }[];
  /** Posts the batch stored or updated (vanish markers and repeated ids left out). */
  saved: number;
}

export async function saveBatch(db: Db, b: BatchToSave, hooks: StoreHooks): Promise<SavedBatch> {
  return db.transaction(async (tx) => {
    const repo = collectionRepo(tx);
    const unknownHandles = [
      ...new Set(b.posts.filter((p) => !p.author.id).map((p) => p.author.username.toLowerCase())),
    ];
    const known = await repo.idsByUsername(unknownHandles);
    const authorIdOf = (a: RawAuthor) => a.id || known.get(a.username.toLowerCase()) || handleId(a.username);

    // A vanish marker (vanished, no text: a deleted Telegram message, a removed cast) only flags
    // the stored post, keeping what it said; a marker for a post never stored is dropped.
    const markers = b.posts.filter(isVanishMarker).map((p) => p.id);
    const markedIds = await repo.existingPostIds(markers);
    await repo.markVanished([...markedIds]);

    // One row per id: ON CONFLICT cannot touch the same row twice in one statement. Last wins.
    const accounts = new Map<string, AccountRow>();
    const posts = new Map<string, PostRow>();
    b.posts.forEach((p, i) => {
      if (isVanishMarker(p)) return;
      const authorId = authorIdOf(p.author);
      accounts.set(authorId, toAccountRow(p.author, authorId));
      posts.set(p.id, toPostRow(p, authorId, b.enrichments[i]!));
    });
    await repo.upsertAccounts([...accounts.values()], b.source, b.now);
    // Accounts that name each other's profiles are one person (services/persons.ts); before the
    // posts, so they are stored with their person already.
    await hooks.accountsStored(tx, [...accounts.values()], b.now);
    // Read inside the transaction, before the upsert: re-sent posts (grown counts) are not news.
    const seen = await repo.existingPostIds([...posts.keys()]);
    const repoints = await foldNewPosts(tx, [...posts.values()], seen);
    // The rollup triggers run inside this statement: opinion, ranking and statistics rollups
    // (db/rollups/; collectionRepo.upsertPosts says which tables).
    await repo.upsertPosts([...posts.values()], b.source, b.now);
    for (const r of repoints) await copiesRepo(tx).repoint(r.from, r.to);
    await sourceStateRepo(tx).recordBatch(b.source, {
      cursor: b.cursor,
      posts: b.countedWith === 'later' ? 0 : posts.size + (b.countedWith?.before ?? 0),
      rejected: b.rejected,
      now: b.now,
    });
    // Track records follow every stored post, new or changed, in the same transaction; a backfill's
    // once it is whole (a batch older than every stored post would re-derive all later calls).
    if (b.backfill) await hooks.backfillStored(tx, b.backfill.done);
    else await hooks.postsStored(tx, [...posts.keys()]);
    const newPosts = [...posts.values()]
      .filter((p) => !seen.has(p.id))
      .map((p) => ({ id: p.id, coins: p.coins, authorId: p.author_id }));
    return { newPostIds: newPosts.map((p) => p.id), newPosts, saved: posts.size };
  });
}

/**
 * Stores the accounts an X lookup by handle found: each handle-only row (`handle:<name>`) is
 * merged into its numeric-id account (collectionRepo.mergeHandleAccount), all in one transaction.
 */
export async function saveResolvedHandles(
  db: Db,
  authors: RawAuthor[],
  now: Date,
  hooks: Pick<StoreHooks, 'authorsChanged'>,
): Promise<void> {
  // A profile the database cannot store (a NUL, a lone surrogate) stays handle-only instead of
  // failing the merge of every other account found with it.
  const storable = authors.filter((a) => checkJson(a) === null);
  if (storable.length === 0) return;
  await db.transaction(async (tx) => {
    const repo = collectionRepo(tx);
    for (const a of storable) {
      // The handle's posts now belong to the X account: both accounts' call chains change.
      if (await repo.mergeHandleAccount(handleId(a.username), toAccountRow(a, a.id), now))
        await hooks.authorsChanged(tx, [handleId(a.username), a.id]);
    }
  });
}
