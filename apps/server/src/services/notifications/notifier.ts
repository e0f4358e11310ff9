/**
 * Turns matches into pushes. New posts (the pipeline calls `postsSaved` after each saved batch)
 * and stored forwarded messages are matched against notification views whose switch
 * (`notificationEnabled`) is on; each match is counted on the view, and a view pushes at most once
 * per update frequency: the first match at once, the ones inside the period together when it
 * ends ("+N more"). A timer (`start`) sends those; the claim in the database makes it safe for
 * several processes to run one.
 */
import { repeating } from '../repeating';
import { DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS, translate } from '@kolscope/contract';
import type { Db } from '../../db/db';
import { notificationsRepo } from '../../db/repos/notifications';
import { type PushViewRow, pushRepo } from '../../db/repos/push';
import { type Clock, epochSeconds } from '../../domain/clock';
import { keywordGroupsOf, matchesGroups, messageHaystack, sourcesOf, xScope } from './match';
import type { EventBus } from '../events/types';
import type { PushService } from './push';

/**
 * Posts older than this when they are first stored (a backfill, a source catching up after a
 * pause) are listed but not pushed: a notification is about what is happening now.
 */
export const PUSH_MAX_AGE_SECONDS = 30 * 60;
const SNIPPET_LENGTH = 160;
export const FLUSH_INTERVAL_MS = 15_000;

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1)}…` : flat;
};
const switchedOn = (v: PushViewRow) => v.settings.notificationEnabled === true;

export function notifier(deps: {
  db: Db;
  clock: Clock;
  push: PushService;
  log: (line: string) => void;
  events?: EventBus;
}) {
  const repo = () => pushRepo(deps.db);
  /** Counts a match on the view, and tells the owner's open screens wherever they are served. */
  async function addPending(view: PushViewRow, count: number, title: string, body: string) {
    await repo().addPending(view.id, count, title, body);
    deps.events?.publish({ type: 'notification_matched', userId: view.user_id, viewId: view.id });
  }

  /** Sends what is due (only for `viewIds` when given); answers how many pushes went out. */
  async function flush(viewIds?: number[]): Promise<number> {
    const due = await repo().claimDue(deps.clock.now(), DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS, viewIds);
    let sent = 0;
    for (const d of due.filter((row) => row.enabled)) {
      const result = await deps.push.sendToUser(d.user_id, (lang) => ({
        title: d.name,
        body: [
          d.pending_title ? `${d.pending_title}: ${d.pending_body}` : d.pending_body,
          d.pending > 1 ? translate(lang, 'push_more', { count: d.pending - 1 }) : '',
        ]
          .filter(Boolean)
          .join('\n'),
        url: `./#/?viewId=${d.view_id}`,
        tag: `view-${d.view_id}`,
      }));
      sent += result.sent;
    }
    return sent;
  }

  return {
    flush,

    /** After a batch of posts is saved: `ids` are the posts it stored for the first time. */
    async postsSaved(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const views = (await repo().pushViews()).filter((v) => xScope(sourcesOf(v.settings)));
      if (views.length === 0) return;
      const oldest = epochSeconds(deps.clock.now()) - PUSH_MAX_AGE_SECONDS;
      const posts = (await notificationsRepo(deps.db).postsByIds(ids)).filter((p) => p.tracked && p.ct >= oldest);
      if (posts.length === 0) return;
      // A copy's leader (posts.copy_of) is looked up too: a copy of a post this view already
      // notified for, or notifies for in this batch, does not push again.
      const leaderIds = [...new Set(posts.flatMap((p) => (p.copy_of ? [p.copy_of] : [])))];
      const leaders = new Map((await notificationsRepo(deps.db).postsByIds(leaderIds)).map((p) => [p.id, p]));
      const touched: number[] = [];
      for (const view of views) {
        const scope = xScope(sourcesOf(view.settings)) ?? {};
        const groups = keywordGroupsOf(view.matching_rules);
        const matching = (p: (typeof posts)[number]) =>
          p.tracked &&
          (scope.minFollowers === undefined || p.person_followers >= scope.minFollowers) &&
          matchesGroups(p.text, groups);
        const matches = posts.filter((p) => {
          const leader = p.copy_of ? leaders.get(p.copy_of) : undefined;
          return matching(p) && !(leader && matching(leader));
        });
        const newest = matches.reduce<(typeof matches)[number] | undefined>(
          (best, p) => (!best || p.ct > best.ct ? p : best),
          undefined,
        );
        if (!newest) continue;
        await addPending(view, matches.length, `@${newest.username}`, snippet(newest.text));
        touched.push(view.id);
      }
      if (touched.length) await flush(touched);
    },

    /** After a forwarded message was stored for these (matching) views of its owner. */
    async messageStored(views: PushViewRow[], m: { sender: string; title: string; text: string }): Promise<void> {
      const on = views.filter(switchedOn);
      for (const view of on) {
        await addPending(view, 1, m.sender || m.title, snippet(m.text || messageHaystack(m)));
      }
      if (on.length) await flush(on.map((v) => v.id));
    },

    /** Sends what waited for the end of its period, every FLUSH_INTERVAL_MS until `stop`. */
    ...repeating(FLUSH_INTERVAL_MS, () => flush(), deps.log, 'push'),
  };
}
export type Notifier = ReturnType<typeof notifier>;
