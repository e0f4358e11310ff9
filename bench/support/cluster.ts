/**
 * A small kolscope cluster for benchmarks: N API processes and one worker of the production build
 * on one PostgreSQL schema and one Redis (EVENTS_URL), each API process on its own port. Stops
 * every process and drops the schema at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
// Builds whatever is missing or stale, exactly as `npm start` does.
import { ensureServerBuilt, ensureWebBuilt } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../apps/server/test/support/free-port';

const root = process.env.KOLSCOPE_ROOT ?? process.cwd();

export interface ClusterOptions {
  databaseUrl: string;
  eventsUrl: string;
  apis: number;
  env: Record<string, string>;
}

export async function startCluster(opts: ClusterOptions) {
  await ensureServerBuilt();
  await ensureWebBuilt();
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const sep = opts.databaseUrl.includes('?') ? '&' : '?';
  const databaseUrl = `${opts.databaseUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const children: ChildProcess[] = [];
  const spawnRole = (role: 'api' | 'worker', port: number) => {
    const child = spawn(process.execPath, [join(root, 'apps/server/dist/cli.js'), 'start', `--role=${role}`], {
      cwd: root,
      env: {
        ...process.env,
        ...opts.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        EVENTS_URL: opts.eventsUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  };
  // The first API process runs the migrations and seeds; the others start once it answers.
  const urls: string[] = [];
  for (let i = 0; i < opts.apis; i++) {
    const port = await freePort();
    const child = spawnRole('api', port);
    const url = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`api process ${i + 1} exited`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (tries > 1500) throw new Error(`api process ${i + 1} did not answer in 5 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
    urls.push(url);
  }
  spawnRole('worker', await freePort());
  return {
    urls,
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
