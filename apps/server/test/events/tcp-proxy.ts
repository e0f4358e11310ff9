/**
 * A TCP proxy in front of a broker that a test can cut and restore: cutting closes every open
 * connection and refuses new ones (a broker gone away), restoring accepts them again.
 * `cutOnSend(word)` breaks every connection the first time a client sends that command word,
 * before it reaches the broker: a break between a command and its answer, on cue.
 * `stall()` holds what clients send (connections stay up, nothing is answered: a broker that hangs,
 * as under CLIENT PAUSE); `unstall()` hands it on, and a `cut()` meanwhile loses it.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let up = true;
  let cutOn: string | null = null;
  let stalled = false;
  /** What clients sent during a stall, per connection, in order. */
  const held = new Map<Socket, Buffer[]>();
  const server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
      held.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      if (cutOn && chunk.toString('latin1').toLowerCase().includes(cutOn)) {
        cutOn = null;
        for (const socket of open) socket.destroy();
        open.clear();
        return;
      }
      if (stalled) held.set(upstream, [...(held.get(upstream) ?? []), chunk]);
      else upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
      open.clear();
      held.clear();
    },
    stall() {
      stalled = true;
    },
    unstall() {
      stalled = false;
      for (const [upstream, chunks] of held) for (const chunk of chunks) upstream.write(chunk);
      held.clear();
    },
    /** The commands held by the stall so far, e.g. to see that a PUBLISH is waiting in it. */
    heldText(): string {
      return [...held.values()].flatMap((chunks) => chunks.map((c) => c.toString('latin1'))).join('');
    },
    restore() {
      up = true;
    },
    cutOnSend(word: string) {
      cutOn = `\r\n${word.toLowerCase()}\r\n`;
    },
    get cutPending() {
      return cutOn !== null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Whether something answers TCP at host:port (the broker the tests need), within a second. */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true)).once('error', () => done(false));
  });
}

/** The Redis the event tests use: TEST_EVENTS_URL, else the loopback default. */
export function testRedis(): { url: string; host: string; port: number } {
  const url = process.env.TEST_EVENTS_URL ?? 'redis://127.0.0.1:6379';
  const parsed = new URL(url);
  return { url, host: parsed.hostname, port: Number(parsed.port || 6379) };
}
