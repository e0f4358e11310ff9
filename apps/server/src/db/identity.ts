/** Which database and schema a connection works in: what several processes sharing them have in common. */
import type { Queryable } from './db';

export async function databaseIdentity(db: Queryable): Promise<string> {
  const [row] = await db.query<{ name: string }>("SELECT current_database() || '/' || current_schema() AS name");
  return row?.name ?? '';
}
