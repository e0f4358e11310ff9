/**
 * The push source: batches POSTed by external collectors go through the same enrichment and
 * storage as every polled source, under the source name 'push'. Each item is validated on its
 * own; the bad ones are reported by index and counted, the rest stored.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ingestPost, Ret } from '@kolscope/contract';
import type { Db } from '../db/db';
import type { Enricher } from '../pipeline/enrich/index';
import { saveBatch } from '../pipeline/store';
import type { RawPost } from '../pipeline/types';
import type { Clock } from './clock';
import { AppError } from './errors';

export const PUSH_SOURCE = 'push';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function ingest(deps: {
  db: Db;
  enricher: Enricher;
  clock: Clock;
  keys: string[];
  /** Notification pushes for the posts stored for the first time; a failure is only logged. */
  onSaved?: (newPostIds: string[]) => Promise<void>;
  log?: (line: string) => void;
}) {
  // Compared as digests so the comparison takes the same time whatever the key's length.
  const keyDigests = deps.keys.map(digest);
  return {
    checkKey(key: string | undefined): void {
      if (keyDigests.length === 0) throw new AppError(Ret.forbidden, 'ingest_disabled', {}, 403);
      const given = digest(key ?? '');
      if (!key || !keyDigests.some((k) => timingSafeEqual(k, given))) {
        throw new AppError(Ret.unauthorized, 'ingest_key_invalid', {}, 401);
      }
    },

    async pushPosts(items: unknown[]): Promise<{ accepted: number; rejected: { index: number; reason: string }[] }> {
      const posts: RawPost[] = [];
      const rejected: { index: number; reason: string }[] = [];
      items.forEach((item, index) => {
        const parsed = ingestPost.safeParse(item);
        if (parsed.success) posts.push(parsed.data);
        else {
          const issue = parsed.error.issues[0];
          rejected.push({ index, reason: `${issue?.path.join('.') || 'item'}: ${issue?.message ?? 'invalid'}` });
        }
      });
      const enrichments = await deps.enricher.enrich(posts);
      const saved = await saveBatch(deps.db, {
        source: PUSH_SOURCE,
        posts,
        enrichments,
        cursor: null,
        rejected: rejected.length,
        now: deps.clock.now(),
      });
      await deps.onSaved?.(saved.newPostIds).catch((err: unknown) => {
        deps.log?.(`push: notifying failed: ${err instanceof Error ? err.message : String(err)}`);
      });
      return { accepted: posts.length, rejected };
    },
  };
}
export type Ingest = ReturnType<typeof ingest>;
