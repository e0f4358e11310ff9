/**
 * Reading untrusted JSON from a source's API without trusting its shape: each reader answers the
 * value when it has the expected type, else a neutral one, so a mapper can reject an item with a
 * reason instead of throwing on it.
 */
export type Rec = Record<string, unknown>;

export const obj = (v: unknown): Rec | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A count the API reports: a finite number of at least 0, else 0. */
export const count = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
