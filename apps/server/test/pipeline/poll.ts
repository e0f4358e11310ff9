import type { Source, SourceBatch } from '../../src/pipeline/types';

/** Calls fetch repeatedly the way the runner does, carrying the cursor. */
export async function poll(src: Pick<Source, 'fetch'>, cursor: string | null, times: number, signal: AbortSignal) {
  const batches: SourceBatch[] = [];
  for (let i = 0; i < times; i++) {
    const b = await src.fetch(cursor, signal);
    batches.push(b);
    cursor = b.nextCursor ?? cursor;
  }
  return { batches, cursor };
}
