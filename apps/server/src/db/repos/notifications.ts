/**
 * What a notification view lists: X posts matched at read time (the feed's keyword semantics,
 * restricted to tracked authors, or to superKOLs) and the user's stored forwarded messages.
 * Both are read newest first by a keyset; services/notifications/feed.ts merges the two.
 */
import type { Queryable } from '../db';
import { type CompiledGroup, type FeedQuery, feedRepo } from './post-filter-sql';
import { keywordCondition } from './keyword-match';

/** Where the previous page ended: a post (`p`) or a message (`m`), at its time and id. */
export interface NotificationCursor {
  ct: number;
  kind: 'p' | 'm';
  id: string;
}

export interface NotificationPostRow {
  id: string;
  text: string;
  ct: number;
  medias: { imgUrlThumb: string; imgUrlOrigin: string }[];
  coins: string[];
  username: string;
  name: string;
  icon: string;
  followers_count: number;
  /** The person's largest audience: superKOL is decided by it, as the feed's fans ranges are. */
  person_followers: number;
  /** The leader of its near-duplicate cluster (migration 0020); null for an original. */
  copy_of: string | null;
}

/** What a notification view's X posts are, as the feed's query (services/copies.ts folds by it). */
export interface PostsQuery {
  groups: CompiledGroup[];
  minFollowers?: number | undefined;
  before?: NotificationCursor | undefined;
  limit: number;
  scan?: number;
}

export function notificationPostQuery(q: PostsQuery): FeedQuery {
  const fans = q.minFollowers !== undefined ? [{ fans: [{ min: q.minFollowers, max: 0 }] }] : [];
  // ('' sorts first, so (ct, id) < (ct, '') is "strictly before ct": a message cursor's rule.)
  const before = q.before && { ct: q.before.ct, id: q.before.kind === 'p' ? q.before.id : '' };
  return {
    groups: [...q.groups, ...fans],
    trackedOnly: true,
    ...(before ? { before } : {}),
    limit: q.limit,
    ...(q.scan ? { scan: q.scan } : {}),
  };
}

export interface MessageRow {
  id: number;
  source: string;
  app: string;
  sender: string;
  title: string;
  text: string;
  ct: number;
}

/** A message before it is stored: a stored one's fields but its id, for one user. */
export type NewMessage = Omit<MessageRow, 'id'> & { userId: number };

/** What a message is matched on: who sent it, the chat it came from and its text. */
const MESSAGE_HAYSTACK = `(m.sender || E'\\n' || m.title || E'\\n' || m.text)`;

function params() {
  const list: unknown[] = [];
  const param = (v: unknown) => {
    list.push(v);
    return `$${list.length}`;
  };
  return { list, param };
}

export function notificationsRepo(db: Queryable) {
  return {
    /**
     * Posts of tracked authors (with at least `minFollowers` when given) matching every group,
     * through the feed's query (its keyword pre-filter and bounded scan: `scannedTo` says where a
     * cut look stopped). At one time, posts come before messages: after a message cursor, only
     * older posts follow.
     */
    async posts(q: PostsQuery): Promise<{ rows: NotificationPostRow[]; scannedTo?: { ct: number; id: string } }> {
      return feedRepo(db).query(notificationPostQuery(q));
    },

    /** The user's forwarded messages from `sources` whose sender, title or text match every group. */
    async messages(q: {
      userId: number;
      sources: string[];
      keywordGroups: string[][];
      before?: NotificationCursor | undefined;
      limit: number;
    }): Promise<MessageRow[]> {
      const { list, param } = params();
      const where = [`m.user_id = ${param(q.userId)}`, `m.source = ANY(${param(q.sources)}::text[])`];
      for (const words of q.keywordGroups) where.push(keywordCondition(MESSAGE_HAYSTACK, words, param));
      if (q.before?.kind === 'm') where.push(`(m.ct, m.id) < (${param(q.before.ct)}, ${param(Number(q.before.id))})`);
      if (q.before?.kind === 'p') where.push(`m.ct <= ${param(q.before.ct)}`);
      return db.query<MessageRow>(
        `SELECT m.id, m.source, m.app, m.sender, m.title, m.text, m.ct
         FROM forwarded_messages m
         WHERE ${where.join(' AND ')}
         ORDER BY m.ct DESC, m.id DESC
         LIMIT ${param(q.limit)}`,
        list,
      );
    },

    async insertMessage(m: NewMessage, now: Date): Promise<number> {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO forwarded_messages (user_id, source, app, sender, title, text, ct, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [m.userId, m.source, m.app, m.sender, m.title, m.text, m.ct, now],
      );
      return rows[0]!.id;
    },

    /** New posts with what the push matching needs (author's followers and tracking). */
    async postsByIds(ids: string[]): Promise<(NotificationPostRow & { tracked: boolean })[]> {
      if (ids.length === 0) return [];
      return db.query(
        `SELECT p.id, p.text, p.ct, p.medias, p.coins, p.copy_of, a.username, a.name, a.icon, a.followers_count,
                a.person_followers, a.tracked
         FROM posts p JOIN x_accounts a ON a.id = p.author_id
         WHERE p.id = ANY($1::text[])`,
        [ids],
      );
    },
  };
}
