/** The track-record calls' cursors: a JSON array, base64url, checked part by part when read back. */
import { badRequest } from '../errors';

export const encodeCursor = (parts: (string | number)[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

export function decodeCursor<T extends unknown[]>(cursor: string, check: (v: unknown[]) => boolean): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor_invalid');
  }
  if (!Array.isArray(parts) || !check(parts)) throw badRequest('cursor_invalid');
  return parts as T;
}
export const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
export const isStr = (v: unknown) => typeof v === 'string' && v.length <= 200;

/** The position of a call in a list of calls newest first: its post time, post and coin. */
export interface CallPosition {
  ct: number;
  postId: string;
  coin: string;
}

/** A call list's cursor (the profile's calls and Follow the group's) after `last`. */
export const encodeCallCursor = (last: { ct: number | string; post_id: string; coin: string }) =>
  encodeCursor([Number(last.ct), last.post_id, last.coin]);

/** The position a call list's cursor names; undefined for the first page; cursor_invalid when malformed. */
export function decodeCallCursor(cursor: string): CallPosition | undefined {
  if (!cursor) return undefined;
  const [ct, postId, coin] = decodeCursor<[number, string, string]>(
    cursor,
    (v) => v.length === 3 && isNum(v[0]) && isStr(v[1]) && isStr(v[2]),
  );
  return { ct, postId, coin };
}
