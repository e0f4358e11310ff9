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

/**
 * The longest a publish holds its caller. Redis answers in well under a millisecond; one that is
 * connected but silent (paused, hung, a half-open link) would otherwise hold every logout and
 * every view edit for as long as it stays so (issue 34: 45 s).
 */
export const PUBLISH_TIMEOUT_MS = 1000;
/** Revocations kept for sending again, at most (a longer break drops the oldest, and says so). */
export const UNSENT_REVOCATIONS_MAX = 1000;

/** The events that must reach every process even late: they close live streams of ended sessions. */
const isRevocation = (event: AppEvent) => event.type === 'session_revoked' || event.type === 'user_sessions_revoked';

export function redisBus(
  url: string,
  log: (line: string) => void,
  channel: string = EVENTS_CHANNEL,
  options: { publishTimeoutMs?: number } = {},
): EventBus {
  const publishTimeoutMs = options.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS;
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
  /** A PUBLISH went unanswered past the bound and still is (see fellSilent). */
  let silent = false;
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

  // Revocations the broker did not take (away, silent, or a stall that ended in a break), sent
  // again once it answers. A PUBLISH already written when the broker fell silent needs nothing:
  // Redis runs it when it wakes and every process hears it late. A process that was deaf
  // meanwhile re-checks its open streams on the gap (stream-hub.ts).
  const unsent = new Map<string, AppEvent>();
  const keepUnsent = (event: AppEvent) => {
    if (!isRevocation(event) || closed) return;
    const key = JSON.stringify(event);
    unsent.delete(key);
    unsent.set(key, event);
    if (unsent.size <= UNSENT_REVOCATIONS_MAX) return;
    const oldest = unsent.keys().next().value;
    if (oldest !== undefined) unsent.delete(oldest);
    log(`events: more than ${UNSENT_REVOCATIONS_MAX} revocations waiting for ${redact(url)}; the oldest is dropped`);
  };
  /** Resolves true once Redis has taken the event, false when it will not (then it is kept). */
  const send = (event: AppEvent): Promise<boolean> =>
    pub.publish(channel, encodeMessage(origin, event)).then(
      () => true,
      (err: Error) => {
        onError('publishing')(err);
        keepUnsent(event);
        return false;
      },
    );
  const sendUnsent = () => {
    if (closed || silent || pub.status !== 'ready') return;
    const waiting = [...unsent.values()];
    unsent.clear();
    for (const event of waiting) void send(event);
  };
  pub.on('ready', sendUnsent);

  // A PUBLISH unanswered past the bound: the broker is connected but silent. Until that PUBLISH is
  // answered (or its connection breaks), publishes write nothing more and wait for nothing, like
  // while the broker is away: only the first request of a stall waits the bound, and nothing
  // piles up behind a broker that may never read it.
  const fellSilent = (pending: Promise<boolean>) => {
    if (silent) return;
    silent = true;
    log(
      `events: ${redact(url)} has not answered a publish in ${publishTimeoutMs} ms; publishing paused until it does (caches expire on their own meanwhile)`,
    );
    void pending.then(() => {
      silent = false;
      if (!closed) log(`events: ${redact(url)} answers again`);
      sendUnsent();
    });
  };

  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const message = decodeMessage(raw);
    if (!message || message.origin === origin) return;
    local.deliver(message.event);
  });

  return {
    async publish(event: AppEvent) {
      local.deliver(event);
      if (closed) return;
      if (pub.status !== 'ready' || silent) {
        keepUnsent(event);
        return;
      }
      // The caller waits for the broker, but not for one that has stopped answering.
      const sent = send(event);
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        sent.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), publishTimeoutMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
      if (!answered) fellSilent(sent);
    },
    subscribe: local.subscribe,
    onGap: local.onGap,
    get connected() {
      return !closed && pub.status === 'ready' && listening && !silent;
    },
    async close() {
      closed = true;
      silent = false;
      unsent.clear();
      // Nothing is waiting on these connections: hints in flight may go, nothing else is lost.
      pub.disconnect();
      sub.disconnect();
      await local.close();
    },
  };
}
