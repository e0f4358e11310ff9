/**
 * Storing collected accounts and posts. Each batch is one statement per table: the rows travel
 * as a single jsonb parameter and are unpacked with jsonb_to_recordset, which is fast on both
 * PGlite and PostgreSQL and keeps the SQL independent of the batch size.
 */
import type { Queryable } from '../db';

export interface AccountRow {
  id: string;
  username: string;
  name: string;
  icon: string;
  followers_count: number;
  is_blue_verified: boolean;
  verified_type: string;
  /** contract NETWORKS: 'x', 'telegram', 'bluesky', 'farcaster'; absent means X. */
  network?: string;
  /** What the account says about itself, and the links it lists (cross-network links). */
  bio?: string;
  links?: string[];
}

export interface PostRow {
  id: string;
  author_id: string;
  text: string;
  ct: number;
  lang: string;
  medias: { imgUrlThumb: string; imgUrlOrigin: string; kind?: 'video' }[];
  /** Every link the post carries, as its network shows it (RawLink). */
  links: { url: string; text: string }[];
  /** Its link preview (RawLinkCard); null for none. */
  card: { url: string; title: string; description: string; thumb: string } | null;
  /** The counts its network did not report, stored as 0: 'like', 'repost', 'reply', 'quote', 'view'. */
  unknown_counts: string[];
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  impression_count: number;
  coins: string[];
  /** -1/0/1 per coin, parallel to coins; empty when every coin has the post's label. */
  coin_stances: number[];
  categories: string[];
  sentiment: number;
  sentiment_score: number;
  sentiment_cues: string[];
  /** Which classifier read it (SentimentResult.model); '' when unknown. */
  sentiment_model: string;
  /** The label's calibrated probability; null when the classifier gives none. */
  sentiment_confidence: number | null;
  /** 1 or -1 when the reading is a call (sure enough for track records), else 0. */
  sentiment_call: number;
  /** '' for an original post, else 'repost', 'quote' or 'reply' (RawPost.refKind). */
  ref_kind: string;
  network: string;
  /** The post's page on its network; '' when the source gave none (X's is derived). */
  url: string;
  /** The network no longer shows it (RawPost.vanished). */
  vanished: boolean;
  /** The text's SimHash (domain/text-fingerprint.ts) as a decimal string; null when too short. */
  fingerprint?: string | null;
  /** The leader of its near-duplicate cluster (pipeline/copies.ts); null for an original. */
  copy_of?: string | null;
}

export function collectionRepo(db: Queryable) {
  return {
    /** Ids of known accounts by lower-cased handle, for sources that know only the handle. */
    async idsByUsername(usernames: string[]): Promise<Map<string, string>> {
      if (usernames.length === 0) return new Map();
      const rows = await db.query<{ id: string; handle: string }>(
        `SELECT DISTINCT ON (lower(username)) id, lower(username) AS handle FROM x_accounts
         WHERE lower(username) = ANY($1::text[]) AND network = 'x' ORDER BY lower(username), followers_count DESC`,
        [usernames],
      );
      return new Map(rows.map((r) => [r.handle, r.id]));
    },

    /**
     * Inserts new accounts and refreshes known ones. A source that does not know follower counts
     * or verification (it reports 0 followers) leaves what a better-informed source stored.
     */
    async upsertAccounts(accounts: AccountRow[], source: string, now: Date): Promise<void> {
      if (accounts.length === 0) return;
      // An account seen again as it was is left alone (the WHERE of DO UPDATE): every batch names
      // hundreds of known authors, and rewriting them cost a tenth of a history batch, with the
      // x_accounts triggers and the person sync. updated_at says when the profile last changed.
      const written = await db.query<{ id: string }>(
        `INSERT INTO x_accounts (id, username, name, icon, followers_count, is_blue_verified, verified_type,
                                 network, bio, links, source, created_at, updated_at)
         SELECT r.id, r.username, r.name, r.icon, r.followers_count, r.is_blue_verified, r.verified_type,
                COALESCE(r.network, 'x'), COALESCE(r.bio, ''),
                ARRAY(SELECT jsonb_array_elements_text(COALESCE(r.links, '[]'))), $2, $3, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, username text, name text, icon text, followers_count bigint,
                                                is_blue_verified boolean, verified_type text, network text,
                                                bio text, links jsonb)
         ON CONFLICT (id) DO UPDATE SET
           username = EXCLUDED.username,
           name = COALESCE(NULLIF(EXCLUDED.name, ''), x_accounts.name),
           icon = COALESCE(NULLIF(EXCLUDED.icon, ''), x_accounts.icon),
           bio = COALESCE(NULLIF(EXCLUDED.bio, ''), x_accounts.bio),
           links = CASE WHEN cardinality(EXCLUDED.links) > 0 THEN EXCLUDED.links ELSE x_accounts.links END,
           followers_count = CASE WHEN EXCLUDED.followers_count > 0 THEN EXCLUDED.followers_count
                                  ELSE x_accounts.followers_count END,
           is_blue_verified = CASE WHEN EXCLUDED.followers_count > 0 THEN EXCLUDED.is_blue_verified
                                   ELSE x_accounts.is_blue_verified END,
           verified_type = CASE WHEN EXCLUDED.followers_count > 0 THEN EXCLUDED.verified_type
                                ELSE x_accounts.verified_type END,
           updated_at = EXCLUDED.updated_at
         WHERE (x_accounts.username, x_accounts.name, x_accounts.icon, x_accounts.bio, x_accounts.links,
                x_accounts.followers_count, x_accounts.is_blue_verified, x_accounts.verified_type)
           IS DISTINCT FROM
               (EXCLUDED.username, COALESCE(NULLIF(EXCLUDED.name, ''), x_accounts.name),
                COALESCE(NULLIF(EXCLUDED.icon, ''), x_accounts.icon), COALESCE(NULLIF(EXCLUDED.bio, ''), x_accounts.bio),
                CASE WHEN cardinality(EXCLUDED.links) > 0 THEN EXCLUDED.links ELSE x_accounts.links END,
                CASE WHEN EXCLUDED.followers_count > 0 THEN EXCLUDED.followers_count ELSE x_accounts.followers_count END,
                CASE WHEN EXCLUDED.followers_count > 0 THEN EXCLUDED.is_blue_verified ELSE x_accounts.is_blue_verified END,
                CASE WHEN EXCLUDED.followers_count > 0 THEN EXCLUDED.verified_type ELSE x_accounts.verified_type END)
         RETURNING id`,
        [JSON.stringify(accounts), source, now],
      );
      // A person's other accounts take its new largest audience (migration 0019); a lone
      // account's own row was set by its trigger, so this finds nothing to change.
      if (written.length === 0) return;
      await db.query('SELECT person_sync(ARRAY(SELECT person_id FROM x_accounts WHERE id = ANY($1::text[])))', [
        written.map((a) => a.id),
      ]);
    },

    /** Which of these post ids are already stored. */
    async existingPostIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.query<{ id: string }>('SELECT id FROM posts WHERE id = ANY($1::text[])', [ids]);
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Inserts new posts; a post seen again gets its current text, counts and enrichment.
     * After it, in the same statement, the database runs the 13 triggers on posts (db/rollups/):
     * ranking_author_snapshot per row (the author's followers and verification into the post),
     * then per statement, for the UPDATE part (posts seen again) and then the INSERT part, the
     * opinion (opinion_counts, opinion_author_counts, group_opinion_counts, event_counts,
     * event_class_counts), ranking (ranking_coin_sums, ranking_coin_authors, ranking_author_last,
     * ranking_last_counts) and statistics (stat_counts, stat_category_counts, stat_authors)
     * rollups. A re-sent post whose counted fields did not change costs no rollup write.
     */
    async upsertPosts(posts: PostRow[], source: string, now: Date): Promise<void> {
      if (posts.length === 0) return;
      await db.query(
        `INSERT INTO posts (id, author_id, text, ct, lang, medias, links, card, unknown_counts, like_count, retweet_count, reply_count, quote_count,
                            impression_count, metrics_updated_at, coins, coin_stances, categories, sentiment,
                            sentiment_score, sentiment_cues, sentiment_model, sentiment_confidence, sentiment_call,
                            ref_kind, network, url, vanished, fingerprint, copy_of, source, ingested_at)
         SELECT r.id, r.author_id, r.text, r.ct, r.lang, r.medias, r.links, r.card,
                ARRAY(SELECT jsonb_array_elements_text(r.unknown_counts)), r.like_count, r.retweet_count, r.reply_count,
                r.quote_count, r.impression_count, $3,
                ARRAY(SELECT jsonb_array_elements_text(r.coins)),
                ARRAY(SELECT jsonb_array_elements_text(r.coin_stances)::smallint),
                ARRAY(SELECT jsonb_array_elements_text(r.categories)),
                r.sentiment, r.sentiment_score, ARRAY(SELECT jsonb_array_elements_text(r.sentiment_cues)), r.sentiment_model,
                r.sentiment_confidence, r.sentiment_call, r.ref_kind, r.network, r.url, r.vanished, r.fingerprint::bigint, r.copy_of, $2, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, author_id text, text text, ct bigint, lang text, medias jsonb,
              links jsonb, card jsonb, unknown_counts jsonb, like_count bigint, retweet_count bigint, reply_count bigint, quote_count bigint, impression_count bigint,
              coins jsonb, coin_stances jsonb, categories jsonb, sentiment smallint, sentiment_score real,
              sentiment_cues jsonb, sentiment_model text, sentiment_confidence real, sentiment_call smallint,
              ref_kind text, network text, url text, vanished boolean, fingerprint text, copy_of text)
         ON CONFLICT (id) DO UPDATE SET
           text = EXCLUDED.text,
           lang = EXCLUDED.lang,
           medias = EXCLUDED.medias,
           links = EXCLUDED.links,
           card = EXCLUDED.card,
           -- A count the network did not report this time (a Jetstream post seen after the
           -- backfill) keeps what was known; it stays unknown only when it was never reported.
           like_count = CASE WHEN 'like' = ANY(EXCLUDED.unknown_counts) THEN posts.like_count ELSE EXCLUDED.like_count END,
           retweet_count = CASE WHEN 'repost' = ANY(EXCLUDED.unknown_counts) THEN posts.retweet_count ELSE EXCLUDED.retweet_count END,
           reply_count = CASE WHEN 'reply' = ANY(EXCLUDED.unknown_counts) THEN posts.reply_count ELSE EXCLUDED.reply_count END,
           quote_count = CASE WHEN 'quote' = ANY(EXCLUDED.unknown_counts) THEN posts.quote_count ELSE EXCLUDED.quote_count END,
           impression_count = CASE WHEN 'view' = ANY(EXCLUDED.unknown_counts) THEN posts.impression_count ELSE EXCLUDED.impression_count END,
           unknown_counts = ARRAY(SELECT unnest(EXCLUDED.unknown_counts) INTERSECT SELECT unnest(posts.unknown_counts)),
           metrics_updated_at = EXCLUDED.metrics_updated_at,
           coins = EXCLUDED.coins,
           coin_stances = EXCLUDED.coin_stances,
           categories = EXCLUDED.categories,
           sentiment = EXCLUDED.sentiment,
           sentiment_score = EXCLUDED.sentiment_score,
           sentiment_cues = EXCLUDED.sentiment_cues,
           sentiment_model = EXCLUDED.sentiment_model,
           sentiment_confidence = EXCLUDED.sentiment_confidence,
           sentiment_call = EXCLUDED.sentiment_call,
           ref_kind = EXCLUDED.ref_kind,
           url = COALESCE(NULLIF(EXCLUDED.url, ''), posts.url),
           vanished = EXCLUDED.vanished,
           fingerprint = EXCLUDED.fingerprint`,
        [JSON.stringify(posts), source, now],
      );
    },

    /**
     * Flags stored posts their network deleted (a Bluesky delete carries no text to re-send):
     * kept and marked, like every vanished post. Ids not stored are ignored.
     */
    async markVanished(postIds: string[]): Promise<void> {
      if (postIds.length === 0) return;
      await db.query('UPDATE posts SET vanished = true WHERE id = ANY($1::text[]) AND NOT vanished', [postIds]);
    },

    async trackedAccounts(): Promise<{ id: string; username: string }[]> {
      return db.query(`SELECT id, username FROM x_accounts WHERE tracked AND id ~ '^[0-9]+$' ORDER BY id`);
    },

    /** Lower-cased usernames of the tracked accounts known only by handle (`handle:<name>` ids). */
    async trackedHandles(): Promise<string[]> {
      const rows = await db.query<{ name: string }>(
        `SELECT substr(id, 8) AS name FROM x_accounts WHERE tracked AND id LIKE 'handle:%' ORDER BY id`,
      );
      return rows.map((r) => r.name);
    },

    /**
     * Turns the handle-only account `handleId` (`handle:<name>`) into `account`, its X account as
     * a lookup by handle found it: the numeric-id row is created (or, when the account is already
     * known, refreshed) with the profile and marked tracked; every reference to the handle id
     * moves to the numeric id (posts' authors, KOL group white/blacklists, `authors` rules of
     * views; kol_submissions name handles, not ids); then the handle row goes. A list entry the
     * numeric id already has in the same group is kept and the handle's is dropped.
     *
     * Run it in a transaction (store.ts saveResolvedHandles). Idempotent: without the handle row
     * it changes nothing and returns false. The handle row is locked first, so another source's
     * batch writing to it waits for the merge; should that batch then create the handle row
     * anew, the row is tracked again and the next lookup merges it too.
     */
    async mergeHandleAccount(handleId: string, account: AccountRow, now: Date): Promise<boolean> {
      const [handle] = await db.query<{ source: string; created_at: Date }>(
        'SELECT source, created_at FROM x_accounts WHERE id = $1 FOR UPDATE',
        [handleId],
      );
      if (!handle || handleId === account.id) return false;
      const id = account.id;
      await db.query(
        `INSERT INTO x_accounts (id, username, name, icon, followers_count, is_blue_verified, verified_type, tracked,
                                 source, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET
           username = EXCLUDED.username,
           name = COALESCE(NULLIF(EXCLUDED.name, ''), x_accounts.name),
           icon = COALESCE(NULLIF(EXCLUDED.icon, ''), x_accounts.icon),
           followers_count = EXCLUDED.followers_count,
           is_blue_verified = EXCLUDED.is_blue_verified,
           verified_type = EXCLUDED.verified_type,
           tracked = true,
           updated_at = EXCLUDED.updated_at`,
        [
          id,
          account.username,
          account.name,
          account.icon,
          account.followers_count,
          account.is_blue_verified,
          account.verified_type,
          handle.source,
          handle.created_at,
          now,
        ],
      );
      await db.query('UPDATE posts SET author_id = $2 WHERE author_id = $1', [handleId, id]);
      await db.query(
        `INSERT INTO kol_group_accounts (group_id, account_id, list)
         SELECT group_id, $2, list FROM kol_group_accounts WHERE account_id = $1
         ON CONFLICT (group_id, account_id) DO NOTHING`,
        [handleId, id],
      );
      await db.query('DELETE FROM kol_group_accounts WHERE account_id = $1', [handleId]);
      // An `authors` rule names an account by id in `value` (its handle in data.username).
      await db.query(
        `UPDATE views v SET matching_rules = (
           SELECT jsonb_agg(
                    CASE WHEN g->>'type' = 'authors' AND jsonb_typeof(g->'rules') = 'array'
                         THEN jsonb_set(g, '{rules}', (
                                SELECT COALESCE(jsonb_agg(CASE WHEN r->>'value' = $1
                                                               THEN jsonb_set(r, '{value}', to_jsonb($2::text))
                                                               ELSE r END ORDER BY ri), '[]'::jsonb)
                                FROM jsonb_array_elements(g->'rules') WITH ORDINALITY AS rs(r, ri)))
                         ELSE g END ORDER BY gi)
           FROM jsonb_array_elements(v.matching_rules) WITH ORDINALITY AS gs(g, gi))
         WHERE v.matching_rules @> jsonb_build_array(jsonb_build_object('type', 'authors', 'rules',
                                    jsonb_build_array(jsonb_build_object('value', $1::text))))`,
        [handleId, id],
      );
      // A person named by the handle row is named by the account from now on (migration 0019).
      await db.query('UPDATE x_accounts SET person_id = $2 WHERE person_id = $1', [handleId, id]);
      await db.query('UPDATE posts SET person_id = $2 WHERE person_id = $1', [handleId, id]);
      await db.query('DELETE FROM x_accounts WHERE id = $1', [handleId]);
      return true;
    },
  };
}
