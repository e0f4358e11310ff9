import type { Queryable } from '../db';
import { ownedRows } from './owned';

export interface ViewRow {
  id: number;
  user_id: number;
  name: string;
  view_type: string;
  fixed: boolean;
  matching_rules: unknown[];
  settings: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface NewView {
  name: string;
  viewType: string;
  fixed: boolean;
  matchingRules: unknown[];
  settings: Record<string, unknown>;
}

/** Every query names the owner: a view of another user is simply not found. */
export function viewsRepo(db: Queryable) {
  return {
    ...ownedRows<ViewRow>(db, 'views'),
    async insert(userId: number, v: NewView, now: Date): Promise<ViewRow> {
      const rows = await db.query<ViewRow>(
        `INSERT INTO views (user_id, name, view_type, fixed, matching_rules, settings, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
        [userId, v.name, v.viewType, v.fixed, JSON.stringify(v.matchingRules), JSON.stringify(v.settings), now],
      );
      return rows[0]!;
    },
    async update(userId: number, id: number, v: Omit<NewView, 'fixed'>, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE views SET name = $3, view_type = $4, matching_rules = $5, settings = $6, updated_at = $7
         WHERE user_id = $1 AND id = $2 RETURNING id`,
        [userId, id, v.name, v.viewType, JSON.stringify(v.matchingRules), JSON.stringify(v.settings), now],
      );
      return rows.length > 0;
    },
    /** The deleted view's type; undefined when the user has no such view. */
    async delete(userId: number, id: number): Promise<string | undefined> {
      const rows = await db.query<{ view_type: string }>(
        'DELETE FROM views WHERE user_id = $1 AND id = $2 RETURNING view_type',
        [userId, id],
      );
      return rows[0]?.view_type;
    },
    async tabOrder(userId: number): Promise<string[]> {
      const rows = await db.query<{ ids: string[] }>('SELECT ids FROM tab_orders WHERE user_id = $1', [userId]);
      return rows[0]?.ids ?? [];
    },
    async setTabOrder(userId: number, ids: string[], now: Date): Promise<void> {
      await db.query(
        `INSERT INTO tab_orders (user_id, ids, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET ids = EXCLUDED.ids, updated_at = EXCLUDED.updated_at`,
        [userId, JSON.stringify(ids), now],
      );
    },
    /**
     * Locks the owner's row until the transaction ends, so two restores of the default views run
     * one after the other and the second sees what the first made.
     */
    async lockOwner(userId: number): Promise<void> {
      await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    },
    /** Marks the starter views as made; false when they already were (so only one caller seeds). */
    async claimSeeding(userId: number): Promise<boolean> {
      const rows = await db.query(
        'UPDATE users SET views_seeded = true WHERE id = $1 AND NOT views_seeded RETURNING id',
        [userId],
      );
      return rows.length > 0;
    },
  };
}
