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
