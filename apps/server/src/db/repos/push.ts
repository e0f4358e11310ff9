/** Web Push: browser subscriptions, each notification view's push throttle, and server secrets. */
import type { Queryable } from '../db';

export interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** A notification view whose owner wants pushes and has at least one subscribed browser. */
export interface PushViewRow {
  id: number;
  user_id: number;
  name: string;
  matching_rules: unknown[];
  settings: Record<string, unknown>;
}

/** A view's matches claimed for one push. */
export interface DuePushRow {
  view_id: number;
  user_id: number;
  name: string;
  enabled: boolean;
  pending: number;
  pending_title: string;
  pending_body: string;
}

export function pushRepo(db: Queryable) {
  return {
    /** Saves a browser's subscription for the user; an endpoint another account had moves here. */
    async subscribe(
      s: { userId: number; endpoint: string; p256dh: string; auth: string; lang: string },
      now: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, lang = EXCLUDED.lang, created_at = EXCLUDED.created_at`,
        [s.userId, s.endpoint, s.p256dh, s.auth, s.lang, now],
      );
    },
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id', [
        userId,
        endpoint,
      ]);
      return rows.length > 0;
    },
    async subscriptionsOf(userId: number): Promise<SubscriptionRow[]> {
      return db.query<SubscriptionRow>(
        'SELECT id, user_id, endpoint, p256dh, auth, lang FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
        [userId],
      );
    },
    async deleteSubscription(id: number): Promise<void> {
      await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
    },
    async markDelivered(id: number, now: Date): Promise<void> {
      await db.query('UPDATE push_subscriptions SET last_success_at = $2 WHERE id = $1', [id, now]);
    },

    async pushViews(): Promise<PushViewRow[]> {
      return db.query<PushViewRow>(
        `SELECT v.id, v.user_id, v.name, v.matching_rules, v.settings FROM views v
         WHERE v.view_type = 'notification' AND v.settings @> '{"notificationEnabled": true}'
           AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = v.user_id)
         ORDER BY v.id`,
      );
    },
    /** The user's notification views (for matching a forwarded message). */
    async notificationViewsOf(userId: number): Promise<PushViewRow[]> {
      return db.query<PushViewRow>(
        `SELECT id, user_id, name, matching_rules, settings FROM views
         WHERE user_id = $1 AND view_type = 'notification' ORDER BY id`,
        [userId],
      );
    },

    /** Counts matches waiting for a view's next push; the newest one is what it will show. */
    async addPending(viewId: number, count: number, title: string, body: string): Promise<void> {
      await db.query(
        `INSERT INTO notification_push_state (view_id, pending, pending_title, pending_body) VALUES ($1, $2, $3, $4)
         ON CONFLICT (view_id) DO UPDATE SET pending = notification_push_state.pending + EXCLUDED.pending,
           pending_title = EXCLUDED.pending_title, pending_body = EXCLUDED.pending_body`,
        [viewId, count, title, body],
      );
    },
    /**
     * Claims what may be pushed now: views with pending matches whose last push is at least their
     * update frequency ago. The claim resets the count in the same statement, so two processes
     * flushing at once never push the same matches twice. `enabled` false: the switch went off
     * meanwhile; the claim still clears them.
     */
    async claimDue(now: Date, defaultFreqSeconds: number, viewIds?: number[]): Promise<DuePushRow[]> {
      return db.query<DuePushRow>(
        `WITH due AS (
           SELECT s.view_id FROM notification_push_state s JOIN views v ON v.id = s.view_id
           WHERE s.pending > 0 ${viewIds ? 'AND s.view_id = ANY($3::bigint[])' : ''}
             AND (s.last_push_at IS NULL OR s.last_push_at <= $1::timestamptz
                  - make_interval(secs => COALESCE((v.settings->>'updateFreqSeconds')::int, $2::int)))
           FOR UPDATE OF s SKIP LOCKED
         ), claimed AS (
           UPDATE notification_push_state s SET pending = 0, last_push_at = $1
           FROM due, notification_push_state old
           WHERE s.view_id = due.view_id AND old.view_id = due.view_id
           RETURNING s.view_id, old.pending, old.pending_title, old.pending_body
         )
         SELECT c.view_id, v.user_id, v.name, c.pending, c.pending_title, c.pending_body,
                v.settings @> '{"notificationEnabled": true}' AS enabled
         FROM claimed c JOIN views v ON v.id = c.view_id`,
        viewIds ? [now, defaultFreqSeconds, viewIds] : [now, defaultFreqSeconds],
      );
    },

    async secret(name: string): Promise<string | undefined> {
      const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
      return rows[0]?.value;
    },
    /** Stores a secret unless another process stored one first; answers the one kept. */
    async secretOrInsert(name: string, value: string, now: Date): Promise<string> {
      await db.query(
        'INSERT INTO app_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
        [name, value, now],
      );
      return (await this.secret(name)) ?? value;
    },
  };
}
