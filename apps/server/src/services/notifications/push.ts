/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payloads, RFC 8291). The web-push
 * package signs and encrypts; the request itself goes out through `outboundRequest`, which
 * connects to public addresses only (the endpoint is a URL a user chose: SSRF) and lets the tests
 * play push service on a local http port (web-push's own sender speaks only https). A subscription
 * the push service calls gone (404, 410) is deleted.
 */
import type { Language } from '@kolscope/contract';
import webpush from 'web-push';
import type { Db } from '../../db/db';
import { pushRepo, type SubscriptionRow } from '../../db/repos/push';
import { hasPublicHost, type Resolver } from '../../security/addresses';
import { outboundRequest } from '../../security/outbound';
import type { Clock } from '../../domain/clock';
import { badRequest } from '../errors';

export interface PushOptions {
  /** From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; otherwise generated once and kept in app_secrets. */
  vapid?: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services. */
  subject?: string;
  /**
   * Push services are https; an http endpoint is refused unless this is set (tests), so a user
   * cannot make the server POST to addresses inside its network.
   */
  allowHttpEndpoints?: boolean;
  /**
   * PUSH_ALLOW_PRIVATE: a push service inside the operator's network (and the tests' local one).
   * Otherwise an endpoint must resolve to public addresses, at subscribe and at every send.
   */
  allowPrivate?: boolean;
  /** DNS for the address checks; tests replace it. */
  resolve?: Resolver;
  timeoutMs?: number;
}

export interface PushMessage {
  title: string;
  body: string;
  /** Opened when the notification is tapped, relative to the app. */
  url: string;
  /** A newer notification with the same tag replaces the older one on the device. */
  tag: string;
}

/** How long a push service keeps a message for a browser that is offline. */
export const PUSH_TTL_SECONDS = 12 * 3600;
const VAPID_SECRET = 'vapid';

export function pushService(deps: { db: Db; clock: Clock; log: (line: string) => void; options?: PushOptions }) {
  const opts = deps.options ?? {};
  const repo = () => pushRepo(deps.db);
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;

  function vapidKeys() {
    keys ??= (async () => {
      if (opts.vapid) return opts.vapid;
      // Every process must sign with the same pair, and subscriptions outlive restarts.
      const stored = await repo().secretOrInsert(
        VAPID_SECRET,
        JSON.stringify(webpush.generateVAPIDKeys()),
        deps.clock.now(),
      );
      return JSON.parse(stored) as { publicKey: string; privateKey: string };
    })();
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  }

  async function deliver(sub: SubscriptionRow, message: PushMessage): Promise<'sent' | 'gone' | 'failed'> {
    const vapid = await vapidKeys();
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: opts.subject ?? 'mailto:no-reply@kolscope.local', ...vapid },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const res = await outboundRequest(new URL(details.endpoint), {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
        body: details.body ? new Uint8Array(details.body) : null,
        timeoutMs: opts.timeoutMs ?? 10_000,
        // A push service answers with a few bytes; more is not a push service.
        maxBytes: 64 * 1024,
        ...(opts.allowPrivate ? { allowPrivate: true } : {}),
        ...(opts.resolve ? { resolve: opts.resolve } : {}),
      });
      if (res.status >= 200 && res.status < 300) {
        await repo().markDelivered(sub.id, deps.clock.now());
        return 'sent';
      }
      if (res.status === 404 || res.status === 410) {
        await repo().deleteSubscription(sub.id);
        return 'gone';
      }
      deps.log(`push: ${new URL(sub.endpoint).host} answered ${res.status}`);
    } catch (err) {
      deps.log(`push: ${new URL(sub.endpoint).host} failed: ${(err as Error).message}`);
    }
    return 'failed';
  }

  return {
    publicKey: async () => (await vapidKeys()).publicKey,

    async subscribe(
      userId: number,
      sub: { endpoint: string; keys: { p256dh: string; auth: string } },
      lang: Language,
    ): Promise<void> {
      const url = new URL(sub.endpoint);
      const field = { field: 'endpoint' };
      if (url.protocol !== 'https:' && !(opts.allowHttpEndpoints && url.protocol === 'http:')) {
        throw badRequest('push_endpoint_invalid', field);
      }
      // Push services never need a user name or password in the URL; the server would send them.
      if (url.username || url.password) throw badRequest('push_endpoint_invalid', field);
      if (!opts.allowPrivate && !(await hasPublicHost(url, opts.resolve))) {
        throw badRequest('push_endpoint_private', field);
      }
      await repo().subscribe({ userId, endpoint: sub.endpoint, ...sub.keys, lang }, deps.clock.now());
    },

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await repo().unsubscribe(userId, endpoint);
    },

    /** Sends to every browser of the user, each in the language it subscribed with. */
    async sendToUser(userId: number, message: (lang: Language) => PushMessage) {
      const subs = await repo().subscriptionsOf(userId);
      const results = await Promise.all(subs.map((s) => deliver(s, message(s.lang === 'zh-CN' ? 'zh-CN' : 'en'))));
      return {
        sent: results.filter((r) => r === 'sent').length,
        gone: results.filter((r) => r === 'gone').length,
        failed: results.filter((r) => r === 'failed').length,
      };
    },
  };
}
export type PushService = ReturnType<typeof pushService>;
