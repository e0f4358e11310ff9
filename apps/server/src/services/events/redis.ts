/**
 * The event bus across processes over Redis pub/sub (EVENTS_URL). Events are hints for caches
 * and open screens: fire-and-forget fan-out to every process, no durable log. A process that
 * misses some (broker down, a break in its connection) drops all its caches when it hears the
 * broker again (`onGap`), and until then its caches expire on their own (CACHE_TTL_SECONDS).
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { redact } from '../../security/redact';
import { localBus } from './local';
import type { AppEvent, EventBus } from './types';
import { decodeMessage, EVENTS_CHANNEL, encodeMessage } from './wire';

/** Reconnect backoff: 100 ms doubling, capped so a returning broker is heard within ~2 s. */
export const RECONNECT_MAX_MS = 2000;
const retryStrategy = (times: number) => Math.min(100 * 2 ** Math.min(times, 10), RECONNECT_MAX_MS);

export function redisBus(url: string, log: (line: string) => void, channel: string = EVENTS_CHANNEL): EventBus {
  // Own messages come back from Redis too: they are skipped, `publish` delivered them already.
  const origin = randomUUID();
  const local = localBus(log);
  const common: RedisOptions = {
    retryStrategy,
    connectTimeout: 5000,
    // Hints are worth nothing late: a command while the broker is away fails at once.
    maxRetriesPerRequest: 0,
    lazyConnect: false,
  };
  // The publisher never buffers: a publish during a break is dropped (the caches' TTL covers it).
  const pub = new Redis(url, { ...common, enableOfflineQueue: false, connectionName: 'kolscope-events-pub' });
  // The subscriber subscribes itself on every connection and counts as listening only once Redis
  // has acknowledged it. ioredis's own resubscribe covers only acknowledged channels, so a break
  // between SUBSCRIBE and its answer (with maxRetriesPerRequest 0 the command is then dropped)
  // left a process connected but deaf for good.
  const sub = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    autoResubscribe: false,
    connectionName: 'kolscope-events-sub',
  });
  let closed = false;
  let everListening = false;
  let listening = false;
  let broken = false;

  // One line per break, not one per reconnect attempt.
  let warned = false;
  const onError = (which: string) => (err: Error) => {
    if (warned || closed) return;
    warned = true;
    log(
      `events: ${which} connection to ${redact(url)} failed: ${redact(err.message)} (caches expire on their own meanwhile)`,
    );
  };
  pub.on('error', onError('publishing'));
  sub.on('error', onError('subscribing'));
  sub.on('close', () => {
    listening = false;
    if (!everListening || broken || closed) return;
    broken = true;
    log(`events: lost the connection to ${redact(url)}; reconnecting (caches expire on their own meanwhile)`);
  });
  sub.on('ready', () => {
    warned = false;
    // A failed SUBSCRIBE closes or breaks this connection; the next 'ready' tries again.
    sub.subscribe(channel).then(() => {
      if (closed || sub.status !== 'ready') return;
      listening = true;
      if (broken) {
        // Events may have passed while this process could not hear: every cache starts over.
        log('events: connection back; caches dropped');
        local.gap();
      }
      everListening = true;
      broken = false;
    }, onError('subscribing'));
  });
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const message = decodeMessage(raw);
    if (!message || message.origin === origin) return;
    local.deliver(message.event);
  });

  return {
    async publish(event: AppEvent) {
      local.deliver(event);
      if (closed || pub.status !== 'ready') return;
      await pub.publish(channel, encodeMessage(origin, event)).then(() => undefined, onError('publishing'));
    },
    subscribe: local.subscribe,
    onGap: local.onGap,
    get connected() {
      return !closed && pub.status === 'ready' && listening;
    },
    async close() {
      closed = true;
      // Nothing is waiting on these connections: hints in flight may go, nothing else is lost.
      pub.disconnect();
      sub.disconnect();
      await local.close();
    },
  };
}
