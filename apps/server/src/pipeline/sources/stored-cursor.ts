/**
 * A source's stored cursor as a plain object, or null when there is none or it cannot be read
 * (not JSON, not an object). Sources start afresh from null rather than throwing: a throw would
 * make the runner retry the same bad cursor forever, while starting afresh costs one more read of
 * recent posts, which are upserted by id.
 */
export function readStoredCursor(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
