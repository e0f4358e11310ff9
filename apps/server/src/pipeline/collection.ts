/**
 * The worker side of kolscope: builds the configured sources and runs each with the runner until
 * stopped. Runs inside `kolscope start` (role all) or alone (`--role=worker`).
 */
import type { Db } from '../db/db';
import { collectionRepo } from '../db/repos/collection';
import { type Clock, systemClock } from '../domain/clock';
import type { IngestDeps } from './ingest-batch';
import { runSource, SLICE_POSTS, sourceJob } from './runner';
import type { Scheduler } from './scheduler';
import { createBlueskySource } from './sources/bluesky/index';
import { createDemoSource } from './sources/demo/index';
import { createFarcasterSource } from './sources/farcaster/index';
import { createRssSource } from './sources/rss/index';
import { createTelegramSource } from './sources/telegram/index';
import type { SourceName } from './sources/names';
import { createXApiSource } from './sources/x-api/index';
import { type StoreHooks, saveResolvedHandles } from './store';
import type { Source } from './types';

/** What buildSources reads; config.ts's Config has it, read from the environment. */
export interface CollectionSettings {
  sources: SourceName[];
  demoSeed: number;
  demoPostsPerDay: number;
  xBearerToken: string | undefined;
  xApiBaseUrl: string | undefined;
  xSearchQuery: string | undefined;
  rssFeeds: string[];
  /** The Bluesky source (pipeline/sources/bluesky): accounts as handles or DIDs. */
  bluesky: { accounts: string[]; appviewUrl: string; jetstreamUrl: string };
  /** TELEGRAM_CHANNELS, normalised to bare channel names. */
  telegramChannels: string[];
  telegramBaseUrl: string;
  farcasterHubUrl: string | undefined;
  farcasterFids: number[];
}

/** What the sources need besides their settings. */
export interface SourceDeps {
  db: Db;
  /** X handles resolved to accounts move posts between accounts: the services' track records follow. */
  hooks: Pick<StoreHooks, 'authorsChanged'>;
  clock?: Clock;
  /** The process's background scheduler: the demo source fetches what one slice can save. */
  scheduler?: Scheduler;
  /** Connection news of live sources (the Jetstream socket opening, dropping). */
  log?: (line: string) => void;
}

export function buildSources(config: CollectionSettings, deps: SourceDeps): Source[] {
  const { db, hooks, clock = systemClock, scheduler, log } = deps;
  return config.sources.map((name): Source => {
    switch (name) {
      case 'demo':
        return createDemoSource({
          seed: config.demoSeed,
          postsPerDay: config.demoPostsPerDay,
          // As many posts as one slice may save (runner.ts saveInSlices): no batch is cut.
          ...(scheduler ? { batchSize: () => scheduler.sliceSize(sourceJob('demo'), SLICE_POSTS) } : {}),
        });
      case 'x-api':
        return createXApiSource({
          bearerToken: config.xBearerToken ?? '',
          ...(config.xApiBaseUrl ? { baseUrl: config.xApiBaseUrl } : {}),
          ...(config.xSearchQuery ? { searchQuery: config.xSearchQuery } : {}),
          listTracked: () => collectionRepo(db).trackedAccounts(),
          // Handle-only accounts (approved submissions, RSS authors) are looked up, then polled.
          listHandles: () => collectionRepo(db).trackedHandles(),
          saveResolved: (users, now) => saveResolvedHandles(db, users, now, hooks),
          now: () => clock.now().getTime(),
        });
      case 'rss':
        return createRssSource({ feeds: config.rssFeeds });
      case 'bluesky':
        return createBlueskySource({
          accounts: config.bluesky.accounts,
          appviewUrl: config.bluesky.appviewUrl,
          jetstreamUrl: config.bluesky.jetstreamUrl,
          markVanished: (ids) => collectionRepo(db).markVanished(ids),
          ...(log ? { log } : {}),
        });
      case 'telegram':
        return createTelegramSource({ channels: config.telegramChannels, baseUrl: config.telegramBaseUrl });
      case 'farcaster':
        return createFarcasterSource({ fids: config.farcasterFids, hubUrl: config.farcasterHubUrl ?? '' });
    }
    // Unreachable while the switch names every SourceName (the type check says so).
    throw new Error(`unknown source ${name satisfies never}`);
  });
}

export function startCollection(
  deps: IngestDeps & {
    sources: Source[];
    onBatch?: (source: string, stored: number, fresh: number) => void;
    /** The process's background scheduler (scheduler.ts). */
    scheduler?: Scheduler;
  },
) {
  const controller = new AbortController();
  const { sources, ...options } = deps;
  const running = sources.map((source) => runSource(source, options, controller.signal));
  deps.log(`collecting from ${deps.sources.map((s) => s.name).join(', ') || 'no source'}`);
  return {
    async stop() {
      controller.abort();
      await Promise.allSettled(running);
    },
  };
}
