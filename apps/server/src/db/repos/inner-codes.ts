import type { Queryable } from '../db';

export function innerCodesRepo(db: Queryable) {
  return {
    async exists(code: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM inner_codes WHERE code = $1', [code])).length > 0;
    },
    async list(): Promise<{ code: string; note: string; created_at: Date }[]> {
      return db.query('SELECT code, note, created_at FROM inner_codes ORDER BY created_at, code');
    },
    async add(code: string, note: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        'INSERT INTO inner_codes (code, note, created_at) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING RETURNING code',
        [code, note, now],
      );
      return rows.length > 0;
    },
    async remove(code: string): Promise<boolean> {
      return (await db.query('DELETE FROM inner_codes WHERE code = $1 RETURNING code', [code])).length > 0;
    },
  };
}
