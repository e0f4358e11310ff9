/**
 * compose.yaml and the Dockerfile hold together: every service has a healthcheck and waits for
 * healthy dependencies, the kolscope services run real CLI commands with real roles through the
 * image's entry point, their settings are variables the server reads and pass its validation,
 * and the proxy balances both API processes and lets the live stream through unbuffered.
 */
import { STREAM_PATH } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config';
import { composeFile, dockerfileStages, execForm, readRepoFile, stageEnv, withDefaults } from './files';

const { services, volumes } = composeFile();
const runtime = dockerfileStages().at(-1)!;
const entrypoint = execForm(runtime, 'ENTRYPOINT');
const KOLSCOPE = ['api1', 'api2', 'worker'];

/** The roles `start --role=` takes, as the usage text lists them. */
const roles = /start \[--role=([a-z|]+)\]/.exec(USAGE)![1]!.split('|');
const commands = USAGE.split('\n')
  .filter((l) => /^ {2}[a-z]/.test(l))
  .map((l) => l.trim().split(/\s/)[0]);

describe('compose.yaml', () => {
  it('runs PostgreSQL, the broker, two API processes, a worker and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['api1', 'api2', 'postgres', 'proxy', 'redis', 'worker']);
    expect(services.postgres!.image).toMatch(/^postgres:16/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.postgres!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(Object.keys(volumes ?? {})).toContain('pgdata');
  });

  it('gives every service a healthcheck, and starts each after its dependencies are healthy', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(s.healthcheck?.test, name).toBeDefined();
      for (const [dep, when] of Object.entries(s.depends_on ?? {})) {
        expect(services[dep], `${name} depends on ${dep}`).toBeDefined();
        expect(when.condition, `${name} → ${dep}`).toBe('service_healthy');
      }
    }
    expect(services.postgres!.healthcheck!.test).toEqual(['CMD-SHELL', 'pg_isready -U kolscope -d kolscope']);
    expect(services.redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const name of KOLSCOPE)
      expect(Object.keys(services[name]!.depends_on ?? {}).sort()).toEqual(['postgres', 'redis']);
    expect(Object.keys(services.proxy!.depends_on ?? {}).sort()).toEqual(['api1', 'api2']);
  });

  it('starts the API processes and the worker with real commands and roles of the image', () => {
    expect(entrypoint).toEqual(['node', 'apps/server/dist/cli.js']);
    expect(services.api1!.command).toEqual(['start', '--role=api']);
    expect(services.api2!.command).toEqual(['start', '--role=api']);
    expect(services.worker!.command).toEqual(['start', '--role=worker']);
    for (const name of KOLSCOPE) {
      const [command, ...flags] = services[name]!.command!;
      expect(commands).toContain(command);
      const role = flags.map((f) => /^--role=(.+)$/.exec(f)?.[1]).find(Boolean);
      expect(roles).toContain(role);
    }
    // The worker's check is a CLI command too: the image's entry point runs it.
    const check = services.worker!.healthcheck!.test as string[];
    expect(check.slice(0, 3)).toEqual(['CMD', ...entrypoint]);
    expect(commands).toContain(check[3]);
  });

  it('checks the API processes with the image’s own healthcheck', () => {
    const image = execForm(runtime, 'HEALTHCHECK');
    for (const name of ['api1', 'api2']) expect(services[name]!.healthcheck!.test).toEqual(['CMD', ...image]);
  });

  it('sets only variables the server reads, and values it accepts', () => {
    const known = new Set<string>(CONFIG_VARIABLES);
    for (const name of KOLSCOPE) {
      const env = services[name]!.environment!;
      for (const key of Object.keys(env)) expect(known.has(key), `${name}: ${key}`).toBe(true);
      const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, withDefaults(String(v))]));
      // As the process sees it: the image's ENV, then the service's.
      const config = loadConfig({ ...stageEnv(runtime), ...resolved });
      expect(config.databaseUrl).toBe('postgresql://kolscope:kolscope@postgres:5432/kolscope');
      expect(config.host).toBe('0.0.0.0');
      expect(config.seedDemo).toBe(false);
      expect(resolved.EVENTS_URL).toBe('redis://redis:6379');
    }
    for (const name of ['api1', 'api2']) expect(services[name]!.environment!.TRUST_PROXY).toBe('true');
  });

  it('proxies to both API processes, the live stream unbuffered with a long read timeout', () => {
    expect(services.proxy!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    const conf = readRepoFile('deploy/nginx.conf');
    const upstream = /upstream kolscope_api \{([^}]*)\}/.exec(conf)![1]!;
    expect([...upstream.matchAll(/server (\w+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual([
      `api1:${stageEnv(runtime).PORT}`,
      `api2:${stageEnv(runtime).PORT}`,
    ]);
    const stream = new RegExp(`location = /webapi/v1/${STREAM_PATH} \\{([^}]*)\\}`).exec(conf)?.[1] ?? '';
    expect(stream).toContain('proxy_buffering off;');
    const timeout = /proxy_read_timeout (\d+)(h|m|s)?;/.exec(stream)!;
    const seconds = Number(timeout[1]) * ({ h: 3600, m: 60, s: 1 }[timeout[2] ?? 's'] ?? 1);
    expect(seconds).toBeGreaterThanOrEqual(600);
    // The client address the API trusts is the one the proxy saw, never one the client wrote.
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });
});

describe('Dockerfile', () => {
  const stages = dockerfileStages();

  it('builds in one stage and runs the built app as a non-root user in another', () => {
    const build = stages[0]!;
    expect(build.from).toBe('node:20-bookworm-slim');
    const runs = build.steps.filter((s) => s.op === 'RUN').map((s) => s.args);
    expect(runs.some((r) => r.startsWith('npm ci'))).toBe(true);
    expect(runs.some((r) => r.includes('npm run build'))).toBe(true);
    expect(runtime.from).toBe('node:20-bookworm-slim');
    const user = runtime.steps.filter((s) => s.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime.steps.find((s) => s.op === 'EXPOSE')?.args).toBe(stageEnv(runtime).PORT);
    expect(execForm(runtime, 'CMD')).toEqual(['start']);
  });

  it('copies only the built app and production dependencies into the final stage', () => {
    const copies = runtime.steps.filter((s) => s.op === 'COPY').map((s) => s.args);
    // Nothing from the build context: only what earlier stages made.
    for (const c of copies) expect(c).toMatch(/^--from=/);
    const from = (path: string) => copies.find((c) => c.includes(` /app/${path} `))?.split(' ')[0];
    expect(from('apps/server/dist')).toBe('--from=build');
    expect(from('apps/web/dist')).toBe('--from=build');
    expect(from('node_modules')).toBe('--from=prod-deps');
    const prod = stages.find((s) => s.name === 'prod-deps')!;
    expect(prod.steps.find((s) => s.op === 'RUN')?.args).toMatch(/npm ci --omit=dev/);
  });

  it('leaves installed and built files of the working copy out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const p of ['**/node_modules', '**/dist', 'data', '.git']) expect(ignored).toContain(p);
  });
});
