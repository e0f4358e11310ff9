import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { classifierFor } from '../src/runtime';

describe('configuration', () => {
  it('has working defaults for the embedded set-up', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      secureCookies: false,
      innerCodes: [],
      adminEmails: [],
      seedDemo: true,
      sources: ['demo'],
      ingestKeys: [],
      classifier: undefined,
      requestTimeoutSeconds: 30,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });
  it('reads PRICE_SOURCE: demo by default with the demo posts, else none', () => {
    expect(loadConfig({}).priceSource).toBe('demo');
    expect(loadConfig({ SOURCES: 'rss', RSS_FEEDS: 'https://example.com/feed' }).priceSource).toBe('none');
    expect(loadConfig({ PRICE_SOURCE: 'binance' }).priceSource).toBe('binance');
    expect(() => loadConfig({ PRICE_SOURCE: 'kraken' })).toThrow(
      /PRICE_SOURCE must be one of demo, coingecko, binance, none/,
    );
  });
  it('reads Telegram channels in any usual spelling and the Farcaster hub and fids', () => {
    const c = loadConfig({
      SOURCES: 'telegram,farcaster',
      TELEGRAM_CHANNELS: 'wublockchain, @whale_alert_io, https://t.me/s/Cointelegraph, t.me/wublockchain',
      FARCASTER_HUB_URL: 'http://127.0.0.1:2281/',
      FARCASTER_FIDS: '3, 5650,3',
    });
    expect(c.telegramChannels).toEqual(['wublockchain', 'whale_alert_io', 'Cointelegraph']);
    expect(c.telegramBaseUrl).toBe('https://t.me');
    expect(c.farcasterHubUrl).toBe('http://127.0.0.1:2281');
    expect(c.farcasterFids).toEqual([3, 5650]);
  });
  it('picks the learned model (default) or the rules as the built-in classifier', () => {
    expect(loadConfig({}).builtinClassifier).toBe('model');
    expect(loadConfig({ CLASSIFIER: 'rules' }).builtinClassifier).toBe('rules');
    expect(() => loadConfig({ CLASSIFIER: 'bert' })).toThrow(/CLASSIFIER/);
    // The shipped weights are read by default; the rules stay one setting away.
    expect(classifierFor(loadConfig({})).name).toMatch(/^model-[0-9a-f]{12}$/);
    expect(classifierFor(loadConfig({ CLASSIFIER: 'rules' })).name).toBe('builtin');
  });
  it('bounds request time and per-user share by default, and reads both', () => {
    expect(loadConfig({})).toMatchObject({
      requestStatementTimeoutMs: 10_000,
      requestLimits: { running: 2, queued: 8 },
    });
    const env = { REQUEST_STATEMENT_TIMEOUT_MS: '0', USER_CONCURRENT_REQUESTS: '1', USER_QUEUED_REQUESTS: '0' };
    expect(loadConfig(env)).toMatchObject({ requestStatementTimeoutMs: 0, requestLimits: { running: 1, queued: 0 } });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/k',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'kolscope <hi@example.com>',
      PUBLIC_URL: 'https://kolscope.example.com/',
      INNER_CODES: ' A-1 , B-2 ,',
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
      SOURCES: 'demo, rss, x-api',
      RSS_FEEDS: 'https://nitter.example/alice/rss,https://rsshub.example/twitter/user/bob',
      X_BEARER_TOKEN: 'token',
      INGEST_KEYS: 'k1,k2',
      DEMO_SEED: '9',
      DEMO_POSTS_PER_DAY: '500',
      CLASSIFIER_URL: 'http://127.0.0.1:9000/v1',
      CLASSIFIER_MODEL: 'local-model',
      REQUEST_TIMEOUT_SECONDS: '7.5',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/k',
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/test',
      mailFrom: 'kolscope <hi@example.com>',
      publicUrl: 'https://kolscope.example.com',
      secureCookies: true,
      innerCodes: ['A-1', 'B-2'],
      adminEmails: ['boss@example.com', 'ops@example.com'],
      seedDemo: false,
      sources: ['demo', 'rss', 'x-api'],
      rssFeeds: ['https://nitter.example/alice/rss', 'https://rsshub.example/twitter/user/bob'],
      xBearerToken: 'token',
      ingestKeys: ['k1', 'k2'],
      demoSeed: 9,
      demoPostsPerDay: 500,
      classifier: { url: 'http://127.0.0.1:9000/v1', apiKey: undefined, model: 'local-model' },
      requestTimeoutSeconds: 7.5,
    });
  });
  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number from 1 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [
      { DATABASE_URL: 'postgresql://db/kol', DATABASE_READ_URL: 'replica.example:5432' },
      /DATABASE_READ_URL must be a postgres:\/\/ or postgresql:\/\/ URL \(got "replica.example:5432"\)/,
    ],
    [{ DATABASE_READ_URL: 'postgresql://replica/kol' }, /DATABASE_READ_URL needs DATABASE_URL/],
    [{ SMTP_URL: 'localhost:25' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ PUBLIC_URL: 'kolscope.example' }, /PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ ADMIN_EMAILS: 'boss@example.com,nobody' }, /ADMIN_EMAILS must be comma-separated e-mail addresses/],
    [{ SOURCES: 'demo,twitter' }, /SOURCES must be a comma-separated list of demo, x-api, rss/],
    [{ SOURCES: 'x-api' }, /X_BEARER_TOKEN is required when SOURCES names x-api/],
    [{ SOURCES: 'rss' }, /RSS_FEEDS is required when SOURCES names rss/],
    [{ SOURCES: 'rss', RSS_FEEDS: 'nitter.net/alice/rss' }, /RSS_FEEDS must be comma-separated http\(s\) URLs/],
    [{ SOURCES: 'bluesky' }, /BLUESKY_ACCOUNTS is required when SOURCES names bluesky/],
    [
      { SOURCES: 'bluesky', BLUESKY_ACCOUNTS: 'alice bsky' },
      /BLUESKY_ACCOUNTS must be comma-separated Bluesky handles/,
    ],
    [{ BLUESKY_JETSTREAM_URL: 'https://jetstream.example' }, /BLUESKY_JETSTREAM_URL must be an absolute ws\(s\) URL/],
    [{ SOURCES: 'telegram' }, /TELEGRAM_CHANNELS is required when SOURCES names telegram/],
    [
      { SOURCES: 'telegram', TELEGRAM_CHANNELS: 'good_name,no way' },
      /TELEGRAM_CHANNELS must be comma-separated public channel names/,
    ],
    [
      { SOURCES: 'farcaster', FARCASTER_FIDS: '3' },
      /FARCASTER_HUB_URL and FARCASTER_FIDS are required when SOURCES names farcaster/,
    ],
    [
      { SOURCES: 'farcaster', FARCASTER_HUB_URL: 'http://127.0.0.1:2281', FARCASTER_FIDS: '3,dwr' },
      /FARCASTER_FIDS must be comma-separated Farcaster ids/,
    ],
    [{ DEMO_POSTS_PER_DAY: '5' }, /DEMO_POSTS_PER_DAY must be a whole number from 10 to 1000000/],
    [{ CLASSIFIER_URL: 'localhost:8000' }, /CLASSIFIER_URL must be an absolute http\(s\) URL/],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, /REQUEST_TIMEOUT_SECONDS must be a number of seconds from 1 to 3600/],
    [{ REQUEST_TIMEOUT_SECONDS: 'soon' }, /REQUEST_TIMEOUT_SECONDS must be a number of seconds from 1 to 3600/],
    [{ REQUEST_STATEMENT_TIMEOUT_MS: '10s' }, /REQUEST_STATEMENT_TIMEOUT_MS must be a whole number from 0 to 3600000/],
    [{ USER_CONCURRENT_REQUESTS: '0' }, /USER_CONCURRENT_REQUESTS must be a whole number from 1 to 1000/],
    [{ USER_QUEUED_REQUESTS: '-1' }, /USER_QUEUED_REQUESTS must be a whole number from 0 to 10000/],
    [{ EVENTS_URL: 'nats://127.0.0.1:4222' }, /EVENTS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ CACHE_TTL_SECONDS: '3601' }, /CACHE_TTL_SECONDS must be a whole number from 0 to 3600/],
    [{ CACHE_TTL_SECONDS: '1.5' }, /CACHE_TTL_SECONDS must be a whole number from 0 to 3600/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  // Issue 13: a bad value used to be echoed with its password.
  it.each([
    [{ DATABASE_URL: 'mysql://admin:S3cretPW@db.example.com/kol' }, 'mysql://admin:***@db.example.com/kol'],
    [
      { DATABASE_URL: 'postgresql://db/kol', DATABASE_READ_URL: 'mysql://reader:S3cretPW@replica.example.com/kol' },
      'mysql://reader:***@replica.example.com/kol',
    ],
    [{ SMTP_URL: 'mail://mailer:S3cretPW@mail.example.com' }, 'mail://mailer:***@mail.example.com'],
    [{ PUBLIC_URL: 'ftp://S3cretPW@example.com' }, 'ftp://***@example.com'],
    [{ EVENTS_URL: 'memcached://:S3cretPW@cache.example.com:6379' }, 'memcached://:***@cache.example.com:6379'],
    [{ VAPID_PRIVATE_KEY: 'S3cretPW', VAPID_PUBLIC_KEY: 'x' }, '*** (8 characters)'],
  ])('never echoes a password: %o', (env, shown) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(shown);
    expect(message).not.toContain('S3cretPW');
  });

  it('refuses the demo administrator on an address other machines reach', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'kolscope.example.com']) {
      expect(() => loadConfig({ HOST })).toThrow(/HOST is .* SEED_DEMO=false, or SEED_DEMO=public/);
      expect(() => loadConfig({ HOST, SEED_DEMO: 'true' })).toThrow(ConfigError);
      expect(loadConfig({ HOST, SEED_DEMO: 'false' }).seedDemo).toBe(false);
      expect(loadConfig({ HOST, SEED_DEMO: 'public' })).toMatchObject({ seedDemo: true, publicDemo: true });
    }
    for (const HOST of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(loadConfig({ HOST })).toMatchObject({ seedDemo: true, publicDemo: false });
    // With PostgreSQL there is no demo account unless asked for, so any HOST is fine.
    expect(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgresql://db/kol' }).seedDemo).toBe(false);
  });

  it('reads the Bluesky source: handles or DIDs, and the public AppView and Jetstream by default', () => {
    const c = loadConfig({ SOURCES: 'bluesky', BLUESKY_ACCOUNTS: '@alice.bsky.social, did:plc:abc123' });
    expect(c.bluesky).toEqual({
      accounts: ['@alice.bsky.social', 'did:plc:abc123'],
      appviewUrl: 'https://public.api.bsky.app',
      jetstreamUrl: 'wss://jetstream2.us-east.bsky.network',
    });
    const local = loadConfig({
      BLUESKY_APPVIEW_URL: 'http://127.0.0.1:2584/',
      BLUESKY_JETSTREAM_URL: 'ws://127.0.0.1:6008/',
    });
    expect(local.bluesky).toMatchObject({ appviewUrl: 'http://127.0.0.1:2584', jetstreamUrl: 'ws://127.0.0.1:6008' });
  });

  it('reads DATABASE_READ_URL beside DATABASE_URL, unset by default', () => {
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/kol' }).databaseReadUrl).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgresql://db/kol', DATABASE_READ_URL: 'postgres://reader@replica/kol' })
        .databaseReadUrl,
    ).toBe('postgres://reader@replica/kol');
  });

  it('reads EVENTS_URL (unset: in-process events) and CACHE_TTL_SECONDS (default 10 s)', () => {
    expect(loadConfig({})).toMatchObject({ eventsUrl: undefined, cacheTtlMs: 10_000 });
    expect(loadConfig({ EVENTS_URL: 'rediss://:pw@cache.example.com:6380/2', CACHE_TTL_SECONDS: '0' })).toMatchObject({
      eventsUrl: 'rediss://:pw@cache.example.com:6380/2',
      cacheTtlMs: 0,
    });
  });

  it('reads MEDIA_ALLOW_PRIVATE', () => {
    expect(loadConfig({}).mediaAllowPrivate).toBe(false);
    expect(loadConfig({ MEDIA_ALLOW_PRIVATE: 'true' }).mediaAllowPrivate).toBe(true);
    expect(() => loadConfig({ MEDIA_ALLOW_PRIVATE: '1' })).toThrow(/MEDIA_ALLOW_PRIVATE must be true or false/);
  });

  it('reads PUSH_ALLOW_PRIVATE', () => {
    expect(loadConfig({}).pushAllowPrivate).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_PRIVATE: 'true' }).pushAllowPrivate).toBe(true);
    expect(() => loadConfig({ PUSH_ALLOW_PRIVATE: 'yes' })).toThrow(/PUSH_ALLOW_PRIVATE must be true or false/);
  });

  it('reads RECLASSIFY_ON_START', () => {
    expect(loadConfig({}).reclassifyOnStart).toBe(false);
    expect(loadConfig({ RECLASSIFY_ON_START: 'true' }).reclassifyOnStart).toBe(true);
    expect(() => loadConfig({ RECLASSIFY_ON_START: '1' })).toThrow(/RECLASSIFY_ON_START must be true or false/);
  });
});
