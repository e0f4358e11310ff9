/**
 * Real kolscope processes for the multi-process tests: `bin/kolscope.mjs start --role=…` with its
 * own environment, its output kept, and waits on its log lines (bounded), never on time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toWire } from '@kolscope/contract';
import { freePort } from '../support/free-port';

const BIN = fileURLToPath(new URL('../../bin/kolscope.mjs', import.meta.url));

export interface Kolscope {
  name: string;
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves when the output has matched `pattern` `times` times; rejects if the process exits or after `ms`. */
  waitFor(pattern: RegExp, times?: number, ms?: number): Promise<void>;
  /** POSTs a call as the web app does (snake_case JSON, token cookie); status and body. */
  call(
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: { ret: number; data?: unknown } }>;
  stop(): Promise<void>;
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

export async function startKolscope(name: string, role: 'api' | 'worker', env: NodeJS.ProcessEnv): Promise<Kolscope> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'start', `--role=${role}`], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const heard = (d: Buffer) => {
    out += String(d);
    for (const l of [...listeners]) l();
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    port,
    output: () => out,
    waitFor(pattern, times = 1, ms = 120_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (count(out, pattern) < times) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${name}: no ${pattern} ×${times} within ${ms} ms:\n${out.slice(-3000)}`));
        }, ms);
        const onExit = () => {
          done();
          reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${out.slice(-3000)}`));
        };
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        if (child.exitCode !== null) onExit();
        else check();
      });
    },
    async call(path, body, token) {
      const res = await fetch(`http://127.0.0.1:${port}/webapi/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { cookie: `token=${token}` } : {}) },
        body: JSON.stringify(toWire(body ?? {})),
      });
      return { status: res.status, body: (await res.json()) as { ret: number; data?: unknown } };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
