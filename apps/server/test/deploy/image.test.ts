/**
 * The image's entry point run as a process, the way a container runs it: `node
 * apps/server/dist/cli.js start --role=api` from the repository root (the image's WORKDIR), with
 * the image's ENV and api1's settings from compose.yaml adapted to this machine (loopback address,
 * the test PostgreSQL in a fresh schema). Then the healthchecks' own commands run against it.
 * PostgreSQL only: compose runs the API on PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, ensureWebBuilt } from '../../../../scripts/build-if-stale.mjs';
import { type Db, openPostgres } from '../../src/db/db';
import { composeFile, dockerfileStages, execForm, root, stageEnv, withDefaults } from './files';
import { freePort } from '../support/free-port';

const url = process.env.TEST_DATABASE_URL;
const cwd = fileURLToPath(root);

/** Runs a healthcheck's exec form (after its CMD) here; resolves with the exit code. */
function runCheck(test: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const [cmd, ...args] = test.slice(1);
  expect(cmd).toBe('node');
  const child = spawn(process.execPath, args, { cwd, env, stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe.skipIf(!url)('the image entry point, run as a process', () => {
  const runtime = dockerfileStages().at(-1)!;
  const { services } = composeFile();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db;
  let child: ChildProcess;
  let output = '';
  let env: NodeJS.ProcessEnv;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    await ensureServerBuilt();
    await ensureWebBuilt();
    admin = await openPostgres(url!, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'kolscope-image-'));
    const compose = Object.fromEntries(
      Object.entries(services.api1!.environment!).map(([k, v]) => [k, withDefaults(String(v))]),
    );
    const database = new URL(url!);
    database.searchParams.set('options', `-c search_path=${schema}`);
    env = {
      PATH: process.env.PATH,
      ...stageEnv(runtime),
      ...compose,
      // The container's addresses, on this machine: loopback only.
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.toString(),
      EVENTS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    };
    const [node, ...entry] = execForm(runtime, 'ENTRYPOINT');
    expect(node).toBe('node');
    child = spawn(process.execPath, [...entry, ...services.api1!.command!], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    // Bounded by the hook's timeout, not by a guess of this machine's speed; an exit fails at once.
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API process exited:\n${output}`);
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the API and the web app on PostgreSQL', async () => {
    expect(output).toContain('PostgreSQL (DATABASE_URL)');
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const [{ n }] = (await admin.query<{ n: number }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1`,
      [schema],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(10); // migrated into its own schema
  });

  it("passes the image's healthcheck, which fails against a port where nothing listens", async () => {
    const check = ['CMD', ...execForm(runtime, 'HEALTHCHECK')];
    expect(await runCheck(check, { PATH: process.env.PATH, PORT: String(port) })).toBe(0);
    expect(await runCheck(check, { PATH: process.env.PATH, PORT: String(await freePort()) })).not.toBe(0);
  }, 60_000);

  it("passes the worker's healthcheck with its settings, and fails when its database is down", async () => {
    const check = services.worker!.healthcheck!.test as string[];
    expect(await runCheck(check, env)).toBe(0);
    const down = new URL(url!);
    down.port = String(await freePort());
    expect(await runCheck(check, { ...env, DATABASE_URL: down.toString() })).not.toBe(0);
  }, 120_000);

  it('stops cleanly on SIGTERM, as `docker stop` sends', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
