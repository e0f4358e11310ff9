/**
 * One small database interface over two drivers: PGlite (embedded PostgreSQL, stored under
 * DATA_DIR) when DATABASE_URL is unset, node-postgres otherwise. Both speak the same SQL, so the
 * migrations and repositories are written once. All SQL lives under src/db.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8_OID = 20;
// Counts and ids are int8; they stay far below 2^53, so numbers are safe and simpler than strings.
const parseInt8 = (value: string) => Number(value);

/**
 * PGlite runs inside one process: a second process opening the same files would corrupt them.
 * A pid file guards the data folder; a file left by a killed process (dead pid) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'pglite.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirBusyError(
        `${dataDir} is in use by another kolscope process (pid ${pid}); stop it first, or use PostgreSQL (DATABASE_URL) to run several processes`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid)) unlinkSync(lockFile);
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirBusyError extends Error {}

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir ? join(dataDir, 'pglite') : undefined, {
    parsers: { [INT8_OID]: parseInt8 },
  });
  const run = async <T>(q: { query: PGlite['query'] }, sql: string, params?: unknown[]) =>
    (await q.query<T>(sql, params as unknown[])).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(client, sql, params),
    exec: async (sql) => {
      await client.exec(sql);
    },
    transaction: (fn) => client.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * Queries with parameters go as named prepared statements (the name is a hash of the text), so
 * each connection plans a statement shape once and PostgreSQL can reuse the plan: planning the
 * feed query costs as much as running it.
 */
function statement(sql: string, params: unknown[] | undefined): pg.QueryConfig {
  if (!params?.length || !/^\s*(select|insert|update|delete|with)\b/i.test(sql)) return { text: sql, values: params };
  return { name: `k${createHash('sha1').update(sql).digest('base64url')}`, text: sql, values: params };
}

export async function openPostgres(url: string, options: { searchPath?: string; max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // Fail at start, with the server's own message, when the database cannot be reached.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(statement(sql, params))).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDb(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
