/**
 * The push source: batches POSTed by external collectors go through the same enrichment and
 * storage as every polled source, under the source name 'push'. Each item is validated on its
 * own; the bad ones are reported by index and counted, the rest stored.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { fromWire, type IngestResult, ingestPost, Ret, wirePath } from '@kolscope/contract';
import { type IngestDeps, ingestBatch } from '../pipeline/ingest-batch';
import { screenPosts } from '../pipeline/screen';
import type { RawPost } from '../pipeline/types';
import { AppError } from './errors';

export const PUSH_SOURCE = 'push';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function ingest(deps: IngestDeps & { keys: string[] }) {
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

    /**
     * Items arrive in wire case, each converted, validated and screened on its own. `accepted`
     * counts distinct stored posts: an id sent twice in one batch is stored once (the last copy
     * wins) and counted in `duplicates`.
     */
    async pushPosts(items: unknown[]): Promise<IngestResult> {
      const parsed: RawPost[] = [];
      const indexes: number[] = [];
      const rejected: { index: number; reason: string }[] = [];
      items.forEach((item, index) => {
        const result = ingestPost.safeParse(fromWire(item));
        if (result.success) {
          parsed.push(result.data);
          indexes.push(index);
          return;
        }
        const issue = result.error.issues[0];
        rejected.push({ index, reason: `${wirePath(issue?.path ?? []) || 'item'}: ${issue?.message ?? 'invalid'}` });
      });
      const screened = screenPosts(parsed, deps.clock.now(), (i) => indexes[i]!);
      rejected.push(...screened.rejected);
      rejected.sort((a, b) => a.index - b.index);
      const posts = screened.posts;
      const distinct = new Set(posts.map((p) => p.id)).size;
      await ingestBatch(deps, { source: PUSH_SOURCE, posts, cursor: null, rejected: rejected.length });
      return { accepted: distinct, duplicates: posts.length - distinct, rejected };
    },
  };
}
export type Ingest = ReturnType<typeof ingest>;
