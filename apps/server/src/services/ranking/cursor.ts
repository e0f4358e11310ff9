/**
 * A ranking's page cursor names the window end of its first page and the offset: every page of
 * one ranking is cut from the same window, so nothing repeats or is skipped while posts arrive.
 */
import { badRequest } from '../errors';

export function encodeRankCursor(c: { end: number; offset: number }): string {
  return Buffer.from(`r${c.end}.${c.offset}`).toString('base64url');
}

export function decodeRankCursor(cursor: string, now: number): { end: number; offset: number } {
  const m = /^r(\d{1,11})\.(\d{1,3})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const end = Number(m?.[1]);
  const offset = Number(m?.[2]);
  // A window ending in the future would rank posts not yet written.
  if (!m || end > now || offset < 1) throw badRequest('cursor_invalid');
  return { end, offset };
}
