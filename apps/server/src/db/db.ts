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
import { FairTurns } from './fair-turns';
import {
  BACKGROUND_CALLER,
  currentRequest,
  isCancelledStatement,
  type QueryContext,
  RequestCancelled,
} from './query-context';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Read-only statements whose answer may lag the primary by seconds (feeds, reports, ranking,
   * statistics, profiles, search): on the replica when DATABASE_READ_URL is set, else this
   * database itself. Never for sessions, auth, limits, or anything read back after a write.
   */
  readonly read: Queryable;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The request's client went away: no new statement of it starts, and on PostgreSQL its running
   * statements are cancelled (PGlite cannot stop a statement that runs).
   */
  abortRequest(ctx: QueryContext): void;
  /** PGlite only: the whole data folder as a tarball, to open again with `openPglite(undefined, it)`. */
  snapshot?(): Promise<Blob>;
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

/**
 * `dataDir` undefined: in memory. `snapshot` (in memory only): start from a data folder saved
 * with `Db.snapshot` instead of an empty cluster, which skips initdb and any migrations it holds.
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Db> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir ? join(dataDir, 'pglite') : undefined, {
    parsers: { [INT8_OID]: parseInt8 },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  // One in-process connection: a statement that runs cannot be interrupted, so a request's limits
  // apply between statements (none starts after the client left or the time ran out).
  const run = async <T>(q: { query: PGlite['query'] }, sql: string, params?: unknown[]) => {
    currentRequest()?.check();
    return (await q.query<T>(sql, params as unknown[])).rows;
  };
  // Whose statement runs next is fair between callers (fair-turns.ts); a transaction is one turn,
  // and its statements run inside it.
  const turns = new FairTurns();
  const callerNow = () => currentRequest()?.caller ?? BACKGROUND_CALLER;
  const query: Queryable['query'] = (sql, params) => turns.run(callerNow(), () => run(client, sql, params));
  return {
    kind: 'pglite',
    // One process, one copy of the data: there is no replica to read from.
    read: { query },
    abortRequest: (ctx) => {
      ctx.aborted = true;
    },
    query,
    exec: async (sql) => {
      await turns.run(callerNow(), () => client.exec(sql));
    },
    transaction: (fn) =>
      turns.run(callerNow(), () => client.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) }))),
    snapshot: () => client.dumpDataDir('none'),
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

export interface PostgresOptions {
  searchPath?: string;
  /** Connections for requests; background work (ingestion, timers) has a pool of its own. */
  max?: number;
  /** Bounds each statement run for a request (statement_timeout); 0 or unset: no bound. */
  requestStatementTimeoutMs?: number;
}

/**
 * Request connections. Each user runs at most USER_CONCURRENT_REQUESTS at once
 * (services/request-limits.ts), so 20 leave room for others while a few users are at their cap.
 */
export const REQUEST_POOL_MAX = 20;
/** Background connections: ingestion runners, timers, migrations, the cancels of requests. */
export const BACKGROUND_POOL_MAX = 10;

/** One PostgreSQL server's two pools: background work, and requests bounded by their context. */
async function openServer(
  url: string,
  options: PostgresOptions,
  /** Where a request records the backends it holds on this server (the primary and a replica apart). */
  backendsOf: (ctx: QueryContext) => Set<number>,
) {
  const base: pg.PoolConfig = {
    connectionString: url,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  };
  const timeoutMs = options.requestStatementTimeoutMs ?? 0;
  const pool = new pg.Pool({ ...base, max: options.max ?? BACKGROUND_POOL_MAX });
  // statement_timeout is a startup parameter of these connections: no extra round trip per
  // statement, and the server itself stops a statement that runs too long. Waiting for a free
  // connection is bounded by the same time.
  const requestPool = new pg.Pool({
    ...base,
    max: options.max ?? REQUEST_POOL_MAX,
    ...(timeoutMs > 0 ? { statement_timeout: timeoutMs, connectionTimeoutMillis: timeoutMs } : {}),
  });
  try {
    // Fail at start, with the server's own message, when the database cannot be reached.
    await pool.query('select 1');
  } catch (err) {
    await Promise.all([pool.end(), requestPool.end()]);
    throw err;
  }

  /** Runs `fn` on a request connection whose backend pid the request records while it holds it. */
  async function withRequestClient<T>(ctx: QueryContext, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    ctx.check();
    let client: pg.PoolClient;
    try {
      client = await requestPool.connect();
    } catch (err) {
      if (/timeout/i.test((err as Error).message)) throw new RequestCancelled('timeout');
      throw err;
    }
    const pid = (client as unknown as { processID: number }).processID;
    const backends = backendsOf(ctx);
    backends.add(pid);
    try {
      ctx.check(); // the client may have gone while we waited for the connection
      return await fn(client);
    } catch (err) {
      if (isCancelledStatement(err)) throw new RequestCancelled(ctx.aborted ? 'client-gone' : 'timeout');
      throw err;
    } finally {
      if (ctx.aborted) {
        // The cancel must reach this backend while it is still ours, and a late signal must not
        // hit another request's statement: the connection is closed rather than reused.
        await ctx.cancelling;
        backends.delete(pid);
        client.release(true);
      } else {
        backends.delete(pid);
        client.release();
      }
    }
  }

  return {
    pool,
    withRequestClient,
    query: async <T>(sql: string, params?: unknown[]) => {
      const ctx = currentRequest();
      if (!ctx) return (await pool.query(statement(sql, params))).rows as T[];
      return withRequestClient(ctx, async (c) => (await c.query(statement(sql, params))).rows as T[]);
    },
    /** Cancels the request's running statements on this server, from a background connection. */
    cancel: (ctx: QueryContext): Promise<void> => {
      const pids = [...backendsOf(ctx)];
      if (pids.length === 0) return Promise.resolve();
      return pool.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]).then(
        () => {},
        () => {},
      );
    },
    end: () => Promise.all([pool.end(), requestPool.end()]).then(() => {}),
  };
}

/**
 * `readUrl`: a replica (DATABASE_READ_URL) for `db.read`, opened with the same options: the same
 * statement time and request pool size, and the same cancel when a request's client goes away.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}, readUrl?: string): Promise<Db> {
  const primary = await openServer(url, options, (ctx) => ctx.backends);
  let replica: Awaited<ReturnType<typeof openServer>> | undefined;
  try {
    replica = readUrl ? await openServer(readUrl, options, (ctx) => ctx.replicaBackends) : undefined;
  } catch (err) {
    await primary.end();
    throw err;
  }

  const inTransaction = async <T>(client: pg.PoolClient, fn: (tx: Queryable) => Promise<T>, ctx?: QueryContext) => {
    await client.query('begin');
    try {
      const result = await fn({
        query: async <R>(sql: string, params?: unknown[]) => {
          ctx?.check();
          return (await client.query(sql, params)).rows as R[];
        },
      });
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  };

  return {
    kind: 'postgres',
    query: primary.query,
    read: { query: (replica ?? primary).query },
    exec: async (sql) => {
      const ctx = currentRequest();
      if (!ctx) await primary.pool.query(sql);
      else await primary.withRequestClient(ctx, (c) => c.query(sql));
    },
    transaction: async (fn) => {
      const ctx = currentRequest();
      if (ctx) return primary.withRequestClient(ctx, (client) => inTransaction(client, fn, ctx));
      const client = await primary.pool.connect();
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    abortRequest: (ctx) => {
      if (ctx.aborted) return;
      ctx.aborted = true;
      if (ctx.backends.size === 0 && ctx.replicaBackends.size === 0) return;
      // Each from its server's background connections: the request's own are busy running what we stop.
      ctx.cancelling = Promise.all([primary.cancel(ctx), replica?.cancel(ctx)]).then(() => {});
    },
    close: async () => {
      await Promise.all([primary.end(), replica?.end()]);
    },
  };
}

export function openDb(config: {
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: a replica of DATABASE_URL for `db.read` (config.ts refuses it without one). */
  databaseReadUrl?: string | undefined;
  dataDir: string;
  requestStatementTimeoutMs?: number;
}): Promise<Db> {
  return config.databaseUrl
    ? openPostgres(
        config.databaseUrl,
        { requestStatementTimeoutMs: config.requestStatementTimeoutMs },
        config.databaseReadUrl,
      )
    : openPglite(config.dataDir);
}
