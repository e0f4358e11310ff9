/**
 * One batch of posts into kolscope, whatever brought it (a polled source's runner, the push
 * endpoint): enrich, save (accounts, posts and cursor in one transaction, store.ts), then notify
 * with the posts stored for the first time.
 */
import type { Db } from '../db/db';
import type { Clock } from '../domain/clock';
import type { Enricher } from './enrich/index';
import { type BatchToSave, type SavedBatch, type StoreHooks, saveBatch } from './store';
import type { RawPost } from './types';

/** What ingesting needs; the services wire it once (services/index.ts `pipeline`). */
export interface IngestDeps {
  db: Db;
  enricher: Enricher;
  clock: Clock;
  /** What the services do inside each save's transaction (persons, track records). */
  hooks: StoreHooks;
  log: (line: string) => void;
  /**
   * The events and notification pushes for the posts a batch stored for the first time (`batch`
   * also says their coins and authors). Its failure is logged and never fails the batch: the
   * posts are saved either way.
   */
  onSaved?: (newPostIds: string[], batch: SavedBatch) => Promise<void>;
  /**
   * After the batch that completes a backfill is committed: what was deferred while it loaded
   * (the track records, StoreHooks.backfillStored) is done now, in the background.
   */
  onBackfillDone?: () => void;
}

export interface BatchToIngest {
  source: string;
  /** Screened posts (pipeline/screen.ts). */
  posts: RawPost[];
  cursor: string | null;
  /** Items of the batch left out, counted on the source. */
  rejected: number;
  /** Aborted while enriching: nothing is saved. */
  signal?: AbortSignal;
  /** History older than every stored post (SourceBatch.backfill). */
  backfill?: { done: boolean };
  /** When a slice's posts are counted on the source (BatchToSave.countedWith). */
  countedWith?: BatchToSave['countedWith'];
}

/** Enriches, saves and notifies; undefined when the signal aborted before the save. */
export async function ingestBatch(deps: IngestDeps, b: BatchToIngest): Promise<SavedBatch | undefined> {
  const enrichments = await deps.enricher.enrich(b.posts);
  if (b.signal?.aborted) return undefined;
  const saved = await saveBatch(
    deps.db,
    {
      source: b.source,
      posts: b.posts,
      enrichments,
      cursor: b.cursor,
      rejected: b.rejected,
      now: deps.clock.now(),
      ...(b.backfill ? { backfill: b.backfill } : {}),
      ...(b.countedWith ? { countedWith: b.countedWith } : {}),
    },
    deps.hooks,
  );
  if (b.backfill?.done) deps.onBackfillDone?.();
  if (deps.onSaved && saved.newPostIds.length) {
    await deps.onSaved(saved.newPostIds, saved).catch((err: unknown) => {
      deps.log(`${b.source}: notifying failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
  return saved;
}
