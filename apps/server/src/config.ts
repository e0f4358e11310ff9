/**
 * Configuration from the environment, validated once at start. A wrong value stops the process
 * with a message naming the variable, what it must be and what it was.
 */
import { resolve } from 'node:path';
import { isValidEmail, normaliseEmail, PRICE_SOURCES, STREAM_MAX_PER_USER } from '@kolscope/contract';
import { type ProfileRef, parseKolLinks } from './domain/persons/profile-refs';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { PriceSettings } from './markets/sources';
import type { CollectionSettings } from './pipeline/collection';
import { SOURCE_NAMES, type SourceName } from './pipeline/sources/names';
import { normaliseChannel } from './pipeline/sources/telegram/channel';
import { redactSetting } from './security/redact';

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A whole number from min to max, with one message for every way it can be wrong. */
function wholeNumber(min: number, max: number, fallback: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);
}

/** A Bluesky handle (a domain name, '@' allowed) or a DID. */
const BLUESKY_ACTOR =
  /^(@?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]|did:[a-z]+:[A-Za-z0-9._:%-]+)$/i;

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

const schema = z.object({
  PORT: wholeNumber(1, 65535, 8080),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  /** A read replica of DATABASE_URL for the heavy read paths (db/db.ts `read`; why and which: db/README.md). */
  DATABASE_READ_URL: postgresUrl.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3, { error: 'must be an address such as "kolscope <no-reply@example.com>"' }).optional(),
  PUBLIC_URL: httpUrl.optional(),
  INNER_CODES: z.string().optional(),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .refine((raw) => list(raw).every(isValidEmail), { error: 'must be comma-separated e-mail addresses' }),
  SEED_DEMO: z.enum(['true', 'false', 'public'], { error: 'must be true, false or public' }).optional(),
  PUSH_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  MEDIA_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SOURCES: z
    .string()
    .default('demo')
    .refine((raw) => list(raw).every((s) => (SOURCE_NAMES as readonly string[]).includes(s)), {
      error: `must be a comma-separated list of ${SOURCE_NAMES.join(', ')}`,
    }),
  INGEST_KEYS: z.string().optional(),
  X_BEARER_TOKEN: z.string().optional(),
  X_API_BASE_URL: httpUrl.optional(),
  X_SEARCH_QUERY: z.string().optional(),
  RSS_FEEDS: z
    .string()
    .optional()
    .refine((raw) => list(raw).every((u) => /^https?:\/\/\S+$/.test(u)), {
      error: 'must be comma-separated http(s) URLs',
    }),
  // ---- Bluesky source (issue 17) ----
  BLUESKY_ACCOUNTS: z
    .string()
    .optional()
    .refine((raw) => list(raw).every((a) => BLUESKY_ACTOR.test(a)), {
      error: 'must be comma-separated Bluesky handles (alice.bsky.social) or DIDs (did:plc:…)',
    }),
  BLUESKY_APPVIEW_URL: httpUrl.default('https://public.api.bsky.app'),
  BLUESKY_JETSTREAM_URL: z
    .url({ protocol: /^wss?$/, error: 'must be an absolute ws(s) URL' })
    .default('wss://jetstream2.us-east.bsky.network'),
  // ---------- Telegram and Farcaster sources (issue 17) ----------
  TELEGRAM_CHANNELS: z
    .string()
    .optional()
    .refine((raw) => list(raw).every((c) => normaliseChannel(c) !== ''), {
      error: 'must be comma-separated public channel names (name, @name or t.me/name)',
    }),
  TELEGRAM_BASE_URL: httpUrl.default('https://t.me'),
  FARCASTER_HUB_URL: httpUrl.optional(),
  FARCASTER_FIDS: z
    .string()
    .optional()
    .refine((raw) => list(raw).every((f) => /^[1-9]\d{0,14}$/.test(f)), {
      error: 'must be comma-separated Farcaster ids (whole numbers, e.g. 3,5650)',
    }),
  COINGECKO_BASE_URL: httpUrl.default('https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: z.string().optional(),
  BINANCE_BASE_URL: httpUrl.default('https://api.binance.com'),
  DEMO_SEED: z.coerce.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).default(1),
  DEMO_POSTS_PER_DAY: wholeNumber(10, 1_000_000, 3000),
  /** Where candles come from (markets/sources.ts); default demo when SOURCES names demo, else none. */
  PRICE_SOURCE: z.enum(PRICE_SOURCES, { error: `must be one of ${PRICE_SOURCES.join(', ')}` }).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}=*$/, { error: 'must be a base64url P-256 public key (web-push generate-vapid-keys)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}=*$/, {
      error: 'must be a base64url P-256 private key (web-push generate-vapid-keys)',
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+|https:\/\/\S+)$/, { error: 'must be a mailto: address or an https URL' })
    .optional(),
  CLASSIFIER_URL: httpUrl.optional(),
  /**
   * The built-in classifier: the learned model (default; it beats the rules on both dev sets under
   * nested 5-fold CV, bench/notes/classifier.md) or the rules. Without shipped weights the model falls back to the rules.
   */
  CLASSIFIER: z.enum(['rules', 'model']).default('model'),
  /** Re-read every stored post with the current classifier in the background at start (role all/worker). */
  RECLASSIFY_ON_START: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  CLASSIFIER_API_KEY: z.string().optional(),
  CLASSIFIER_MODEL: z.string().optional(),
  REQUEST_STATEMENT_TIMEOUT_MS: wholeNumber(0, 3_600_000, 10_000),
  USER_CONCURRENT_REQUESTS: wholeNumber(1, 1000, 2),
  USER_QUEUED_REQUESTS: wholeNumber(0, 10_000, 8),
  // --- Live streams (issue 18 §2; services/stream-hub.ts) ---
  STREAM_MAX_CONNECTIONS: wholeNumber(0, 1_000_000, 10_000),
  STREAM_MAX_PER_USER: wholeNumber(1, 10_000, STREAM_MAX_PER_USER),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds from 1 to 3600' })
    .min(1, { error: 'must be a number of seconds from 1 to 3600' })
    .max(3600, { error: 'must be a number of seconds from 1 to 3600' })
    .default(30),

  // --- Events between processes (issue 18; services/events) ---
  /** Redis pub/sub that carries cache and screen hints between processes; unset: in-process only. */
  EVENTS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** How long a process trusts its cached sessions and views when no event tells it otherwise. */
  CACHE_TTL_SECONDS: wholeNumber(0, 3600, 10),
  /**
   * How long a KOL group's "Follow the group" figures are kept (kol/follow reads every call of the
   * group: seconds for 20,000 KOLs at 1M posts); 0: computed on every request.
   */
  FOLLOW_CACHE_SECONDS: wholeNumber(0, 3600, 300),

  // --- Generated summaries of the bull and bear case (issue 33 §3; services/arguments/summary.ts) ---
  /** An OpenAI-compatible API base (…/v1); unset: no summaries, the arguments' headlines stand alone. */
  SUMMARY_URL: httpUrl.optional(),
  SUMMARY_KEY: z.string().optional(),
  SUMMARY_MODEL: z.string().default('gpt-4o-mini'),
  /** Summaries the server writes in a rolling hour (each is one chat-completions call). */
  SUMMARY_PER_HOUR: wholeNumber(1, 100_000, 60),

  // --- One KOL, several networks (issue 17 §2; services/persons.ts) ---
  /**
   * Accounts that are one person: persons separated by ";", their accounts by "," (an X id,
   * x:@handle, tg:channel, bsky:@handle, bsky:did:…, fc:fid). Linked at start and by `kolscope kol-link`.
   */
  KOL_LINKS: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      try {
        parseKolLinks(raw ?? '');
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^KOL_LINKS: /, '') });
      }
    }),
});

/** Every variable loadConfig reads; the README's configuration table lists each (config.test.ts checks). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as readonly (keyof typeof schema.shape)[];

/**
 * Variables read outside loadConfig, where they are used: the sentiment model's weights folder
 * (pipeline/enrich/sentiment/model/weights.ts) and the training data of `kolscope train-sentiment` (data.ts).
 */
export const MODEL_VARIABLES = ['SENTIMENT_MODEL_DIR', 'SENTIMENT_DATA_DIR'] as const;

/** Besides these, the settings of the post sources (CollectionSettings) and of the price source (PriceSettings). */
export interface Config extends CollectionSettings, PriceSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: where `db.read` statements go; only with DATABASE_URL. */
  databaseReadUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Redis for events between processes (EVENTS_URL); undefined: the in-process bus. */
  eventsUrl: string | undefined;
  /** How long sessions and views are served from a process's memory (CACHE_TTL_SECONDS), in ms. */
  cacheTtlMs: number;
  /** How long kol/follow answers are kept (FOLLOW_CACHE_SECONDS), in ms. */
  followCacheMs: number;
  /** SUMMARY_URL, SUMMARY_KEY, SUMMARY_MODEL, SUMMARY_PER_HOUR; undefined without SUMMARY_URL. */
  summaries: { url: string; apiKey: string | undefined; model: string; perHour: number } | undefined;
  mailFrom: string;
  publicUrl: string;
  /** True when the public URL is https: the session cookie is then marked Secure. */
  secureCookies: boolean;
  innerCodes: string[];
  adminEmails: string[];
  /** SEED_DEMO: seed the demo administrator; off, a demo account an earlier start made is disabled (seed.ts). */
  seedDemo: boolean;
  /**
   * SEED_DEMO=public: the operator knows the demo account is reachable from other machines; its
   * published password is then replaced by a random one at every start.
   */
  publicDemo: boolean;
  /** PUSH_ALLOW_PRIVATE: push endpoints may be private addresses (a push service in the LAN). */
  pushAllowPrivate: boolean;
  /** MEDIA_ALLOW_PRIVATE: the media proxy may fetch images from private hosts (a source in the LAN). */
  mediaAllowPrivate: boolean;
  trustProxy: boolean;
  logLevel: string;
  ingestKeys: string[];
  classifier: { url: string; apiKey: string | undefined; model: string | undefined } | undefined;
  builtinClassifier: 'rules' | 'model';
  /** RECLASSIFY_ON_START: a `kolscope reclassify` pass in the background of a collecting process. */
  reclassifyOnStart: boolean;
  /** Web Push: keys from the environment, else generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Bound of each statement run for a request, in ms (0: none); see docs/OPERATIONS.md. */
  requestStatementTimeoutMs: number;
  /** Per caller: requests running at once, and waiting behind them, before a 429. */
  requestLimits: { running: number; queued: number };
  /** How long a client may take to send one request, headers and body, before a 408. */
  requestTimeoutSeconds: number;
  /** Open live streams per process (0: none, the app polls) and per user (the newest wins). */
  stream: { maxConnections: number; maxPerUser: number };
  /** KOL_LINKS, parsed: each person's accounts (domain/persons/profile-refs.ts). */
  kolLinks: ProfileRef[][];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      // Never echo a password or a key: the message ends up in terminals and log collectors.
      return `  ${name} ${issue.message} (got "${redactSetting(name, env[name])}")`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (list(e.SOURCES).includes('x-api') && !e.X_BEARER_TOKEN)
    problems.push('  X_BEARER_TOKEN is required when SOURCES names x-api');
  if (list(e.SOURCES).includes('rss') && list(e.RSS_FEEDS).length === 0)
    problems.push('  RSS_FEEDS is required when SOURCES names rss');
  if (list(e.SOURCES).includes('bluesky') && list(e.BLUESKY_ACCOUNTS).length === 0)
    problems.push('  BLUESKY_ACCOUNTS is required when SOURCES names bluesky');
  if (list(e.SOURCES).includes('telegram') && list(e.TELEGRAM_CHANNELS).length === 0)
    problems.push('  TELEGRAM_CHANNELS is required when SOURCES names telegram');
  if (list(e.SOURCES).includes('farcaster') && (!e.FARCASTER_HUB_URL || list(e.FARCASTER_FIDS).length === 0))
    problems.push('  FARCASTER_HUB_URL and FARCASTER_FIDS are required when SOURCES names farcaster');
  // The embedded database lives in this process alone: a replica of it cannot exist.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    problems.push('  DATABASE_READ_URL needs DATABASE_URL: the embedded database has no replica to read from');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  const seedDemo = e.SEED_DEMO ? e.SEED_DEMO !== 'false' : !e.DATABASE_URL;
  // The demo account is an administrator with a password printed in the README: on an address
  // other machines reach, anyone could sign in as it.
  if (seedDemo && e.SEED_DEMO !== 'public' && !isLoopbackHost(e.HOST))
    problems.push(
      `  HOST is ${e.HOST}, reachable from other machines, and the demo administrator (published password) would be created: set SEED_DEMO=false, or SEED_DEMO=public to keep it with a random password printed at start`,
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    smtpUrl: e.SMTP_URL,
    eventsUrl: e.EVENTS_URL,
    cacheTtlMs: e.CACHE_TTL_SECONDS * 1000,
    followCacheMs: e.FOLLOW_CACHE_SECONDS * 1000,
    summaries: e.SUMMARY_URL
      ? { url: e.SUMMARY_URL, apiKey: e.SUMMARY_KEY, model: e.SUMMARY_MODEL, perHour: e.SUMMARY_PER_HOUR }
      : undefined,
    mailFrom: e.MAIL_FROM ?? 'kolscope <no-reply@kolscope.local>',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    innerCodes: list(e.INNER_CODES),
    adminEmails: list(e.ADMIN_EMAILS).map(normaliseEmail),
    seedDemo,
    publicDemo: e.SEED_DEMO === 'public',
    pushAllowPrivate: e.PUSH_ALLOW_PRIVATE === 'true',
    mediaAllowPrivate: e.MEDIA_ALLOW_PRIVATE === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    sources: [...new Set(list(e.SOURCES))] as SourceName[],
    ingestKeys: list(e.INGEST_KEYS),
    xBearerToken: e.X_BEARER_TOKEN,
    xApiBaseUrl: e.X_API_BASE_URL,
    xSearchQuery: e.X_SEARCH_QUERY,
    rssFeeds: list(e.RSS_FEEDS),
    bluesky: {
      accounts: list(e.BLUESKY_ACCOUNTS),
      appviewUrl: e.BLUESKY_APPVIEW_URL.replace(/\/+$/, ''),
      jetstreamUrl: e.BLUESKY_JETSTREAM_URL.replace(/\/+$/, ''),
    },
    telegramChannels: [...new Set(list(e.TELEGRAM_CHANNELS).map(normaliseChannel))],
    telegramBaseUrl: e.TELEGRAM_BASE_URL.replace(/\/+$/, ''),
    farcasterHubUrl: e.FARCASTER_HUB_URL?.replace(/\/+$/, ''),
    farcasterFids: [...new Set(list(e.FARCASTER_FIDS).map(Number))],
    coinGecko: { baseUrl: e.COINGECKO_BASE_URL.replace(/\/+$/, ''), apiKey: e.COINGECKO_API_KEY },
    binanceBaseUrl: e.BINANCE_BASE_URL.replace(/\/+$/, ''),
    demoSeed: e.DEMO_SEED,
    demoPostsPerDay: e.DEMO_POSTS_PER_DAY,
    priceSource: e.PRICE_SOURCE ?? (list(e.SOURCES).includes('demo') ? 'demo' : 'none'),
    classifier: e.CLASSIFIER_URL
      ? { url: e.CLASSIFIER_URL, apiKey: e.CLASSIFIER_API_KEY, model: e.CLASSIFIER_MODEL }
      : undefined,
    builtinClassifier: e.CLASSIFIER,
    reclassifyOnStart: e.RECLASSIFY_ON_START === 'true',
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    // Push services want a contact: the public https URL, else a mailto: of the mail sender.
    vapidSubject:
      e.VAPID_SUBJECT ??
      (publicUrl.startsWith('https://')
        ? publicUrl
        : `mailto:${mailAddress(e.MAIL_FROM) ?? 'no-reply@kolscope.local'}`),
    requestStatementTimeoutMs: e.REQUEST_STATEMENT_TIMEOUT_MS,
    requestLimits: { running: e.USER_CONCURRENT_REQUESTS, queued: e.USER_QUEUED_REQUESTS },
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    stream: { maxConnections: e.STREAM_MAX_CONNECTIONS, maxPerUser: e.STREAM_MAX_PER_USER },
    kolLinks: parseKolLinks(e.KOL_LINKS ?? ''),
  };
}

/** localhost or an address in 127.0.0.0/8 or ::1: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1');
  if (h.toLowerCase() === 'localhost') return true;
  if (!ipaddr.isValid(h)) return false;
  const addr = ipaddr.process(h);
  return addr.range() === 'loopback';
}

/** The address inside "Name <address>" or a bare address. */
function mailAddress(from: string | undefined): string | undefined {
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(from ?? '') ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(from ?? '');
  return m?.[1];
}
