import type { Queryable } from '../db';

/**
 * Reads of a table whose rows belong to one user. Every query names the owner: a row of another
 * user is simply not found.
 */
export function ownedRows<Row>(db: Queryable, table: 'views' | 'kol_groups') {
  return {
    async listOf(userId: number): Promise<Row[]> {
      return db.query<Row>(`SELECT * FROM ${table} WHERE user_id = $1 ORDER BY id`, [userId]);
    },
    async get(userId: number, id: number): Promise<Row | undefined> {
      return (await db.query<Row>(`SELECT * FROM ${table} WHERE user_id = $1 AND id = $2`, [userId, id]))[0];
    },
  };
}
