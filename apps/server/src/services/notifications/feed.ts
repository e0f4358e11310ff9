/**
 * view/notifications: a notification view's items, newest first. X posts are matched at read
 * time (so editing the keywords changes the list at once); forwarded messages were stored because
 * they matched when they arrived and are matched again here, against this view's keywords and
 * sources. The two keysets are merged: at one time, posts come before messages.
 */
import { NOTIFICATION_PAGE_SIZE, type NotificationItem } from '@kolscope/contract';
import type { Db } from '../../db/db';
import {
  type MessageRow,
  type NotificationCursor,
  type NotificationPostRow,
  notificationPostQuery,
  notificationsRepo,
} from '../../db/repos/notifications';
import { foldPage } from '../copies';
import { badRequest } from '../errors';
import { KEYWORD_SCAN_POSTS } from '../feed';
import { checkLimits } from '../view-types/index';
import type { Views } from '../views';
import {
  customSourcesOf,
  isSuperKol,
  keywordGroupsOf,
  matchedKeywords,
  messageHaystack,
  sourcesOf,
  xScope,
} from './match';
import { CURSOR_ID, cursorPattern } from '../cursor-id';

export function encodeNotificationCursor(c: NotificationCursor): string {
  return Buffer.from(`${c.ct}:${c.kind}:${c.id}`).toString('base64url');
}
export function decodeNotificationCursor(cursor: string): NotificationCursor {
  const m = cursorPattern('(\\d{1,12})', '([pm])', `(${CURSOR_ID})`).exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!m || (m[2] === 'm' && !/^\d{1,15}$/.test(m[3]!))) throw badRequest('cursor_invalid');
  return { ct: Number(m[1]), kind: m[2] as 'p' | 'm', id: m[3]! };
}

export function presentPost(
  row: NotificationPostRow,
  groups: string[][],
  copies?: NotificationItem['copies'],
): NotificationItem {
  return {
    id: `p:${row.id}`,
    source: isSuperKol(row.person_followers) ? 'superKOL' : 'x',
    avatar: row.icon,
    username: row.username,
    name: row.name || row.username,
    title: '',
    publishTime: row.ct,
    content: row.text,
    tags: [...matchedKeywords(row.text, groups), ...row.coins.map((c) => `$${c}`)],
    images: row.medias,
    ...(copies ? { copies } : {}),
  };
}

export function presentMessage(row: MessageRow, groups: string[][]): NotificationItem {
  const username = row.sender || row.title;
  return {
    id: `m:${row.id}`,
    source: row.source as NotificationItem['source'],
    avatar: '',
    username,
    name: '',
    title: row.title && row.title !== username ? row.title : '',
    publishTime: row.ct,
    content: row.text,
    tags: matchedKeywords(messageHaystack(row), groups),
    images: [],
  };
}

/** `hidden`: a folded copy, kept only to place the cursor. */
type Entry = { ct: number; kind: 'p' | 'm'; id: string; item: NotificationItem; hidden?: boolean };

/** Two newest-first lists as one: by time, a post before a message at the same time. */
export function mergeNewestFirst(posts: Entry[], messages: Entry[]): Entry[] {
  const out: Entry[] = [];
  let i = 0;
  let j = 0;
  while (i < posts.length || j < messages.length) {
    const p = posts[i];
    const m = messages[j];
    if (p && (!m || p.ct >= m.ct)) {
      out.push(p);
      i++;
    } else if (m) {
      out.push(m);
      j++;
    }
  }
  return out;
}

export function notificationFeed(deps: { db: Db; views: Views; scanPosts?: number }) {
  const scan = deps.scanPosts ?? KEYWORD_SCAN_POSTS;
  return {
    async list(userId: number, req: { viewId: string; nextCb: string }) {
      const view = await deps.views.ownOfType(userId, req.viewId, 'notification');
      checkLimits(view);
      const before = req.nextCb ? decodeNotificationCursor(req.nextCb) : undefined;
      const groups = keywordGroupsOf(view.matching_rules);
      const sources = sourcesOf(view.settings);
      const repo = notificationsRepo(deps.db);
      const limit = NOTIFICATION_PAGE_SIZE + 1;
      const scope = xScope(sources);
      const custom = customSourcesOf(sources);
      // A view saved without keywords (never, through view/add) lists nothing rather than everything.
      const postsQuery = { groups: groups.map((keywords) => ({ keywords })), ...scope, before, limit, scan };
      const [found, allMessages] =
        groups.length === 0
          ? [{ rows: [] }, []]
          : await Promise.all([
              scope ? repo.posts(postsQuery) : Promise.resolve({ rows: [] }),
              custom.length
                ? repo.messages({ userId, sources: custom, keywordGroups: groups, before, limit })
                : Promise.resolve([]),
            ]);
      const { rows: posts, scannedTo } = found as {
        rows: NotificationPostRow[];
        scannedTo?: { ct: number; id: string };
      };
      // A cut look at posts vouches only for the time above where it stopped: older messages wait
      // for the next page (which starts at that post, and takes messages of its time after it).
      const messages = scannedTo ? allMessages.filter((m) => m.ct > scannedTo.ct) : allMessages;
      // Copies whose leader this view lists are left out; the leader says "and N others". A hidden
      // copy still moves the cursor, so pages never repeat or skip.
      const fold = await foldPage(deps.db, notificationPostQuery(postsQuery), posts);
      const merged = mergeNewestFirst(
        posts.map((r) => ({
          ct: r.ct,
          kind: 'p' as const,
          id: r.id,
          item: presentPost(r, groups, fold.copies.get(r.id)),
          hidden: fold.hidden.has(r.id),
        })),
        messages.map((r) => ({ ct: r.ct, kind: 'm' as const, id: String(r.id), item: presentMessage(r, groups) })),
      );
      const page = merged.slice(0, NOTIFICATION_PAGE_SIZE);
      const full = merged.length > NOTIFICATION_PAGE_SIZE;
      const last = full || !scannedTo ? page.at(-1) : { ct: scannedTo.ct, kind: 'p' as const, id: scannedTo.id };
      return {
        list: page.filter((e) => !e.hidden).map((e) => e.item),
        more: full || scannedTo ? (1 as const) : (0 as const),
        nextCb: last ? encodeNotificationCursor(last) : '',
      };
    },
  };
}
