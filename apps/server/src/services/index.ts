/** Wires the services together from the database, the clock, the mailer and the configuration. */
import type { Network } from '@kolscope/contract';
import type { Db } from '../db/db';
import { accounts } from './accounts';
import { type Clock, systemClock } from '../domain/clock';
import { innerCodes } from './inner-codes';
import type { Mailer } from './mail';
import { rateLimiter } from './rate-limit';
import { sessions } from './sessions';
import { verificationCodes } from './verification-codes';
import { localBus } from './events/local';
import type { EventBus } from './events/types';
import { postsStoredEvents } from './events/wire';
import { createEnricher } from '../pipeline/enrich/index';
import type { IngestDeps } from '../pipeline/ingest-batch';
import { builtinClassifier } from '../pipeline/enrich/sentiment/classifier';
import type { SentimentClassifier } from '../pipeline/types';
import { coinPage } from './coin-page';
import { feed } from './feed';
import { ingest } from './ingest';
import { kolGroups } from './kol-groups';
import { kolProfile } from './kol-profile';
import { kolReview } from './kol-review';
import { persons } from './persons';
import { notificationServices, type PushOptions } from './notifications/index';
import { market } from './market';
import { mindshare } from './mindshare';
import { opinion } from './opinion';
import { opinionArguments } from './arguments/index';
import { argumentSummaries, type SummarySettings } from './arguments/summary';
import { authorWindows } from './ranking/author-windows';
import { ranking } from './ranking/index';
import {
  DEFAULT_REQUEST_LIMITS,
  MEDIA_REQUEST_LIMITS,
  type RequestLimitSettings,
  requestLimits,
} from './request-limits';
import { sentimentFeedback } from './sentiment-feedback';
import { storeHooks } from './store-hooks';
import { statistics } from './statistics';
import { trackRecord } from './track-record/index';
import { rebuildTrackRecordsAfterBackfill } from './track-record/store';
import { twitterUsers } from './twitter-users';
import { views } from './views';
import { type StreamSettings, streamHub } from './stream-hub';
import { eventHistory } from './event-history';
import { groupRollups } from './group-rollups';
import { rollupRecount } from './rollup-recount';
import { alerts } from './alerts/index';

export interface ServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The settings the services read (config.ts Config has them). */
  config: { innerCodes: string[]; adminEmails: string[]; smtpUrl: string | undefined; ingestKeys?: string[] };
  /** The built-in rules unless the operator configured an endpoint. */
  classifier?: SentimentClassifier;
  /** How long a feed page may be served from memory (0: never); see services/feed.ts. */
  feedCacheMs?: number;
  clock?: Clock;
  log?: (line: string) => void;
  /** Where the server is reached from outside (PUBLIC_URL): the forwarding address is built on it. */
  publicUrl?: string;
  /** The public networks collected (the data-source page's system source); X alone when unset. */
  networks?: Network[];
  /** Web Push keys and subject (config), or test settings. */
  push?: PushOptions;
  /**
   * Events between processes (services/events): what each service publishes and what drops its
   * caches. Default: this process only.
   */
  events?: EventBus;
  /** How long sessions and views are served from memory (CACHE_TTL_SECONDS); default 10 s. */
  cacheTtlMs?: number;
  /** How long kol/follow answers are kept (FOLLOW_CACHE_SECONDS); default 5 minutes. */
  followCacheMs?: number;
  /** The endpoint that writes the arguments' summaries (SUMMARY_URL ...); none: state off. */
  summaries?: SummarySettings | undefined;
  /** The summaries endpoint's fetch, for tests. */
  summaryFetch?: typeof fetch;
  /** Per-caller share and time of requests (config); defaults: 2 running, 8 queued, 10 s. */
  requests?: { limits?: RequestLimitSettings; media?: RequestLimitSettings; statementTimeoutMs?: number };
  /** Bounds and timers of the live streams (STREAM_MAX_CONNECTIONS, STREAM_MAX_PER_USER). */
  stream?: Partial<StreamSettings>;
  /** scrypt cost of new password hashes; default services/passwords.ts DEFAULT_PASSWORD_COST. */
  passwordCost?: number;
}

export function createServices(deps: ServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? (() => {});
  const { db } = deps;
  const events = deps.events ?? localBus(log);
  const cacheMs = deps.cacheTtlMs;
  const limiter = rateLimiter(db, clock);
  const sessionStore = sessions({ db, clock, events, ...(cacheMs !== undefined ? { cacheMs } : {}) });
  const inner = innerCodes({ db, clock, fromEnv: deps.config.innerCodes });
  // Without an SMTP server the code is logged too, so a local user can register from the console.
  const codes = verificationCodes({ db, clock, mailer: deps.mailer, limiter, log, logCodes: !deps.config.smtpUrl });
  // The runtime always passes the configured classifier (runtime.ts classifierFor: the model by
  // default); without one (integration tests about views and rollups) the deterministic rules read posts.
  const classifier = deps.classifier ?? builtinClassifier;
  const enricher = createEnricher(classifier);
  const viewService = views({ db, clock, events, ...(cacheMs !== undefined ? { cacheMs } : {}) });
  const groups = kolGroups({ db, clock, events });
  const rankingWindows = authorWindows({ db, clock, log });
  const notify = notificationServices({
    db,
    clock,
    views: viewService,
    log,
    publicUrl: deps.publicUrl ?? 'http://localhost:8080',
    networks: deps.networks,
    push: deps.push,
    events,
  });
  const corrections = sentimentFeedback({ db, clock, limiter });
  const feedService = feed({
    db,
    views: viewService,
    kolGroups: groups,
    corrections,
    events,
    clock,
    ...(deps.feedCacheMs !== undefined ? { cacheMs: deps.feedCacheMs } : {}),
  });
  const tracks = trackRecord({
    db,
    clock,
    kolGroups: groups,
    ...(deps.followCacheMs !== undefined ? { followCacheMs: deps.followCacheMs } : {}),
  });
  const history = eventHistory({ db, events, log });
  const groupCounts = groupRollups({ db, log });
  const opinionService = opinion({
    db,
    clock,
    views: viewService,
    kolGroups: groups,
    history,
    groupRollups: groupCounts,
  });
  const rankingService = ranking({ db, clock, views: viewService, authorWindows: rankingWindows });
  // Stored candles, written by the price worker: the replica when there is one.
  const marketService = market({ db: db.read, clock });
  // Every batch, polled or pushed, tells every process (feeds, open screens) and notifies through
  // this one callback. Big batches go as several events so each message stays small.
  const pipeline: IngestDeps = {
    db,
    enricher,
    clock,
    // Persons and track records follow every save, in its transaction.
    hooks: storeHooks,
    log,
    onSaved: (ids, batch) => {
      for (const event of postsStoredEvents(batch.newPosts)) events.publish(event);
      return notify.notifier.postsSaved(ids);
    },
    // A backfill stored without track records (StoreHooks.backfillStored) gets them now.
    onBackfillDone: () => void rebuildTrackRecordsAfterBackfill(db, log),
  };
  return {
    /** The bus every service publishes on and subscribes to; the live stream listens to it too. */
    events,
    /** The open live streams of this process (http/stream). */
    stream: streamHub(events, deps.stream, sessionStore.liveOf),
    views: viewService,
    /** Event views' history, counted in the background (cli.ts starts it in every role). */
    eventHistory: history,
    /** KOL groups' coin rollups, counted in the background once a view uses them (cli.ts starts it in every role). */
    groupRollups: groupCounts,
    /** The rollups' recount after an upgrade, in the background (cli.ts starts it in every role). */
    rollupRecount: rollupRecount({ db, log }),
    opinion: opinionService,
    /** The bull and bear cases of an opinion view (view/v2/opinion_arguments). */
    arguments: opinionArguments({
      db,
      clock,
      views: viewService,
      kolGroups: groups,
      opinion: opinionService,
      summaries: argumentSummaries({
        settings: deps.summaries,
        clock,
        log,
        ...(deps.summaryFetch ? { fetch: deps.summaryFetch } : {}),
      }),
    }),
    /** Opinion alerts; cli.ts starts their minute timer in every role (one process evaluates a minute). */
    alerts: alerts({ db, clock, views: viewService, push: notify.push, log }),
    ranking: rankingService,
    /** Mindshare views (issue 33 §2). */
    mindshare: mindshare({ db, clock, views: viewService, kolGroups: groups, groupRollups: groupCounts }),
    rankingWindows,
    feed: feedService,
    kolProfile: kolProfile({ db, kolGroups: groups, feed: feedService }),
    sentimentFeedback: corrections,
    twitterUsers: twitterUsers({ db }),
    kolGroups: groups,
    trackRecord: tracks,
    kolReview: kolReview({ db, clock }),
    persons: persons({ db, clock }),
    statistics: statistics({ db, clock }),
    market: marketService,
    coin: coinPage({
      opinion: opinionService,
      market: marketService,
      ranking: rankingService,
      feed: feedService,
      views: viewService,
    }),
    db,
    clock,
    /** The sentiment classifier enrichment uses (reclassify reads stored posts with it too). */
    classifier,
    enricher,
    /** What a batch of posts goes through, whichever way it came (pipeline/ingest-batch.ts). */
    pipeline,
    ingest: ingest({ ...pipeline, keys: deps.config.ingestKeys ?? [] }),
    ...notify,
    limiter,
    requests: {
      limits: requestLimits(deps.requests?.limits ?? DEFAULT_REQUEST_LIMITS),
      /** The image proxy's own per-user share (MEDIA_REQUEST_LIMITS). */
      media: requestLimits(deps.requests?.media ?? MEDIA_REQUEST_LIMITS),
      // The same bound as the database's statement_timeout: no statement starts after it.
      timeoutMs: deps.requests?.statementTimeoutMs ?? 10_000,
    },
    sessions: sessionStore,
    innerCodes: inner,
    codes,
    accounts: accounts({
      db,
      clock,
      codes,
      sessions: sessionStore,
      innerCodes: inner,
      limiter,
      adminEmails: deps.config.adminEmails,
      ...(deps.passwordCost ? { passwordCost: deps.passwordCost } : {}),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
