/**
 * What the services do inside the pipeline's save transactions (pipeline/store.ts StoreHooks):
 * link the accounts that are one person, keep the track records exact. Run in the transaction
 * that stores the accounts and posts, so both commit together; wired once (services/index.ts
 * `pipeline`, cli.ts) and handed down.
 */
import type { StoreHooks } from '../pipeline/store';
import { crossLink } from './persons';
import { trackAuthorsChanged, trackBackfillStored, trackPostsStored } from './track-record/store';

export const storeHooks: StoreHooks = {
  accountsStored: crossLink,
  postsStored: trackPostsStored,
  backfillStored: trackBackfillStored,
  authorsChanged: trackAuthorsChanged,
};
