/**
 * A primary with a read replica for PostgreSQL tests (DATABASE_READ_URL): a fresh schema in the
 * test database is the primary, a fresh database with the same schema stands in for the replica.
 * Nothing copies rows between them, so a test can tell which one a statement read.
 */
import { randomBytes } from 'node:crypto';
import { type Db, openPostgres } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';

export interface PrimaryWithReplica {
  /** The app's database: writes on the primary, `db.read` on the replica. */
  db: Db;
  /** The replica alone, migrated, to put rows only it holds. */
  replica: Db;
  replicaDatabase: string;
  drop: () => Promise<void>;
}

/** The URL with another database name, for the test server's replica. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function openPrimaryWithReplica(
  url: string,
  options: { requestStatementTimeoutMs?: number } = {},
): Promise<PrimaryWithReplica> {
  const suffix = randomBytes(6).toString('hex');
  const schema = `t_${suffix}`;
  const replicaDatabase = `test_replica_${suffix}`;
  const replicaUrl = withDatabase(url, replicaDatabase);
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.exec(`CREATE DATABASE ${replicaDatabase}`);
  // The same schema name on both, so one search_path serves the primary and the replica.
  const replicaAdmin = await openPostgres(replicaUrl, { max: 1 });
  await replicaAdmin.exec(`CREATE SCHEMA ${schema}`);
  await replicaAdmin.close();
  const replica = await openPostgres(replicaUrl, { searchPath: schema });
  await migrate(replica);
  const db = await openPostgres(url, { searchPath: schema, ...options }, replicaUrl);
  return {
    db,
    replica,
    replicaDatabase,
    drop: async () => {
      await replica.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.exec(`DROP DATABASE IF EXISTS ${replicaDatabase} WITH (FORCE)`);
      await admin.close();
    },
  };
}
