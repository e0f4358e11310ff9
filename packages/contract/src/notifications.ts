/**
 * Notification views, data sources, Web Push and forwarded phone notifications (issue 7).
 * A notification view lists X posts (superKOL, x) and the user's forwarded messages (wechat,
 * telegram, whatsapp, discord) that match its keyword rules; docs/API.md describes each call.
 */
import { z } from 'zod';
import { CUSTOM_SOURCES, NOTIFICATION_SOURCES } from './constants';
import { page, postCopies } from './entities';
import * as f from './fields';
import { network } from './networks';

const ack = z.null();
const none = z.object({}).loose();

const notificationItem = z.object({
  /** `p:<post id>` for X posts, `m:<message id>` for forwarded messages. */
  id: z.string(),
  source: z.enum(NOTIFICATION_SOURCES),
  avatar: z.string(),
  /** The X handle, or who sent a forwarded message. */
  username: z.string(),
  /** The X display name; '' for forwarded messages. */
  name: z.string(),
  /** The chat or group a forwarded message came from, when it differs from the sender; ''. */
  title: z.string(),
  /** Unix seconds. */
  publishTime: z.number().int(),
  content: z.string(),
  /** The view's keywords found in it, then a post's coins as `$BTC`. */
  tags: z.array(z.string()),
  images: z.array(z.object({ imgUrlThumb: z.string(), imgUrlOrigin: z.string() })),
  /** Other accounts that posted the same text soon after (entities.ts postCopies); posts only. */
  copies: postCopies.optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** X (the system source) and the custom sources, as /data-source shows them. */
const DATA_SOURCES = ['x', ...CUSTOM_SOURCES] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

const dataSourceState = z.object({
  sources: z.array(z.object({ source: z.enum(DATA_SOURCES), enabled: z.boolean(), system: z.boolean() })),
  /**
   * The public networks this server collects for everyone (the system source): what the feeds
   * carry, so the page names Telegram and Farcaster when they are collected, not X alone.
   */
  networks: z.array(network).optional(),
  forwarding: z.object({
    /** The user's ingest address: PUBLIC_URL + /webapi/v1/ingest/forward. */
    url: z.string(),
    hasToken: z.boolean(),
    /** The token's first characters, to recognise it; '' without a token. */
    tokenHint: z.string(),
    /** The whole token, only in the answer that created it (it is stored hashed). */
    token: z.string().optional(),
    createdAt: z.number().int().optional(),
    lastUsedAt: z.number().int().optional(),
  }),
});
export type DataSourceState = z.infer<typeof dataSourceState>;

/** A browser's PushSubscription.toJSON(). */
const pushSubscription = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'push_endpoint_invalid' })
    .max(2000, { error: 'push_endpoint_invalid' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/),
  }),
});

/** Unix seconds from seconds, milliseconds (forwarders often send those) or an ISO date-time. */
function toUnixSeconds(raw: number | string, ctx: z.RefinementCtx): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const n = typeof raw === 'number' ? raw : /^\d{9,14}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const seconds = Number.isFinite(n) ? (n > 1e11 ? n / 1000 : n) : Date.parse(text) / 1000;
  // From 2001 to 2100: anything else is a template the forwarder did not fill in.
  if (!Number.isFinite(seconds) || seconds < 978_307_200 || seconds > 4_102_444_800) {
    ctx.addIssue({ code: 'custom', message: 'forward_time_invalid' });
    return z.NEVER;
  }
  return Math.floor(seconds);
}

/** The body a phone notification forwarder POSTs (docs/FORWARDING.md). */
export const forwardMessage = z
  .object({
    app: z
      .string({ error: 'forward_app_required' })
      .trim()
      .min(1, { error: 'forward_app_required' })
      .max(200, { error: 'forward_app_required' }),
    sender: z.string().trim().max(200).default(''),
    title: z.string().trim().max(500).default(''),
    text: z.string().trim().max(10_000).default(''),
    time: z
      .union([z.number(), z.string().max(40)], { error: 'forward_time_invalid' })
      .transform(toUnixSeconds)
      .optional(),
  })
  .refine((m) => m.text !== '' || m.title !== '', { error: 'forward_text_required', path: ['text'] });
export type ForwardMessage = z.output<typeof forwardMessage>;

export const notificationCalls = {
  /** A notification view's items, newest first, 20 a page. */
  list: {
    path: 'view/notifications',
    request: z.object({ viewId: f.id, nextCb: f.cursor }),
    response: page(notificationItem),
  },
  dataSourceList: { path: 'data_source/list', request: none, response: dataSourceState },
  /** Turning a custom source on creates the forwarding token when the user has none. */
  dataSourceUpdate: {
    path: 'data_source/update',
    request: z.object({ source: z.enum(DATA_SOURCES), enabled: z.boolean() }),
    response: dataSourceState,
  },
  /** A new token replaces the old one at once; the answer carries it. */
  dataSourceRotateToken: { path: 'data_source/rotate_token', request: none, response: dataSourceState },
  /** Deletes the token: forwarding stops until a new one is made. */
  dataSourceRevoke: { path: 'data_source/revoke', request: none, response: dataSourceState },
  pushVapidKey: { path: 'push/vapid_key', request: none, response: z.object({ publicKey: z.string() }) },
  pushSubscribe: { path: 'push/subscribe', request: pushSubscription, response: ack },
  pushUnsubscribe: { path: 'push/unsubscribe', request: z.object({ endpoint: z.string().max(2000) }), response: ack },
  /**
   * POST /webapi/v1/ingest/forward with `Authorization: Bearer <forwarding token>` (or
   * `X-Forward-Token`). The token is checked before the body, which the server validates with
   * `forwardMessage`: a wrong token is a 401 whatever was sent.
   */
  forward: {
    path: 'ingest/forward',
    request: none,
    response: z.object({
      stored: z.boolean(),
      /** What the app became ('' when unknown). */
      source: z.string(),
      /** Why it was not stored: no view's keywords matched, the source is off, or the app is unknown. */
      reason: z.enum(['stored', 'no_match', 'source_off', 'app_unknown']),
    }),
  },
};
